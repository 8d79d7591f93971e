-- A forged sow with capture.counts = {200} is refused instead of shifting 1u << 200.
-- stderr: trust_sow_counts.lua:3: game.moves: sow.capture.counts[1]: expected an integer 1..31
return game { name = 'T', board = mancala { holes = 6, seeds = 4 },
  moves = { kind = 'sow', capture = { counts = { 200 } } }, ends = 'no_move' }
