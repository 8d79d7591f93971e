-- NaN, infinity and strings where integers go.
-- stderr: trust_grid_nan.lua:5: game.board: grid.height: expected an integer 1..26, got inf
local g = grid { width = 3, height = 3 }
g.height = math.huge
return game { name = 'T', board = g, moves = place {}, ends = 'board_full' }
