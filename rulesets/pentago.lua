-- Pentago: a 6x6 board of four 3x3 blocks. A move puts a stone of the mover
-- on an empty cell, then turns one of the four blocks a quarter turn,
-- clockwise or counter-clockwise: one move, written cell/block way, as
-- "d4/2cw" (blocks 1 a1-c3, 2 d1-f3, 3 a4-c6, 4 d4-f6). Five or more in a
-- row (a row, a column or a diagonal) after the turn wins; when the turn
-- makes five for both players, or the board fills without five, it is a
-- draw. All data: playing never enters the Lua VM.

return game {
  name = "Pentago",
  description = "6x6; place a stone, then turn one 3x3 block a quarter turn; five or more in a row wins",
  players = { "White", "Black" },
  colours = { "white", "black" },
  board = grid { width = 6, height = 6 },
  moves = place { rotate = 3 },          -- the blocks that turn are 3x3
  goal = line { length = 5, directions = "hvd" },
  ends = "board_full",
}
