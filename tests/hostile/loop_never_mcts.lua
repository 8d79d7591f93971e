-- The never-ending board under MCTS: every playout ends at the move limit
-- (declared here, so that the game of 100 ms moves is short), and so does
-- the game, as a draw that says so.
-- run: play {} --p1 mcts:ms=100 --p2 random
-- exit: 0
-- stdout: game over: draw, the move limit of 60 plies was reached
-- within: 60
return game {
  name = "NeverMcts",
  max_plies = 60,
  board = mancala { holes = 2, seeds = 2 },
  moves = sow {},
  no_move = "pass",
  ends = "board_empty",
}
