-- A forged line with a bad direction string.
-- stderr: trust_line_forged.lua:3: game.goal: line.directions: 'xyz' is not made of h, v and d
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {},
  goal = { kind = 'line', length = 3, directions = 'xyz' } }
