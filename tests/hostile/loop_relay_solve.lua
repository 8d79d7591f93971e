-- The relay board solved: the endless sowings are not moves, the rest is a
-- small graph.
-- run: solve {}
-- exit: 0
-- stdout: best moves for player 1:
-- within: 20
return game {
  name = "Relay",
  board = mancala { holes = 2, seeds = 2 },
  moves = sow { relay = true },
  no_move = "pass",
  ends = "board_empty",
}
