-- A forged mancala board with too many holes.
-- stderr: trust_mancala_forged.lua:3: game.board: mancala.holes: expected an integer 1..16, got 100
return game { name = 'T', board = { kind = 'mancala', holes = 100, seeds = 4 },
  moves = sow {}, ends = 'no_move' }
