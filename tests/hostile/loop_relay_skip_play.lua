-- The same board played: a player's only sowing never ends, so it passes; no
-- move ever changes the board, and the move limit ends the game as a draw.
-- run: play {} --p1 random --p2 random
-- exit: 0
-- stdout: game over: draw, the move limit of 5000 plies was reached
return game {
  name = "RelaySkip",
  board = mancala { holes = 1, seeds = 1 },
  moves = sow { relay = true, skip_origin = true },
  no_move = "pass",
  ends = "board_empty",
}
