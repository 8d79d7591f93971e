-- A sow{} table changed after its constructor: the capture is read again.
-- stderr: trust_sow_mutated.lua:5: game.moves: sow.capture.counts: expected 0..31 entries, got 1000
local s = sow { capture = { counts = { 2, 3 } } }
for i = 1, 1000 do s.capture.counts[i] = 2 end
return game { name = 'T', board = mancala { holes = 6, seeds = 4 }, moves = s, ends = 'no_move' }
