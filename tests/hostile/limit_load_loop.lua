-- A chunk made by load() runs on the same budget, and a limit in it is not caught.
-- stderr: (load):1: instruction limit of 50000000 exceeded
local f = load('while true do end')
local ok = pcall(f)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
