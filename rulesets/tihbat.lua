-- Tihbat: a 2x2 mancala from Taourirt (north-east Morocco), as the source
-- text describes it, with these readings where it is open:
--  * player 1 owns a1 b1, player 2 owns a2 b2; player 1 moves first; 7 seeds a hole;
--  * a move lifts all seeds of an own hole; the first seed goes back into that
--    hole, the rest one per hole counter-clockwise (a1 b1 b2 a2 a1 ...), one
--    lap, no relay; a hole with one seed is a legal move that changes nothing
--    but the side to move;
--  * the last seed on the mover's own side, in a hole that then holds 2, 4, 6
--    or 8, captures that hole; with chain=true the capture goes on backwards
--    while the previous hole is also the mover's and holds 2, 4, 6 or 8;
--  * a player with both holes empty passes;
--  * the game ends when the board is empty or a position (board and side to
--    move) repeats; the seeds left are then split equally; most seeds wins.

local o = options {
  chain = { default = false, doc = "captures go on backwards on the mover's own side (owareChainOwnSideOnly)" },
}

return game {
  name = "Tihbat",
  description = "2x2 mancala, 7 seeds a hole; captures of 2, 4, 6, 8 on the mover's own side",
  board = mancala { holes = 2, seeds = 7 },
  moves = sow {
    direction = "ccw", origin_first = true,
    capture = { counts = { 2, 4, 6, 8 }, side = "own", chain = o.chain, chain_side = "own" },
  },
  no_move = "pass",
  repetition = "ends",
  remainder = "split",
  ends = "board_empty",
  winner = "most_captured",
  evaluate = { score = 1 },      -- search: the difference of the captures
}
