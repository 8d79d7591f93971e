-- An independent plain-Lua chess (FIDE Laws; not the engine's code, nor its
-- primitives): its own 10x12 mailbox board, move generator, make/unmake,
-- attack test, end rules and FEN, compared with the tavola command
--   1. on perft from the start (depth 4) and from the chess programming
--      wiki's test positions (Kiwipete, positions 3 to 6 and 4 mirrored:
--      depth 3, position 3 depth 4), the reference's counts also checked
--      against the published ones (--self goes one ply deeper);
--   2. on the hand-worked positions of --self (castling through, into and
--      out of check, en passant exposing the king, pins, promotions, mate
--      and stalemate, each draw rule and its edges), compared in full;
--   3. on random games: each game is played move by move by the engine (which
--      must accept every move the reference finds legal), and the state at
--      the end and after two random prefixes (one of them ending in a double
--      step, en passant, castling or a promotion) is compared in full:
--      board, legal moves, side to move, status, winner and the FEN. Chess games
--      are long (a few hundred plies), so GAMES is scaled: max(10, GAMES //
--      20) games are played (15 for make check's 300, 100 for 2000). Their
--      policies (by seed) mix uniform moves with ones that prefer captures,
--      promotions, en passant and castling, mates in one, repeating one's
--      last move backwards, and quiet piece moves, so that every end below
--      happens; some games start from the wiki positions (--position).
-- The rules: White (player 1, upper case PNBRQK) moves first from the usual
-- start, rank 1 at the bottom. Pieces move as FIDE says; a move that leaves
-- one's own king attacked is illegal. Castling: king and that rook unmoved
-- (the FEN rights, lost when the king or the rook moves or the rook is
-- taken on its square), the squares between them empty, the king not
-- attacked on its square, the square it crosses or the one it lands on.
-- En passant: right after a double step, by a pawn beside it. A pawn on the
-- last rank becomes Q, R, B or N. The game ends, in this order:
--   no legal move: checkmate (the side to move loses) or stalemate (a draw);
--   the halfmove clock at 100 (100 plies without a pawn move or a capture):
--     a draw, at that ply (a mate on that ply stands: FIDE 9.6.2);
--   the same position (board, side to move, castling rights, en-passant
--     square) for the third time: a draw, the en-passant square counting
--     only when a pawn of the side to move stands beside the pawn that
--     double-stepped (the capture pseudo-legally possible);
--   insufficient material: kings alone, or with one knight or one bishop in
--     all, or with bishops only, all on squares of one colour: a draw.
-- Ended games have no moves. FEN: the en-passant field only when a pawn of
-- the side to move stands beside the pawn that double-stepped (Stockfish's
-- rule), the halfmove clock and the fullmove number as FIDE counts them.
-- Move texts: "e2-e4", "e4xd5", "e5xd6" (en passant), "e7-e8=Q", "d7xc8=N",
-- "O-O", "O-O-O". Perft counts legal move paths (the move generator only:
-- the draw rules cannot act at the depths compared).
-- usage: lua5.4 tests/ref/chess_ref.lua path/to/tavola [GAMES]
--        lua5.4 tests/ref/chess_ref.lua --self   (the reference alone: the
--        published perft counts, hand-worked positions, random games against
--        a second, naive move generator)
--        lua5.4 tests/ref/chess_ref.lua --as-engine perft chess D [--position FEN]
--        lua5.4 tests/ref/chess_ref.lua --as-engine play chess [--position FEN] [--moves M] --json
--        (the reference answering as the command would: a stand-in to try
--        the comparison on; CHESS_REF_BUG=ep makes it write the en-passant
--        field after every double step, which the comparison must catch)
local self_test = arg[1] == "--self"
local as_engine = arg[1] == "--as-engine"
local tavola = (not self_test and not as_engine and arg[1]) or "build/tavola"
local games = tonumber((not as_engine and arg[2]) or "300")
local t0, wall0 = os.clock(), os.time()

local START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
-- The chess programming wiki's Perft Results page: positions and counts
-- by depth (position 4 also mirrored, Black to move); the engine is
-- compared to the depth given, --self checks them all (about 15 s).
local WIKI = {
  { "start", START_FEN, { 20, 400, 8902, 197281, 4865609 }, 4 },
  { "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    { 48, 2039, 97862, 4085603 }, 3 },
  { "position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", { 14, 191, 2812, 43238, 674624 }, 4 },
  { "position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", { 6, 264, 9467, 422333 }, 3 },
  { "position 4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    { 6, 264, 9467, 422333 }, 3 },
  { "position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", { 44, 1486, 62379, 2103487 }, 3 },
  { "position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    { 46, 2079, 89890, 3894594 }, 3 },
}

-------------------------------------------------------------------------------
-- The board: a 10x12 mailbox, b[21 + file + 10 * rank] (file, rank 0..7; a1
-- is 21, h1 28, a8 91), OFF around it. Pieces are signed: White 1..6 (P N B
-- R Q K), Black -1..-6, 0 empty.
-------------------------------------------------------------------------------
local OFF = 99
local b = {}
for i = 0, 119 do b[i] = OFF end
local SQ, NAME = {}, {} -- the 64 squares a1 b1 .. h8; their names
for r = 0, 7 do
  for f = 0, 7 do
    local sq = 21 + f + 10 * r
    SQ[#SQ + 1], b[sq], NAME[sq] = sq, 0, string.char(97 + f) .. (r + 1)
  end
end
local function square(name) return 21 + (name:byte(1) - 97) + 10 * (name:byte(2) - 49) end
local PIECE = { P = 1, N = 2, B = 3, R = 4, Q = 5, K = 6, p = -1, n = -2, b = -3, r = -4, q = -5, k = -6 }
local CHAR = {}
for ch, p in pairs(PIECE) do CHAR[p] = ch end
local KNIGHT = { -21, -19, -12, -8, 8, 12, 19, 21 }
local KING = { -11, -10, -9, -1, 1, 9, 10, 11 }
local DIAG = { -11, -9, 9, 11 }
local ORTHO = { -10, -1, 1, 10 }
local SLIDES = { [3] = DIAG, [4] = ORTHO, [5] = KING }
-- Castling rights: 1 White short (K), 2 White long (Q), 4 Black short (k),
-- 8 Black long (q); what stays of them after a move from or to a square.
local KEEP = {}
for i = 0, 119 do KEEP[i] = 15 end
KEEP[25], KEEP[28], KEEP[21], KEEP[95], KEEP[98], KEEP[91] = 12, 14, 13, 3, 11, 7

-- The position: side (1 White, -1 Black), castling rights, the en-passant
-- target (the square passed over, 0 none: set after every double step),
-- halfmove clock, fullmove number, the kings' squares.
local side, castle, ep, half, full, kw, kb = 1, 0, 0, 0, 1, 0, 0
-- make/unmake: the undo stack (by depth), and a move list per depth.
local depth = 0
local U_cap, U_castle, U_ep, U_half = {}, {}, {}, {}
local lists = {}

-- Moves are integers: from | to << 7 | promotion kind << 14 | flag << 17,
-- the flag 1 a double step, 2 en passant, 3 castling.
local function attacked(sq, by)
  if by == 1 then
    if b[sq - 9] == 1 or b[sq - 11] == 1 then return true end
  elseif b[sq + 9] == -1 or b[sq + 11] == -1 then
    return true
  end
  local knight, king = 2 * by, 6 * by
  for i = 1, 8 do
    if b[sq + KNIGHT[i]] == knight or b[sq + KING[i]] == king then return true end
  end
  local bishop, rook, queen = 3 * by, 4 * by, 5 * by
  for i = 1, 4 do
    local d = DIAG[i]
    local t = sq + d
    local p = b[t]
    while p == 0 do t = t + d; p = b[t] end
    if p == bishop or p == queen then return true end
    d = ORTHO[i]
    t = sq + d
    p = b[t]
    while p == 0 do t = t + d; p = b[t] end
    if p == rook or p == queen then return true end
  end
  return false
end

local function in_check() return attacked(side == 1 and kw or kb, -side) end

-- The pseudo-legal moves into L[1..n]; n.
local function gen(L)
  local n, s = 0, side
  local fwd = 10 * s
  for i = 1, 64 do
    local sq = SQ[i]
    local p = b[sq] * s
    if p == 1 then
      local t = sq + fwd
      local last = (s == 1 and t >= 91) or (s == -1 and t <= 28)
      if b[t] == 0 then
        if last then
          for k = 5, 2, -1 do n = n + 1; L[n] = sq | t << 7 | k << 14 end
        else
          n = n + 1; L[n] = sq | t << 7
          if (s == 1 and sq <= 38) or (s == -1 and sq >= 81) then
            local t2 = t + fwd
            if b[t2] == 0 then n = n + 1; L[n] = sq | t2 << 7 | 1 << 17 end
          end
        end
      end
      for c = t - 1, t + 1, 2 do
        local q = b[c]
        if q == 0 then
          if c == ep then n = n + 1; L[n] = sq | c << 7 | 2 << 17 end
        elseif q ~= OFF and q * s < 0 then
          if last then
            for k = 5, 2, -1 do n = n + 1; L[n] = sq | c << 7 | k << 14 end
          else
            n = n + 1; L[n] = sq | c << 7
          end
        end
      end
    elseif p == 2 or p == 6 then
      local offs = p == 2 and KNIGHT or KING
      for j = 1, 8 do
        local t = sq + offs[j]
        local q = b[t]
        if q == 0 or (q ~= OFF and q * s < 0) then n = n + 1; L[n] = sq | t << 7 end
      end
      if p == 6 then
        if s == 1 then
          if sq == 25 and castle & 3 ~= 0 and not attacked(25, -1) then
            if castle & 1 ~= 0 and b[26] == 0 and b[27] == 0 and b[28] == 4
                and not attacked(26, -1) and not attacked(27, -1) then
              n = n + 1; L[n] = 25 | 27 << 7 | 3 << 17
            end
            if castle & 2 ~= 0 and b[24] == 0 and b[23] == 0 and b[22] == 0 and b[21] == 4
                and not attacked(24, -1) and not attacked(23, -1) then
              n = n + 1; L[n] = 25 | 23 << 7 | 3 << 17
            end
          end
        elseif sq == 95 and castle & 12 ~= 0 and not attacked(95, 1) then
          if castle & 4 ~= 0 and b[96] == 0 and b[97] == 0 and b[98] == -4
              and not attacked(96, 1) and not attacked(97, 1) then
            n = n + 1; L[n] = 95 | 97 << 7 | 3 << 17
          end
          if castle & 8 ~= 0 and b[94] == 0 and b[93] == 0 and b[92] == 0 and b[91] == -4
              and not attacked(94, 1) and not attacked(93, 1) then
            n = n + 1; L[n] = 95 | 93 << 7 | 3 << 17
          end
        end
      end
    elseif p > 2 then
      local dirs = SLIDES[p]
      for j = 1, #dirs do
        local d = dirs[j]
        local t = sq + d
        local q = b[t]
        while q == 0 do
          n = n + 1; L[n] = sq | t << 7
          t = t + d
          q = b[t]
        end
        if q ~= OFF and q * s < 0 then n = n + 1; L[n] = sq | t << 7 end
      end
    end
  end
  return n
end

local function make(m)
  local from, to, flag = m & 127, (m >> 7) & 127, m >> 17
  local p, cap = b[from], b[to]
  depth = depth + 1
  U_cap[depth], U_castle[depth], U_ep[depth], U_half[depth] = cap, castle, ep, half
  b[from] = 0
  local promo = (m >> 14) & 7
  if promo ~= 0 then b[to] = promo * side else b[to] = p end
  ep = 0
  if flag == 1 then
    ep = (from + to) // 2
  elseif flag == 2 then
    b[to - 10 * side] = 0
  elseif flag == 3 then
    if to > from then b[from + 1], b[from + 3] = b[from + 3], 0
    else b[from - 1], b[from - 4] = b[from - 4], 0 end
  end
  if p == 6 then kw = to elseif p == -6 then kb = to end
  castle = castle & KEEP[from] & KEEP[to]
  if p == 1 or p == -1 or cap ~= 0 then half = 0 else half = half + 1 end
  if side == -1 then full = full + 1 end
  side = -side
end

local function unmake(m)
  local from, to, flag = m & 127, (m >> 7) & 127, m >> 17
  side = -side
  if side == -1 then full = full - 1 end
  local p = b[to]
  if (m >> 14) & 7 ~= 0 then p = side end
  b[from], b[to] = p, U_cap[depth]
  if flag == 2 then
    b[to - 10 * side] = -side
  elseif flag == 3 then
    if to > from then b[from + 3], b[from + 1] = b[from + 1], 0
    else b[from - 4], b[from - 1] = b[from - 1], 0 end
  end
  if p == 6 then kw = from elseif p == -6 then kb = from end
  castle, ep, half = U_castle[depth], U_ep[depth], U_half[depth]
  depth = depth - 1
end

-- The legal moves into L[1..n] (others after n are junk); n.
local function legal_into(L)
  local n, k = gen(L), 0
  for i = 1, n do
    local m = L[i]
    make(m)
    if not attacked(side == 1 and kb or kw, side) then k = k + 1; L[k] = m end
    unmake(m)
  end
  return k
end

local function has_legal()
  local L = lists[depth]
  if not L then L = {}; lists[depth] = L end
  local n = gen(L)
  for i = 1, n do
    local m = L[i]
    make(m)
    local ok = not attacked(side == 1 and kb or kw, side)
    unmake(m)
    if ok then return true end
  end
  return false
end

local function perft(d)
  local L = lists[depth]
  if not L then L = {}; lists[depth] = L end
  local n, total = gen(L), 0
  for i = 1, n do
    local m = L[i]
    make(m)
    if not attacked(side == 1 and kb or kw, side) then
      if d <= 1 then total = total + 1 else total = total + perft(d - 1) end
    end
    unmake(m)
  end
  return total
end

-------------------------------------------------------------------------------
-- FEN, texts, material
-------------------------------------------------------------------------------
local function load_fen(fen)
  local place, stm, cas, eps, hm, fm = fen:match("^%s*(%S+)%s+([wb])%s+(%S+)%s+(%S+)%s*(%d*)%s*(%d*)")
  assert(place, "bad FEN: " .. fen)
  for i = 1, 64 do b[SQ[i]] = 0 end
  kw, kb = 0, 0
  local r, f = 7, 0
  for ch in place:gmatch(".") do
    if ch == "/" then
      r, f = r - 1, 0
    elseif ch:match("%d") then
      f = f + tonumber(ch)
    else
      local p, sq = assert(PIECE[ch], fen), 21 + f + 10 * r
      b[sq] = p
      if p == 6 then kw = sq elseif p == -6 then kb = sq end
      f = f + 1
    end
  end
  side = stm == "w" and 1 or -1
  castle = 0
  for ch in cas:gmatch("[KQkq]") do castle = castle | ({ K = 1, Q = 2, k = 4, q = 8 })[ch] end
  ep = eps == "-" and 0 or square(eps)
  half, full = tonumber(hm) or 0, tonumber(fm) or 1
  depth = 0
end

local BUG_EP = os.getenv("CHESS_REF_BUG") == "ep"

-- The en-passant field: the target when a pawn of the side to move stands
-- beside the pawn that double-stepped.
local function ep_field()
  if ep == 0 then return "-" end
  local pawn = ep - 10 * side
  if BUG_EP or b[pawn - 1] == side or b[pawn + 1] == side then return NAME[ep] end
  return "-"
end

local function fen()
  local rows = {}
  for r = 7, 0, -1 do
    local row, empty = {}, 0
    for f = 0, 7 do
      local p = b[21 + f + 10 * r]
      if p == 0 then
        empty = empty + 1
      else
        if empty > 0 then row[#row + 1], empty = empty, 0 end
        row[#row + 1] = CHAR[p]
      end
    end
    if empty > 0 then row[#row + 1] = empty end
    rows[#rows + 1] = table.concat(row)
  end
  local cas = (castle & 1 ~= 0 and "K" or "") .. (castle & 2 ~= 0 and "Q" or "") .. (castle & 4 ~= 0 and "k" or "")
      .. (castle & 8 ~= 0 and "q" or "")
  return string.format("%s %s %s %s %d %d", table.concat(rows, "/"), side == 1 and "w" or "b",
                       cas == "" and "-" or cas, ep_field(), half, full)
end

local function board_rows()
  local rows = {}
  for r = 7, 0, -1 do
    local t = {}
    for f = 0, 7 do
      local p = b[21 + f + 10 * r]
      t[f + 1] = p == 0 and "." or CHAR[p]
    end
    rows[#rows + 1] = table.concat(t)
  end
  return table.concat(rows, "/")
end

local KIND_CH = { [2] = "N", [3] = "B", [4] = "R", [5] = "Q" }
local function move_text(m)
  local from, to, flag = m & 127, (m >> 7) & 127, m >> 17
  if flag == 3 then return to > from and "O-O" or "O-O-O" end
  local t = NAME[from] .. ((b[to] ~= 0 or flag == 2) and "x" or "-") .. NAME[to]
  local promo = (m >> 14) & 7
  if promo ~= 0 then t = t .. "=" .. KIND_CH[promo] end
  return t
end

-- Kings alone, or with one knight or bishop in all, or with bishops all on
-- squares of one colour.
local function insufficient()
  local minors, knights, colours = 0, 0, 0
  for i = 1, 64 do
    local p = b[SQ[i]]
    if p < 0 then p = -p end
    if p == 1 or p == 4 or p == 5 then return false end
    if p == 2 then
      minors, knights = minors + 1, knights + 1
    elseif p == 3 then
      minors = minors + 1
      colours = colours | (1 << (((i - 1) // 8 + (i - 1) % 8) % 2))
    end
  end
  return minors <= 1 or (knights == 0 and colours ~= 3)
end

-------------------------------------------------------------------------------
-- Games: the position above plus the repetition counts and the end.
-------------------------------------------------------------------------------
local game
local function settle()
  local f = fen()
  local key = f:match("^%S+ %S+ %S+ %S+")
  local reps = (game.reps[key] or 0) + 1
  game.reps[key], game.fen = reps, f
  local L = {}
  local n = legal_into(L)
  for i = #L, n + 1, -1 do L[i] = nil end
  local over, winner, why = true, 0, nil
  if n == 0 then
    if in_check() then winner, why = side == 1 and 2 or 1, "checkmate" else why = "stalemate" end
  elseif half >= 100 then
    why = "fifty moves"
  elseif reps >= 3 then
    why = "threefold repetition"
  elseif insufficient() then
    why = "insufficient material"
  else
    over, winner = false, nil
  end
  game.over, game.winner, game.why = over, winner, why
  game.moves = over and {} or L
end

local function new_game(start)
  load_fen(start or START_FEN)
  game = { start = start or START_FEN, reps = {}, names = {}, ply = 0 }
  settle()
end

local function play(m)
  local text = move_text(m)
  make(m)
  game.ply = game.ply + 1
  game.names[game.ply] = text
  settle()
  return text
end

local function find_move(text)
  for _, m in ipairs(game.moves) do if move_text(m) == text then return m end end
  return nil
end

local function sorted_texts()
  local t = {}
  for i, m in ipairs(game.moves) do t[i] = move_text(m) end
  table.sort(t)
  return table.concat(t, " ")
end

-- What the engine's view should say now.
local function view()
  return {
    board = board_rows(), moves = sorted_texts(), to_move = side == 1 and 1 or 2,
    status = game.over and "over" or "ongoing", winner = game.over and tostring(game.winner) or "null",
    fen = game.fen, why = game.why,
  }
end

-------------------------------------------------------------------------------
-- Random games. The policies (by seed): 0 uniform; 1 captures (and
-- promotions, en passant, castling) preferred; 2 one side (by seed) plays
-- a mate in one when it has one, else like 1 but taking more often, the
-- other side uniform moves (mates, stalemates); 3 like 1 and, after a
-- random ply, each side moving its last move back when it can
-- (repetitions); 4 after a random ply, quiet moves of pieces (not pawns)
-- preferred (the fifty-move rule). Policy 1 ends mostly in insufficient
-- material.
-------------------------------------------------------------------------------
local POLICIES = { [0] = "uniform", "captures", "mates", "back and forth", "quiet" }
local tally_moves = { promotions = { Q = 0, R = 0, B = 0, N = 0 }, ep = 0, short = 0, long = 0, plies = 0 }

local function is_capture(m) return b[(m >> 7) & 127] ~= 0 or m >> 17 == 2 end
local function any(list) return list[math.random(#list)] end

local function gives_mate(m)
  make(m)
  local mate = in_check() and not has_legal()
  unmake(m)
  return mate
end

local function pick(policy, turn_point, last)
  local moves = game.moves
  if policy == 0 then return any(moves) end
  if policy == 4 then
    if game.ply >= turn_point and math.random(50) > 1 then
      local quiet = {}
      for _, m in ipairs(moves) do
        if not is_capture(m) and b[m & 127] * side ~= 1 then quiet[#quiet + 1] = m end
      end
      if #quiet > 0 then return any(quiet) end
    end
    return any(moves)
  end
  if policy == 2 then
    if side ~= game.strong then return any(moves) end
    for _, m in ipairs(moves) do if gives_mate(m) then return m end end
  end
  if policy == 3 and game.ply >= turn_point and last and math.random(10) > 1 then
    local back = (last >> 7) & 127 | (last & 127) << 7
    for _, m in ipairs(moves) do if m == back then return m end end
  end
  local special, captures = {}, {}
  for _, m in ipairs(moves) do
    if m >> 14 ~= 0 then special[#special + 1] = m end -- promotion, double step, en passant, castling
    if is_capture(m) then captures[#captures + 1] = m end
  end
  for i = #special, 1, -1 do
    if special[i] >> 17 == 1 then table.remove(special, i) end -- double steps are common enough
  end
  if #special > 0 and math.random(2) == 1 then return any(special) end
  if #captures > 0 and math.random(policy == 2 and 10 or 4) > 1 then return any(captures) end
  return any(moves)
end

local function count_move(m)
  local flag, promo = m >> 17, (m >> 14) & 7
  local t = tally_moves
  t.plies = t.plies + 1
  if promo ~= 0 then t.promotions[KIND_CH[promo]] = t.promotions[KIND_CH[promo]] + 1 end
  if flag == 2 then t.ep = t.ep + 1 end
  if flag == 3 then
    if (m >> 7) & 127 > m & 127 then t.short = t.short + 1 else t.long = t.long + 1 end
  end
end

-- Game `seed` from its start to its end: the views after every ply (0 ..),
-- its policy, its start and the plies that were a double step, en passant,
-- castling or a promotion. fn(view) may look at each position on the way.
local function random_game(seed, fn)
  math.randomseed(seed)
  local policy = seed % 5
  local start = START_FEN
  if seed % 7 == 6 then start = WIKI[2 + (seed // 7) % 6][2] end
  new_game(start)
  game.strong = (seed // 5) % 2 == 0 and 1 or -1
  local turn_point = math.random(10, 80)
  local last = {}
  local views, special = { [0] = view() }, {}
  if fn then fn(views[0]) end
  while not game.over do
    local m = pick(policy, turn_point, last[side])
    count_move(m)
    last[side] = m
    play(m)
    views[game.ply] = view()
    if m >> 14 ~= 0 then special[#special + 1] = game.ply end
    if fn then fn(views[game.ply]) end
  end
  return views, policy, start, special
end

local function summary(ends)
  local t = {}
  for k, v in pairs(ends) do t[#t + 1] = k .. " " .. v end
  table.sort(t)
  local p = tally_moves.promotions
  return string.format("%s; %d plies, promotions Q %d R %d B %d N %d, en passant %d, O-O %d, O-O-O %d",
                       table.concat(t, ", "), tally_moves.plies, p.Q, p.R, p.B, p.N, tally_moves.ep,
                       tally_moves.short, tally_moves.long)
end

-------------------------------------------------------------------------------
-- The reference as the command (--as-engine): a stand-in for trying the
-- comparison.
-------------------------------------------------------------------------------
if as_engine then
  local cmd, opts, i = arg[2], {}, 4
  if cmd == "perft" then opts.depth, i = tonumber(arg[4]), 5 end
  while arg[i] do
    if arg[i] == "--position" or arg[i] == "--moves" then opts[arg[i]:sub(3)], i = arg[i + 1], i + 2
    else i = i + 1 end
  end
  if cmd == "perft" then
    load_fen(opts.position or START_FEN)
    for d = 1, opts.depth do print(string.format("perft %d %d", d, perft(d))) end
  else
    new_game(opts.position)
    for text in (opts.moves or ""):gmatch("%S+") do
      local m = find_move(text)
      if not m then print("illegal move: " .. text) os.exit(1) end
      play(m)
    end
    local v, q = view(), {}
    for t in v.moves:gmatch("%S+") do q[#q + 1] = '"' .. t .. '"' end
    local rows = {}
    for r in v.board:gmatch("[^/]+") do rows[#rows + 1] = '"' .. r .. '"' end
    print(string.format('{"moves":[%s],"board":[%s],"to_move":%d,"status":"%s","winner":%s,"fen":"%s"}',
                        table.concat(q, ","), table.concat(rows, ","), v.to_move, v.status, v.winner, v.fen))
  end
  os.exit(0)
end

-------------------------------------------------------------------------------
-- The reference alone (--self)
-------------------------------------------------------------------------------
if self_test then
  local failed, checks = 0, 0
  local function check(what, got, want)
    checks = checks + 1
    if tostring(got) ~= tostring(want) then
      failed = failed + 1
      print(string.format("FAIL %s: got %s, want %s", what, tostring(got), tostring(want)))
    end
  end
  -- The game from fen after the moves (texts); a refused move ends it.
  local function after(start, texts)
    new_game(start)
    for text in texts:gmatch("%S+") do
      local m = find_move(text)
      if not m then return { refused = text, fen = game.fen } end
      play(m)
    end
    local v = view()
    v.ending = string.format("%s %s", tostring(game.over), tostring(game.winner))
    return v
  end
  local function has(start, text)
    new_game(start)
    return find_move(text) ~= nil
  end
  local function ending(start, texts) return after(start, texts).ending end

  -- A second move generator, naive: from the FEN text alone, on an 8x8
  -- array; every piece tried on every square by the geometry, each move
  -- played on a copy and the king looked for and tested by every enemy piece.
  local function naive_moves(f)
    local place, stm, cas, eps = f:match("^(%S+) (%S+) (%S+) (%S+)")
    local g, r, c = {}, 8, 1
    for ch in place:gmatch(".") do
      if ch == "/" then r, c = r - 1, 1
      elseif ch:match("%d") then for _ = 1, tonumber(ch) do g[r * 10 + c], c = ".", c + 1 end
      else g[r * 10 + c], c = ch, c + 1 end
    end
    local white = stm == "w"
    local function mine(ch, w) return ch ~= "." and (ch == ch:upper()) == w end
    local function clear(gg, r1, c1, r2, c2)
      local dr, dc = (r2 > r1 and 1) or (r2 < r1 and -1) or 0, (c2 > c1 and 1) or (c2 < c1 and -1) or 0
      local rr, cc = r1 + dr, c1 + dc
      while rr ~= r2 or cc ~= c2 do
        if gg[rr * 10 + cc] ~= "." then return false end
        rr, cc = rr + dr, cc + dc
      end
      return true
    end
    -- Whether the piece on (r1, c1) attacks (r2, c2).
    local function hits(gg, r1, c1, r2, c2)
      local ch = gg[r1 * 10 + c1]
      local k, dr, dc = ch:upper(), r2 - r1, c2 - c1
      local ar, ac = math.abs(dr), math.abs(dc)
      if ar + ac == 0 then return false end
      if k == "P" then return ac == 1 and dr == (ch == "P" and 1 or -1) end
      if k == "N" then return ar * ac == 2 end
      if k == "K" then return ar <= 1 and ac <= 1 end
      local line, diag = dr == 0 or dc == 0, ar == ac
      if (k == "R" and line) or (k == "B" and diag) or (k == "Q" and (line or diag)) then
        return clear(gg, r1, c1, r2, c2)
      end
      return false
    end
    local function attacked_by(gg, r2, c2, w)
      for rr = 1, 8 do
        for cc = 1, 8 do
          if mine(gg[rr * 10 + cc], w) and hits(gg, rr, cc, r2, c2) then return true end
        end
      end
      return false
    end
    local out = {}
    local function try(r1, c1, r2, c2, text, extra)
      local gg = {}
      for k, v in pairs(g) do gg[k] = v end
      gg[r2 * 10 + c2], gg[r1 * 10 + c1] = gg[r1 * 10 + c1], "."
      if extra then extra(gg) end
      for rr = 1, 8 do
        for cc = 1, 8 do
          if gg[rr * 10 + cc] == (white and "K" or "k") and not attacked_by(gg, rr, cc, not white) then
            out[#out + 1] = text
          end
        end
      end
    end
    local function name(rr, cc) return string.char(96 + cc) .. rr end
    local dir, home, last = white and 1 or -1, white and 2 or 7, white and 8 or 1
    for r1 = 1, 8 do
      for c1 = 1, 8 do
        local ch = g[r1 * 10 + c1]
        if mine(ch, white) then
          for r2 = 1, 8 do
            for c2 = 1, 8 do
              local to = g[r2 * 10 + c2]
              local base = name(r1, c1) .. (to == "." and "-" or "x") .. name(r2, c2)
              if ch:upper() == "P" then
                local ok = false
                if c2 == c1 and to == "." then
                  ok = r2 == r1 + dir or (r1 == home and r2 == r1 + 2 * dir and g[(r1 + dir) * 10 + c1] == ".")
                elseif math.abs(c2 - c1) == 1 and r2 == r1 + dir then
                  if to ~= "." and not mine(to, white) then
                    ok = true
                  elseif to == "." and eps == name(r2, c2) then
                    try(r1, c1, r2, c2, name(r1, c1) .. "x" .. name(r2, c2), function(gg) gg[r1 * 10 + c2] = "." end)
                  end
                end
                if ok and r2 == last then
                  for _, k in ipairs({ "Q", "R", "B", "N" }) do
                    try(r1, c1, r2, c2, base .. "=" .. k,
                        function(gg) gg[r2 * 10 + c2] = white and k or k:lower() end)
                  end
                elseif ok then
                  try(r1, c1, r2, c2, base)
                end
              elseif not mine(to, white) and hits(g, r1, c1, r2, c2) then
                try(r1, c1, r2, c2, base)
              end
            end
          end
        end
      end
    end
    -- Castling, from the rights and the squares.
    local rank, kch, rch = white and 1 or 8, white and "K" or "k", white and "R" or "r"
    local function empty(...)
      for _, cc in ipairs({ ... }) do if g[rank * 10 + cc] ~= "." then return false end end
      return true
    end
    local function safe(...)
      for _, cc in ipairs({ ... }) do if attacked_by(g, rank, cc, not white) then return false end end
      return true
    end
    if g[rank * 10 + 5] == kch then
      if cas:find(white and "K" or "k", 1, true) and g[rank * 10 + 8] == rch and empty(6, 7) and safe(5, 6, 7) then
        out[#out + 1] = "O-O"
      end
      if cas:find(white and "Q" or "q", 1, true) and g[rank * 10 + 1] == rch and empty(2, 3, 4) and safe(5, 4, 3) then
        out[#out + 1] = "O-O-O"
      end
    end
    table.sort(out)
    return table.concat(out, " ")
  end

  -- 1. Perft: the published counts.
  local t1 = os.clock()
  for _, w in ipairs(WIKI) do
    local t, counts = os.clock(), {}
    load_fen(w[2])
    for d = 1, #w[3] do
      counts[d] = perft(d)
      check(string.format("perft %s depth %d", w[1], d), counts[d], w[3][d])
    end
    check("perft undoes its moves: " .. w[1], fen(), w[2])
    print(string.format("perft %s: %s (%.1f s)", w[1], table.concat(counts, " "), os.clock() - t))
  end
  local perft_time = os.clock() - t1

  -- 2. Hand-worked positions.
  new_game()
  check("start fen", game.fen, START_FEN)
  check("start moves", sorted_texts(), "a2-a3 a2-a4 b1-a3 b1-c3 b2-b3 b2-b4 c2-c3 c2-c4 d2-d3 d2-d4 e2-e3 e2-e4 "
        .. "f2-f3 f2-f4 g1-f3 g1-h3 g2-g3 g2-g4 h2-h3 h2-h4")
  check("start board", view().board, "rnbqkbnr/pppppppp/......../......../......../......../PPPPPPPP/RNBQKBNR")
  for _, w in ipairs(WIKI) do load_fen(w[2]); check("fen written back: " .. w[1], fen(), w[2]) end
  -- FEN: en passant written only beside a pawn of the side to move; clocks.
  check("e4: no en passant field", after(nil, "e2-e4").fen,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
  check("clocks", after(nil, "g1-f3 g8-f6").fen, "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2")
  local v = after(nil, "e2-e4 c7-c5 e4-e5 d7-d5")
  check("d5: en passant field", v.fen, "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")
  check("en passant offered", v.moves:find("e5xd6", 1, true) ~= nil, true)
  check("en passant played", after(nil, "e2-e4 c7-c5 e4-e5 d7-d5 e5xd6").fen,
        "rnbqkbnr/pp2pppp/3P4/2p5/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3")
  check("en passant only at once", after(nil, "e2-e4 c7-c5 e4-e5 d7-d5 g1-f3 g8-f6").moves:find("e5xd6", 1, true), nil)
  -- En passant that would expose the king along the rank.
  v = after("8/2p5/8/KP5r/8/8/8/7k b - - 0 1", "c7-c5")
  check("en passant exposing the king: the field is written", v.fen, "8/8/8/KPp4r/8/8/8/7k w - c6 0 2")
  check("en passant exposing the king: refused", v.moves:find("b5xc6", 1, true), nil)
  check("en passant without the rook", after("8/2p5/8/KP6/8/8/8/7k b - - 0 1", "c7-c5 b5xc6").fen,
        "8/8/2P5/K7/8/8/8/7k b - - 0 2")
  check("en passant out of check (the checking pawn taken)", has("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "e4xd3"), true)
  -- Castling.
  local both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
  check("castling both ways", tostring(has(both, "O-O")) .. " " .. tostring(has(both, "O-O-O")), "true true")
  check("O-O", after(both, "O-O").fen, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1")
  check("O-O-O, then O-O", after(both, "O-O-O O-O").fen, "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2")
  check("O-O-O, then O-O-O across the attacked d8", has(after(both, "O-O-O").fen, "O-O-O"), false)
  local through = "4k3/8/b7/8/8/8/8/R3K2R w KQ - 0 1"
  check("castling through check refused", tostring(has(through, "O-O")) .. " " .. tostring(has(through, "O-O-O")),
        "false true")
  local into = "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"
  check("castling into check refused", tostring(has(into, "O-O")) .. " " .. tostring(has(into, "O-O-O")), "false true")
  local out_of = "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1"
  check("castling out of check refused", tostring(has(out_of, "O-O")) .. " " .. tostring(has(out_of, "O-O-O")),
        "false false")
  check("b1 attacked: O-O-O allowed", has("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O"), true)
  check("b1 occupied: O-O-O refused", has("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "O-O-O"), false)
  check("a rook move loses its side", after(both, "h1-h2").fen, "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1")
  check("a rook taken on its square", after(both, "a1xa8").fen, "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1")
  check("a king move loses both", after(both, "e1-e2 e8-d8").fen, "r2k3r/8/8/8/8/8/4K3/R6R w - - 2 2")
  check("no rook, no castling", has("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", "O-O-O"), false)
  -- Pins.
  check("a pinned bishop", after("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "").moves, "e1-d1 e1-d2 e1-f1 e1-f2")
  check("a pinned rook along the pin", after("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "").moves,
        "e1-d1 e1-d2 e1-f1 e1-f2 e2-e3 e2-e4 e2-e5 e2-e6 e2xe7")
  check("a king does not step along the checking line", has("4k3/4r3/8/8/8/8/8/4K3 w - - 0 1", "e1-e2"), false)
  -- Promotion.
  local promo = "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1"
  v = after(promo, "")
  check("promotions offered", v.moves,
        "b7-b8=B b7-b8=N b7-b8=Q b7-b8=R b7xa8=B b7xa8=N b7xa8=Q b7xa8=R e1-d1 e1-d2 e1-e2 e1-f1 e1-f2")
  for _, k in ipairs({ "Q", "R", "B", "N" }) do
    check("promotion to " .. k, after(promo, "b7-b8=" .. k).fen, "r" .. k .. "2k3/8/8/8/8/8/8/4K3 b q - 0 1")
  end
  check("promotion taking a rook, check", after(promo, "b7xa8=Q").fen .. " " .. tostring(in_check()),
        "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1 true")
  v = after("4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2-a1=Q")
  check("Black promotes to a queen", v.fen .. " " .. tostring(in_check()), "4k3/8/8/8/8/8/8/q3K3 w - - 0 2 true")
  check("Black promotes to a knight: insufficient material", ending("4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2-a1=N"),
        "true 0")
  check("Black promotes to a rook: on", ending("4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2-a1=R"), "false nil")
  -- Mate and stalemate.
  v = after(nil, "f2-f3 e7-e5 g2-g4 d8-h4")
  check("fool's mate", v.ending .. " " .. v.fen .. " [" .. v.moves .. "]",
        "true 2 rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 []")
  check("back-rank mate", ending("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1-a8"), "true 1")
  check("a check, not mate", ending("6k1/6pp/8/8/8/8/8/R5K1 w - - 0 1", "a1-a8"), "false nil")
  check("stalemate", ending("k7/8/8/1Q6/8/8/8/4K3 w - - 0 1", "b5-b6"), "true 0")
  check("stalemate: Black has no move", after("k7/8/8/1Q6/8/8/8/4K3 w - - 0 1", "b5-b6").why, "stalemate")
  -- The fifty-move rule.
  local fifty = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"
  v = after(fifty, "e1-d1")
  check("fifty moves: a draw at ply 100", v.ending .. " " .. v.fen, "true 0 4k3/8/8/8/8/8/8/R2K4 b - - 100 80")
  check("fifty moves: not at 99", ending("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", "e1-d1"), "false nil")
  check("fifty moves: a pawn move resets", after("4k3/8/8/8/8/8/P7/4K3 w - - 99 80", "a2-a3").ending, "false nil")
  check("fifty moves: a capture resets", after("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80", "a1xa2").ending, "false nil")
  check("fifty moves: mate on ply 100 stands", ending("k7/8/1K6/8/8/8/8/7R w - - 99 80", "h1-h8"), "true 1")
  check("fifty moves: a clock given at 100", ending("4k3/8/8/8/8/8/8/R3K3 w - - 100 80", ""), "true 0")
  -- Threefold repetition.
  local shuffle, back = "g1-f3 g8-f6 f3-g1 f6-g8 ", "g8-f6 g1-f3 f6-g8 f3-g1 "
  check("threefold: twice is not enough", ending(nil, shuffle .. "g1-f3 g8-f6 f3-g1"), "false nil")
  check("threefold: the start a third time", ending(nil, shuffle .. shuffle), "true 0")
  check("threefold: e3 not counted without a pawn beside", ending(nil, "e2-e4 " .. back .. back), "true 0")
  local beside = "4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1"
  check("threefold: e3 counted beside a pawn (the field)", after(beside, "e2-e4").fen,
        "4k1n1/8/8/8/3pP3/8/8/4K1N1 b - e3 0 1")
  -- (e3 counted, the position after ply 1 is not that after 5 and 9; the
  -- one after ply 2 recurs after 6 and 10)
  check("threefold: e3 counted, not at ply 9", ending(beside, "e2-e4 " .. back .. back), "false nil")
  check("threefold: e3 counted, at ply 10", ending(beside, "e2-e4 " .. back .. back .. "g8-f6"), "true 0")
  local kings = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
  local walk = "e1-f1 e8-f8 f1-e1 f8-e8 "
  -- (the start is not the position after ply 4 and 8, without the rights;
  -- the one after ply 2 recurs after 6 and 10)
  check("threefold: castling rights count (not at ply 8)", ending(kings, walk .. walk), "false nil")
  check("threefold: castling rights count (at ply 10)", ending(kings, walk .. walk .. "e1-f1 e8-f8"), "true 0")
  -- Insufficient material.
  local function takes(placement, text) return ending(placement .. " w - - 0 1", text or "e1xd2") end
  check("insufficient: kings alone", takes("4k3/8/8/8/8/8/3r4/4K3"), "true 0")
  check("insufficient: one bishop", takes("4k3/8/8/8/8/8/3r4/4KB2"), "true 0")
  check("insufficient: one knight", takes("4k3/8/8/8/8/8/3r4/4KN2"), "true 0")
  check("insufficient: two knights are not", takes("4k3/8/8/8/8/8/3r4/1N2KN2"), "false nil")
  check("insufficient: knight and bishop are not", takes("4k1n1/8/8/8/8/8/3r4/4KB2"), "false nil")
  check("insufficient: bishops on one colour", takes("2b1k3/8/8/8/8/8/3r4/4KB1B"), "true 0")
  check("insufficient: bishops on both colours are not", takes("4kb2/8/8/8/8/8/3r4/4KB2"), "false nil")
  check("insufficient: a pawn is not", takes("4k3/7p/8/8/8/8/3r4/4K3"), "false nil")
  check("insufficient: given so", ending("8/8/8/4k3/8/8/8/4K3 w - - 0 1", ""), "true 0")

  -- 3. Random games: the naive generator agrees (at every position of the
  -- first 10 games, every third of the others), the FEN reads back, and
  -- every end happens.
  local ends, whys, positions, agreed, naive_time = {}, {}, 0, 0, 0
  local t2 = os.clock()
  for seed = 1, 60 do
    local n = 0
    local views = random_game(seed, function(vw)
      n = n + 1
      -- (a game ended by a draw rule has no moves; the naive generator
      -- knows no draw rules)
      if (n % 3 == 1 or seed <= 10) and (vw.status == "ongoing" or vw.why == "checkmate" or vw.why == "stalemate") then
        local tn = os.clock()
        positions = positions + 1
        local naive = naive_moves(vw.fen)
        if naive == vw.moves then agreed = agreed + 1
        else print("generators differ at " .. vw.fen .. "\n  fast:  " .. vw.moves .. "\n  naive: " .. naive) end
        naive_time = naive_time + os.clock() - tn
      end
    end)
    local last = views[#views]
    load_fen(last.fen)
    check("FEN read back, seed " .. seed, fen(), last.fen)
    local key = last.why .. (last.winner ~= "0" and " (" .. last.winner .. ")" or "")
    ends[key], whys[last.why] = (ends[key] or 0) + 1, true
  end
  check("generators agree", agreed, positions)
  for _, why in ipairs({ "checkmate", "stalemate", "fifty moves", "threefold repetition", "insufficient material" }) do
    check("random games end by " .. why, whys[why] ~= nil, true)
  end
  local p = tally_moves.promotions
  check("random games promote to every kind", p.Q > 0 and p.R > 0 and p.B > 0 and p.N > 0, true)
  local tm = tally_moves
  check("random games take en passant and castle both ways", tm.ep > 0 and tm.short > 0 and tm.long > 0, true)
  print(string.format("random games: 60 (%.1f s, %d positions against the naive generator: %.1f s): %s",
                      os.clock() - t2, positions, naive_time, summary(ends)))
  print(string.format("chess reference alone: %d checks, %d failed (perft %.1f s, all %.1f s)", checks, failed,
                      perft_time, os.clock() - t0))
  os.exit(failed == 0 and 0 or 1)
end

-------------------------------------------------------------------------------
-- The engine
-------------------------------------------------------------------------------
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run, tally = cli.run, cli.tally()
local report = tally.report

local function compare(start, names, want)
  local where = start ~= START_FEN and string.format(" --position '%s'", start) or ""
  local moves = #names > 0 and string.format(" --moves '%s'", table.concat(names, " ")) or ""
  local cmd = string.format("%s play chess%s%s --json", tavola, where, moves)
  local out = run(cmd)
  local problems = {}
  local function expect(what, got, w) cli.expect(problems, what, got, w) end
  local v = cli.view(out)
  expect("board", v.board, want.board)
  expect("moves", cli.sorted_texts(v.moves), want.moves)
  expect("to_move", v.to_move, want.to_move)
  expect("status", v.status, want.status)
  expect("winner", v.winner, want.winner)
  expect("fen", out:match('"fen":"(.-)"'), want.fen)
  if #problems > 0 and not v.json then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  return problems, cmd
end

-------------------------------------------------------------------------------
-- 1. Perft
-------------------------------------------------------------------------------
for _, w in ipairs(WIKI) do
  local name, start, published, deep = w[1], w[2], w[3], w[4]
  local where = start ~= START_FEN and string.format(" --position '%s'", start) or ""
  local cmd = string.format("%s perft chess %d%s", tavola, deep, where)
  local out = run(cmd)
  local engine = cli.engine_perft(out)
  local problems, counts, t = {}, {}, os.clock()
  load_fen(start)
  for d = 1, deep do
    local c = perft(d)
    counts[d] = tostring(c)
    if c ~= published[d] then
      problems[#problems + 1] = string.format("perft %d: the reference %d, published %d", d, c, published[d])
    end
    if engine[d] ~= c then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), c)
    end
  end
  if #problems > 0 and not next(engine) then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  print(string.format("perft chess %s: %s  %s (%.1f s)", name, table.concat(counts, " "),
                      #problems == 0 and "PASS" or "FAIL", os.clock() - t))
  report("perft chess " .. name, problems, cmd)
end

-------------------------------------------------------------------------------
-- 2. Hand-worked positions (--self checks what the reference says of them):
-- the corners random games seldom reach. Each is compared in full.
-------------------------------------------------------------------------------
local HAND = {
  { "en passant offered", nil, "e2-e4 c7-c5 e4-e5 d7-d5" },
  { "en passant taken", nil, "e2-e4 c7-c5 e4-e5 d7-d5 e5xd6" },
  { "en passant gone a move later", nil, "e2-e4 c7-c5 e4-e5 d7-d5 g1-f3 g8-f6" },
  { "en passant exposing the king (the FEN field still written)", "8/2p5/8/KP5r/8/8/8/7k b - - 0 1", "c7-c5" },
  { "en passant taking the checking pawn", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "" },
  { "castling both ways, then O-O-O and O-O", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O O-O" },
  { "castling through check", "4k3/8/b7/8/8/8/8/R3K2R w KQ - 0 1", "" },
  { "castling into check", "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "" },
  { "castling out of check", "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "" },
  { "castling with b1 attacked", "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "" },
  { "castling rights: a rook taken on its square", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1xa8" },
  { "castling rights: a king move", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1-e2 e8-d8" },
  { "a pinned rook", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "" },
  { "promotions", "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", "" },
  { "promotion to a knight", "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", "b7-b8=N" },
  { "promotion taking a rook", "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", "b7xa8=Q" },
  { "Black promotes to a knight: insufficient material", "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2-a1=N" },
  { "Black promotes to a bishop: insufficient material", "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2-a1=B" },
  { "fool's mate", nil, "f2-f3 e7-e5 g2-g4 d8-h4" },
  { "stalemate", "k7/8/8/1Q6/8/8/8/4K3 w - - 0 1", "b5-b6" },
  { "fifty moves at ply 100", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "e1-d1" },
  { "fifty moves: a capture resets", "4k3/8/8/8/8/8/r7/R3K3 w - - 99 80", "a1xa2" },
  { "fifty moves: mate on ply 100 stands", "k7/8/1K6/8/8/8/8/7R w - - 99 80", "h1-h8" },
  { "fifty moves: a clock given at 100", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", "" },
  { "threefold: twice", nil, "g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1" },
  { "threefold: the start a third time", nil, "g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1 f6-g8" },
  { "threefold: e3 not counted", nil, "e2-e4 g8-f6 g1-f3 f6-g8 f3-g1 g8-f6 g1-f3 f6-g8 f3-g1" },
  { "threefold: e3 counted, not yet", "4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1",
    "e2-e4 g8-f6 g1-f3 f6-g8 f3-g1 g8-f6 g1-f3 f6-g8 f3-g1" },
  { "threefold: e3 counted", "4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1",
    "e2-e4 g8-f6 g1-f3 f6-g8 f3-g1 g8-f6 g1-f3 f6-g8 f3-g1 g8-f6" },
  { "threefold: castling rights count, not yet", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "e1-f1 e8-f8 f1-e1 f8-e8 e1-f1 e8-f8 f1-e1 f8-e8" },
  { "threefold: castling rights count", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "e1-f1 e8-f8 f1-e1 f8-e8 e1-f1 e8-f8 f1-e1 f8-e8 e1-f1 e8-f8" },
  { "insufficient: kings alone", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1xd2" },
  { "insufficient: two knights are not", "4k3/8/8/8/8/8/3r4/1N2KN2 w - - 0 1", "e1xd2" },
  { "insufficient: knight and bishop are not", "4k1n1/8/8/8/8/8/3r4/4KB2 w - - 0 1", "e1xd2" },
  { "insufficient: bishops on one colour", "2b1k3/8/8/8/8/8/3r4/4KB1B w - - 0 1", "e1xd2" },
  { "insufficient: bishops on both colours are not", "4kb2/8/8/8/8/8/3r4/4KB2 w - - 0 1", "e1xd2" },
  { "insufficient: given so", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", "" },
}
local hand_passed = 0
for _, h in ipairs(HAND) do
  new_game(h[2])
  for text in h[3]:gmatch("%S+") do play(assert(find_move(text), text)) end
  local problems, cmd = compare(game.start, game.names, view())
  if #problems == 0 then hand_passed = hand_passed + 1 end
  report("chess: " .. h[1], problems, cmd)
end
print(string.format("hand-worked positions: %d of %d agree", hand_passed, #HAND))

-------------------------------------------------------------------------------
-- 3. Random games
-------------------------------------------------------------------------------
local n_games, ends = math.max(10, games // 20), {}
for seed = 1, n_games do
  local views, policy, start, special = random_game(seed)
  local plies = #views
  local last = views[plies]
  local key = last.why .. (last.winner ~= "0" and " (" .. last.winner .. ")" or "")
  ends[key] = (ends[key] or 0) + 1
  local label = string.format("chess seed %d (policy %s%s, %s at ply %d)", seed, POLICIES[policy],
                              start ~= START_FEN and ", from " .. start or "", last.why, plies)
  report(label, compare(start, game.names, last)) -- the end, every move accepted on the way
  -- and two states on the way: one anywhere, one right after a double step,
  -- en passant, castling or a promotion (where the FEN fields change)
  local k2 = #special > 0 and special[math.random(#special)] or math.random(0, plies)
  for _, k in ipairs({ math.random(0, plies), k2 }) do
    report(label .. " after " .. k, compare(start, table.move(game.names, 1, k, 1, {}), views[k]))
  end
end
print(string.format("random games: %d of GAMES %d (ends: %s)", n_games, games, summary(ends)))
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
tally.finish("chess reference")
