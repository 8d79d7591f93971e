-- A field added after the constructor is as unknown to game{} as to the constructor.
-- stderr: trust_unknown_after.lua:5: game.board: grid: unknown field 'depth' (fields: width, height)
local g = grid { width = 3, height = 3 }
g.depth = 2
return game { name = 'T', board = g, moves = place {}, ends = 'board_full' }
