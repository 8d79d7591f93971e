-- Points that would overflow a full board's score are refused where they enter.
-- stderr: trust_runs_total.lua:4: game.score: runs.points: a full board could score more than 400000000
local r = runs { points = { 10000000, 0, 0, 0, 0 } }
return game { name = 'T', board = grid { width = 5, height = 5 }, moves = place {}, score = r, ends = 'board_full' }
