-- The directions of flips are words of a fixed list; anything else is named.
-- stderr: place.flips: 'forward' is one way; brackets go both ways
return game { name = 'T', board = grid { width = 8, height = 8 },
  moves = place { flips = 'orthogonal, forward' }, no_move = 'pass', ends = 'no_move' }
