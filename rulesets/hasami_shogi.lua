-- Hasami Shogi (variant 1, "sandwich chess"): 9x9, nine men each on the back
-- row, Black (player 1, row 1) first. A man moves like a rook: any distance
-- along a row or a column over empty cells. Custodial capture: after a move,
-- every unbroken line of enemy men between the moved man and another of the
-- mover's along a row or a column is taken, however long (count 1..8); a man
-- in a corner is taken between the mover's men on its two orthogonal
-- neighbours. A man that moves between two enemies is safe. The usual win:
-- capture all but one of the opponent's men (one man cannot capture).
-- Options give the other usual rules: the first to capture N men, or a lead
-- of N. A player without a move loses; no repetition rule (the move limit
-- ends an endless game as a draw). All data: playing never enters the Lua VM.

local o = options {
  size     = { default = 9, min = 5, max = 19, doc = "the side of the board, 5..19 (a man per column on each back row)" },
  captures = { default = 0, min = 0, max = 18, doc = "N > 0: the first to capture N men wins (Japanese children's rule: 5)" },
  margin   = { default = 0, min = 0, max = 18, doc = "N > 0: a lead of N captured men wins" },
  corners  = { default = true, doc = "a man in a corner is captured between two enemies on its neighbours" },
}

local function check(name, value, lo, hi)
  if not (math.type(value) == "integer" and value >= lo and value <= hi) then
    error(string.format("option %s: expected an integer %d..%d, got %s", name, lo, hi, tostring(value)), 2)
  end
  return value
end

local size = o.size                             -- 5..19 (min, max)
local captures = check("captures", o.captures, 0, size - 1)
local margin = check("margin", o.margin, 0, size - 1)

local rows = { string.rep("m", size) }          -- the top row (player 2's) first
for r = 2, size - 1 do rows[r] = string.rep(".", size) end
rows[size] = string.rep("M", size)

local win = captures > 0 and string.format("first to capture %d", captures)
         or margin > 0 and string.format("a lead of %d", margin)
         or "capture all but one"

return game {
  name = "Hasami Shogi",
  description = string.format("%dx%d, rook moves, custodial capture along rows and columns; %s", size, size, win),
  players = { "Black", "White" },
  colours = { "black", "white" },
  board = grid { width = size, height = size },
  pieces = { "man" },                 -- M: player 1's men, m: player 2's
  setup = rows,
  moves = move {
    man = slide { directions = "orthogonal" },
    custodial = custodial { directions = "orthogonal", count = { 1, size - 1 }, corners = o.corners },
  },
  no_move = "loses",
  -- search: the men left (alpha-beta at depth 2 against MCTS 300: 4 wins of 4
  -- on 5x5 and on 7x7; the captured counts, the scores, say the same again)
  evaluate = { material = { man = 1 } },
  ends = {
    "no_move",
    pieces_left = (captures == 0 and margin == 0) and 1 or nil,
    captured = captures > 0 and captures or nil,
    margin = margin > 0 and margin or nil,
  },
}
