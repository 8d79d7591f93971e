-- A long list of ends is bounded before it is read.
-- stderr: trust_ends_nested.lua:5: game.ends: expected 0..8 entries, got 100
local e = {}
for i = 1, 100 do e[i] = 'board_full' end
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = e }
