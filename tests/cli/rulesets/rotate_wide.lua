-- Place, then rotate on a board of more than 64 cells (two 7x7 blocks on
-- 14x7) and exactly five: the engine's line check through the cells a move
-- changed, not the bit masks of small boards (tests/games/test_playout.c).
return game {
  name = "Rotate wide",
  description = "14x7 of two 7x7 blocks: place, then turn a block; exactly five in a row wins",
  board = grid { width = 14, height = 7 },
  moves = place { rotate = 7 },
  goal = line { length = 5, exact = true },
  ends = "board_full",
}
