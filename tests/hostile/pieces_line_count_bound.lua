-- A line_count piece has at most one move a direction: on a 26x26 board,
-- 100 pieces with 8 each could pass the 678 moves the engine keeps.
-- stderr: pieces: 100 pieces with up to 8 steps or slides each could have more than 678 legal moves
local rows = {}
for r = 1, 26 do rows[r] = (r <= 4 and string.rep('x', 25) .. '.') or (r >= 23 and string.rep('o', 25) .. '.') or string.rep('.', 26) end
return game { name = 'T', board = grid { width = 26, height = 26 }, setup = rows,
  moves = move { stone = line_count {} }, ends = 'connected' }
