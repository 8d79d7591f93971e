-- An endless loop at load time stops at a limit, and pcall cannot catch it.
-- Either limit may stop it: the command cannot lift its 10 s load clock (2 s for a
-- hook), and on a slow machine the clock can come first. test_limits.c names each
-- limit with the others out of reach.
-- stderr: limit_instructions.lua:8:
-- stderr: exceeded (the ruleset ran too long)
-- exit: 1
pcall(function() while true do end end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
