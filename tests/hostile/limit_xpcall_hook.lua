-- The same in a hook: the hook stops, the game ends with its error, the lock is released.
-- Either limit may stop it: the command cannot lift its 10 s load clock (2 s for a
-- hook), and on a slow machine the clock can come first. test_limits.c names each
-- limit with the others out of reach.
-- stderr: moves hook:
-- stderr: limit_xpcall_hook.lua:10:
-- stderr: exceeded (the ruleset ran too long)
return game { name = 'T', board = grid { width = 3, height = 3 }, ends = 'board_full',
  moves = function(s)
    xpcall(function() while true do end end, function() while true do end end)
  end }
