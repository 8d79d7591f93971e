-- What a jump goes over is one of three words.
-- stderr: pieces_jump_over.lua:4:
-- stderr: jump.over: 'friend' is not enemy, own or any
local j = jump { directions = 'all', over = 'friend' }
return game { name = 'T', board = grid { width = 3, height = 3 }, setup = { 'x..', '...', '..o' },
  moves = move { stone = j }, ends = 'no_move' }
