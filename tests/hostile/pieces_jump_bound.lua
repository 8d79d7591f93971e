-- Steps plus jumps (issue 31): the bound on legal moves once counted the
-- steps and slides alone (338 pieces x 1 step), so this ruleset loaded and
-- its first move generation failed with "more than 678 legal moves" (182
-- men with up to six jumps each: 888). Every generator is counted now
-- (tv_bound.h: 338 x 9), and the moves are all there.
-- run: perft {} 2
-- exit: 0
-- stdout: perft 1 888
-- stdout: perft 2 140510
local rows, pattern = {}, { "M", "m", ".", "m" }
for r = 1, 26 do rows[r] = string.rep(pattern[(26 - r) % 4 + 1], 26) end
return game {
  name = "JumpBound",
  board = grid { width = 26, height = 26 },
  pieces = { "man" },
  setup = rows,
  moves = move { man = { step { directions = "forward" }, jump { directions = "all" } } },
  no_move = "loses",
  ends = { "no_move" },
}
