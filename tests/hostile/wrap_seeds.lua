-- A hole is one byte: a play hook that piles 4 x 255 seeds on the board and
-- sows them (1020 seeds, which wrapped to 252) is stopped at s:set, with the
-- game unchanged, instead of a hole silently wrapping.
-- run: play {} --moves a1
-- exit: 1
-- stderr: more than 255
return game {
  name = 'WrapSeeds',
  board = mancala { holes = 2, seeds = 1 },
  moves = sow {},
  play = function(s, m)
    for h = 1, 4 do s:set(h, 255) end
    return s:sow(m)
  end,
  no_move = 'pass',
  ends = 'board_empty',
}
