-- Hosts are promised that max_moves (at most 8192) is always enough: a game
-- whose slides could give a position more is refused when it loads, here
-- 104 queens a side on 26x26 (up to 99 cells each on the empty board).
-- stderr: pieces: the setup's pieces could have 10296 legal moves or more in one position
-- stderr: more than 8192
local rows = {}
for r = 1, 26 do
  rows[r] = r <= 4 and string.rep("q", 26) or r >= 23 and string.rep("Q", 26) or string.rep(".", 26)
end
return game {
  name = "Queens",
  board = grid { width = 26, height = 26 },
  pieces = { "queen" },
  setup = rows,
  moves = move { queen = slide { directions = "all", to = "any" } },
  no_move = "loses",
  ends = { "no_move" },
}
