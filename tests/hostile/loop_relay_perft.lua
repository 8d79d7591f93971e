-- Plain relay sowing on 2x2 holes hung perft from some positions: those
-- sowings are not moves, and the count comes back at once.
-- run: perft {} 8
-- exit: 0
-- stdout: perft 8
-- within: 20
return game {
  name = "Relay",
  board = mancala { holes = 2, seeds = 2 },
  moves = sow { relay = true },
  no_move = "pass",
  ends = "board_empty",
}
