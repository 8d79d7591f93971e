-- string.rep('', 1 << 62) allocates nothing and runs no instruction: it is charged first.
-- stderr: libwork_rep_empty.lua:3: instruction limit of 50000000 exceeded
local s = string.rep('', 1 << 62)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
