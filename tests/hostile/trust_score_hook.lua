-- A score hook returning 2^40 is an error, not a score of 0.
-- stderr: score hook: expected two integers -1000000000..1000000000 (player 1, player 2)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full',
  score = function(s) return 1 << 40, 0 end }
