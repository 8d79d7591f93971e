-- Checkers (English draughts): 8x8, play on the dark squares (a1 is dark),
-- twelve men each; player 1 (Black in the usual naming, here White as in
-- OpenSpiel's first player) starts from rows 1-3 and moves first. Men step
-- diagonally forward; kings step diagonally either way. A capture jumps
-- diagonally over an adjacent enemy piece to the empty cell beyond; a piece
-- that can jump again must go on, and the whole chain is one move (c3xe5xc7).
-- Capturing is mandatory, but any capture may be chosen, not only the
-- longest. A man reaching the far row becomes a king and the move ends there.
-- The player who cannot move loses. Draw rule: 40 moves in a row (plies)
-- without a capture or a promotion is a draw (OpenSpiel: 40 without a
-- capture); the engine's move limit stays as a last resort.

return game {
  name = "Checkers",
  description = "English draughts: 8x8, mandatory capture, multi-jumps, men promote on the far row",
  players = { "White", "Black" },
  board = grid { width = 8, height = 8 },
  pieces = { "man", "king" },           -- M, K: player 1's; m, k: player 2's
  setup = {
    ".m.m.m.m",
    "m.m.m.m.",
    ".m.m.m.m",
    "........",
    "........",
    "M.M.M.M.",
    ".M.M.M.M",
    "M.M.M.M.",
  },
  moves = move {
    man  = { step { directions = "diagonal_forward" }, jump { directions = "diagonal_forward", chain = true } },
    king = { step { directions = "diagonal" }, jump { directions = "diagonal", chain = true } },
    capture = "mandatory",
    promote = { man = "king", rows = 1, ends_chain = true },
  },
  no_move = "loses",
  ends = { "no_move", no_progress = 40 },
  evaluate = { material = { man = 1, king = 1.5 }, advancement = { man = 0.05 } },  -- search
}
