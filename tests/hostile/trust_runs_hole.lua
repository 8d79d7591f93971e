-- A points list with a hole and a float reads as what it is, not as 0.
-- stderr: trust_runs_hole.lua:5: game.score: runs.points[2]: expected an integer -10000000..10000000, got 2.5
local r = runs { points = { 0, 0, 3 } }
r.points[2] = 2.5
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, score = r, ends = 'board_full' }
