-- A forged kind tag gets no trust: game{} checks the table itself.
-- stderr: trust_runs_forged.lua:5: game.score: runs.points: expected 1..26 entries, got 200
local p = {} for i = 1, 200 do p[i] = 0 end
local forged = { kind = 'runs', points = p }
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, score = forged, ends = 'board_full' }
