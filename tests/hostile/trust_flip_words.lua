-- The directions of flips are words of a fixed list; anything else is named.
-- stderr: place.flips: 'sideways' is not one of all, orthogonal, diagonal
return game { name = 'T', board = grid { width = 8, height = 8 },
  moves = place { flips = 'orthogonal, sideways' }, no_move = 'pass', ends = 'no_move' }
