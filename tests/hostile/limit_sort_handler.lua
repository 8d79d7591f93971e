-- A limit inside a sort comparator inside pcall is not caught.
-- stderr: instruction limit of 50000000 exceeded
local t = {} for i = 1, 100 do t[i] = i end
pcall(table.sort, t, function(a, b) while true do end end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
