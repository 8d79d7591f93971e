-- Each offset is exactly {column, row}: a third entry, another key, a
-- fraction or an offset off any board is refused.
-- stderr: pieces_leap_pair.lua:5:
-- stderr: leap.offsets[2]: expected {column, row}, integers in -25..25, not both 0
local knight = leap { offsets = { {1, 2}, {1, 2, side = 'left'} } }
return game { name = 'T', board = grid { width = 3, height = 3 }, setup = { 'x..', '...', '..o' },
  moves = move { stone = knight }, ends = 'no_move' }
