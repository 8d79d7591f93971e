-- A chunk made by load() runs on the same budget, and a limit in it is not caught.
-- The clock is out of reach (no machine is slow enough to matter):
-- limits: load_ms=none,hook_ms=none
-- stderr: instruction limit of 50000000 exceeded
-- stderr: (load):1:
-- stderr: exceeded (the ruleset ran too long)
local f = load('while true do end')
local ok = pcall(f)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
