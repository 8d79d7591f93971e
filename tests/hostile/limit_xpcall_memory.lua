-- Nor can xpcall catch it, nor its handler run Lua code after it.
-- limits: load_ms=none,hook_ms=none
-- stderr: memory limit of 33554432 bytes exceeded
xpcall(function() local t = {} for i = 1, 1e8 do t[i] = {} end end, function() while true do end end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
