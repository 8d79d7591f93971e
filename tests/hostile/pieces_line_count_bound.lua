-- A line_count piece has at most one move a direction: on a 26x26 board,
-- 150 pieces with 8 each could have 1,200 moves, which the bound holds
-- (tv_bound.h; the engine's old fixed 678 refused 100 of them): the game
-- loads and plays.
-- run: play {} --p1 random --p2 random
-- exit: 0
-- stdout: game over
local rows = {}
for r = 1, 26 do rows[r] = (r <= 6 and string.rep('x', 25) .. '.') or (r >= 21 and string.rep('o', 25) .. '.') or string.rep('.', 26) end
return game { name = 'T', board = grid { width = 26, height = 26 }, setup = rows,
  moves = move { stone = line_count {} }, ends = 'connected' }
