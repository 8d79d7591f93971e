-- Breakthrough with its moves and their effect as hooks: the pawns' steps
-- listed by a moves hook as whole moves, played by a play hook (the pawn
-- moves, taking what stands on the cell it goes to); the board, the pieces,
-- the setup and the ends stay data. The tests play it against
-- rulesets/breakthrough.lua, the same games from the same random numbers;
-- `make bench` times the two in turns.
local o = options {
  width  = { default = 8, min = 2, max = 26, doc = "columns, 2..26" },
  height = { default = 8, min = 5, max = 26, doc = "rows, 5..26" },
}

local width, height = o.width, o.height
local rows = {}
for r = 1, height do
  local c = (r <= 2 and "p") or (r > height - 2 and "P") or "."
  rows[r] = string.rep(c, width)
end

-- A move from cell a to cell b is the number s:move(a, b) returns, which is
-- (a - 1) + 1024 * (b - 1) + 2^20: a hook that lists many computes it.
local STEP = 1 << 20

-- The data ruleset lists each pawn's moves in turn (cells in order): the
-- straight step, then the diagonal steps, the one to the next column first;
-- the hook lists them in the same order, so that a seeded random game is
-- the same game. The board is read once, s:owners(): one call, not one a cell.
local function moves(s)
  local t, n = {}, 0
  local me, w, size = s:to_move(), width, width * height
  local fwd = me == 1 and w or -w
  local b = { s:owners() }                 -- 0 empty, 1 or 2 the owner, 3 a block
  for i = 1, size do
    if b[i] == me then
      local to = i + fwd
      if to >= 1 and to <= size then
        local col, from = (i - 1) % w, STEP + (i - 1)
        if b[to] == 0 then n = n + 1; t[n] = from + 1024 * (to - 1) end
        if col < w - 1 and b[to + 1] ~= me then n = n + 1; t[n] = from + 1024 * to end
        if col > 0 and b[to - 1] ~= me then n = n + 1; t[n] = from + 1024 * (to - 2) end
      end
    end
  end
  return t
end

return game {
  name = "Breakthrough (moves hook)",
  description = string.format("%dx%d, Breakthrough with its moves and their effect as hooks", width, height),
  players = { "White", "Black" },
  board = grid { width = width, height = height },
  pieces = { "pawn" },
  setup = rows,
  moves = moves,
  -- The effect (s:apply(m) would do the same): the pawn leaves m.from, and
  -- whatever stood on m.to is replaced by it.
  play = function(s, m)
    s:remove(m.from)
    s:put(m.to, s:to_move(), "pawn")
  end,
  ends = { "reach_far_row", pieces_left = 0 },
}
