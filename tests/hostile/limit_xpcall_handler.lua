-- An xpcall whose function and message handler both loop stops at the load's
-- limit: the handler is not run after a limit (it ran with the count hook off).
-- Either limit may stop it: the command cannot lift its 10 s load clock (2 s for a
-- hook), and on a slow machine the clock can come first. test_limits.c names each
-- limit with the others out of reach.
-- stderr: limit_xpcall_handler.lua:8:
-- stderr: exceeded (the ruleset ran too long)
xpcall(function() while true do end end, function() while true do end end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
