-- A chunk made by load() runs on the same budget, and a limit in it is not caught.
-- Either limit may stop it: the command cannot lift its 10 s load clock (2 s for a
-- hook), and on a slow machine the clock can come first. test_limits.c names each
-- limit with the others out of reach.
-- stderr: (load):1:
-- stderr: exceeded (the ruleset ran too long)
local f = load('while true do end')
local ok = pcall(f)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
