-- A match on the relay board hung: every game now ends (the endless sowings
-- are not moves; no seed ever leaves this board, so the move limit, declared
-- short here, ends each game as a draw).
-- run: match {} --p1 random --p2 mcts:iterations=20 --games 6
-- exit: 0
-- stdout: draws
-- within: 60
return game {
  name = "Relay",
  max_plies = 100,
  board = mancala { holes = 2, seeds = 2 },
  moves = sow { relay = true },
  no_move = "pass",
  ends = "board_empty",
}
