-- The same in a hook: the hook stops, the game ends with its error, the lock is released.
-- stderr: moves hook:
-- stderr: limit_xpcall_hook.lua:6: instruction limit of 5000000 exceeded
return game { name = 'T', board = grid { width = 3, height = 3 }, ends = 'board_full',
  moves = function(s)
    xpcall(function() while true do end end, function() while true do end end)
  end }
