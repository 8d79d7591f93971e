-- A limit inside a sort comparator inside pcall is not caught.
-- Either limit may stop it: the command cannot lift its 10 s load clock (2 s for a
-- hook), and on a slow machine the clock can come first. test_limits.c names each
-- limit with the others out of reach.
-- stderr: limit_sort_handler.lua:
-- stderr: exceeded (the ruleset ran too long)
local t = {} for i = 1, 100 do t[i] = i end
pcall(table.sort, t, function(a, b) while true do end end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
