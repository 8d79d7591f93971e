-- A relay sowing that laps for ever (one hole a row, the origin skipped: the
-- last seed always lands on the other hole and lifts it again) hung on the
-- first move. It is an illegal move, saying why, and the game is unchanged.
-- run: play {} --moves a1
-- exit: 1
-- stderr: a1: the relay sowing would never end
return game {
  name = "RelaySkip",
  board = mancala { holes = 1, seeds = 1 },
  moves = sow { relay = true, skip_origin = true },
  no_move = "pass",
  ends = "board_empty",
}
