-- Tic-tac-toe: X and O take turns on a 3x3 board; three of one's own marks in
-- a row, a column or a diagonal wins at once; a full board without one is a
-- draw. All data: playing never enters the Lua VM.

return game {
  name = "Tic-tac-toe",
  description = "3x3, three in a row (rows, columns or diagonals) wins; a full board is a draw",
  players = { "X", "O" },
  board = grid { width = 3, height = 3 },
  moves = place {},
  goal = line { length = 3, directions = "hvd" },
  ends = "board_full",     -- no line and no cell left: equal scores (0-0), a draw
  winner = "higher_score",
  evaluate = { open_lines = { 1, 5 } },   -- search: rows, columns, diagonals open to one player
}
