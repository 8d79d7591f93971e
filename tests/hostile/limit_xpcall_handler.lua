-- An xpcall whose function and message handler both loop stops at the load's
-- limit: the handler is not run after a limit (it ran with the count hook off).
-- The clock is out of reach (no machine is slow enough to matter):
-- limits: load_ms=none,hook_ms=none
-- stderr: instruction limit of 50000000 exceeded
-- stderr: limit_xpcall_handler.lua:8:
-- stderr: exceeded (the ruleset ran too long)
xpcall(function() while true do end end, function() while true do end end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
