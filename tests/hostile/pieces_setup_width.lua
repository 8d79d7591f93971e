-- A setup row that does not fit the board's width names the row.
-- stderr: game.setup: row 2 has 5 cells, the board 4
return game { name = 'T', board = grid { width = 4, height = 3 }, setup = { 'oooo', 'xxxxx', '....' },
  moves = move { stone = step { directions = 'forward' } }, ends = 'no_move' }
