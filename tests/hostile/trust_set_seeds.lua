-- Four s:set(h, 255) would make a board of 1020 seeds that a sow wraps to 252.
-- stderr: play hook:
-- stderr: trust_set_seeds.lua:6: set: the board would hold 299 seeds, more than 255
return game { name = 'T', board = mancala { holes = 6, seeds = 4 }, moves = sow {}, ends = 'no_move',
  play = function(s, m)
    for h = 1, 4 do s:set(h, 255) end
    return s:sow(m)
  end }
