-- An independent plain-Lua Go and Atari Go (not the engine's code, nor its
-- primitives): its own board, group and liberty search, captures, suicide,
-- simple ko and positional superko, passes, area scoring and position
-- strings, compared with the tavola command (rulesets/go.lua, atari_go.lua)
--   1. on perft: no published counts exist for these games, so every count
--      here is computed by this reference alone (pinned in PERFT, the first
--      depths also worked by hand) and --self checks each against a second,
--      naive implementation: go 5x5 (depth 4) and 9x9 (3) from the start,
--      2x2 (8) and 3x3 (6, 7) with each option (captures, ko, suicides,
--      superko refusing boards, two passes and 2x2's 8-ply limit all act),
--      5x5 from a ko shape and from near the ply limit, Atari Go 3x3 (8),
--      4x4 (5) and 5x5 (4);
--   2. on the hand-worked positions of --self (a capture of each shape, on
--      the edge, in the corner, four groups by one stone, a ring by its eye;
--      suicide refused and, with suicide=true, the own group taken off; ko,
--      its retake after a move elsewhere, a pass clearing it, a snapback that
--      is no ko; superko refusing a triple ko's and a double ko's recreation
--      of the start; area scoring with dame, komi and a draw; two passes; the
--      move limit; Atari Go's first capture and a player without a move),
--      compared in full;
--      (What needs superko is compared only when the command's go declares
--      -o superko, as `tavola list` shows, or GO_REF_SUPERKO=1.)
--   3. on random games: each game is played move by move by the engine (which
--      must accept every move the reference finds legal), and the state at
--      the end and after two prefixes (one of them right after a ko capture,
--      a capture of several groups, a suicide or a pass, or where superko
--      alone refuses a move) is compared in full: board, legal moves (as
--      sets), side to move, status, winner, scores and the position string.
--      Go games are long (9x9 ones often run to the 162-ply limit), so GAMES
--      is scaled: max(10, GAMES // 4) games are played (75 for make check's
--      300, 500 for 2000), sizes 2 to 13, every option, by seed through
--      VARIANTS. Their policies (by seed) mix uniform moves with ones that
--      never fill their own one-point eyes (so that games end by two passes),
--      seek ko captures and retakes, and pass often; Atari Go's avoid
--      captures (games that end without a move) or take them; some games
--      start from hand-made ko shapes (--position).
-- The rules: an N x N board (option size, default 9), cells a1.. (columns a..s
-- left to right, row 1 at the bottom), four neighbours. Black (player 1,
-- 'x') moves first, White (2, 'o'). A move is an empty cell or "pass". The
-- stone is placed; every enemy group (orthogonally connected stones of one
-- colour) touching it left without a liberty (empty neighbour) is taken off;
-- then, if its own group has no liberty, the move is a suicide: illegal
-- (suicide=false, the default) or, with suicide=true, legal and its own group
-- is taken off. A placement that captures is never suicide. Simple ko: a move
-- that captures exactly one stone with a stone that then stands alone with
-- one liberty (the captured cell) makes that cell the ko point, where the
-- opponent may not play on the very next move (any other move, a pass too,
-- clears it). superko=true (positional superko) also refuses a placement
-- that recreates any earlier board (stones only, whoever is to move), since
-- the start or the --position given; the ko point stays. Pass is always
-- legal; two passes in a row end the game, and so does the ply count
-- reaching 2 * N * N (OpenSpiel's limit; the ply of a --position counts).
-- Area scoring: a side's stones plus the empty regions (orthogonally
-- connected empty cells) bordered only by its stones; komi (default 7.5, in
-- halves, may be negative) added to White's; Black wins if its area >
-- White's + komi, White if less, a draw if equal. "scores" are [Black's
-- area, White's area] (no komi) once over, [0,0] before. Atari Go: the same
-- board, captures and ko point, no pass, no suicide, no ply limit; the first
-- capture wins (the captured stones leave the board), and a player with no
-- legal move loses; its "scores" are the stones each side has taken. Ended
-- games have no moves.
-- Position strings (the engine's, compared in full: every field is game
-- state): the rows from row N down, "/" between, the side to move, "-", the
-- ply, then for go the variables "ko=CELL|-;passes=K" (passes in a row), for
-- Atari Go the stones taken "B,W" and "ko=CELL|-". Superko's earlier boards
-- are not in the string: a --position starts its own history.
-- usage: lua5.4 tests/ref/go_ref.lua path/to/tavola [GAMES]
--        lua5.4 tests/ref/go_ref.lua --self   (the reference alone: hand-worked
--        positions, the pinned perft counts and the naive implementation on
--        them, 200 random games against it: GO_REF_GAMES=N for more)
--        lua5.4 tests/ref/go_ref.lua --as-engine perft go D [-o k=v]... [--position P]
--        lua5.4 tests/ref/go_ref.lua --as-engine play go [-o k=v]... [--position P] [--moves M] --json
--        (the reference answering as the command would: a stand-in to try
--        the comparison on, through a wrapper script as TAVOLA;
--        GO_REF_BUG=ko in the wrapper never sets the ko point, GO_REF_BUG=dame
--        gives a region touching both colours to the side with more of its
--        border: the comparison catches both)
local self_test = arg[1] == "--self"
local as_engine = arg[1] == "--as-engine"
local tavola = (not self_test and not as_engine and arg[1]) or "build/tavola"
local games = tonumber((not as_engine and arg[2]) or "300")
local t0, wall0 = os.clock(), os.time()
local BUG = os.getenv("GO_REF_BUG")

-------------------------------------------------------------------------------
-- Rules: { game = "go" | "atari_go", n, suicide, superko, komi, limit, opts
-- (the command's -o words), label }.
-------------------------------------------------------------------------------
local function rules(game, n, o)
  o = o or {}
  local r = { game = game, n = n, suicide = o.suicide or false, superko = o.superko or false,
              komi = o.komi or 7.5 }
  r.limit = game == "go" and 2 * n * n or nil
  local words, tags = {}, {}
  if not o.default_size then words[#words + 1] = "-o size=" .. n end
  if o.komi then words[#words + 1] = string.format("-o komi=%g", o.komi); tags[#tags + 1] = string.format("komi %g", o.komi) end
  if o.suicide then words[#words + 1] = "-o suicide=true"; tags[#tags + 1] = "suicide" end
  if o.superko then words[#words + 1] = "-o superko=true"; tags[#tags + 1] = "superko" end
  r.opts = table.concat(words, " ")
  r.label = string.format("%s %dx%d%s", game, n, n, #tags > 0 and " " .. table.concat(tags, " ") or "")
  return r
end

-------------------------------------------------------------------------------
-- The board: b[i], i = (row - 1) * N + col (1-based: a1 1, b1 2, ..., a2 N+1),
-- 0 empty, 1 Black, 2 White; NB[i] its neighbours. The state beside it: the
-- side to move, the ply, the ko point (a cell or nil), the passes in a row,
-- the stones each side has taken (Atari Go's scores: its first capture wins),
-- the board's Zobrist hash and hist (hash -> how often that board has stood:
-- superko).
-------------------------------------------------------------------------------
local R
local N, NN = 0, 0
local NB, NAME, CELL = {}, {}, {}
local b = {}
local side, ply, ko, passes, hash = 1, 0, nil, 0, 0
local taken = { 0, 0 }
local hist = {}
local CHAR = { [0] = ".", "x", "o" }
local STONE = { ["."] = 0, x = 1, o = 2 }

local Z = { {}, {} }
do
  local x = 0x2545F4914F6CDD1D
  local function nxt()
    x = x ~ (x << 13); x = x ~ (x >> 7); x = x ~ (x << 17)
    return x
  end
  for i = 1, 361 do Z[1][i] = nxt(); Z[2][i] = nxt() end
end

local function use(r)
  R = r
  if N ~= r.n then
    N, NN = r.n, r.n * r.n
    NB, NAME, CELL = {}, {}, {}
    for row = 1, N do
      for col = 1, N do
        local i = (row - 1) * N + col
        local nb = {}
        if col > 1 then nb[#nb + 1] = i - 1 end
        if col < N then nb[#nb + 1] = i + 1 end
        if row > 1 then nb[#nb + 1] = i - N end
        if row < N then nb[#nb + 1] = i + N end
        NB[i] = nb
        NAME[i] = string.char(96 + col) .. row
        CELL[NAME[i]] = i
      end
    end
  end
end

-- Groups: has_lib(s) whether the group on s has a liberty; collect(s, list,
-- n, seen, tag) appends its stones to list after n, each marked seen[c] = tag,
-- and gives the new n.
local mark, stamp, stack = {}, 0, {}
local function has_lib(s)
  stamp = stamp + 1
  local c, top = b[s], 1
  stack[1] = s
  mark[s] = stamp
  while top > 0 do
    local p = stack[top]
    top = top - 1
    local nb = NB[p]
    for k = 1, #nb do
      local q = nb[k]
      local v = b[q]
      if v == 0 then return true end
      if v == c and mark[q] ~= stamp then
        mark[q] = stamp
        top = top + 1
        stack[top] = q
      end
    end
  end
  return false
end

local function collect(s, list, n, seen, tag)
  local c, top = b[s], 1
  stack[1] = s
  seen[s] = tag
  while top > 0 do
    local p = stack[top]
    top = top - 1
    n = n + 1
    list[n] = p
    local nb = NB[p]
    for k = 1, #nb do
      local q = nb[k]
      if b[q] == c and seen[q] ~= tag then
        seen[q] = tag
        top = top + 1
        stack[top] = q
      end
    end
  end
  return n
end

-- What side's stone on the empty cell p leads to, the board unchanged: the
-- board's hash after it (nil: a suicide, illegal without the option) and
-- whether it captures.
local cseen, ctag, tmp = {}, 0, {}
local function outcome(p)
  local me, you = side, 3 - side
  local h, took = hash ~ Z[me][p], false
  ctag = ctag + 1
  b[p] = me
  local nb = NB[p]
  for k = 1, #nb do
    local q = nb[k]
    if b[q] == you and cseen[q] ~= ctag and not has_lib(q) then
      local n = collect(q, tmp, 0, cseen, ctag)
      for i = 1, n do h = h ~ Z[you][tmp[i]] end
      took = true
    end
  end
  if not took and not has_lib(p) then
    if not R.suicide then
      b[p] = 0
      return nil, false
    end
    local n = collect(p, tmp, 0, cseen, ctag) -- the own group, p among it
    h = hash
    for i = 1, n do if tmp[i] ~= p then h = h ~ Z[me][tmp[i]] end end
  end
  b[p] = 0
  return h, took
end

-- The legal moves into list[1..n] (cells; 0 is the pass); n. Over games are
-- not asked.
local function gen(list)
  local n, superko = 0, R.superko
  for p = 1, NN do
    if b[p] == 0 and p ~= ko then
      local legal = false
      if not superko then
        local nb = NB[p]
        for k = 1, #nb do if b[nb[k]] == 0 then legal = true break end end
        if not legal then legal = outcome(p) ~= nil end
      else
        local h = outcome(p)
        legal = h ~= nil and not hist[h]
      end
      if legal then n = n + 1; list[n] = p end
    end
  end
  if R.game == "go" then n = n + 1; list[n] = 0 end
  return n
end

-- make(m) plays m and returns its undo record: { m, ko, passes, -, hash,
-- colour taken off, cells taken off (7..u.n) } (a suicide's: the mover's
-- colour); u.took the stones captured, u.groups the groups, u.suicide.
local function make(m)
  local me, you = side, 3 - side
  local u = { m, ko, passes, false, hash, you, took = 0, groups = 0, n = 6 }
  if m == 0 then
    ko, passes = nil, passes + 1
  else
    passes, ko = 0, nil
    b[m] = me
    hash = hash ~ Z[me][m]
    ctag = ctag + 1
    local n = 6
    local nb = NB[m]
    for k = 1, #nb do
      local q = nb[k]
      if b[q] == you and cseen[q] ~= ctag and not has_lib(q) then
        n = collect(q, u, n, cseen, ctag)
        u.groups = u.groups + 1
      end
    end
    u.took = n - 6
    for i = 7, n do
      b[u[i]] = 0
      hash = hash ~ Z[you][u[i]]
    end
    if n == 6 and not has_lib(m) then -- a suicide (legal only with the option)
      u[6], u.suicide = me, true
      n = collect(m, u, 6, cseen, ctag + 1)
      ctag = ctag + 1
      for i = 7, n do
        b[u[i]] = 0
        hash = hash ~ Z[me][u[i]]
      end
    elseif n == 7 and BUG ~= "ko" then
      local alone, libs = true, 0
      for k = 1, #nb do
        local v = b[nb[k]]
        if v == me then alone = false elseif v == 0 then libs = libs + 1 end
      end
      if alone and libs == 1 then ko = u[7] end
    end
    u.n = n
    taken[me] = taken[me] + u.took
  end
  if R.superko then hist[hash] = (hist[hash] or 0) + 1 end
  side = you
  ply = ply + 1
  return u
end

local function unmake(u)
  if R.superko then
    local c = hist[hash] - 1
    hist[hash] = c > 0 and c or nil
  end
  ply = ply - 1
  side = 3 - side
  local m = u[1]
  local colour = u[6]
  for i = 7, u.n do b[u[i]] = colour end
  if m ~= 0 then b[m] = 0 end
  ko, passes, hash = u[2], u[3], u[5]
  taken[side] = taken[side] - u.took
end

-- Whether the game is over by a rule other than "no move".
local function ended()
  if R.game == "go" then return passes >= 2 or ply >= R.limit end
  return taken[1] > 0 or taken[2] > 0
end

local lists = {}
local function perft(d)
  if ended() then return 0 end
  local list = lists[d]
  if not list then list = {}; lists[d] = list end
  local n = gen(list)
  if d <= 1 then return n end
  local total = 0
  for i = 1, n do
    local u = make(list[i])
    total = total + perft(d - 1)
    unmake(u)
  end
  return total
end

-- Area: each side's stones plus the empty regions bordered by its stones only.
local function area()
  local a, seen, region = { 0, 0 }, {}, {}
  for p = 1, NN do
    local v = b[p]
    if v ~= 0 then
      a[v] = a[v] + 1
    elseif not seen[p] then
      local n = collect(p, region, 0, seen, true)
      local touch = { 0, 0 }
      for i = 1, n do
        local nb = NB[region[i]]
        for k = 1, #nb do
          local w = b[nb[k]]
          if w ~= 0 then touch[w] = touch[w] + 1 end
        end
      end
      if touch[1] > 0 and touch[2] == 0 then a[1] = a[1] + n
      elseif touch[2] > 0 and touch[1] == 0 then a[2] = a[2] + n
      elseif BUG == "dame" and touch[1] > 0 and touch[1] ~= touch[2] then
        local w = touch[1] > touch[2] and 1 or 2
        a[w] = a[w] + n
      end
    end
  end
  return a
end

-------------------------------------------------------------------------------
-- Position strings
-------------------------------------------------------------------------------
local function board_rows()
  local rows = {}
  for row = N, 1, -1 do
    local t = {}
    for col = 1, N do t[col] = CHAR[b[(row - 1) * N + col]] end
    rows[#rows + 1] = table.concat(t)
  end
  return table.concat(rows, "/")
end

local function position()
  local s = string.format("%s %d - %d", board_rows(), side, ply)
  if R.game == "go" then return s .. string.format(" ko=%s;passes=%d", ko and NAME[ko] or "-", passes) end
  return s .. string.format(" %d,%d ko=%s", taken[1], taken[2], ko and NAME[ko] or "-")
end

local function rehash()
  hash = 0
  for p = 1, NN do if b[p] ~= 0 then hash = hash ~ Z[b[p]][p] end end
end

-- Reads a position string (for the rules in force).
local function load(pos)
  local rows, stm, pl, rest = pos:match("^%s*(%S+)%s+([12])%s+%S+%s+(%d+)%s*(.-)%s*$")
  assert(rows, "bad position: " .. pos)
  local row = N
  for text in rows:gmatch("[^/]+") do
    assert(#text == N and row >= 1, "bad position: " .. pos)
    for col = 1, N do b[(row - 1) * N + col] = assert(STONE[text:sub(col, col)], pos) end
    row = row - 1
  end
  assert(row == 0, "bad position: " .. pos)
  side, ply = tonumber(stm), tonumber(pl)
  local k = rest:match("ko=([%w%-]+)")
  ko = k and k ~= "-" and assert(CELL[k], pos) or nil
  passes = tonumber(rest:match("passes=(%d+)") or "0")
  local t1, t2 = rest:match("^(%d+),(%d+)")
  taken = { tonumber(t1 or "0"), tonumber(t2 or "0") }
  rehash()
  hist = {}
  if R.superko then hist[hash] = 1 end
end

-- A position from a diagram (rows from the top, "/" between), the side to
-- move and the ply (0), the ko point and the passes.
local function place(r, rows, stm, pl, k, pas)
  use(r)
  local s = string.format("%s %d - %d", rows, stm or 1, pl or 0)
  if r.game == "go" then return s .. string.format(" ko=%s;passes=%d", k or "-", pas or 0) end
  return s .. string.format(" 0,0 ko=%s", k or "-")
end

local function empty_board(r)
  local rows = {}
  for i = 1, r.n do rows[i] = string.rep(".", r.n) end
  return place(r, table.concat(rows, "/"))
end

-------------------------------------------------------------------------------
-- Games: the position above, the moves played (texts), the end.
-------------------------------------------------------------------------------
local game

local function text_of(m) return m == 0 and "pass" or NAME[m] end

local function settle()
  local list = {}
  local n = gen(list)
  local over, winner, why, scores = false, nil, nil, { 0, 0 }
  if R.game == "atari_go" then scores = { taken[1], taken[2] } end
  if R.game == "atari_go" then
    if taken[1] > 0 or taken[2] > 0 then over, winner, why = true, taken[1] > 0 and 1 or 2, "capture"
    elseif n == 0 then over, winner, why = true, 3 - side, "no move" end
  elseif passes >= 2 or ply >= R.limit then
    over, why = true, passes >= 2 and "two passes" or "move limit"
    scores = area()
    local d = scores[1] - scores[2] - R.komi
    winner = d > 0 and 1 or d < 0 and 2 or 0
  end
  game.over, game.winner, game.why, game.scores = over, winner, why, scores
  game.moves = over and {} or list
  game.texts = {}
  for i, m in ipairs(game.moves) do game.texts[i] = text_of(m) end
end

local function new_game(r, start)
  local given = start
  use(r)
  start = start or empty_board(r)
  load(start)
  game = { rules = r, start = start, given = given, names = {} }
  settle()
end

local function find_move(text)
  for i, t in ipairs(game.texts) do if t == text then return i end end
  return nil
end

local function play(i)
  local m = game.moves[i]
  local u = make(m)
  game.names[#game.names + 1] = text_of(m)
  settle()
  return u
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
    scores = game.scores[1] .. "," .. game.scores[2], position = position(), why = game.why,
  }
end

-------------------------------------------------------------------------------
-- The rules compared (random games cycle through them, by seed) and perft.
-------------------------------------------------------------------------------
local GO5, GO9 = rules("go", 5), rules("go", 9, { default_size = true })
local GO5S, GO5K = rules("go", 5, { suicide = true }), rules("go", 5, { superko = true })
local GO5SK = rules("go", 5, { suicide = true, superko = true })
local VARIANTS = {
  GO5, GO9, GO5S, GO5K, rules("atari_go", 5), GO5SK, rules("go", 7, { komi = 0 }),
  rules("go", 9, { superko = true }), rules("atari_go", 9, { default_size = true }), rules("go", 4, { komi = 0, suicide = true }),
  rules("go", 3, { suicide = true, superko = true }), rules("go", 6, { komi = 5.5, superko = true }),
  rules("atari_go", 4), rules("go", 9, { suicide = true }), rules("atari_go", 3), rules("go", 13),
  rules("go", 2, { suicide = true, superko = true }), rules("go", 5, { komi = 24 }), rules("atari_go", 7),
  rules("go", 9, { komi = 0 }),
}

-- { rules, start (nil: the empty board), depth compared with the engine }:
-- 2x2 and 3x3 go deep enough for captures, suicides and both ends (2x2's
-- limit is 8 plies), superko refusing boards from depth 7 on 3x3 (6 with
-- suicides, 7 on 2x2); the ko shape and near the ply limit (a 5x5 start at
-- ply 46: its limit acts from depth 4).
local KO = "..xo./.xo.o/..xo./...../....."
-- The fourth field: the counts, computed by this reference alone (no
-- published ones exist) and pinned here; --self checks them again and
-- against the naive generator. By hand: go 5x5 depth 2 is 25 * 25 + 26
-- (a pass, then 25 cells and a pass; two passes end the game), depth 3
-- 25 * 24 * 24 + 2 * 25 * 25; 9x9 depth 2 81 * 81 + 82; Atari Go 5x5 25 *
-- 24 * 23 at depth 3.
local PERFT = {
  { GO5, nil, 4, "26 651 15650 361041" }, { GO9, nil, 3, "82 6643 531522" },
  { rules("go", 2), nil, 8, "5 21 68 156 316 604 1168 2592" },
  { rules("go", 2, { suicide = true }), nil, 8, "5 21 68 180 428 908 2000 5152" },
  { rules("go", 2, { superko = true }), nil, 8, "5 21 68 156 316 604 1088 2184" },
  { rules("go", 2, { suicide = true, superko = true }), nil, 8, "5 21 68 156 316 604 1088 2184" },
  { rules("go", 3), nil, 6, "10 91 738 5281 33384 179712" },
  { rules("go", 3, { suicide = true }), nil, 6, "10 91 738 5345 34272 193424" },
  { rules("go", 3, { superko = true }), nil, 7, "10 91 738 5281 33384 179712 842696" },
  { rules("go", 3, { suicide = true, superko = true }), nil, 6, "10 91 738 5281 33384 180768" },
  { rules("atari_go", 5), nil, 4, "25 600 13800 303248" },
  { rules("atari_go", 3), nil, 8, "9 72 504 2928 13952 48000 114912 118656" },
  { rules("atari_go", 4), nil, 5, "16 240 3360 43472 517952" },
  { GO5, place(GO5, KO, 1), 4, "18 325 5240 84796" },
  { GO5K, place(GO5K, KO, 2), 4, "19 323 5525 83554" },
  { GO5SK, place(GO5SK, ".xo../xo.o./.xo.x/ox.ox/.xo.o", 2, 30), 4, "11 109 1002 8422" },
  { GO5S, place(GO5S, "xxo../o.xo./xo.ox/.oxx./x.o.o", 1, 46), 5, "10 93 807 6627 0" },
}

-------------------------------------------------------------------------------
-- Random games. Go policies (by seed): 0 uniform; 1 never fill an own
-- one-point eye (an empty cell whose neighbours are all the mover's stones),
-- pass only when nothing else is left (games end by two passes); 2 like 1,
-- but a ko capture four times in five when there is one (fights and
-- retakes) and a capture half the time; 3 like 1, passing one move in four;
-- 4 uniform or like 1, by a coin each move. Atari Go's: 0 uniform, 1 no
-- capture while another move is left (games that end without a move on
-- small boards), 2 a capture when there is one. Some games start from the
-- hand-made middle-game positions (ko shapes, --position).
-------------------------------------------------------------------------------
local POLICIES = { [0] = "uniform", "no own eyes", "ko seeker", "passes often", "mixed" }
local ATARI_POLICIES = { [0] = "uniform", "no captures", "captures first" }
local tally_moves = { plies = 0, passes = 0, captures = 0, multi = 0, kos = 0, retakes = 0, suicides = 0,
                      superko_refusals = 0 }

local function any(list) return list[math.random(#list)] end

local function is_eye(p, me)
  local nb = NB[p]
  for k = 1, #nb do if b[nb[k]] ~= me then return false end end
  return true
end

-- The empty cells superko alone refuses (legal by every other rule).
local function superko_refused()
  if not R.superko then return 0 end
  local n = 0
  for p = 1, NN do
    if b[p] == 0 and p ~= ko then
      local h = outcome(p)
      if h and hist[h] then n = n + 1 end
    end
  end
  return n
end

local function pick(policy)
  local moves = game.moves
  local n = #moves
  if policy == 0 then return math.random(n) end
  if R.game == "atari_go" then
    local quiet, takes = {}, {}
    for i, m in ipairs(moves) do
      local u = make(m)
      if u.took > 0 then takes[#takes + 1] = i else quiet[#quiet + 1] = i end
      unmake(u)
    end
    if policy == 1 then return #quiet > 0 and any(quiet) or any(takes) end
    return #takes > 0 and any(takes) or any(quiet)
  end
  if policy == 3 and math.random(4) == 1 then return n end
  if policy == 4 and math.random(2) == 1 then return math.random(n) end
  local cand = {}
  for i = 1, n - 1 do if not is_eye(moves[i], side) then cand[#cand + 1] = i end end
  if policy == 2 then
    local kos, takes = {}, {}
    for _, i in ipairs(cand) do
      local u = make(moves[i])
      if ko then kos[#kos + 1] = i elseif u.took > 0 then takes[#takes + 1] = i end
      unmake(u)
    end
    if #kos > 0 and math.random(5) > 1 then return any(kos) end
    if #takes > 0 and math.random(2) == 1 then return any(takes) end
  end
  if #cand == 0 then return n end
  return any(cand)
end

-- Hand-made starts for random games, by board size.
local STARTS = {
  [5] = { "..xo./.xo.o/..xo./...../.....", ".xo../xo.o./.xo.x/.x.ox/...o.", "...../.xo../xo.o./.xo../....." },
  [9] = { ".xo....../xo.o...../.xo....../.xo....../x.xo...../.xo....../.xo....../xo.o...../.xo......" },
}

-- Game `seed` from its start to its end: the views after every ply (0 ..),
-- its rules, policy, start and the plies worth comparing (right after a ko
-- capture, a capture of two groups or more, a suicide or a pass, or where
-- superko alone refuses a move). fn(view) may look at each position on the
-- way.
local function random_game(seed, fn)
  math.randomseed(seed)
  local r = VARIANTS[(seed - 1) % #VARIANTS + 1]
  local policy = seed // #VARIANTS % (r.game == "go" and 5 or 4)
  if policy == 3 and r.game == "atari_go" then policy = 1 end
  local start
  if r.game == "go" and STARTS[r.n] and seed % 3 == 0 then
    start = place(r, any(STARTS[r.n]), math.random(2))
  end
  new_game(r, start)
  local views, special, pairs_seen = { [0] = view() }, {}, {}
  if fn then fn(views[0]) end
  local t = tally_moves
  while not game.over do
    local i = pick(policy)
    local m = game.moves[i]
    local u = play(i)
    local k = #game.names
    views[k] = view()
    t.plies = t.plies + 1
    local sp = false
    if m == 0 then t.passes = t.passes + 1; sp = math.random(3) == 1 end
    if u.took > 0 then t.captures = t.captures + 1 end
    if u.groups > 1 then t.multi = t.multi + 1; sp = true end
    if u.suicide then t.suicides = t.suicides + 1; sp = true end
    if ko then
      t.kos = t.kos + 1
      sp = true
      if pairs_seen[NAME[ko] .. ":" .. NAME[m]] then t.retakes = t.retakes + 1 end
      pairs_seen[NAME[m] .. ":" .. NAME[ko]] = true
    end
    if not game.over then
      local s = superko_refused()
      if s > 0 then t.superko_refusals = t.superko_refusals + 1; sp = true end
    end
    if sp then special[#special + 1] = k end
    if fn then fn(views[k]) end
  end
  return views, r, policy, game.start, special
end

local function summary(ends)
  local t = {}
  for k, v in pairs(ends) do t[#t + 1] = k .. " " .. v end
  table.sort(t)
  local tm = tally_moves
  return string.format("%s; %d plies, %d passes, %d captures (%d of several groups), %d ko captures (%d retakes), " ..
                       "%d suicides, %d positions where superko alone refuses a move",
                       table.concat(t, ", "), tm.plies, tm.passes, tm.captures, tm.multi, tm.kos, tm.retakes,
                       tm.suicides, tm.superko_refusals)
end

local function end_key(v)
  return v.why .. (v.winner ~= "0" and " (" .. v.winner .. ")" or " (draw)")
end

-------------------------------------------------------------------------------
-- The reference as the command (--as-engine): a stand-in for trying the
-- comparison.
-------------------------------------------------------------------------------
if as_engine then
  local cmd, name, o, i = arg[2], arg[3], {}, 4
  local depth
  if cmd == "perft" then depth, i = tonumber(arg[4]), 5 end
  local pos, moves
  while arg[i] do
    if arg[i] == "-o" then
      local k, v = arg[i + 1]:match("^(%w+)=(.*)$")
      o[k] = v
      i = i + 2
    elseif arg[i] == "--position" then pos, i = arg[i + 1], i + 2
    elseif arg[i] == "--moves" then moves, i = arg[i + 1], i + 2
    else i = i + 1 end
  end
  local r = rules(name, tonumber(o.size or "9"), { suicide = o.suicide == "true", superko = o.superko == "true",
                                                   komi = o.komi and tonumber(o.komi) })
  if cmd == "perft" then
    use(r)
    load(pos or empty_board(r))
    for d = 1, depth do print(string.format("perft %d %d", d, perft(d))) end
  else
    new_game(r, pos)
    for text in (moves or ""):gmatch("%S+") do
      local k = find_move(text)
      if not k then print("illegal move: " .. text) os.exit(1) end
      play(k)
    end
    local v, q = view(), {}
    for t in v.moves:gmatch("%S+") do q[#q + 1] = '"' .. t .. '"' end
    local rows = {}
    for row in v.board:gmatch("[^/]+") do rows[#rows + 1] = '"' .. row .. '"' end
    print(string.format('{"game":"%s","ply":%d,"to_move":%d,"status":"%s","winner":%s,"scores":[%s],"moves":[%s],' ..
                        '"board":[%s],"position":"%s"}', name, ply, v.to_move, v.status, v.winner, v.scores,
                        table.concat(q, ","), table.concat(rows, ","), v.position))
  end
  os.exit(0)
end

-------------------------------------------------------------------------------
-- The hand-worked positions: { name, rules, start (nil: the empty board),
-- moves played, what --self expects (the legal moves, sorted, or a field =
-- value; has / lacks: moves that must be, must not be among them) }.
-- Diagrams from the top row down: x Black, o White, . empty.
-------------------------------------------------------------------------------
local GO9K = rules("go", 9, { superko = true })
local GO5K0, GO5K5 = rules("go", 5, { komi = 0 }), rules("go", 5, { komi = 5 })
local AG5, AG3 = rules("atari_go", 5), rules("atari_go", 3)
local TRIPLE = ".xo....../xo.o...../.xo....../.xo....../x.xo...../.xo....../.xo....../xo.o...../.xo......"
local DOUBLE = ".xo....../xo.o...../.xo....../.xo....../x.xo...../.xo....../........./........./........."
local RING = ".xxx./xooox/xo.ox/xooox/.xxx."
local function all_but(r, ...)
  -- every empty cell of the empty n x n board but those given, and pass
  local skip, t = {}, {}
  for _, c in ipairs({ ... }) do skip[c] = true end
  for row = 1, r.n do for col = 1, r.n do
    local c = string.char(96 + col) .. row
    if not skip[c] then t[#t + 1] = c end
  end end
  if r.game == "go" then t[#t + 1] = "pass" end
  table.sort(t)
  return table.concat(t, " ")
end
local function ko_free_moves(board_rows_text, r, ...)
  -- the empty cells of a diagram but those given, and pass (all legal)
  local skip, t, row = {}, {}, r.n
  for _, c in ipairs({ ... }) do skip[c] = true end
  for text in board_rows_text:gmatch("[^/]+") do
    for col = 1, r.n do
      local c = string.char(96 + col) .. row
      if text:sub(col, col) == "." and not skip[c] then t[#t + 1] = c end
    end
    row = row - 1
  end
  if r.game == "go" then t[#t + 1] = "pass" end
  table.sort(t)
  return table.concat(t, " ")
end

local HAND = {
  { "start: every cell and pass", GO5, nil, "", { moves = all_but(GO5), scores = "0,0", status = "ongoing" } },
  { "start 9x9 by default", GO9, nil, "", { moves = all_but(GO9) } },
  -- Captures.
  { "capture: one stone in the middle", GO5, place(GO5, "...../..x../.xo../..x../....."), "d3",
    { position = "...../..x../.x.x./..x../..... 2 - 1 ko=-;passes=0" } },
  { "capture: the taken cell is suicide for White", GO5, place(GO5, "...../..x../.xo../..x../....."), "d3",
    { lacks = "c3" } },
  { "capture: two stones on the edge", GO5, place(GO5, "...../...../...../.xx../xoo.."), "d1",
    { board = "...../...../...../.xx../x..x." } },
  { "capture: three stones in the corner", GO5, place(GO5, "...../...../x..../o..../oox.."), "b2",
    { board = "...../...../x..../.x.../..x.." } },
  { "capture: four groups by one stone", GO5, place(GO5, "..x../.xox./xo.ox/.xox./..x.."), "c3",
    { board = "..x../.x.x./x.x.x/.x.x./..x..", position = "..x../.x.x./x.x.x/.x.x./..x.. 2 - 1 ko=-;passes=0" } },
  { "capture: a ring of eight by its eye", GO5, place(GO5, RING), "c3", { board = ".xxx./x...x/x.x.x/x...x/.xxx." } },
  { "capture: never a suicide (two stones in the corner)", GO5, place(GO5, "...../...../x..../ox.../.ox.."), "a1",
    { board = "...../...../x..../.x.../x.x.." } },
  { "capture: five stones along the edge and up", GO5, place(GO5, "...../x..../ox.../o.x../ooox."), "b2",
    { board = "...../x..../.x.../.xx../...x." } },
  -- Suicide.
  { "suicide: the ring's own eye and the corners refused", GO5, place(GO5, RING, 2), "", { moves = "pass" } },
  { "suicide=true: the ring's eye and the corners allowed", GO5S, place(GO5S, RING, 2), "",
    { moves = "a1 a5 c3 e1 e5 pass" } },
  { "suicide=true: the ring takes itself off", GO5S, place(GO5S, RING, 2), "c3",
    { position = ".xxx./x...x/x...x/x...x/.xxx. 1 - 1 ko=-;passes=0" } },
  { "suicide=true: a lone stone takes itself off", GO5S, place(GO5S, RING, 2), "a5", { board = RING } },
  { "suicide=true with superko: a lone suicide recreates the board", GO5SK, place(GO5SK, RING, 2), "",
    { moves = "c3 pass" } },
  { "suicide: two stones in the corner refused", GO5, place(GO5, "...../...../...../oo.../.xo.."), "",
    { lacks = "a1", has = "pass" } },
  { "suicide=true: two stones in the corner taken off", GO5S, place(GO5S, "...../...../...../oo.../.xo.."), "a1",
    { board = "...../...../...../oo.../..o.." } },
  -- Ko.
  { "ko: the capture", GO5, place(GO5, KO), "d4", { position = "..xo./.x.xo/..xo./...../..... 2 - 1 ko=c4;passes=0" } },
  { "ko: no retake at once", GO5, place(GO5, KO), "d4",
    { moves = ko_free_moves("..xo./.x.xo/..xo./...../.....", GO5, "c4") } },
  { "ko: retaken after a move elsewhere", GO5, place(GO5, KO), "d4 a1 a2 c4",
    { position = "..xo./.xo.o/..xo./x..../o.... 1 - 4 ko=d4;passes=0", lacks = "d4" } },
  { "ko: a pass clears it", GO5, place(GO5, KO), "d4 pass",
    { position = "..xo./.x.xo/..xo./...../..... 1 - 2 ko=-;passes=1" } },
  { "ko: retaken after a pass and a move", GO5, place(GO5, KO), "d4 pass a1 c4", { board = "..xo./.xo.o/..xo./...../x...." } },
  { "ko: Black may fill the ko point", GO5, place(GO5, KO), "d4 a1", { has = "c4" } },
  { "ko: the point given in the position", GO5, place(GO5, "..xo./.x.xo/..xo./...../.....", 2, 1, "c4"), "",
    { lacks = "c4" } },
  { "ko: kept with superko", GO5K, place(GO5K, KO), "d4", { lacks = "c4" } },
  { "snapback: a capture by two stones is no ko", GO5, place(GO5, "...../...../...../xoo../o.xo."), "b1",
    { position = "...../...../...../xoo../.xxo. 2 - 1 ko=-;passes=0", has = "a1" } },
  { "snapback: the two taken back at once", GO5, place(GO5, "...../...../...../xoo../o.xo."), "b1 a1",
    { position = "...../...../...../xoo../o..o. 1 - 2 ko=-;passes=0", has = "b1" } },
  -- Superko.
  { "triple ko: five moves", GO9K, place(GO9K, TRIPLE), "c8 b5 c2 b8 c5",
    { board = ".xo....../xo.o...../.xo....../.xo....../x.xo...../.xo....../.xo....../x.xo...../.xo......" } },
  { "triple ko: the sixth refused by superko", GO9K, place(GO9K, TRIPLE), "c8 b5 c2 b8 c5", { lacks = "b2 b5" } },
  { "triple ko: the sixth allowed without superko", GO9, place(GO9, TRIPLE), "c8 b5 c2 b8 c5 b2",
    { position = TRIPLE .. " 1 - 6 ko=c2;passes=0" } },
  { "triple ko: superko lets the other retakes be", GO9K, place(GO9K, TRIPLE), "c8 b5 c2 b8", { has = "c5" } },
  { "double ko: the start's board with the other side to move, refused", GO9K, place(GO9K, DOUBLE),
    "c8 b5 pass b8", { lacks = "c5" } },
  { "double ko: allowed without superko", GO9, place(GO9, DOUBLE), "c8 b5 pass b8 c5",
    { position = DOUBLE .. " 2 - 5 ko=b5;passes=0" } },
  -- Area scoring, the ends.
  { "dame: a column between the walls", GO5, place(GO5, ".x.o./.x.o./.x.o./.x.o./.x.o."), "pass pass",
    { status = "over", scores = "10,10", winner = "2", moves = "" } },
  { "dame: komi 0 draws", GO5K0, place(GO5K0, ".x.o./.x.o./.x.o./.x.o./.x.o."), "pass pass",
    { scores = "10,10", winner = "0" } },
  { "area: 15 to 10, komi 7.5", GO5, place(GO5, "..xo./..xo./..xo./..xo./..xo."), "pass pass",
    { scores = "15,10", winner = "2" } },
  { "area: 15 to 10, komi 0", GO5K0, place(GO5K0, "..xo./..xo./..xo./..xo./..xo."), "pass pass",
    { scores = "15,10", winner = "1" } },
  { "area: 15 to 10, komi 5 draws", GO5K5, place(GO5K5, "..xo./..xo./..xo./..xo./..xo."), "pass pass",
    { scores = "15,10", winner = "0" } },
  { "area: a stone inside makes the region no one's", GO5K0, place(GO5K0, ".x.o./.x.o./ox.o./.x.o./.x.o."), "pass pass",
    { scores = "5,11", winner = "2" } },
  { "area: komi -0.5, equal areas go to Black", rules("go", 5, { komi = -0.5 }),
    place(GO5, ".x.o./.x.o./.x.o./.x.o./.x.o."), "pass pass", { scores = "10,10", winner = "1" } },
  { "area: the empty board is no one's", GO5K0, nil, "pass pass", { scores = "0,0", winner = "0" } },
  { "area: one stone owns the board", GO5, nil, "c3 pass pass", { scores = "25,0", winner = "1", status = "over" } },
  { "area: scores 0,0 while on", GO5, nil, "c3 pass", { scores = "0,0", status = "ongoing" } },
  { "area: both sides' eyes and territory, no seki", GO5K0, place(GO5K0, ".x.o./xx.o./.xxoo/xxo.o/.xo.."), "pass pass",
    { scores = "11,12", winner = "2" } },
  { "two passes: not in a row", GO5, nil, "c3 pass d3 pass", { status = "ongoing" } },
  { "two passes: a pass first, then a move", GO5, nil, "pass c3 pass", { status = "ongoing" } },
  { "two passes: a ko capture, a pass, a pass", GO5, place(GO5, KO), "d4 pass pass",
    { status = "over", scores = "5,4", winner = "2" } },
  { "two passes: one given in the position", GO5, place(GO5, "...../...../..x../...../.....", 2, 5, nil, 1), "pass",
    { status = "over", scores = "25,0", winner = "1" } },
  { "move limit: the 50th ply of 5x5 ends it", GO5, place(GO5, "...../...../...../...../.....", 1, 49), "c3",
    { status = "over", scores = "25,0", winner = "1", moves = "" } },
  { "move limit: not at 49", GO5, place(GO5, "...../...../...../...../.....", 1, 48), "c3", { status = "ongoing" } },
  { "move limit: a pass at the limit", GO5, place(GO5, "...../...../..x../...../.....", 2, 49), "pass",
    { status = "over", scores = "25,0" } },
  { "move limit: a position given at 50", GO5, place(GO5, "...../...../..x../...../.....", 1, 50), "",
    { status = "over", winner = "1", moves = "" } },
  { "move limit: 2x2 is 8 plies", rules("go", 2), nil, "a1 b2 b1 a2 pass b1 a1 pass",
    { status = "over", scores = "4,0", winner = "2" } },
  { "move limit: 2x2 at 7 plies", rules("go", 2), nil, "a1 b2 b1 a2 pass b1 a1", { status = "ongoing" } },
  -- Atari Go.
  { "atari go: start, no pass", AG5, nil, "", { moves = all_but(AG5) } },
  { "atari go: the first capture wins", AG5, place(AG5, "...../...../...../...../ox..."), "a2",
    { status = "over", winner = "1", board = "...../...../...../x..../.x...", moves = "" } },
  { "atari go: White's capture wins", AG5, place(AG5, "...../...../...../...../xo...", 2), "a2",
    { status = "over", winner = "2" } },
  { "atari go: suicide refused", AG5, place(AG5, "...../...../...../o..../.o..."), "", { lacks = "a1" } },
  { "atari go: a capture by a stone without liberty wins", AG5, place(AG5, RING), "c3", { status = "over", winner = "1" } },
  { "atari go: no legal move loses", AG3, place(AG3, ".o./ooo/.o."), "", { status = "over", winner = "2", moves = "" } },
  { "atari go: a ko-shaped capture ends it, the ko point kept", AG5, place(AG5, KO), "d4",
    { status = "over", winner = "1", scores = "1,0", position = "..xo./.x.xo/..xo./...../..... 2 - 1 1,0 ko=c4" } },
  { "atari go: White without a move loses", AG3, place(AG3, ".x./xxx/.x.", 2), "", { status = "over", winner = "1", moves = "" } },
  { "atari go: the other side has moves", AG3, place(AG3, ".o./ooo/.o.", 2), "", { status = "ongoing", moves = "a1 a3 c1 c3" } },
  { "atari go: played into a position without a move", AG3, place(AG3, ".o./o.o/.o.", 2), "b2",
    { status = "over", winner = "2" } },
}

-------------------------------------------------------------------------------
-- A second implementation, naive, for --self: from the position string alone,
-- on a grid of letters g[row][col] copied at every move, groups and their
-- liberties found by recursion, every board seen kept by its text.
-------------------------------------------------------------------------------
local naive = {}
do
  local function text(n, g)
    local rows = {}
    for row = n, 1, -1 do rows[#rows + 1] = table.concat(g[row], "", 1, n) end
    return table.concat(rows, "/")
  end
  local function around(n, row, col)
    local t = {}
    for _, d in ipairs({ { 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 0 } }) do
      local r2, c2 = row + d[1], col + d[2]
      if r2 >= 1 and r2 <= n and c2 >= 1 and c2 <= n then t[#t + 1] = { r2, c2 } end
    end
    return t
  end
  -- The stones of the group on (row, col) and its liberties (a count).
  local function group(n, g, row, col)
    local ch, stones, inside, libs, nlibs = g[row][col], {}, {}, {}, 0
    local function visit(r2, c2)
      inside[r2 * 100 + c2] = true
      stones[#stones + 1] = { r2, c2 }
      for _, q in ipairs(around(n, r2, c2)) do
        local v, key = g[q[1]][q[2]], q[1] * 100 + q[2]
        if v == "." then
          if not libs[key] then libs[key] = true; nlibs = nlibs + 1 end
        elseif v == ch and not inside[key] then
          visit(q[1], q[2])
        end
      end
    end
    visit(row, col)
    return stones, nlibs
  end
  local function copy(n, g)
    local h = {}
    for row = 1, n do h[row] = { table.unpack(g[row], 1, n) } end
    return h
  end

  function naive.load(r, pos)
    local n = r.n
    local rows, stm, pl = pos:match("^(%S+) ([12]) %S+ (%d+)")
    local g, row = {}, n
    for t in rows:gmatch("[^/]+") do
      g[row] = {}
      for col = 1, n do g[row][col] = t:sub(col, col) end
      row = row - 1
    end
    local k = pos:match("ko=([a-s]%d+)")
    local st = { r = r, n = n, g = g, side = tonumber(stm), ply = tonumber(pl), ko = k or false,
                 passes = tonumber(pos:match("passes=(%d+)") or "0"), seen = {}, taken = { 0, 0 } }
    local t1, t2 = pos:match(" (%d+),(%d+) ")
    if t1 then st.taken = { tonumber(t1), tonumber(t2) } end
    st.seen[text(n, g)] = true
    return st
  end

  -- The grid after the mover's stone on (row, col), the stones it captures
  -- (a list) and whether it took its own group off; nil if illegal.
  local function after(st, row, col)
    local n, me = st.n, st.side == 1 and "x" or "o"
    local you = me == "x" and "o" or "x"
    local g = copy(n, st.g)
    g[row][col] = me
    local taken = {}
    for _, q in ipairs(around(n, row, col)) do
      if g[q[1]][q[2]] == you then
        local stones, libs = group(n, g, q[1], q[2])
        if libs == 0 then
          for _, s in ipairs(stones) do g[s[1]][s[2]] = "."; taken[#taken + 1] = s end
        end
      end
    end
    local stones, libs = group(n, g, row, col)
    if libs == 0 then
      if not st.r.suicide or st.r.game ~= "go" then return nil end
      for _, s in ipairs(stones) do g[s[1]][s[2]] = "." end
      return g, taken, true
    end
    return g, taken, false
  end

  function naive.moves(st)
    local t = {}
    for row = 1, st.n do
      for col = 1, st.n do
        local name = string.char(96 + col) .. row
        if st.g[row][col] == "." and name ~= st.ko then
          local g = after(st, row, col)
          if g and not (st.r.superko and st.seen[text(st.n, g)]) then t[#t + 1] = name end
        end
      end
    end
    if st.r.game == "go" then t[#t + 1] = "pass" end
    return t
  end

  function naive.over(st)
    if st.r.game == "go" then return st.passes >= 2 or st.ply >= 2 * st.n * st.n end
    return st.taken[1] + st.taken[2] > 0 or #naive.moves(st) == 0
  end

  function naive.play(st, m)
    local nx = { r = st.r, n = st.n, side = 3 - st.side, ply = st.ply + 1, ko = false, passes = 0, seen = {},
                 taken = { st.taken[1], st.taken[2] } }
    for k in pairs(st.seen) do nx.seen[k] = true end
    if m == "pass" then
      nx.g, nx.passes = st.g, st.passes + 1
    else
      local col, row = m:byte(1) - 96, tonumber(m:sub(2))
      local g, taken = after(st, row, col)
      nx.g = assert(g, m)
      if #taken == 1 then
        local stones, libs = group(st.n, g, row, col)
        if #stones == 1 and libs == 1 then nx.ko = string.char(96 + taken[1][2]) .. taken[1][1] end
      end
      nx.taken[st.side] = nx.taken[st.side] + #taken
    end
    nx.seen[text(nx.n, nx.g)] = true
    return nx
  end

  function naive.view(st)
    local n, over, winner, scores = st.n, naive.over(st), "null", "0,0"
    if over and st.r.game == "go" then
      local a, done = { x = 0, o = 0 }, {}
      for row = 1, n do
        for col = 1, n do
          local v = st.g[row][col]
          if v ~= "." then a[v] = a[v] + 1
          elseif not done[row * 100 + col] then
            local size, touch = 0, {}
            local function flood(r2, c2)
              done[r2 * 100 + c2] = true
              size = size + 1
              for _, q in ipairs(around(n, r2, c2)) do
                local w = st.g[q[1]][q[2]]
                if w == "." then
                  if not done[q[1] * 100 + q[2]] then flood(q[1], q[2]) end
                else
                  touch[w] = true
                end
              end
            end
            flood(row, col)
            if touch.x and not touch.o then a.x = a.x + size elseif touch.o and not touch.x then a.o = a.o + size end
          end
        end
      end
      scores = a.x .. "," .. a.o
      local d = a.x - a.o - st.r.komi
      winner = d > 0 and "1" or d < 0 and "2" or "0"
    elseif over then
      winner = st.taken[1] > 0 and "1" or st.taken[2] > 0 and "2" or tostring(3 - st.side)
    end
    local moves = over and {} or naive.moves(st)
    table.sort(moves)
    local pos = string.format("%s %d - %d", text(n, st.g), st.side, st.ply)
    if st.r.game == "go" then pos = pos .. string.format(" ko=%s;passes=%d", st.ko or "-", st.passes)
    else pos = pos .. string.format(" %d,%d ko=%s", st.taken[1], st.taken[2], st.ko or "-"); scores = st.taken[1] .. "," .. st.taken[2] end
    return { board = text(n, st.g), moves = table.concat(moves, " "), to_move = st.side,
             status = over and "over" or "ongoing", winner = winner, scores = scores, position = pos }
  end

  function naive.perft(st, d)
    if naive.over(st) then return 0 end
    local moves = naive.moves(st)
    if d <= 1 then return #moves end
    local total = 0
    for _, m in ipairs(moves) do total = total + naive.perft(naive.play(st, m), d - 1) end
    return total
  end

  -- Whether every group of a diagram has a liberty (a position one could reach).
  function naive.valid(r, pos)
    local st = naive.load(r, pos)
    for row = 1, st.n do
      for col = 1, st.n do
        if st.g[row][col] ~= "." then
          local _, libs = group(st.n, st.g, row, col)
          if libs == 0 then return false end
        end
      end
    end
    return true
  end
end

local FIELDS = { "board", "moves", "to_move", "status", "winner", "scores", "position" }

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
  local function after(r, start, texts)
    new_game(r, start)
    for text in texts:gmatch("%S+") do
      local k = find_move(text)
      if not k then return { refused = text, position = position(), moves = sorted_texts() } end
      play(k)
    end
    return view()
  end
  local function naive_after(r, start, texts)
    local st = naive.load(r, start or empty_board(r))
    for text in texts:gmatch("%S+") do st = naive.play(st, text) end
    return naive.view(st)
  end
  local function listed(moves, m) return (" " .. moves .. " "):find(" " .. m .. " ", 1, true) ~= nil end

  -- 1. Hand-worked positions, the naive implementation agreeing in full.
  local t1 = os.clock()
  for _, h in ipairs(HAND) do
    local name, r, start, texts, want = h[1], h[2], h[3], h[4], h[5]
    if start then check(name .. ": a position one can reach", naive.valid(r, start), true) end
    local v = after(r, start, texts)
    check(name .. ": played", v.refused, nil)
    for field, w in pairs(want) do
      if field == "has" or field == "lacks" then
        for m in w:gmatch("%S+") do check(name .. ": " .. field .. " " .. m, listed(v.moves, m), field == "has") end
      else
        check(name .. ": " .. field, v[field], w)
      end
    end
    if not v.refused then
      local nv = naive_after(r, start, texts)
      for _, f in ipairs(FIELDS) do check(name .. ": naive " .. f, nv[f], v[f]) end
    end
  end
  for size, list in pairs(STARTS) do
    for _, s in ipairs(list) do check("start " .. s .. ": reachable", naive.valid(rules("go", size), place(rules("go", size), s)), true) end
  end
  print(string.format("hand-worked positions: %d (%.1f s)", #HAND, os.clock() - t1))

  -- 2. Perft, the naive generator to the same depth where it is quick
  -- enough, one less elsewhere.
  local t2 = os.clock()
  for _, p in ipairs(PERFT) do
    local r, start, depth = p[1], p[2], p[3]
    if start then check("perft start reachable", naive.valid(r, start), true) end
    use(r)
    load(start or empty_board(r))
    local counts, tp = {}, os.clock()
    for d = 1, depth do counts[d] = perft(d) end
    tp = os.clock() - tp
    local nd = r.n <= 2 and depth or r.n == 3 and math.min(depth, 5) or r.n == 9 and 2 or depth - 1
    local st = naive.load(r, start or empty_board(r))
    local tn = os.clock()
    for d = 1, nd do check(string.format("perft %s%s depth %d: naive", r.label, start and " from " .. start or "", d),
                           naive.perft(st, d), counts[d]) end
    check("perft undoes its moves", position(), (start or empty_board(r)))
    check(string.format("perft %s%s: the counts pinned", r.label, start and " from " .. start or ""),
          table.concat(counts, " "), p[4])
    print(string.format("perft %s%s: %s (%.1f s; naive to depth %d: %.1f s)", r.label,
                        start and " from " .. start:match("^%S+") or "", table.concat(counts, " "), tp, nd, os.clock() - tn))
  end
  local perft_time = os.clock() - t2

  -- 3. Random games: the naive implementation agrees in full at every
  -- position of the first games, every third of the others; the position
  -- string reads back; every end and rule happens.
  local ends, positions, agreed, naive_time = {}, 0, 0, 0
  local t3 = os.clock()
  local SELF_GAMES = tonumber(os.getenv("GO_REF_GAMES") or "200")
  for seed = 1, SELF_GAMES do
    local n, st = 0, nil
    local views, r = random_game(seed, function(vw)
      n = n + 1
      local tn = os.clock()
      if not st then st = naive.load(R, game.start)
      else st = naive.play(st, game.names[#game.names]) end
      if seed <= 2 * #VARIANTS or n % 3 == 1 or vw.status == "over" then
        positions = positions + 1
        local nv, same = naive.view(st), true
        for _, f in ipairs(FIELDS) do
          if tostring(nv[f]) ~= tostring(vw[f]) then
            same = false
            print(string.format("implementations differ (%s) at %s after %s:\n  fast:  %s\n  naive: %s", f,
                                game.start, table.concat(game.names, " "), tostring(vw[f]), nv[f]))
          end
        end
        if same then agreed = agreed + 1 end
      end
      naive_time = naive_time + os.clock() - tn
    end)
    local last = views[#views]
    use(r)
    load(last.position)
    check("position read back, seed " .. seed, position(), last.position)
    local key = r.game .. " " .. end_key(last)
    ends[key] = (ends[key] or 0) + 1
  end
  check("implementations agree", agreed, positions)
  for _, key in ipairs({ "go two passes (1)", "go two passes (2)", "go move limit (1)", "go move limit (2)",
                         "go two passes (draw)", "atari_go capture (1)", "atari_go capture (2)",
                         "atari_go no move" }) do
    local seen = false
    for k in pairs(ends) do if k:sub(1, #key) == key then seen = true end end
    check("random games end by " .. key, seen, true)
  end
  local tm = tally_moves
  check("random games capture several groups at once, retake kos, play suicides, meet superko",
        tm.multi > 0 and tm.retakes > 0 and tm.suicides > 0 and tm.superko_refusals > 0, true)
  print(string.format("random games: %d (%.1f s, %d positions against the naive implementation: %.1f s): %s",
                      SELF_GAMES, os.clock() - t3, positions, naive_time, summary(ends)))
  print(string.format("go reference alone: %d checks, %d failed (perft %.1f s, all %.1f s)", checks, failed,
                      perft_time, os.clock() - t0))
  os.exit(failed == 0 and 0 or 1)
end

-------------------------------------------------------------------------------
-- The engine
-------------------------------------------------------------------------------
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run, tally = cli.run, cli.tally()
local report = tally.report
-- What needs -o superko=true is left out (and counted) when the command's go
-- has no such option (tavola list says), or GO_REF_SUPERKO=0; GO_REF_SUPERKO=1
-- compares it whatever the list says.
local function engine_has_superko()
  local p = io.popen(string.format("%q list 2>/dev/null", tavola))
  local text = p and p:read("a") or ""
  if p then p:close() end
  local go = text:match("\ngo%s[^\n]*\n(.-)\n%S") or text:match("^go%s[^\n]*\n(.-)\n%S") or ""
  return go:find("-o superko=", 1, true) ~= nil
end
local want_superko = os.getenv("GO_REF_SUPERKO")
local no_superko, skipped = want_superko == "0" or (want_superko ~= "1" and not engine_has_superko()), 0
local function skip(r)
  if no_superko and r.superko then skipped = skipped + 1 return true end
  return false
end

local function compare(r, given, names, want)
  local where = given and string.format(" --position '%s'", given) or ""
  local moves = #names > 0 and string.format(" --moves '%s'", table.concat(names, " ")) or ""
  local cmd = string.format("%s play %s%s%s%s --json", tavola, r.game, r.opts ~= "" and " " .. r.opts or "", where, moves)
  local out = run(cmd)
  local problems = {}
  local function expect(what, got, w) cli.expect(problems, what, got, w) end
  local v = cli.view(out)
  expect("board", v.board, want.board)
  expect("moves", cli.sorted_texts(v.moves), want.moves)
  expect("to_move", v.to_move, want.to_move)
  expect("status", v.status, want.status)
  expect("winner", v.winner, want.winner)
  expect("scores", out:match('"scores":%[(.-)%]'), want.scores)
  expect("position", v.position, want.position)
  if #problems > 0 and not v.json then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  return problems, cmd
end

-------------------------------------------------------------------------------
-- 1. Perft
-------------------------------------------------------------------------------
for _, p in ipairs(PERFT) do
  local r, start, depth = p[1], p[2], p[3]
  if skip(r) then goto next_perft end
  local cmd = string.format("%s perft %s %d%s%s", tavola, r.game, depth, r.opts ~= "" and " " .. r.opts or "",
                            start and string.format(" --position '%s'", start) or "")
  local out = run(cmd)
  local engine = cli.engine_perft(out)
  local problems, counts, t = {}, {}, os.clock()
  use(r)
  load(start or empty_board(r))
  for d = 1, depth do
    local c = perft(d)
    counts[d] = tostring(c)
    if engine[d] ~= c then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), c)
    end
  end
  if #problems > 0 and not next(engine) then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  local label = string.format("perft %s%s", r.label, start and " from " .. start or "")
  print(string.format("%s: %s  %s (%.1f s)", label, table.concat(counts, " "), #problems == 0 and "PASS" or "FAIL",
                      os.clock() - t))
  report(label, problems, cmd)
  ::next_perft::
end

-------------------------------------------------------------------------------
-- 2. Hand-worked positions, compared in full.
-------------------------------------------------------------------------------
local hand_passed = 0
for _, h in ipairs(HAND) do
  if not skip(h[2]) then
    new_game(h[2], h[3])
    for text in h[4]:gmatch("%S+") do play(assert(find_move(text), text)) end
    local problems, cmd = compare(h[2], h[3], game.names, view())
    if #problems == 0 then hand_passed = hand_passed + 1 end
    report("go: " .. h[1], problems, cmd)
  end
end
print(string.format("hand-worked positions: %d of %d agree", hand_passed, #HAND))

-------------------------------------------------------------------------------
-- 3. Random games
-------------------------------------------------------------------------------
local n_games, ends = math.max(10, games // 4), {}
for seed = 1, n_games do
  if no_superko and VARIANTS[(seed - 1) % #VARIANTS + 1].superko then skipped = skipped + 1 goto next_game end
  local views, r, policy, start, special = random_game(seed)
  local plies = #views
  local last = views[plies]
  local key = r.game .. " " .. end_key(last)
  ends[key] = (ends[key] or 0) + 1
  local given = game.given
  local label = string.format("%s seed %d (policy %s%s, %s at ply %d)", r.label, seed,
                              (r.game == "go" and POLICIES or ATARI_POLICIES)[policy],
                              given and ", from " .. given or "", last.why, plies)
  local names = game.names
  report(label, compare(r, given, names, last)) -- the end, every move accepted on the way
  local k2 = #special > 0 and special[math.random(#special)] or math.random(0, plies)
  for _, k in ipairs({ math.random(0, plies), k2 }) do
    report(label .. " after " .. k, compare(r, given, table.move(names, 1, k, 1, {}), views[k]))
  end
  ::next_game::
end
if no_superko then print(string.format("GO_REF_SUPERKO=0: %d perft runs, positions and games with superko left out", skipped)) end
print(string.format("random games: %d of GAMES %d (ends: %s)", n_games, games, summary(ends)))
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
tally.finish("go reference")
