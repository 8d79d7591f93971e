-- The same in a hook: the hook stops, the game ends with its error, the lock is released.
-- The clock is out of reach (no machine is slow enough to matter):
-- limits: load_ms=none,hook_ms=none
-- stderr: instruction limit of 5000000 exceeded
-- stderr: moves hook:
-- stderr: limit_xpcall_hook.lua:10:
-- stderr: exceeded (the ruleset ran too long)
return game { name = 'T', board = grid { width = 3, height = 3 }, ends = 'board_full',
  moves = function(s)
    xpcall(function() while true do end end, function() while true do end end)
  end }
