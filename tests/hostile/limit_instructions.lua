-- An endless loop at load time stops at the instruction limit, and pcall cannot catch it.
-- stderr: instruction limit
-- exit: 1
pcall(function() while true do end end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
