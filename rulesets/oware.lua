-- Oware Abapa: 2x6 holes, 4 seeds each, sown counter-clockwise; a lap of 12
-- or more seeds passes over the emptied hole. The last seed in an opponent's
-- hole that then holds 2 or 3 captures it, and the capture goes on backwards
-- while the previous hole is the opponent's and holds 2 or 3. A move that
-- would capture all the opponent's seeds (a grand slam) captures nothing. A
-- player must leave the opponent seeds to play when they can; when they cannot,
-- the game ends. It also ends when a player has more than 24 seeds, or when a
-- position repeats; seeds left on the board go to the owner of their row.

return game {
  name = "Oware",
  description = "Oware Abapa: captures of 2-3 on the opponent's side, feeding, no grand slam",
  board = mancala { holes = 6, seeds = 4 },
  moves = sow {
    direction = "ccw", skip_origin = true, must_feed = true, grand_slam = "no_capture",
    capture = { counts = { 2, 3 }, side = "opponent", chain = true, chain_side = "opponent" },
  },
  ends = { "no_move", captured = 25 },
  repetition = "ends",
  remainder = "own_row",
  winner = "most_captured",
  -- Search: the stores, and the moves left (a player who cannot feed ends the
  -- game): alpha-beta at depth 4 won 3 of 20 against MCTS on the stores
  -- alone, 18 with mobility too.
  evaluate = { score = 1, mobility = 0.5 },
}
