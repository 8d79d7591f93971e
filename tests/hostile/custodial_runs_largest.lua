-- Custodial runs of up to 24 along all eight directions on the largest board:
-- a move may take 8 * 24 stones at once. Refused when it loaded while a move
-- could change at most 64 cells ("a move could change 194 cells, more than
-- 64"); now random players play it to the end, and perft from a star whose
-- centre takes 91 stones in custodial_runs_largest_perft.case.
-- exit: 0
-- stdout: game over
return game { name = 'T', board = grid { width = 26, height = 26 },
  moves = place { custodial = custodial { directions = 'all', count = { 1, 24 } } }, ends = 'board_full' }
