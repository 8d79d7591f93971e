-- s:set with 2^32 + 1 is refused, not cast to 1.
-- stderr: trust_set_huge.lua:5: set: 4294967297 cannot be put in a cell (0..3)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full',
  play = function(s, m)
    s:set(m, (1 << 32) + 1)
  end }
