-- An endless loop at load time stops at a limit, and pcall cannot catch it.
-- The clock is out of reach (no machine is slow enough to matter):
-- limits: load_ms=none,hook_ms=none
-- stderr: instruction limit of 50000000 exceeded
-- stderr: limit_instructions.lua:8:
-- stderr: exceeded (the ruleset ran too long)
-- exit: 1
pcall(function() while true do end end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
