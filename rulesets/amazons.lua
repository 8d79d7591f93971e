-- The Game of the Amazons (Walter Zamkauskas, 1988): each player has four
-- amazons. A turn is two parts: an amazon moves like a chess queen (any
-- distance along a line over empty cells), then shoots an arrow from where
-- she landed, again like a queen, over empty cells (the cell she just left is
-- empty: the arrow may fly back through it or land on it). The arrow stays
-- where it lands as a block. A player who cannot move loses. One whole turn
-- is one move, written d1-d7/g7. All data: playing never enters the Lua VM.
--
-- Starts: 10x10 the standard one (White a4 d1 g1 j4, Black a7 d10 g10 j7);
-- 8x8 and 6x6 the same pattern a third of the way along the edges (8x8:
-- White a3 c1 f1 h3, Black a6 c8 f8 h6, the usual 8x8 start; 6x6: White a2
-- b1 e1 f2, Black a5 b6 e6 f5).

local o = options {
  size = { default = 10, min = 6, max = 10, doc = "board side: 6, 8 or 10" },
}

local n = o.size
if n ~= 6 and n ~= 8 and n ~= 10 then
  error(string.format("option size: expected 6, 8 or 10, got %s", tostring(n)), 1)
end

local k = n // 2 - 2              -- 3 on 10x10: a4, d1; 2 on 8x8; 1 on 6x6
local rows = {}                   -- top row (row n) first, as position strings write it
for r = n, 1, -1 do
  local line = {}
  for c = 1, n do line[c] = "." end
  local function put(col, ch) line[col] = ch end
  if r == 1 then put(k + 1, "A"); put(n - k, "A") end
  if r == k + 1 then put(1, "A"); put(n, "A") end
  if r == n then put(k + 1, "a"); put(n - k, "a") end
  if r == n - k then put(1, "a"); put(n, "a") end
  rows[#rows + 1] = table.concat(line)
end

return game {
  name = "Amazons",
  description = string.format("%dx%d, an amazon moves as a queen, then shoots an arrow that blocks a cell; no move loses", n, n),
  players = { "White", "Black" },
  board = grid { width = n, height = n },
  pieces = { "amazon" },            -- A: player 1's amazon, a: player 2's, # an arrow
  setup = rows,
  moves = move {
    amazon = slide { directions = "all", after = shoot { directions = "all" } },
  },
  no_move = "loses",
  ends = "no_move",
  evaluate = { mobility = 0.01 },   -- search: more turns left is ahead (6x6 depth 2 vs random: 20 of 20; none: 4 of 10)
}
