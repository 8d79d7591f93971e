-- The largest board, 26x26, as a flip game: one move on it may turn 91
-- cells, which an undo record keeps (it holds every cell of the board; an
-- 18x18 board was the largest while a move could change at most 64 cells);
-- random players play it to the end, on rays (more than 64 cells: no bit
-- boards).
-- exit: 0
-- stdout: game over
local setup = {}
for row = 26, 1, -1 do
  local line = string.rep(".", 12)
  if row == 14 then line = line .. "xo" elseif row == 13 then line = line .. "ox" else line = line .. ".." end
  setup[#setup + 1] = line .. string.rep(".", 12)
end
return game { name = 'T', board = grid { width = 26, height = 26 }, setup = setup,
  moves = place { flips = 'all' }, no_move = 'pass', ends = 'no_move', winner = 'most_pieces' }
