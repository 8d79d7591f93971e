-- A data ruleset whose games never end: no capture, no store, the seeds go
-- round for ever. A game ends at the default move limit, as a draw, and says so.
-- run: play {} --p1 random --p2 random
-- exit: 0
-- stdout: game over: draw, the move limit of 5000 plies was reached
-- within: 20
return game {
  name = "Never",
  board = mancala { holes = 2, seeds = 2 },
  moves = sow {},
  no_move = "pass",
  ends = "board_empty",
}
