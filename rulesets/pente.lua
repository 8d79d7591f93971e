-- Pente (Gary Gabrel, 1977): White (player 1) and Black put a stone in turn
-- on an empty point of a 19x19 board. Five or more in a row (a row, a column
-- or a diagonal) wins. A stone that flanks exactly two enemy stones against
-- another of one's own, in any of the eight directions, captures the pair;
-- a stone placed between two enemies is safe. Five captured pairs (ten
-- stones) also win. Captured stones are the scores (and the position
-- strings carry them). Keryo-Pente (option keryo): runs of two or three are
-- captured, and fifteen stones win. Played freestyle: the first stone may go
-- anywhere. Left out: the centre opening and the tournament rule (White's
-- first stone on the centre, White's second three points or more away; the
-- "pro" opening of the placement family, once it is data). A full board,
-- never reached in practice, goes to the player with more captures. All
-- data: playing never enters the Lua VM.

local o = options {
  size  = { default = 19, min = 7, max = 26, doc = "the side of the square board, 7..26" },
  keryo = { default = false, doc = "Keryo-Pente: captures of two or three stones; 15 captured stones win" },
}

local count = o.keryo and { 2, 3 } or { 2, 2 }
local target = o.keryo and 15 or 10

return game {
  name = o.keryo and "Keryo-Pente" or "Pente",
  description = string.format("%dx%d placement; five in a row wins; flanked %s are captured, %d captured stones win",
                              o.size, o.size, o.keryo and "twos and threes" or "pairs", target),
  players = { "White", "Black" },
  board = grid { width = o.size, height = o.size },
  moves = place { custodial = custodial { directions = "all", count = count } },
  goal = line { length = 5, directions = "hvd" },
  ends = { "board_full", captured = target },
  -- search: open lines of five, and the stones taken (alpha-beta at depth 2
  -- against MCTS 3000 on 11x11: 10 wins of 10, with score weights 0, 1, 20 alike)
  evaluate = { score = 1, open_lines = { 1, 5, 50, 500 } },
}
