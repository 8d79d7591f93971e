-- A setup with more rows than any board is refused before anything reads them.
-- stderr: game.setup: expected 1..26 entries, got 100000
local rows = {}
for i = 1, 100000 do rows[i] = 'x' end
return game { name = 'T', board = grid { width = 1, height = 26 }, setup = rows,
  moves = move { stone = step { directions = 'forward' } }, ends = 'no_move' }
