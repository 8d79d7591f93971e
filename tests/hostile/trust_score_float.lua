-- Nor are a float or a string scores.
-- stderr: score hook: expected two integers
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full',
  score = function(s) return 0.5, '1' end }
