-- An xpcall whose function and message handler both loop stops at the load's
-- instruction limit: the handler is not run after a limit (it ran with the count hook off).
-- stderr: limit_xpcall_handler.lua:4: instruction limit of 50000000 exceeded
xpcall(function() while true do end end, function() while true do end end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
