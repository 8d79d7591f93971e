-- Chess, as FIDE plays it: 8x8, White (player 1, upper case) moves first
-- from rows 1-2. Every rule is data: the royal king (a move that leaves him
-- attacked is illegal; no move while attacked loses, otherwise a draw),
-- the pawn's double step from its second row that opens en passant for one
-- ply, castling both ways (king and rook unmoved, the cells between empty,
-- the king not attacked on his start, way or destination), promotion to a
-- queen, rook, bishop or knight (e7-e8=Q), and the draw rules: fifty moves
-- of each side without a pawn move or a capture, the third occurrence of a
-- position (pieces, side to move, castling rights, en passant), and
-- insufficient material (kings alone, with one knight or bishop, or with
-- bishops all on cells of one colour). These draws are automatic, as in
-- OpenSpiel, not claimed.
--
-- Moves are written e2-e4, e4xd5, e7-e8=Q and O-O / O-O-O; e2e4, e7e8q,
-- 0-0 and the king onto his rook (e1h1) are read too. --position takes
-- FEN as well as tavola's own position string.

local o = options {
  chess960 = { default = 0, min = 0, max = 960,
               doc = "0..960: 0 the standard start, N Chess960's start position N - 1 (Scharnagl's numbering)" },
  draws = { default = 1, min = 0, max = 1,
            doc = "0..1: 1 fifty moves, threefold repetition and insufficient material end the game; 0 only mate and stalemate (perft as published)" },
}

-- The back row: the standard one, or Chess960's position n (0..959) by
-- Scharnagl's numbering: bishops, queen, knights, then R K R in the rest.
local function back_row(n)
  if n < 0 then return "RNBQKBNR" end
  local row = {}
  local b1 = n % 4; n = n // 4
  row[2 * b1 + 2] = "B"                       -- light-squared bishop: b, d, f, h
  local b2 = n % 4; n = n // 4
  row[2 * b2 + 1] = "B"                       -- dark-squared bishop: a, c, e, g
  local function free(k)                      -- the k-th (0-based) empty cell
    for c = 1, 8 do
      if not row[c] then
        if k == 0 then return c end
        k = k - 1
      end
    end
  end
  row[free(n % 6)] = "Q"; n = n // 6
  local knights = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 2, 3 }, { 2, 4 }, { 3, 4 } }
  local a, b = knights[n + 1][1], knights[n + 1][2]
  local ca, cb = free(a), free(b)
  row[ca] = "N"; row[cb] = "N"
  row[free(0)] = "R"; row[free(0)] = "K"; row[free(0)] = "R"
  return table.concat(row)
end

local back = back_row(o.chess960 - 1)
local files = "abcdefgh"
local king = back:find("K")
local rook_h = back:find("R", king + 1)
local rook_a = back:find("R")

local function cell(col) return files:sub(col, col) .. "1" end

return game {
  name = "Chess",
  description = o.chess960 > 0 and string.format("Chess960, start position %d", o.chess960 - 1)
                or "FIDE chess: check, castling, en passant, promotion; fifty moves, threefold repetition",
  players = { "White", "Black" },
  board = grid { width = 8, height = 8 },
  pieces = { "pawn", { name = "knight", letter = "n" }, "bishop", "rook", "queen", "king" },
  setup = {
    back:lower(), "pppppppp", "........", "........",
    "........", "........", "PPPPPPPP", back,
  },
  moves = move {
    pawn = {
      step { directions = "forward", to = "empty" },
      slide { directions = "forward", to = "empty", min = 2, max = 2, from_rows = 2, en_passant = "opens" },
      step { directions = "diagonal_forward", to = "enemy", en_passant = "takes" },
    },
    knight = leap { offsets = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } },
                    to = "any" },
    bishop = slide { directions = "diagonal", to = "any" },
    rook = slide { directions = "orthogonal", to = "any" },
    queen = slide { directions = "all", to = "any" },
    king = step { directions = "all", to = "any" },
    royal = "king",
    castle = {
      { name = "O-O", king = cell(king), to = "g1", rook = cell(rook_h), rook_to = "f1" },
      { name = "O-O-O", king = cell(king), to = "c1", rook = cell(rook_a), rook_to = "d1" },
    },
    promote = { pawn = { "queen", "rook", "bishop", "knight" }, rows = 1 },
  },
  no_move = "loses",
  stalemate = "draw",
  repetition = o.draws == 1 and 3 or nil,
  ends = o.draws == 1 and { "no_move", no_progress = 100, progress = "pawn",
                            insufficient = { alone = { "knight", "bishop" }, same_colour = "bishop" } }
         or "no_move",
  evaluate = { material = { pawn = 1, knight = 3, bishop = 3, rook = 5, queen = 9 } },
}
