-- The same with an empty separator, under pcall.
-- stderr: instruction limit of 50000000 exceeded
local ok = pcall(string.rep, '', 1 << 40, '')
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
