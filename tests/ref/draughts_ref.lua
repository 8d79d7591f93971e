-- An independent plain-Lua International draughts (FMJD rules; not the
-- engine's code, nor its primitives): its own padded 12x12 board, capture
-- search (majority rule, Turkish strike, flying kings), make/unmake, end
-- rules and position strings, compared with the tavola command
--   1. on perft from the start (depth 5), the reference's counts also checked
--      against the published ones (Aart Bik's BikDam: --self goes to depth
--      7, DRAUGHTS_REF_DEPTH=9 to all nine, about a minute), and from the
--      hand-made starts with kings below (depth 4);
--   2. on the hand-worked positions of --self (the majority rule, flying
--      captures and their landings, the Turkish strike, promotion refused in
--      passing, backward captures, "(2)" texts, one move by two orders, each
--      end and its edges), compared in full;
--   3. on random games: each game is played move by move by the engine (which
--      must accept every move the reference finds legal), and the state at
--      the end and after two random prefixes (one of them right after a
--      promotion, a capture of three or more, or where two captures share
--      their ends) is compared in full: board, legal moves, side to move,
--      status, winner and the position string. Draughts games run some
--      100 plies, so GAMES is scaled: max(10, GAMES // 10) games are played
--      (30 for make check's 300, 200 for 2000). Their policies (by seed) mix
--      uniform moves with ones that crown and prefer king moves, offer
--      sacrifices (long captures), move back and forth (repetitions) and
--      shuffle kings safely (the 50-ply rule), and half the time play a
--      capture that shares its ends with another when there is one; some
--      games start from hand-made positions with kings (--position).
-- The rules: a 10x10 board, a1 dark, play on the dark squares (a1, c1, ...,
-- b2, d2, ...). White (player 1, upper case: men M, kings K) has 20 men on
-- the dark squares of rows 1-4 and moves first, forward is towards row 10;
-- Black (player 2, m, k) on rows 7-10. A man steps one square diagonally
-- forward; a king (flying) moves any distance along a diagonal over empty
-- squares. A man captures forwards and backwards by jumping an adjacent enemy
-- piece to the empty square right beyond; a king passes any number of empty
-- squares, jumps one enemy piece and lands on any of the empty squares right
-- beyond it. A capture goes on while the piece can capture from where it
-- landed. Captured pieces leave the board only when the move is over
-- (Turkish strike): until then they block (nothing passes over or lands on
-- them) and none is jumped twice; the moving piece's start square counts as
-- empty. Capturing is compulsory, the most pieces (men and kings alike);
-- among those, any. A man whose move ends on the far row (10 for White, 1
-- for Black) becomes a king; one that passes it during a capture and leaves
-- it again stays a man (and captures on as a man). Two sequences with the
-- same start, end and set of captured pieces are one move. The game ends, in
-- this order: the side to move without a move (no pieces, or all blocked)
-- loses; 50 plies in a row without a man move and without a capture (FMJD's
-- 25-move king rule): a draw; the same position (board and side to move)
-- for the third time: a draw. Ended games have no moves.
-- Move texts: "a3-b4", a capture "c3xe5" (start and end only, even for a
-- chain); several captures with the same start and end (different captured
-- sets) are ordered by their captured sets (each the sorted list of cell
-- indices, a1 = 0, b1 = 1, ..., j1 = 9, a2 = 10, ..., j10 = 99, compared
-- lexicographically): the first "c3xe5", the k-th "c3xe5(k)".
-- Position strings: the rows from row 10 down, "/" between, the side to
-- move, "-", the ply and the plies since the last man move or capture.
-- Perft counts legal move paths (the move generator only: the draw rules
-- cannot act at the depths compared).
-- usage: lua5.4 tests/ref/draughts_ref.lua path/to/tavola [GAMES]
--        lua5.4 tests/ref/draughts_ref.lua --self   (the reference alone: the
--        published perft counts, hand-worked positions, random games against
--        a second, naive move generator; DRAUGHTS_REF_DEPTH=9 goes deeper)
--        lua5.4 tests/ref/draughts_ref.lua --as-engine perft draughts D [--position P]
--        lua5.4 tests/ref/draughts_ref.lua --as-engine play draughts [--position P] [--moves M] --json
--        (the reference answering as the command would: a stand-in to try
--        the comparison on; DRAUGHTS_REF_BUG=promote makes a man crown when it
--        passes the far row in a capture, which the comparison must catch)
local self_test = arg[1] == "--self"
local as_engine = arg[1] == "--as-engine"
local tavola = (not self_test and not as_engine and arg[1]) or "build/tavola"
local games = tonumber((not as_engine and arg[2]) or "300")
local t0, wall0 = os.clock(), os.time()

-- Aart Bik's perft from the start (BikDam), depths 1-9, duplicate captures
-- (same start, end and captured set) counted once.
local PUBLISHED = { 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423 }
local ENGINE_DEPTH = 5
local START_DEPTH = 4 -- perft from the hand-made starts with kings
local SELF_DEPTH = tonumber(os.getenv("DRAUGHTS_REF_DEPTH") or "7")
local QUIET_LIMIT = 50 -- plies without a man move or a capture: a draw
local REPEATS = 3      -- the same position this often: a draw

-------------------------------------------------------------------------------
-- The board: b[(row + 1) * 12 + col + 1] (col, row 0..9: a1 is 13, j1 22,
-- a10 121, j10 130), OFF around it. Pieces: 1 White man, 2 White king,
-- 3 Black man, 4 Black king, 0 empty; TAKEN marks a piece captured during
-- the chain being searched (it blocks and is no enemy).
-------------------------------------------------------------------------------
local OFF, TAKEN = 7, 8
local MAN, KING = { 1, 3 }, { 2, 4 }
local CHAR = { [0] = ".", "M", "K", "m", "k" }
local PIECE = { ["."] = 0, M = 1, K = 2, m = 3, k = 4 }
local OWNER = { [0] = 0, 1, 1, 2, 2 }
local ENEMY = { { [3] = true, [4] = true }, { [1] = true, [2] = true } }
local DIRS = { 13, 11, -11, -13 } -- NE, NW, SE, SW
local FWD = { { 13, 11 }, { -11, -13 } }
local b = {}
for i = 0, 143 do b[i] = OFF end
local SQ, NAME, CELL, FAR = {}, {}, {}, { {}, {} } -- the 50 dark squares; names; cell index; far rows
for r = 0, 9 do
  for c = 0, 9 do
    local sq = (r + 1) * 12 + c + 1
    b[sq], NAME[sq], CELL[sq] = 0, string.char(97 + c) .. (r + 1), c + 10 * r
    if (r + c) % 2 == 0 then SQ[#SQ + 1] = sq end
    FAR[1][sq], FAR[2][sq] = r == 9, r == 0
  end
end
local function square(name)
  local c, r = name:byte(1) - 97, tonumber(name:sub(2))
  return (r) * 12 + c + 1
end

local side = 1 -- 1 White, 2 Black
local BUG_PROMOTE = os.getenv("DRAUGHTS_REF_BUG") == "promote"

-------------------------------------------------------------------------------
-- The move generator. A move is a table { from, to, piece before, piece
-- after, captures... }, each capture sq << 3 | the piece taken, sorted by
-- square (so by cell index). Captures are searched depth first from each
-- piece, its start square emptied, each captured piece marked TAKEN until
-- the search comes back; a sequence is recorded where it cannot go on, only
-- if it takes at least the most found so far (the list restarts when it
-- takes more), and sequences of two or more captures once per (start, end,
-- captured set).
-------------------------------------------------------------------------------
local cap, capv = {}, {} -- the chain searched: captured squares and pieces
local L, nL, best, seen, gfrom, gpiece, enemy
local far_landings = 0 -- landings of a man on its far row in the chain searched

local function record(to, n)
  if n < best then return end
  if n > best then best, nL, seen = n, 0, {} end
  local after = gpiece
  if gpiece == MAN[side] and FAR[side][to] then after = KING[side] end
  local m = { gfrom, to, gpiece, after }
  for i = 1, n do -- insertion sort of the captures by square
    local e, j = cap[i] << 3 | capv[i], 4 + i
    while j > 5 and m[j - 1] > e do m[j] = m[j - 1]; j = j - 1 end
    m[j] = e
  end
  if n >= 2 then
    local key = table.concat(m, ",")
    if seen[key] then return end
    seen[key] = true
  end
  if far_landings > 0 and after == gpiece then m.passed = true end -- (for the tally of random games)
  nL = nL + 1
  L[nL] = m
end

local function man_search(sq, n)
  local found = false
  for i = 1, 4 do
    local d = DIRS[i]
    local t = sq + d
    local p = b[t]
    if enemy[p] and b[t + d] == 0 then
      found = true
      b[t], cap[n + 1], capv[n + 1] = TAKEN, t, p
      local l = t + d
      local far = FAR[side][l]
      if far then far_landings = far_landings + 1 end
      if BUG_PROMOTE and far then
        record(l, n + 1) -- (the bug: crowned on the way, the move stops)
      elseif not man_search(l, n + 1) then
        record(l, n + 1)
      end
      if far then far_landings = far_landings - 1 end
      b[t] = p
    end
  end
  return found
end

local function king_search(sq, n)
  local found = false
  for i = 1, 4 do
    local d = DIRS[i]
    local t = sq + d
    local p = b[t]
    while p == 0 do t = t + d; p = b[t] end
    if enemy[p] then
      local l = t + d
      if b[l] == 0 then
        found = true
        b[t], cap[n + 1], capv[n + 1] = TAKEN, t, p
        repeat
          if not king_search(l, n + 1) then record(l, n + 1) end
          l = l + d
        until b[l] ~= 0
        b[t] = p
      end
    end
  end
  return found
end

-- The legal moves into list[1..n] (others after n are junk); n.
local function gen(list)
  L, nL, best, seen = list, 0, 0, nil
  enemy = ENEMY[side]
  local man, king = MAN[side], KING[side]
  for i = 1, 50 do
    local sq = SQ[i]
    local p = b[sq]
    if p == man or p == king then
      gfrom, gpiece = sq, p
      b[sq] = 0
      if p == man then man_search(sq, 0) else king_search(sq, 0) end
      b[sq] = p
    end
  end
  if best > 0 then return nL end
  local fwd, far = FWD[side], FAR[side]
  for i = 1, 50 do
    local sq = SQ[i]
    local p = b[sq]
    if p == man then
      for j = 1, 2 do
        local t = sq + fwd[j]
        if b[t] == 0 then nL = nL + 1; L[nL] = { sq, t, p, far[t] and king or p } end
      end
    elseif p == king then
      for j = 1, 4 do
        local d = DIRS[j]
        local t = sq + d
        while b[t] == 0 do
          nL = nL + 1; L[nL] = { sq, t, p, p }
          t = t + d
        end
      end
    end
  end
  return nL
end

local function make(m)
  b[m[1]] = 0
  for i = 5, #m do b[m[i] >> 3] = 0 end
  b[m[2]] = m[4]
  side = 3 - side
end

local function unmake(m)
  side = 3 - side
  b[m[2]] = 0
  for i = 5, #m do local e = m[i]; b[e >> 3] = e & 7 end
  b[m[1]] = m[3]
end

local lists = {}
local function perft(d)
  local list = lists[d]
  if not list then list = {}; lists[d] = list end
  local n = gen(list)
  if d <= 1 then return n end
  local total = 0
  for i = 1, n do
    local m = list[i]
    make(m)
    total = total + perft(d - 1)
    unmake(m)
  end
  return total
end

-------------------------------------------------------------------------------
-- Position strings and texts
-------------------------------------------------------------------------------
local START = ".m.m.m.m.m/m.m.m.m.m./.m.m.m.m.m/m.m.m.m.m./........../........../" ..
              ".M.M.M.M.M/M.M.M.M.M./.M.M.M.M.M/M.M.M.M.M. 1 - 0 0"

local function board_rows()
  local rows = {}
  for r = 9, 0, -1 do
    local t = {}
    for c = 0, 9 do t[c + 1] = CHAR[b[(r + 1) * 12 + c + 1]] end
    rows[#rows + 1] = table.concat(t)
  end
  return table.concat(rows, "/")
end

-- Reads a position string: the board and the side; the ply and the quiet
-- count returned.
local function load(pos)
  local rows, stm, ply, quiet = pos:match("^%s*(%S+)%s+([12])%s+%S+%s+(%d+)%s*(%d*)")
  assert(rows, "bad position: " .. pos)
  local r = 9
  for row in rows:gmatch("[^/]+") do
    assert(#row == 10 and r >= 0, "bad position: " .. pos)
    for c = 0, 9 do b[(r + 1) * 12 + c + 1] = assert(PIECE[row:sub(c + 1, c + 1)], pos) end
    r = r - 1
  end
  assert(r == -1, "bad position: " .. pos)
  side = tonumber(stm)
  return tonumber(ply), tonumber(quiet) or 0
end

-- A position from a list of pieces ("Kb2 Mc3 md4 ..."), the side to move
-- (1 by default) and the quiet count: the ply the least of the side's parity
-- (even for White) that is not below the quiet count.
local function place(pieces, stm, quiet)
  for r = 0, 9 do for c = 0, 9 do b[(r + 1) * 12 + c + 1] = 0 end end
  for ch, name in pieces:gmatch("([MKmk])(%a%d+)") do
    local sq = square(name)
    assert(CELL[sq] and (CELL[sq] // 10 + CELL[sq] % 10) % 2 == 0, "not a dark square: " .. name)
    b[sq] = PIECE[ch]
  end
  stm, quiet = stm or 1, quiet or 0
  local ply = quiet % 2 == stm - 1 and quiet or quiet + 1
  return string.format("%s %d - %d %d", board_rows(), stm, ply, quiet)
end

-- The texts of a list of moves, "(k)" added where captures share their ends.
local function texts_of(moves)
  local t, groups = {}, {}
  for i, m in ipairs(moves) do
    if #m > 4 then
      t[i] = NAME[m[1]] .. "x" .. NAME[m[2]]
      local key = m[1] << 8 | m[2]
      local g = groups[key]
      if not g then g = {}; groups[key] = g end
      g[#g + 1] = i
    else
      t[i] = NAME[m[1]] .. "-" .. NAME[m[2]]
    end
  end
  local function before(x, y)
    local p, q = moves[x], moves[y]
    for j = 5, math.max(#p, #q) do
      local a, c = p[j], q[j]
      if not a then return c ~= nil end
      if not c then return false end
      if a >> 3 ~= c >> 3 then return a >> 3 < c >> 3 end
    end
    return false
  end
  for _, g in pairs(groups) do
    if #g > 1 then
      table.sort(g, before)
      for k = 2, #g do t[g[k]] = t[g[k]] .. "(" .. k .. ")" end
    end
  end
  return t
end

-------------------------------------------------------------------------------
-- Games: the position above plus the ply, the quiet count, the repetition
-- counts and the end.
-------------------------------------------------------------------------------
local game
local function settle()
  local key = board_rows() .. " " .. side
  local reps = (game.reps[key] or 0) + 1
  game.reps[key] = reps
  local list = {}
  local n = gen(list)
  for i = #list, n + 1, -1 do list[i] = nil end
  local over, winner, why = true, 0, nil
  if n == 0 then
    winner, why = 3 - side, "no move"
  elseif game.quiet >= QUIET_LIMIT then
    why = "50 plies of kings"
  elseif reps >= REPEATS then
    why = "threefold repetition"
  else
    over, winner = false, nil
  end
  game.over, game.winner, game.why = over, winner, why
  game.moves = over and {} or list
  game.texts = texts_of(game.moves)
  game.numbered = {}
  for _, t in ipairs(game.texts) do if t:find("(", 1, true) then game.numbered[t] = true end end
end

local function new_game(start)
  local ply, quiet = load(start or START)
  game = { start = start or START, reps = {}, names = {}, ply = ply, quiet = quiet, first = ply }
  settle()
end

local function position()
  return string.format("%s %d - %d %d", board_rows(), side, game.ply, game.quiet)
end

local function play(i)
  local m, text = game.moves[i], game.texts[i]
  make(m)
  game.ply = game.ply + 1
  game.names[#game.names + 1] = text
  if m[3] == 1 or m[3] == 3 or #m > 4 then game.quiet = 0 else game.quiet = game.quiet + 1 end
  settle()
  return m
end

local function find_move(text)
  for i, t in ipairs(game.texts) do if t == text then return i end end
  return nil
end

local function sorted_texts()
  local t = table.move(game.texts, 1, #game.texts, 1, {})
  table.sort(t)
  return table.concat(t, " ")
end

-- What the engine's view should say now.
local function view()
  return {
    board = board_rows(), moves = sorted_texts(), to_move = side,
    status = game.over and "over" or "ongoing", winner = game.over and tostring(game.winner) or "null",
    position = position(), why = game.why,
  }
end

-------------------------------------------------------------------------------
-- Hand-made starts with kings: random games from them (seeds 6, 13, 20, ...
-- and, with quiet kings, 9, 19, 29, ...), and perft from them.
-------------------------------------------------------------------------------
local STARTS = {
  -- (two captures with the same ends at once: i7xe9(2), e1xb8(2))
  place("Ki7 Kj4 Mh4 Mi3 Mb2 Mg3 Ma5 kd8 md4 md2 me5 mf2 mg5 ma3 mc3 mh2", 1),
  place("Kg9 Ke1 Mi5 Mf2 Mb2 Mg5 Mj2 kc7 md4 me3 mc5 mf4 mi3 mh2 md2 mg3", 1),
  place("Ka1 Mc3 Me3 Mg3 Mi3 Mb2 Mh2 Kj4 kj10 md8 mf8 mh8 mb8 mc9 me9 mg7 mi9 ka7", 1),
  place("Kb2 Ke1 Mc1 Mg1 Mf2 Md4 Mh4 kc7 kh8 md6 mf6 mb8 mj8 mg9", 2),
  place("Ke5 Ma1 Mc1 Me1 Mg1 Mi1 Mb2 Md2 kf6 kc9 mh8 mj8 mg9 mi9 ma7", 1),
  place("Kc3 Ki3 Ma3 Me3 Mg1 kd8 ki9 mb6 mf6 mh6 md6 mc7 mg7 mj8", 2),
  place("Ka5 Kj6 Mb4 Md4 Mf4 Mh4 Mc3 Mg3 kf10 ka9 mc7 me7 mg7 mi7 md8 mh8", 1),
  place("Kf4 Mb2 Mc3 Mh2 Mi3 Mj2 ke7 kb6 md8 mf8 mh8 mj10 mc9", 1),
}

-------------------------------------------------------------------------------
-- Random games. The policies (by seed): 0 uniform; 1 crowning always, king
-- moves half the time; 2 sacrifices: three times in four the move after
-- which the opponent's capture takes the most (long captures, flying
-- ones); 3 like 1 and, after a random ply, each side moving its last move
-- back when it can (repetitions), else as 4; 4 like 1 and, after a random
-- ply, quiet king moves that leave the opponent nothing to take, else any
-- move that does so (the 50-ply rule; from the first ply of a start with
-- kings when the seed ends in 9). All but 0, half the time, play a capture
-- that shares its ends with another ("c3xe5", "c3xe5(2)") when there is one.
-------------------------------------------------------------------------------
local POLICIES = { [0] = "uniform", "kings", "sacrifices", "back and forth", "quiet kings" }
local tally_moves = { plies = 0, promotions = 0, king_captures = 0, longest = 0, shared_ends = 0, passes = 0,
                      offered = 0 }

local function any(list) return list[math.random(#list)] end
local function is_king_move(m) return m[3] == 2 or m[3] == 4 end

-- Whether the opponent has no capture after m.
local scratch = {}
local function safe(m)
  make(m)
  local n = gen(scratch)
  local ok = n == 0 or #scratch[1] == 4
  unmake(m)
  return ok
end

local function pick(policy, turn_point, last)
  local moves = game.moves
  local idx = {}
  for i = 1, #moves do idx[i] = i end
  if policy == 0 then return any(idx) end
  if math.random(2) == 1 then -- a capture that shares its ends with another, when there is one
    local numbered = {}
    for i, t in ipairs(game.texts) do
      if t:find("(", 1, true) or game.numbered[t .. "(2)"] then numbered[#numbered + 1] = i end
    end
    if #numbered > 0 then return any(numbered) end
  end
  if policy == 2 then
    if math.random(4) == 1 then return any(idx) end
    local top, most = {}, -1
    for i, m in ipairs(moves) do
      make(m)
      local n = gen(scratch)
      local takes = n > 0 and #scratch[1] - 4 or 0
      unmake(m)
      if takes > most then top, most = { i }, takes elseif takes == most then top[#top + 1] = i end
    end
    return any(top)
  end
  local promos, kings, quiet = {}, {}, {}
  for i, m in ipairs(moves) do
    if m[3] ~= m[4] then promos[#promos + 1] = i end
    if is_king_move(m) then
      kings[#kings + 1] = i
      if #m == 4 then quiet[#quiet + 1] = i end
    end
  end
  if #promos > 0 then return any(promos) end
  local late = game.ply - game.first >= turn_point
  if policy == 3 and late and last and math.random(10) > 1 then
    for i, m in ipairs(moves) do if #m == 4 and m[1] == last[2] and m[2] == last[1] then return i end end
  end
  if (policy == 3 or policy == 4) and late and math.random(50) > 1 then
    -- quiet king moves that leave nothing to take, else any such move
    local safe_kings, safe_ones = {}, {}
    for i, m in ipairs(moves) do
      if safe(m) then
        safe_ones[#safe_ones + 1] = i
        if is_king_move(m) and #m == 4 then safe_kings[#safe_kings + 1] = i end
      end
    end
    if #safe_kings > 0 then return any(safe_kings) end
    if #safe_ones > 0 then return any(safe_ones) end
  end
  if #kings > 0 and math.random(2) == 1 then return any(kings) end
  return any(idx)
end

local function count_move(m, text)
  local t = tally_moves
  t.plies = t.plies + 1
  if m[3] ~= m[4] then t.promotions = t.promotions + 1 end
  if #m > 4 and is_king_move(m) then t.king_captures = t.king_captures + 1 end
  if #m - 4 > t.longest then t.longest = #m - 4 end
  if text:find("(", 1, true) or game.numbered[text .. "(2)"] then t.shared_ends = t.shared_ends + 1 end
  if m.passed then t.passes = t.passes + 1 end
end

-- Game `seed` from its start to its end: the views after every ply (0 ..),
-- its policy, its start and the plies worth comparing (right after a
-- promotion or a capture of three or more, or where texts carry "(k)").
-- fn(view) may look at each position on the way.
local function random_game(seed, fn)
  math.randomseed(seed)
  local policy = seed % 5
  local start = START
  if seed % 7 == 6 then start = STARTS[1 + (seed // 7) % #STARTS] end
  local turn_point = math.random(10, 80)
  if seed % 10 == 9 then -- quiet kings from the first ply of a start with kings
    start, turn_point = STARTS[3 + (seed // 10) % (#STARTS - 2)], 0
  end
  new_game(start)
  local last = {}
  local views, special = { [0] = view() }, {}
  if views[0].moves:find("(", 1, true) then tally_moves.offered = tally_moves.offered + 1 end
  if fn then fn(views[0]) end
  while not game.over do
    local i = pick(policy, turn_point, last[side])
    local m, text = game.moves[i], game.texts[i]
    count_move(m, text)
    last[side] = m
    play(i)
    local k = #game.names
    views[k] = view()
    local numbered = views[k].moves:find("(", 1, true)
    if numbered then tally_moves.offered = tally_moves.offered + 1 end
    if m[3] ~= m[4] or #m > 6 or numbered then special[#special + 1] = k end
    if fn then fn(views[k]) end
  end
  return views, policy, start, special
end

local function summary(ends)
  local t = {}
  for k, v in pairs(ends) do t[#t + 1] = k .. " " .. v end
  table.sort(t)
  local tm = tally_moves
  return string.format("%s; %d plies, %d promotions, %d king captures, longest capture %d, " ..
                       "%d positions offering \"(k)\" moves, %d played, %d men passing the far row",
                       table.concat(t, ", "), tm.plies, tm.promotions, tm.king_captures, tm.longest, tm.offered,
                       tm.shared_ends, tm.passes)
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
    load(opts.position or START)
    for d = 1, opts.depth do print(string.format("perft %d %d", d, perft(d))) end
  else
    new_game(opts.position)
    for text in (opts.moves or ""):gmatch("%S+") do
      local k = find_move(text)
      if not k then print("illegal move: " .. text) os.exit(1) end
      play(k)
    end
    local v, q = view(), {}
    for t in v.moves:gmatch("%S+") do q[#q + 1] = '"' .. t .. '"' end
    local rows = {}
    for r in v.board:gmatch("[^/]+") do rows[#rows + 1] = '"' .. r .. '"' end
    print(string.format('{"moves":[%s],"board":[%s],"to_move":%d,"status":"%s","winner":%s,"position":"%s"}',
                        table.concat(q, ","), table.concat(rows, ","), v.to_move, v.status, v.winner, v.position))
  end
  os.exit(0)
end

-------------------------------------------------------------------------------
-- The hand-worked positions: { name, start (nil: the start), moves played,
-- what --self expects (the legal moves, sorted, or a field = value) }.
-- Drawn with White's pieces upper case; "." squares are empty.
-------------------------------------------------------------------------------
local HAND = {
  -- The majority rule. c3 takes d4 and f6 (c3xg7); h2 takes g3 only.
  { "majority: the longer chain only", place("Mc3 Mh2 md4 mf6 mg3 ma9"), "", { moves = "c3xg7" } },
  -- Now h2 takes g3 and g5 (h2xh6): two chains of two, both legal.
  { "majority: equal chains both legal", place("Mc3 Mh2 md4 mf6 mg3 mg5 ma9"), "",
    { moves = "c3xg7 h2xh6" } },
  -- Kings count as men: a king taken (c3xe5) weighs what a man does (h2xf4),
  -- and two men (e7 over f8 and h8) outweigh one king.
  { "majority: a king counts as a man", place("Mc3 Mh2 kd4 mg3 ma9"), "", { moves = "c3xe5 h2xf4" } },
  { "majority: two men outweigh a king", place("Mc3 kd4 Me7 mf8 mh8"), "", { moves = "e7xi7" } },
  -- A flying king: a1 over c3 lands on any of d4..j10.
  { "king: every landing square", place("Ka1 mc3 ma9"), "",
    { moves = "a1xd4 a1xe5 a1xf6 a1xg7 a1xh8 a1xi9 a1xj10" } },
  -- Only g7 lets it take f8 too: it must land there, then on e9 or d10.
  { "king: the landing that goes on", place("Ka1 mc3 mf8 ma9"), "", { moves = "a1xd10 a1xe9" } },
  { "king: passing empty squares to the piece", place("Kb2 mg7 ma9"), "", { moves = "b2xh8 b2xi9 b2xj10" } },
  { "king: two in a row cannot be taken", place("Ka1 mc3 md4 ma9"), "", { moves = "a1-b2" } },
  { "king: its own man blocks", place("Ka1 Mb2 md4 ma9"), "", { moves = "b2-a3 b2-c3" } },
  { "king: quiet moves", place("Ke5 Ma1 mj10", 1), "",
    { moves = "a1-b2 e5-a9 e5-b2 e5-b8 e5-c3 e5-c7 e5-d4 e5-d6 e5-f4 e5-f6 e5-g3 e5-g7 e5-h2 e5-h8 e5-i1 e5-i9" } },
  -- The Turkish strike. b2 takes d4 (landing on g7), e9 (landing on d10) and
  -- b8 (landing on a7); from a7 its way back over d4 is blocked by that man,
  -- still on the board. Removing d4 at once would let it go on over d4's
  -- square to take f2 (b2xg1, four); jumping d4 again would land it on e3.
  { "Turkish strike: a captured piece blocks", place("Kb2 md4 me9 mb8 mf2"), "", { moves = "b2xa7" } },
  { "Turkish strike: removed at the end", place("Kb2 md4 me9 mb8 mf2"), "b2xa7",
    { board = "........../........../........../K........./........../........../........../" ..
              "........../.....m..../.........." } },
  -- c3 takes d4 (landing on e5) and d6 (c7); a man that took d4 again from
  -- e5 would land back on c3 (the empty start square) and go round for ever.
  { "Turkish strike: never jumped twice", place("Mc3 md4 md6 ma9"), "", { moves = "c3xc7" } },
  -- The start square is empty during the chain: c3 goes round four men back
  -- to c3, either way round (the same ends and set: one move).
  { "the start square is empty: a round trip either way, one move", place("Mc3 md4 md6 mb6 mb4 mj10"), "",
    { moves = "c3xc3" } },
  { "a round trip, played", place("Mc3 md4 md6 mb6 mb4 mj10"), "c3xc3",
    { position = ".........m/........../........../........../........../........../........../" ..
                 "..M......./........../.......... 2 - 1 0" } },
  -- Promotion. b8 takes c9 landing on d10 (the far row), then e9 landing on
  -- f8: it stays a man, and as a man it cannot take h6 (a king on f8 would).
  { "promotion refused in passing", place("Mb8 mc9 me9 mh6 ma1"), "", { moves = "b8xf8" } },
  { "promotion refused in passing: still a man", place("Mb8 mc9 me9 mh6 ma1"), "b8xf8",
    { board = "........../........../.....M..../........../.......m../........../........../" ..
              "........../........../m........." } },
  { "promotion at the end of a capture", place("Md8 me9 ma1"), "d8xf10",
    { board = ".....K..../........../........../........../........../........../........../" ..
              "........../........../m........." } },
  { "promotion by a step", place("Mc9 ma1"), "c9-d10", { board = "...K....../........../........../" ..
    "........../........../........../........../........../........../m........." } },
  { "Black promotes", place("Mj10 mb2", 2), "b2-a1", { board = ".........M/........../........../" ..
    "........../........../........../........../........../........../k........." } },
  -- A man captures backwards (and steps only forwards).
  { "a man captures backwards", place("Me5 md4 mj10"), "", { moves = "e5xc3" } },
  { "a Black man captures backwards", place("Md4 me5 Ma1", 2), "", { moves = "e5xc3" } },
  { "a man steps only forwards", place("Me5 mj10"), "", { moves = "e5-d6 e5-f6" } },
  -- Same ends, different sets. b6 over c7 lands on d8 or e9. From d8 over
  -- e7 to f6, from e9 over f8 to g7; from either over h8 to i9 or j10. Sets
  -- {c7, e7, h8} = (62, 64, 77) first, {c7, f8, h8} = (62, 75, 77) second.
  { "same ends, different sets: (2)", place("Kb6 mh8 mf8 mc7 me7"), "",
    { moves = "b6xi9 b6xi9(2) b6xj10 b6xj10(2)" } },
  { "the (2) played: f8 taken, e7 stays", place("Kb6 mh8 mf8 mc7 me7"), "b6xi9(2)",
    { board = "........../........K./........../....m...../........../........../........../" ..
              "........../........../.........." } },
  { "the first played: e7 taken, f8 stays", place("Kb6 mh8 mf8 mc7 me7"), "b6xj10",
    { board = ".........K/........../.....m..../........../........../........../........../" ..
              "........../........../.........." } },
  -- The same set by different landings is one move (a1 over c3, landing on
  -- d4, e5, f6 or g7, then over h8).
  { "same ends, same set by different landings: one move", place("Ka1 mc3 mh8 ma9"), "",
    { moves = "a1xi9 a1xj10" } },
  -- The same set in two orders: i5 over h6, then round f6, b4, d8 either
  -- way (landing on g7 then over f6 to c3, over b4 to a5, over d8 to f10; or
  -- on e9 then over d8 to a5, over b4 to c3, over f6 to h8), then over i7
  -- to j6: one move.
  { "same ends, same set in two orders: one move", place("Ki5 mi7 md8 mf6 mh6 mb4"), "", { moves = "i5xj6" } },
  -- Ends.
  { "no pieces: a loss", place("Mc3 md4"), "c3xe5", { status = "over", winner = "1" } },
  -- a5 can neither step to b4 nor take it (c3 behind it).
  { "blocked: a loss", place("Mb4 Mc3 Mj2 ma5"), "j2-i3", { status = "over", winner = "1", moves = "" } },
  { "50 plies of kings: a draw", place("Ka1 kj8", 1, 49), "a1-b2", { status = "over", winner = "0" } },
  { "50 plies: not at 49", place("Ka1 kj8", 1, 48), "a1-b2", { status = "ongoing" } },
  { "50 plies: a man move resets", place("Ka1 Mc1 kj8", 1, 49), "c1-d2", { status = "ongoing" } },
  { "50 plies: a capture resets", place("Ka1 kd4 kj10", 1, 49), "a1xe5", { status = "ongoing" } },
  { "50 plies: a count given at 50", place("Ka1 kj8", 1, 50), "", { status = "over", winner = "0" } },
  { "50 plies: no move comes first", place("Kj2 Mb4 Mc3 ma5", 1, 49), "j2-i1", { status = "over", winner = "1" } },
  { "threefold: twice", place("Ka1 kj8"), "a1-b2 j8-i7 b2-a1 i7-j8 a1-b2 j8-i7 b2-a1", { status = "ongoing" } },
  { "threefold: the start a third time", place("Ka1 kj8"), "a1-b2 j8-i7 b2-a1 i7-j8 a1-b2 j8-i7 b2-a1 i7-j8",
    { status = "over", winner = "0" } },
  { "threefold: the side to move counts", place("Ka1 kj8"), "a1-b2 j8-i7 b2-c1 i7-j8 c1-b2 j8-i7 b2-a1 i7-j8",
    { status = "ongoing" } },
  { "start", nil, "", { moves = "b4-a5 b4-c5 d4-c5 d4-e5 f4-e5 f4-g5 h4-g5 h4-i5 j4-i5" } },
  { "start: a first capture", nil, "d4-c5 a7-b6", { moves = "c5xa7" } },
  { "start: after the first capture", nil, "d4-c5 a7-b6 c5xa7",
    { moves = "c7-b6 c7-d6 e7-d6 e7-f6 g7-f6 g7-h6 i7-h6 i7-j6" } },
}

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
  -- The game from start after the moves (texts); a refused move ends it.
  local function after(start, texts)
    new_game(start)
    for text in texts:gmatch("%S+") do
      local k = find_move(text)
      if not k then return { refused = text, position = position(), moves = sorted_texts() } end
      play(k)
    end
    return view()
  end

  -- A second move generator, naive: from the position string alone, on a
  -- 10x10 array of letters; every sequence of captures followed with the
  -- set of pieces taken, then the longest kept, the duplicates dropped and
  -- the texts numbered.
  local function naive_moves(pos)
    local rows, stm = pos:match("^(%S+) (%d)")
    local g, r = {}, 10
    for row in rows:gmatch("[^/]+") do
      g[r] = {}
      for c = 1, 10 do g[r][c] = row:sub(c, c) end
      r = r - 1
    end
    local white = stm == "1"
    local function mine(ch) return ch ~= "." and (ch == ch:upper()) == white end
    local function foe(ch) return ch ~= "." and (ch == ch:upper()) ~= white end
    local function inside(rr, cc) return rr >= 1 and rr <= 10 and cc >= 1 and cc <= 10 end
    local function name(rr, cc) return string.char(96 + cc) .. rr end
    local seqs = {}
    local function follow(r0, c0, rr, cc, king, taken)
      local function free(r2, c2) return g[r2][c2] == "." or (r2 == r0 and c2 == c0) end
      local went = false
      for _, d in ipairs({ { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }) do
        local k = 1
        if king then
          while inside(rr + k * d[1], cc + k * d[2]) and free(rr + k * d[1], cc + k * d[2]) do k = k + 1 end
        end
        local er, ec = rr + k * d[1], cc + k * d[2]
        if inside(er, ec) and foe(g[er][ec]) and not taken[er * 100 + ec] then
          local j = 1
          while inside(er + j * d[1], ec + j * d[2]) and free(er + j * d[1], ec + j * d[2])
            and (king or j == 1) do
            local lr, lc = er + j * d[1], ec + j * d[2]
            taken[er * 100 + ec] = true
            follow(r0, c0, lr, lc, king, taken)
            taken[er * 100 + ec] = nil
            went = true
            j = j + 1
          end
        end
      end
      if not went and next(taken) then
        local set = {}
        for key in pairs(taken) do set[#set + 1] = (key // 100 - 1) * 10 + key % 100 - 1 end
        table.sort(set)
        seqs[#seqs + 1] = { from = name(r0, c0), to = name(rr, cc), set = set, n = #set }
      end
    end
    for rr = 1, 10 do
      for cc = 1, 10 do
        if mine(g[rr][cc]) then follow(rr, cc, rr, cc, g[rr][cc]:upper() == "K", {}) end
      end
    end
    local most = 0
    for _, s in ipairs(seqs) do most = math.max(most, s.n) end
    local out = {}
    if most > 0 then
      local groups, order = {}, {}
      for _, s in ipairs(seqs) do
        if s.n == most then
          local ends = s.from .. "x" .. s.to
          if not groups[ends] then groups[ends] = {}; order[#order + 1] = ends end
          groups[ends][table.concat(s.set, ",")] = s.set
        end
      end
      for _, ends in ipairs(order) do
        local sets = {}
        for _, set in pairs(groups[ends]) do sets[#sets + 1] = set end
        table.sort(sets, function(x, y)
          for i = 1, #x do if x[i] ~= y[i] then return x[i] < y[i] end end
          return false
        end)
        for k = 1, #sets do out[#out + 1] = ends .. (k > 1 and "(" .. k .. ")" or "") end
      end
    else
      local fwd = white and 1 or -1
      for rr = 1, 10 do
        for cc = 1, 10 do
          local ch = g[rr][cc]
          if mine(ch) then
            for _, d in ipairs({ { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }) do
              local k = 1
              while inside(rr + k * d[1], cc + k * d[2]) and g[rr + k * d[1]][cc + k * d[2]] == "."
                and (ch:upper() == "K" or (k == 1 and d[1] == fwd)) do
                out[#out + 1] = name(rr, cc) .. "-" .. name(rr + k * d[1], cc + k * d[2])
                k = k + 1
              end
            end
          end
        end
      end
    end
    table.sort(out)
    return table.concat(out, " ")
  end

  -- 1. Perft: the published counts.
  local t1 = os.clock()
  load(START)
  local counts = {}
  for d = 1, SELF_DEPTH do
    counts[d] = perft(d)
    check(string.format("perft depth %d", d), counts[d], PUBLISHED[d])
  end
  check("perft undoes its moves", board_rows() .. " " .. side, START:match("^%S+ %d"))
  local perft_time = os.clock() - t1
  print(string.format("perft draughts: %s (%.1f s)", table.concat(counts, " "), perft_time))

  -- 2. Hand-worked positions.
  new_game()
  check("start position", position(), START)
  for _, h in ipairs(HAND) do
    local v = after(h[2], h[3])
    check(h[1] .. ": played", v.refused, nil)
    for field, want in pairs(h[4] or {}) do check(h[1] .. ": " .. field, v[field], want) end
    if not v.refused and (v.status == "ongoing" or v.why == "no move") then
      check(h[1] .. ": the naive generator", naive_moves(v.position), v.moves)
    end
  end
  -- 3. Random games: the naive generator agrees (at every position of the
  -- first 10 games, every third of the others), the position string reads
  -- back, and every end happens.
  local ends, whys, positions, agreed, naive_time = {}, {}, 0, 0, 0
  local t2 = os.clock()
  for seed = 1, 60 do
    local n = 0
    local views = random_game(seed, function(vw)
      n = n + 1
      if (n % 3 == 1 or seed <= 10) and (vw.status == "ongoing" or vw.why == "no move") then
        local tn = os.clock()
        positions = positions + 1
        local naive = naive_moves(vw.position)
        if naive == vw.moves then agreed = agreed + 1
        else print("generators differ at " .. vw.position .. "\n  fast:  " .. vw.moves .. "\n  naive: " .. naive) end
        naive_time = naive_time + os.clock() - tn
      end
    end)
    local last = views[#views]
    load(last.position)
    check("position read back, seed " .. seed, board_rows() .. " " .. side, last.position:match("^%S+ %d"))
    local key = last.why .. (last.winner ~= "0" and " (" .. last.winner .. ")" or "")
    ends[key], whys[last.why] = (ends[key] or 0) + 1, true
  end
  check("generators agree", agreed, positions)
  for _, why in ipairs({ "no move", "50 plies of kings", "threefold repetition" }) do
    check("random games end by " .. why, whys[why] ~= nil, true)
  end
  local tm = tally_moves
  check("random games crown, capture with kings, offer \"(k)\", take 4 or more, pass the far row",
        tm.promotions > 0 and tm.king_captures > 0 and tm.offered > 0 and tm.longest >= 4 and tm.passes > 0, true)
  print(string.format("random games: 60 (%.1f s, %d positions against the naive generator: %.1f s): %s",
                      os.clock() - t2, positions, naive_time, summary(ends)))
  print(string.format("draughts reference alone: %d checks, %d failed (perft %.1f s, all %.1f s)", checks, failed,
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
  local where = start ~= START and string.format(" --position '%s'", start) or ""
  local moves = #names > 0 and string.format(" --moves '%s'", table.concat(names, " ")) or ""
  local cmd = string.format("%s play draughts%s%s --json", tavola, where, moves)
  local out = run(cmd)
  local problems = {}
  local function expect(what, got, w) cli.expect(problems, what, got, w) end
  local v = cli.view(out)
  expect("board", v.board, want.board)
  expect("moves", cli.sorted_texts(v.moves), want.moves)
  expect("to_move", v.to_move, want.to_move)
  expect("status", v.status, want.status)
  expect("winner", v.winner, want.winner)
  expect("position", v.position, want.position)
  if #problems > 0 and not v.json then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  return problems, cmd
end

-------------------------------------------------------------------------------
-- 1. Perft
-------------------------------------------------------------------------------
do
  local cmd = string.format("%s perft draughts %d", tavola, ENGINE_DEPTH)
  local out = run(cmd)
  local engine = cli.engine_perft(out)
  local problems, counts, t = {}, {}, os.clock()
  load(START)
  for d = 1, ENGINE_DEPTH do
    local c = perft(d)
    counts[d] = tostring(c)
    if c ~= PUBLISHED[d] then
      problems[#problems + 1] = string.format("perft %d: the reference %d, published %d", d, c, PUBLISHED[d])
    end
    if engine[d] ~= c then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), c)
    end
  end
  if #problems > 0 and not next(engine) then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  print(string.format("perft draughts: %s  %s (%.1f s)", table.concat(counts, " "),
                      #problems == 0 and "PASS" or "FAIL", os.clock() - t))
  report("perft draughts", problems, cmd)
end
-- and from the hand-made starts with kings (no published counts)
for k = 1, #STARTS do
  local start = STARTS[k]
  local cmd = string.format("%s perft draughts %d --position '%s'", tavola, START_DEPTH, start)
  local out = run(cmd)
  local engine = cli.engine_perft(out)
  local problems, counts, t = {}, {}, os.clock()
  load(start)
  for d = 1, START_DEPTH do
    local c = perft(d)
    counts[d] = tostring(c)
    if engine[d] ~= c then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), c)
    end
  end
  if #problems > 0 and not next(engine) then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  print(string.format("perft draughts start %d: %s  %s (%.1f s)", k, table.concat(counts, " "),
                      #problems == 0 and "PASS" or "FAIL", os.clock() - t))
  report("perft draughts start " .. k, problems, cmd)
end

-------------------------------------------------------------------------------
-- 2. Hand-worked positions, compared in full.
-------------------------------------------------------------------------------
local hand_passed = 0
for _, h in ipairs(HAND) do
  new_game(h[2])
  for text in h[3]:gmatch("%S+") do play(assert(find_move(text), text)) end
  local problems, cmd = compare(game.start, game.names, view())
  if #problems == 0 then hand_passed = hand_passed + 1 end
  report("draughts: " .. h[1], problems, cmd)
end
print(string.format("hand-worked positions: %d of %d agree", hand_passed, #HAND))

-------------------------------------------------------------------------------
-- 3. Random games
-------------------------------------------------------------------------------
local n_games, ends = math.max(10, games // 10), {}
for seed = 1, n_games do
  local views, policy, start, special = random_game(seed)
  local plies = #views
  local last = views[plies]
  local key = last.why .. (last.winner ~= "0" and " (" .. last.winner .. ")" or "")
  ends[key] = (ends[key] or 0) + 1
  local label = string.format("draughts seed %d (policy %s%s, %s at ply %d)", seed, POLICIES[policy],
                              start ~= START and ", from " .. start or "", last.why, plies)
  report(label, compare(start, game.names, last)) -- the end, every move accepted on the way
  local k2 = #special > 0 and special[math.random(#special)] or math.random(0, plies)
  for _, k in ipairs({ math.random(0, plies), k2 }) do
    report(label .. " after " .. k, compare(start, table.move(game.names, 1, k, 1, {}), views[k]))
  end
end
print(string.format("random games: %d of GAMES %d (ends: %s)", n_games, games, summary(ends)))
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
tally.finish("draughts reference")
