-- Makruk (Thai chess), as the Thai federation plays it on the board: 8x8,
-- White (player 1) moves first. The pieces: Khun (king, K) one step any
-- way; Met (M) one step diagonally; Khon (S) one step diagonally or straight
-- forward; Ma (N) the knight's leap; Rua (R) the rook's slide; Bia (P, the
-- pawns, on the third row) one step forward, taking one step diagonally
-- forward, and becoming a Met on reaching the sixth row (the opponent's
-- third). No double step, no en passant, no castling. A move that leaves
-- one's Khun attacked is illegal; no move while attacked loses
-- (checkmate), no move otherwise is a draw (stalemate).
--
-- Not kept: the counting rules (board's honour and pieces' honour, which the
-- weaker side starts and stops by choice). In their place, with draws=1 (the
-- default), a game is drawn after 64 moves each without a capture or a Bia's
-- move, or at the third occurrence of a position: random games end (without
-- them they run to the engine's move limit, some 4,600 plies on average).
-- Perft from the start agrees with Fairy-Stockfish's published 273,026 at
-- depth 4 (tests/games/test_makruk.c).
local o = options {
  draws = { default = 1, min = 0, max = 1,
            doc = "0..1: 1 a draw after 64 moves each without a capture or a Bia's move, or at a position's third occurrence" },
}

return game {
  name = "Makruk",
  description = "Makruk (Thai chess): Met and Khon, Bia promote on the sixth row; checkmate wins, stalemate draws",
  players = { "White", "Black" },
  board = grid { width = 8, height = 8 },
  pieces = { { name = "bia", letter = "p" }, { name = "ma", letter = "n" }, { name = "khon", letter = "s" },
             { name = "met", letter = "m" }, { name = "rua", letter = "r" }, { name = "khun", letter = "k" } },
  setup = {
    "rnsmksnr",
    "........",
    "pppppppp",
    "........",
    "........",
    "PPPPPPPP",
    "........",
    "RNSKMSNR",
  },
  moves = move {
    bia = { step { directions = "forward", to = "empty" }, step { directions = "diagonal_forward", to = "enemy" } },
    ma = leap { offsets = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } },
                to = "any" },
    khon = { step { directions = "diagonal", to = "any" }, step { directions = "forward", to = "any" } },
    met = step { directions = "diagonal", to = "any" },
    rua = slide { directions = "orthogonal", to = "any" },
    khun = step { directions = "all", to = "any" },
    royal = "khun",
    promote = { bia = "met", rows = 3 },
  },
  no_move = "loses",
  stalemate = "draw",
  repetition = o.draws == 1 and 3 or nil,
  ends = o.draws == 1 and { "no_move", no_progress = 128, progress = "bia" } or "no_move",
  -- search: material alone drew 4 of 20 games at depth 3 against random (no way
  -- to mate); with mobility 0.1, 20 of 20 won
  evaluate = { material = { bia = 1, ma = 3, khon = 2.5, met = 1.5, rua = 5 }, mobility = 0.1 },
}
