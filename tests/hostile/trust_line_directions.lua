-- line{}.directions replaced by a table after the constructor: checked, not passed to C as NULL.
-- stderr: trust_line_directions.lua:5: game.goal: line.directions: expected a string, got table
local l = line { length = 3 }
l.directions = {}
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, goal = l }
