-- The memory limit cannot be caught by pcall: the load fails.
-- limits: load_ms=none,hook_ms=none
-- stderr: limit_pcall_memory.lua:4: memory limit of 33554432 bytes exceeded
local ok = pcall(function() local t = {} for i = 1, 1e8 do t[i] = i end end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
