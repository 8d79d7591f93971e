-- A runs{} table grown after its constructor checked it is read again, bounded, by game{}.
-- stderr: trust_runs_grown.lua:5: game.score: runs.points: expected 1..26 entries, got 200
local r = runs { points = { 0, 0, 3 } }
for i = 4, 200 do r.points[i] = 1 end
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, score = r, ends = 'board_full' }
