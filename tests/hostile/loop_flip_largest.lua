-- The largest board a flip game may have: one move on it turns at most 59
-- cells, which an undo record keeps; random players play it to the end, on
-- rays (more than 64 cells: no bit boards).
-- exit: 0
-- stdout: game over
local setup = {}
for row = 18, 1, -1 do
  local line = string.rep(".", 8)
  if row == 10 then line = line .. "xo" elseif row == 9 then line = line .. "ox" else line = line .. ".." end
  setup[#setup + 1] = line .. string.rep(".", 8)
end
return game { name = 'T', board = grid { width = 18, height = 18 }, setup = setup,
  moves = place { flips = 'all' }, no_move = 'pass', ends = 'no_move', winner = 'most_pieces' }
