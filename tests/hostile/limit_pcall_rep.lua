-- pcall(string.rep, 'x', 1e9) is the memory limit, not a caught error.
-- limits: load_ms=none,hook_ms=none
-- stderr: memory limit of 33554432 bytes exceeded
local ok = pcall(string.rep, 'x', 1e9)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
