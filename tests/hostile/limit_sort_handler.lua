-- A limit inside a sort comparator inside pcall is not caught.
-- The clock is out of reach (no machine is slow enough to matter):
-- limits: load_ms=none,hook_ms=none
-- stderr: instruction limit of 50000000 exceeded
-- stderr: limit_sort_handler.lua:
-- stderr: exceeded (the ruleset ran too long)
local t = {} for i = 1, 100 do t[i] = i end
pcall(table.sort, t, function(a, b) while true do end end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
