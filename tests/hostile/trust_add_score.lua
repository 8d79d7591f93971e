-- 3000 calls of s:add_score(1, 999999) stop with an error instead of wrapping negative.
-- stderr: play hook:
-- stderr: trust_add_score.lua:6: add_score: player 1's score would be 1000998999, outside -1000000000..1000000000
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full',
  play = function(s, m)
    for i = 1, 3000 do s:add_score(1, 999999) end
    s:place(m)
  end }
