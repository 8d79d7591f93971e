-- A setup string far longer than a board is refused at once, not scanned.
-- stderr: game.setup: 1000000 characters, more than a board holds
return game { name = 'T', board = grid { width = 4, height = 4 }, setup = string.rep('x', 1000000),
  moves = move { stone = step { directions = 'forward' } }, ends = 'no_move' }
