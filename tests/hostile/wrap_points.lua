-- Scores are int32: a run worth 2^31-1 gave [-2, 0] (undefined behaviour in
-- the run scoring). Points that could make a score wrap are a ruleset error.
-- run: play {} --p1 random --p2 random
-- exit: 1
-- stderr: wrap_points.lua:10: runs.points[1]: expected an integer -10000000..10000000, got 2147483647
return game {
  name = 'WrapPoints',
  board = grid { width = 3, height = 3 },
  moves = place {},
  score = runs { points = { 2147483647, 0, 0 } },
  ends = 'board_full',
}
