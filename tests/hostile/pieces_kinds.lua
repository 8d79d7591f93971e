-- At most eight kinds of piece: a ninth is refused.
-- stderr: game.pieces: expected 1..8 entries, got 9
return game { name = 'T', board = grid { width = 3, height = 3 },
  pieces = { 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i' }, setup = { 'aaa', '...', 'AAA' },
  moves = move { a = step { directions = 'forward' } }, ends = 'no_move' }
