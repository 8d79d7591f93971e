-- International draughts (FMJD rules): 10x10, play on the dark squares (a1
-- is dark), twenty men each; White (player 1) starts from rows 1-4 and moves
-- first. Men step one square diagonally forward and capture diagonally
-- forwards and backwards. Kings fly: they move any distance along a
-- diagonal, and capture by passing over empty squares, jumping one enemy
-- piece and landing on any empty square beyond it. A piece that has
-- captured goes on while it can, and the whole chain is one move; the pieces
-- it jumps leave the board only when the move is over, so meanwhile they
-- block its way and none is jumped twice. Capturing is mandatory, and the
-- majority rule holds: the chain that takes the most pieces (a king counts
-- as a man) must be played. A man becomes a king only when its move ends on
-- the far row. The player who cannot move loses.
--
-- A move is its start, its end and the pieces it takes: two orders of the
-- same pieces are one move. The text is the two ends, "c3-d4" or "c3xe5";
-- when captures between the same two squares take different pieces, the
-- second is "c3xe5(2)" (the landings may be written out too: c3xa5xc7).
-- Squares are named as on every tavola board (a1 bottom left), not by the
-- numbers 1-50 of the draughts notation.
--
-- Draws: 25 moves each (50 plies) with neither a man's move nor a capture
-- (FMJD's king moves rule), and the same position for the third time. The
-- rules for endings of few kings (16 and 5 moves) are not kept.
local o = options {
  draws = { default = 1, min = 0, max = 1,
            doc = "0..1: 1 the 25-move rule and threefold repetition end the game; 0 only no move (perft as published)" },
}

return game {
  name = "Draughts",
  description = "International draughts: 10x10, flying kings, the majority capture rule",
  players = { "White", "Black" },
  board = grid { width = 10, height = 10 },
  pieces = { "man", "king" },           -- M, K: White's; m, k: Black's
  setup = {
    ".m.m.m.m.m",
    "m.m.m.m.m.",
    ".m.m.m.m.m",
    "m.m.m.m.m.",
    "..........",
    "..........",
    ".M.M.M.M.M",
    "M.M.M.M.M.",
    ".M.M.M.M.M",
    "M.M.M.M.M.",
  },
  moves = move {
    man  = { step { directions = "diagonal_forward" }, jump { directions = "diagonal", chain = true } },
    king = { slide { directions = "diagonal" }, jump { directions = "diagonal", chain = true, flying = true } },
    capture = "longest",
    taken = "after_move",
    promote = { man = "king", rows = 1 },
  },
  no_move = "loses",
  repetition = o.draws == 1 and 3 or nil,
  ends = o.draws == 1 and { "no_move", no_progress = 50, progress = "man" } or "no_move",
  evaluate = { material = { man = 1, king = 3 }, advancement = { man = 0.05 } },  -- search
}
