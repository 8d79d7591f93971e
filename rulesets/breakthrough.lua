-- Breakthrough (Dan Troyka, 2000): each player starts with two full rows of
-- pawns on their side. A pawn steps one cell forward or diagonally forward
-- onto an empty cell, or diagonally forward onto an enemy pawn, capturing it
-- (a straight step never captures). The first pawn to reach the far row wins;
-- a player who has lost every pawn has lost too. All data: playing never
-- enters the Lua VM.

local o = options {
  width  = { default = 8, min = 2, max = 26, doc = "columns, 2..26" },
  height = { default = 8, min = 5, max = 26, doc = "rows, 5..26 (two rows each and a gap between)" },
}

local width, height = o.width, o.height

-- Rows as position strings write them: the top row (player 2's) first.
local rows = {}
for r = 1, height do
  local c = (r <= 2 and "p") or (r > height - 2 and "P") or "."
  rows[r] = string.rep(c, width)
end

return game {
  name = "Breakthrough",
  description = string.format("%dx%d, pawns step forward, capture diagonally forward; reach the far row", width, height),
  players = { "White", "Black" },
  board = grid { width = width, height = height },
  pieces = { "pawn" },                -- P: player 1's pawn, p: player 2's
  setup = rows,
  moves = move {
    pawn = {
      step { directions = "forward", to = "empty" },
      step { directions = "diagonal_forward", to = "any" },   -- onto an enemy: a capture
    },
  },
  ends = { "reach_far_row", pieces_left = 0 },
  -- Search: pawns. (Advancement, 0.1 a row, lost 3 of 20 against MCTS at
  -- depth 3 where pawns alone lost none.)
  evaluate = { material = { pawn = 1 } },
}
