-- A move records every cell it changes (64 at most): a flip game whose one
-- move could turn more, here on 19x19 (64 from the centre), is refused when it
-- loads rather than failing half-way through a move.
-- stderr: flips: a stone on a 19x19 board could turn 64 cells, more than a move may change (63)
return game { name = 'T', board = grid { width = 19, height = 19 },
  moves = place { flips = 'all' }, no_move = 'pass', ends = 'no_move' }
