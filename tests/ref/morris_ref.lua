-- An independent plain-Lua Nine Men's Morris (not the engine's code, nor its
-- primitives): its own 24 points, lines, adjacency, placements, steps and
-- flights, mills and the removals they allow, and the three ends, compared
-- with the tavola command (rulesets/nine_mens_morris.lua)
--   1. on perft (whole turns: a placement or move with its removal is one
--      move) from the start against OpenSpiel's published counts (depths
--      1-4: 24, 552, 12144, 255024) and the engine's, to depth 5 (6 with
--      MORRIS_REF_DEPTH=6); and from positions reached by fixed move lists
--      (a placement-phase one, a movement-phase double mill, a side flying,
--      the same with -o flying=false), given to the engine's perft by the
--      position string its own play --json gives for that state;
--   2. on hand-worked positions (move lists from the start, the expected
--      legal moves or end written by hand below): a mill by placement and
--      its removals, enemy men in a mill protected, every enemy man in a
--      mill (then any may go), two mills at once (still one removal), mills
--      re-formed by moving a man out and back, flying at three men (not with
--      -o flying=false), a side reduced to two men losing, a side blocked in
--      losing (before a draw by the limit on the same ply), the ply limit
--      drawing; each checked against the hand expectation and, in full,
--      against the engine (its position string read back too); and moves
--      the rules refuse (a mill without its removal, a protected man taken,
--      a removal without a mill, a step over a point, a flight with four
--      men or with -o flying=false, a move after the end), which the engine
--      must refuse;
--   3. on random games (GAMES of them, cycling default, -o flying=false and
--      -o limit=60; uniform moves by math.random seeded per game): each game
--      is played move by move by the engine (which must accept every move
--      the reference finds legal) and compared at its end, at every state of
--      the first games and at one random state of the others: board rows,
--      sorted legal moves, ply, side to move, status, winner and hands; for
--      one state per game the engine's position string is read back
--      (--position) and must give the same view.
-- The rules (ruleset nine_mens_morris): 24 points on a 7x7 grid (a1 bottom
-- left), 16 lines of three; two points are adjacent when they stand next to
-- each other in a line. White (player 1, 'M') moves first; each side starts
-- with 9 men in hand. A turn places a man from the hand on any empty point,
-- or, with none in hand, steps a man to an adjacent empty point; with
-- flying (default on) a side with exactly 3 men on the board and none in
-- hand may move a man to any empty point. A man that completes a line of
-- three of its side's men (a line through its destination, the point it
-- left being empty) removes one enemy man: one not in an enemy line of
-- three, or any when all are in such lines; two lines at once still remove
-- one; none when the enemy has no man on the board. Texts: d3, d3xf4,
-- d2-d3, d2-d3xf4. After each turn, in this order: the side to move with 2
-- men or fewer in all (board and hand) loses; the side to move without a
-- legal move loses; the ply count reaching the limit (default 200, -o
-- limit=N) draws.
-- usage: lua5.4 tests/ref/morris_ref.lua path/to/tavola [GAMES]
--        lua5.4 tests/ref/morris_ref.lua --self   (the reference alone:
--        perft against the published counts and the hand-worked positions)
local self_test = arg[1] == "--self"
local tavola = (not self_test and arg[1]) or "build/tavola"
local games = tonumber(arg[2] or "300")
local t0, wall0 = os.clock(), os.time()
local RULESET = "nine_mens_morris"

-------------------------------------------------------------------------------
-- The board: points 1..24 in this order, their lines and neighbours.
-------------------------------------------------------------------------------
local NAMES = { "a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4",
                "e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7" }
local LINE_TEXT = {
  "a1 d1 g1", "b2 d2 f2", "c3 d3 e3", "a4 b4 c4", "e4 f4 g4", "c5 d5 e5", "b6 d6 f6", "a7 d7 g7",
  "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3", "d5 d6 d7", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7",
}
local POINT = {}                 -- name -> index
for i, n in ipairs(NAMES) do POINT[n] = i end
local LINES = {}                 -- { {p, q, r}, ... }
local LINES_AT = {}              -- point -> the two lines through it
local NEXT = {}                  -- point -> adjacent points
local ADJ = {}                   -- ADJ[p][q] = true when adjacent
for p = 1, 24 do LINES_AT[p], NEXT[p], ADJ[p] = {}, {}, {} end
for _, text in ipairs(LINE_TEXT) do
  local l = {}
  for n in text:gmatch("%S+") do l[#l + 1] = assert(POINT[n], n) end
  LINES[#LINES + 1] = l
  for _, p in ipairs(l) do table.insert(LINES_AT[p], l) end
  for k = 1, 2 do
    local p, q = l[k], l[k + 1]
    ADJ[p][q], ADJ[q][p] = true, true
    table.insert(NEXT[p], q)
    table.insert(NEXT[q], p)
  end
end
for p = 1, 24 do assert(#LINES_AT[p] == 2 and #NEXT[p] >= 2 and #NEXT[p] <= 4) end

-------------------------------------------------------------------------------
-- The state (one, changed in place): B[p] 0 empty, 1 White, 2 Black; hand
-- and men on the board by side; side to move; ply; the options.
-------------------------------------------------------------------------------
local B, hand, onboard = {}, { 9, 9 }, { 0, 0 }
local side, ply = 1, 0
local opt = { flying = true, limit = 200 }

local function reset(o)
  for p = 1, 24 do B[p] = 0 end
  hand[1], hand[2], onboard[1], onboard[2] = 9, 9, 0, 0
  side, ply = 1, 0
  opt.flying = not (o and o.flying == false)
  opt.limit = o and o.limit or 200
end

-- Whether the man of side s standing on p (or that would stand there, the
-- point `gone` being empty) is in a line of three of s.
local function in_line(p, s, gone)
  for _, l in ipairs(LINES_AT[p]) do
    local full = true
    for _, q in ipairs(l) do
      if q ~= p and (q == gone or B[q] ~= s) then full = false break end
    end
    if full then return true end
  end
  return false
end

-- The enemy men a mill of the side to move may remove now.
local function removable()
  local e, free, all = 3 - side, {}, {}
  for p = 1, 24 do
    if B[p] == e then
      all[#all + 1] = p
      if not in_line(p, e) then free[#free + 1] = p end
    end
  end
  return #free > 0 and free or all
end

-- A move: { from (0: a placement), to, take (0: none), mill (bool) }.
local function add(list, from, to, takes)
  if in_line(to, side, from) then
    if #takes == 0 then
      list[#list + 1] = { from = from, to = to, take = 0, mill = true }
    else
      for _, r in ipairs(takes) do list[#list + 1] = { from = from, to = to, take = r, mill = true } end
    end
  else
    list[#list + 1] = { from = from, to = to, take = 0, mill = false }
  end
end

local function flying_now()
  return opt.flying and hand[side] == 0 and onboard[side] == 3
end

-- The legal moves of the side to move (the ends are not looked at here).
local function gen()
  local list, takes = {}, removable()
  if hand[side] > 0 then
    for p = 1, 24 do if B[p] == 0 then add(list, 0, p, takes) end end
  elseif flying_now() then
    for p = 1, 24 do
      if B[p] == side then
        for q = 1, 24 do if B[q] == 0 then add(list, p, q, takes) end end
      end
    end
  else
    for p = 1, 24 do
      if B[p] == side then
        for _, q in ipairs(NEXT[p]) do if B[q] == 0 then add(list, p, q, takes) end end
      end
    end
  end
  return list
end

local function text_of(m)
  local s = NAMES[m.to]
  if m.from ~= 0 then s = NAMES[m.from] .. "-" .. s end
  if m.take ~= 0 then s = s .. "x" .. NAMES[m.take] end
  return s
end

local function make(m)
  if m.from == 0 then
    hand[side] = hand[side] - 1
    onboard[side] = onboard[side] + 1
  else
    B[m.from] = 0
  end
  B[m.to] = side
  if m.take ~= 0 then
    B[m.take] = 0
    onboard[3 - side] = onboard[3 - side] - 1
  end
  side, ply = 3 - side, ply + 1
end

local function unmake(m)
  side, ply = 3 - side, ply - 1
  if m.take ~= 0 then
    B[m.take] = 3 - side
    onboard[3 - side] = onboard[3 - side] + 1
  end
  B[m.to] = 0
  if m.from == 0 then
    hand[side] = hand[side] + 1
    onboard[side] = onboard[side] - 1
  else
    B[m.from] = side
  end
end

-- The end, in the rules' order: nil while the game goes on, else the
-- winner (0 a draw) and why.
local function ended(moves)
  if hand[side] + onboard[side] <= 2 then return 3 - side, "two men" end
  if #moves == 0 then return 3 - side, "blocked" end
  if ply >= opt.limit then return 0, "limit" end
  return nil
end

-------------------------------------------------------------------------------
-- Views: what the engine's play --json should say of the state.
-------------------------------------------------------------------------------
local CHAR = { [0] = ".", "M", "m" }

local function rows()
  local grid = {}
  for r = 1, 7 do grid[r] = { "#", "#", "#", "#", "#", "#", "#" } end
  for p = 1, 24 do
    local n = NAMES[p]
    grid[tonumber(n:sub(2))][n:byte(1) - 96] = CHAR[B[p]]
  end
  local t = {}
  for r = 7, 1, -1 do t[#t + 1] = table.concat(grid[r]) end
  return table.concat(t, "/")
end

-- Hands as "M=9 m=8" (a kind with none left out), from the reference or
-- from the engine's "hands":[{"M":9},{"m":8}].
local function hands_text(h1, h2)
  local t = {}
  if h1 > 0 then t[#t + 1] = "M=" .. h1 end
  if h2 > 0 then t[#t + 1] = "m=" .. h2 end
  return table.concat(t, " ")
end

local function engine_hands(out)
  local h = out:match('"hands":%[(.-)%]')
  if not h then return "(none)" end
  local t = {}
  for kind, n in h:gmatch('"(%a)":(%d+)') do if tonumber(n) > 0 then t[#t + 1] = kind .. "=" .. n end end
  table.sort(t)
  return table.concat(t, " ")
end

local function sorted_list(texts)
  local t = {}
  for w in texts:gmatch("%S+") do t[#t + 1] = w end
  table.sort(t)
  return table.concat(t, " ")
end

local function view()
  local moves = gen()
  local winner, why = ended(moves)
  local t = {}
  if not winner then for i, m in ipairs(moves) do t[i] = text_of(m) end end
  table.sort(t)
  return {
    board = rows(), moves = table.concat(t, " "), ply = ply, to_move = side,
    status = winner and "over" or "ongoing", winner = winner and tostring(winner) or "null",
    hands = hands_text(hand[1], hand[2]), why = why,
  }
end

local function find(moves, text)
  for _, m in ipairs(moves) do if text_of(m) == text then return m end end
  return nil
end

-- Plays a list of texts from the start; returns the views after each (0 the
-- start) or nil and the text refused.
local function replay(o, texts)
  reset(o)
  local views = { [0] = view() }
  local k = 0
  for text in texts:gmatch("%S+") do
    if views[k].status ~= "ongoing" then return nil, text end
    local m = find(gen(), text)
    if not m then return nil, text end
    make(m)
    k = k + 1
    views[k] = view()
  end
  return views, k
end

-------------------------------------------------------------------------------
-- Perft: sequences of D whole turns; a finished game is a leaf.
-------------------------------------------------------------------------------
local function perft(d)
  if hand[side] + onboard[side] <= 2 or ply >= opt.limit then return 0 end
  local moves = gen()
  if d == 1 then return #moves end
  local n = 0
  for _, m in ipairs(moves) do
    make(m)
    n = n + perft(d - 1)
    unmake(m)
  end
  return n
end

-------------------------------------------------------------------------------
-- The option variants and fixed move lists used below.
-------------------------------------------------------------------------------
local DEFAULT = { label = "default", args = "" }
local NOFLY = { label = "flying=false", args = " -o flying=false", flying = false }
local LIMIT60 = { label = "limit=60", args = " -o limit=60", limit = 60 }
local function limit(n) return { label = "limit=" .. n, args = " -o limit=" .. n, limit = n } end

-- White builds a double mill (a1 g1 / b2 f2 with the man on d1 or d2)
-- while placing; Black never lines up three. Ply 17: White's d1 closes
-- a1 d1 g1 and removes d3. The movement phase starts at ply 18.
local DOUBLE = "a1 a4 g1 b4 b2 e4 f2 f4 c3 b6 e3 d6 c5 a7 e5 d3 d1xd3 d7"
-- Then White swings d1-d2-d1 (each move a mill: out of one line, into the
-- other, back into the first), taking a4, a7, b4, b6 and e4 while Black
-- shuffles d7-g7-d7: after ply 27 Black has three men (f4 d6 d7) and flies.
local SWING25 = DOUBLE .. " d1-d2xa4 d7-g7 d2-d1xa7 g7-d7 d1-d2xb4 d7-g7 d2-d1xb6"
local SWING = SWING25 .. " g7-d7 d1-d2xe4"
-- White blocked in at the end of placing: no mill on the way.
local BLOCKED = "d1 a1 g1 d2 b2 e3 f2 c5 c3 e5 d3 g7 c4 b4 e4 f4 g4 a4"

-------------------------------------------------------------------------------
-- Hand-worked positions: { name, variant, moves from the start, expected }.
-- expected: moves (the full legal list, any order), has / lacks (texts that
-- must / must not be legal), board (rows from 7 down), status, winner,
-- to_move, hands ("M=n m=n"), ply.
-------------------------------------------------------------------------------
local HAND = {
  -- White a1 d1 against Black a7 d7: g1 closes a1 d1 g1 and takes either
  -- black man (neither in a line); the 18 other empty points are plain.
  { "placement: g1 makes a mill, either black man may go", DEFAULT, "a1 a7 d1 d7",
    { moves = "g1xa7 g1xd7 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 g7", to_move = 1,
      hands = "M=7 m=7" } },
  -- Black a7 d7, g7 closes a7 d7 g7: any of White's a1 d1 b2.
  { "placement: Black's g7 makes a mill", DEFAULT, "a1 a7 d1 d7 b2",
    { moves = "g7xa1 g7xd1 g7xb2 g1 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6", to_move = 2 } },
  -- Every black man (a7 d7 g7) in a mill: White's g1 may take any of them.
  { "placement: every enemy man in a mill, any may go", DEFAULT, "a1 a7 d1 d7 b2 g7xb2",
    { moves = "g1xa7 g1xd7 g1xg7 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6",
      board = "m##m##m/#.#.#.#/##...##/...#.../##...##/#.#.#.#/M##M##.", hands = "M=6 m=6" } },
  -- Black adds c4 (not in a line): only c4 may go, a7 d7 g7 are protected.
  { "placement: men in a mill protected", DEFAULT, "a1 a7 d1 d7 b2 g7xb2 f4 c4",
    { moves = "g1xc4 b2 d2 f2 c3 d3 e3 a4 b4 e4 g4 c5 d5 e5 b6 d6 f6", lacks = "g1 g1xa7 g1xd7 g1xg7" } },
  { "placement: the mill made, c4 taken", DEFAULT, "a1 a7 d1 d7 b2 g7xb2 f4 c4 g1xc4",
    { board = "m##m##m/#.#.#.#/##...##/...#.M./##...##/#.#.#.#/M##M##M", hands = "M=4 m=5", to_move = 2,
      status = "ongoing", ply = 9 } },
  -- White a1 a7 b4 c4: a4 closes a1 a4 a7 and a4 b4 c4 at once, one removal
  -- (of d1 d7 g1 g7, none in a line): four moves, not eight.
  { "placement: two mills at once, one removal", DEFAULT, "a1 d7 a7 g7 b4 d1 c4 g1",
    { moves = "a4xd1 a4xd7 a4xg1 a4xg7 b2 d2 f2 c3 d3 e3 e4 f4 g4 c5 d5 e5 b6 d6 f6" } },
  { "placement: two mills at once, g1 taken", DEFAULT, "a1 d7 a7 g7 b4 d1 c4 g1 a4xg1",
    { board = "M##m##m/#.#.#.#/##...##/MMM#.../##...##/#.#.#.#/M##m##.", hands = "M=4 m=5", to_move = 2 } },
  -- Ply 17, Black's last man: c4, g4 and f6 each close a black line; White's
  -- a1 d1 g1 is a mill, so only b2 f2 c3 e3 c5 e5 may go.
  { "placement: Black's last man, three mills to choose", DEFAULT, DOUBLE:match("^(.*) d7$"),
    { moves = "d2 d3 d5 d7 g7 c4xb2 c4xf2 c4xc3 c4xe3 c4xc5 c4xe5 g4xb2 g4xf2 g4xc3 g4xe3 g4xc5 g4xe5 "
        .. "f6xb2 f6xf2 f6xc3 f6xe3 f6xc5 f6xe5", hands = "m=1" } },
  -- Ply 18, moving: d1-d2 closes b2 d2 f2 (any black man: none in a line);
  -- the other steps make no line (c3-d3: c3 left empty; b2-d2: b2 left).
  { "moving: a step into a mill, a double mill", DEFAULT, DOUBLE,
    { moves = "c3-c4 c3-d3 c5-c4 c5-d5 b2-d2 e3-d3 e5-d5 f2-d2 g1-g4 d1-d2xa4 d1-d2xa7 d1-d2xb4 d1-d2xb6 "
        .. "d1-d2xd6 d1-d2xd7 d1-d2xe4 d1-d2xf4",
      board = "m##m##./#m#m#.#/##M.M##/mm.#mm./##M.M##/#M#.#M#/M##M##M", hands = "", ply = 18 } },
  -- Ply 20: d2-d1 goes back into a1 d1 g1 (out and back), d2-d3 closes
  -- c3 d3 e3; either takes any of b4 e4 f4 b6 d6 a7 g7 (none in a line).
  { "moving: out of a mill and back in", DEFAULT, DOUBLE .. " d1-d2xa4 d7-g7",
    { moves = "a1-d1 a1-a4 g1-d1 g1-g4 c3-d3 c3-c4 e3-d3 c5-d5 c5-c4 e5-d5 "
        .. "d2-d1xa7 d2-d1xb4 d2-d1xe4 d2-d1xf4 d2-d1xb6 d2-d1xd6 d2-d1xg7 "
        .. "d2-d3xa7 d2-d3xb4 d2-d3xe4 d2-d3xf4 d2-d3xb6 d2-d3xd6 d2-d3xg7", lacks = "d2-d1 d2-d1xd7" } },
  -- Ply 25: Black has four men (e4 f4 d6 g7): steps only (e4 is shut in);
  -- g7-g4 closes e4 f4 g4 and takes a white man outside a1 d1 g1.
  { "moving: four men do not fly", DEFAULT, SWING25,
    { moves = "f4-g4 f4-f6 d6-b6 d6-f6 d6-d5 d6-d7 g7-d7 g7-g4xb2 g7-g4xf2 g7-g4xc3 g7-g4xe3 g7-g4xc5 "
        .. "g7-g4xe5", to_move = 2, hands = "" } },
  -- Ply 27: Black f4 d6 d7 flies: every man to each of the 12 empty points
  -- (d1 d3 a4 b4 c4 e4 g4 d5 b6 f6 a7 g7); f4-d5 closes d5 d6 d7 and takes a
  -- white man outside b2 d2 f2.
  { "flying: three men go anywhere", DEFAULT, SWING,
    { moves = "f4-d1 f4-d3 f4-a4 f4-b4 f4-c4 f4-e4 f4-g4 f4-b6 f4-f6 f4-a7 f4-g7 "
        .. "f4-d5xa1 f4-d5xg1 f4-d5xc3 f4-d5xe3 f4-d5xc5 f4-d5xe5 "
        .. "d6-d1 d6-d3 d6-a4 d6-b4 d6-c4 d6-e4 d6-g4 d6-d5 d6-b6 d6-f6 d6-a7 d6-g7 "
        .. "d7-d1 d7-d3 d7-a4 d7-b4 d7-c4 d7-e4 d7-g4 d7-d5 d7-b6 d7-f6 d7-a7 d7-g7",
      board = ".##m##./#.#m#.#/##M.M##/...#.m./##M.M##/#M#M#M#/M##.##M", to_move = 2, hands = "" } },
  { "flying=false: three men only step", NOFLY, SWING,
    { moves = "d6-b6 d6-d5 d6-f6 d7-a7 d7-g7 f4-e4 f4-f6 f4-g4", to_move = 2 } },
  -- Ply 29: d7-a4 is a flight; d2-d1 closes a1 d1 g1, takes f4: Black has
  -- two men (d6 a4) and none in hand: White wins.
  { "two men left: the other side wins", DEFAULT, SWING .. " d7-a4 d2-d1xf4",
    { status = "over", winner = "1", to_move = 2, moves = "", ply = 29,
      board = ".##.##./#.#m#.#/##M.M##/m..#.../##M.M##/#M#.#M#/M##M##M" } },
  -- Ply 18: every white man is blocked (d1: a1 d2 g1; g1: d1 g4; b2: d2 b4;
  -- f2: d2 f4; c3: d3 c4; d3: c3 e3 d2; c4: b4 c3 c5; e4: e3 e5 f4; g4: g1
  -- f4 g7): White, to move, loses.
  { "blocked in: the side to move loses", DEFAULT, BLOCKED,
    { status = "over", winner = "2", to_move = 1, moves = "", hands = "",
      board = ".##.##m/#.#.#.#/##m.m##/mmM#MmM/##MMm##/#M#m#M#/m##M##M" } },
  { "blocked in on the limit's ply: a loss, not a draw", limit(18), BLOCKED,
    { status = "over", winner = "2", to_move = 1 } },
  { "the limit: ongoing one ply before", limit(6), "a1 a7 d1 d7 b2",
    { status = "ongoing", winner = "null", to_move = 2 } },
  { "the limit: a draw", limit(6), "a1 a7 d1 d7 b2 b6",
    { status = "over", winner = "0", to_move = 1, moves = "", ply = 6, hands = "M=6 m=6" } },
}

-- The reference against one hand expectation.
local function hand_problems(h)
  local views, k = replay(h[2], h[3])
  if not views then return { "the reference refuses " .. tostring(k) } end
  local v, want, problems = views[k], h[4], {}
  local function expect(what, got, w)
    if w ~= nil and tostring(got) ~= tostring(w) then
      problems[#problems + 1] = string.format("%s: reference %s, by hand %s", what, tostring(got), tostring(w))
    end
  end
  expect("moves", v.moves, want.moves and sorted_list(want.moves))
  for _, f in ipairs({ "board", "status", "winner", "to_move", "hands", "ply" }) do expect(f, v[f], want[f]) end
  local have = {}
  for w in v.moves:gmatch("%S+") do have[w] = true end
  for w in (want.has or ""):gmatch("%S+") do if not have[w] then problems[#problems + 1] = "lacks " .. w end end
  for w in (want.lacks or ""):gmatch("%S+") do if have[w] then problems[#problems + 1] = "has " .. w end end
  return problems, v, k
end

-- Perft from the start: OpenSpiel's counts (its nine_mens_morris, where a
-- removal is an action of its own) agree with whole turns up to depth 4: no
-- mill can be made before ply 5. From depth 5 on they differ: at depth 5
-- OpenSpiel counts each mill-making placement once (its removal is ply 6),
-- 24*23*22*21*20 = 5100480, where a whole turn counts it once per man it
-- may take (here always 2: Black has two men, never in a line): 5100480 +
-- 96 * 21 * 20 (the ordered white pairs on a line, Black's two men off its
-- third point) = 5140800. From depth 6 on OpenSpiel's plies are removals as
-- well as turns, and its counts have no match here. Depth 6 (about a minute
-- here, MORRIS_REF_DEPTH=6) is 99274176, also worked by hand: the 80640
-- nodes after a white mill have 20 placements each (Black, one man left,
-- cannot close a line); the 5060160 others 19, plus 2 more (a placement
-- with one of three removals instead of one plain) wherever Black's two men
-- share a line with its third point empty: 96 * (21 * 20 * 19 - 12 * 6) =
-- 759168 of them (the 12 lines apart from Black's give no white line).
local PUBLISHED = { 24, 552, 12144, 255024 }
local START_DEPTH = tonumber(os.getenv("MORRIS_REF_DEPTH") or "5")

-- Perft from positions reached by fixed move lists: { label, variant,
-- moves, depth }.
local MID_PERFT = {
  { "placement, ply 8", DEFAULT, "a1 a7 d1 d7 b2 g7xb2 f4 c4", 3 },
  { "double mill, ply 18", DEFAULT, DOUBLE, 4 },
  { "Black flying, ply 27", DEFAULT, SWING, 3 },
  { "Black with three men, ply 27, flying=false", NOFLY, SWING, 4 },
}

-------------------------------------------------------------------------------
-- --self: the reference alone.
-------------------------------------------------------------------------------
if self_test then
  local failed = 0
  for d = 1, START_DEPTH do
    local t = os.clock()
    reset()
    local n = perft(d)
    local ok = not PUBLISHED[d] or PUBLISHED[d] == n
    if not ok then failed = failed + 1 end
    print(string.format("perft %d %d%s (%.1f s)", d, n, PUBLISHED[d] and (ok and "  = published" or "  FAIL: published "
      .. PUBLISHED[d]) or "", os.clock() - t))
  end
  for _, h in ipairs(HAND) do
    local problems = hand_problems(h)
    if #problems > 0 then failed = failed + 1 end
    print(string.format("%s: %s%s", h[1], #problems == 0 and "ok" or "FAIL\n  ", table.concat(problems, "\n  ")))
  end
  for _, p in ipairs(MID_PERFT) do
    assert(replay(p[2], p[3]))
    local counts = {}
    for d = 1, p[4] do counts[d] = perft(d) end
    print(string.format("perft from %s: %s", p[1], table.concat(counts, " ")))
  end
  print(string.format("morris reference alone: %d failed (%.1f s)", failed, os.clock() - t0))
  os.exit(failed == 0 and 0 or 1)
end

-------------------------------------------------------------------------------
-- The engine
-------------------------------------------------------------------------------
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run, tally = cli.run, cli.tally()
local report = tally.report

local function ask(variant, names, given)
  local moves = #names > 0 and string.format(" --moves '%s'", table.concat(names, " ")) or ""
  local where = given and string.format(" --position '%s'", given) or ""
  local cmd = string.format("%s play %s%s%s%s --json", tavola, RULESET, variant.args, where, moves)
  local out = run(cmd)
  local v = cli.view(out)
  v.ply = out:match('"ply":(%d+)')
  v.hands = engine_hands(out)
  v.moves = cli.sorted_texts(v.moves)
  v.out = out
  return v, cmd
end

local FIELDS = { "board", "moves", "ply", "to_move", "status", "winner", "hands" }

local function compare_view(problems, v, want, prefix)
  for _, f in ipairs(FIELDS) do cli.expect(problems, (prefix or "") .. f, v[f], want[f]) end
  if #problems > 0 and not v.json then problems[#problems + 1] = "engine output: " .. v.out:gsub("\n+$", "") end
end

-- The engine after `names` against the reference's view; with readback, its
-- position string is read back and must give the same.
local function compare(variant, names, want, readback)
  local v, cmd = ask(variant, names)
  local problems = {}
  compare_view(problems, v, want)
  if readback and v.json then
    if not v.position then
      problems[#problems + 1] = "no position string"
    else
      local w, cmd2 = ask(variant, {}, v.position)
      local before = #problems
      compare_view(problems, w, want, "read back: ")
      cli.expect(problems, "read back: position", w.position, v.position)
      if #problems > before then problems[#problems + 1] = "read back by: " .. cmd2 end
    end
  end
  return problems, cmd
end

local function words(s)
  local t = {}
  for w in s:gmatch("%S+") do t[#t + 1] = w end
  return t
end

-------------------------------------------------------------------------------
-- 1. Perft
-------------------------------------------------------------------------------
local function check_perft(label, variant, moves, depth, published)
  local given, problems, where = nil, {}, ""
  if moves ~= "" then
    local v = ask(variant, words(moves))
    given = v.position
    if not given then
      report("perft " .. label, { "no position string from the engine: " .. v.out:gsub("\n+$", "") },
             "play --moves '" .. moves .. "'")
      return
    end
    where = string.format(" --position '%s'", given)
  end
  local cmd = string.format("%s perft %s %d%s%s", tavola, RULESET, depth, variant.args, where)
  local out = run(cmd)
  local engine = cli.engine_perft(out)
  local counts, t = {}, os.clock()
  for d = 1, depth do
    assert(replay(variant, moves))
    local n = perft(d)
    counts[d] = tostring(n)
    if engine[d] ~= n then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), n)
    end
    if published and published[d] and published[d] ~= n then
      problems[#problems + 1] = string.format("perft %d: reference %d, published %d", d, n, published[d])
    end
  end
  if #problems > 0 and not next(engine) then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  print(string.format("perft %s: %s  %s (%.1f s)", label, table.concat(counts, " "), #problems == 0 and "PASS" or "FAIL",
                      os.clock() - t))
  report("perft " .. label, problems, cmd)
end

check_perft("from the start", DEFAULT, "", START_DEPTH, PUBLISHED)
check_perft("from the start, flying=false", NOFLY, "", 4, PUBLISHED)
for _, p in ipairs(MID_PERFT) do check_perft("from " .. p[1], p[2], p[3], p[4]) end

-------------------------------------------------------------------------------
-- 2. Hand-worked positions: the reference against the hand, the engine
-- against the reference in full (and the position read back).
-------------------------------------------------------------------------------
local hand_ok = 0
for _, h in ipairs(HAND) do
  local problems, v, k = hand_problems(h)
  if v then
    local p2, cmd = compare(h[2], words(h[3]), v, true)
    for _, p in ipairs(p2) do problems[#problems + 1] = p end
    if #problems == 0 then hand_ok = hand_ok + 1 end
    report("hand-worked: " .. h[1] .. " (" .. h[2].label .. ", ply " .. k .. ")", problems, cmd)
  else
    report("hand-worked: " .. h[1], problems, h[3])
  end
end
print(string.format("hand-worked positions: %d of %d agree", hand_ok, #HAND))

-- Moves the rules refuse (the reference finds them illegal too): the engine
-- must answer with an error, not a view.
local REFUSED = {
  { "a mill without its removal", DEFAULT, "a1 a7 d1 d7", "g1" },
  { "a man in a mill removed while another is free", DEFAULT, "a1 a7 d1 d7 b2 g7xb2 f4 c4", "g1xa7" },
  { "a removal without a mill", DEFAULT, "a1 a7 d1 d7", "b2xa7" },
  { "a step over a point (c3-e3, d3 between)", DEFAULT, DOUBLE, "c3-e3" },
  { "a flight with four men", DEFAULT, SWING25, "f4-a4" },
  { "a flight with flying=false", NOFLY, SWING, "d7-a4" },
  { "a move after the end", DEFAULT, SWING .. " d7-a4 d2-d1xf4", "d6-d5" },
}
for _, r in ipairs(REFUSED) do
  local views, k = replay(r[2], r[3])
  local problems = {}
  if not views then
    problems[1] = "the reference refuses " .. tostring(k)
  elseif (" " .. views[k].moves .. " "):find(" " .. r[4] .. " ", 1, true) then
    problems[1] = "the reference finds " .. r[4] .. " legal"
  end
  local v, cmd = ask(r[2], words(r[3] .. " " .. r[4]))
  if v.json then problems[#problems + 1] = "engine accepts " .. r[4] .. " (ply " .. tostring(v.ply) .. ")" end
  report("refused: " .. r[1], problems, cmd)
end

-------------------------------------------------------------------------------
-- 3. Random games
-------------------------------------------------------------------------------
local VARIANTS = { DEFAULT, NOFLY, LIMIT60 }
local t3 = os.clock()
local plies, mills, removals, flights, ends = 0, 0, 0, 0, {}
for seed = 1, games do
  local variant = VARIANTS[(seed - 1) % #VARIANTS + 1]
  math.randomseed(seed)
  reset(variant)
  local names, views = {}, { [0] = view() }
  while views[#names].status == "ongoing" do
    local moves = gen()
    local m = moves[math.random(#moves)]
    if m.mill then mills = mills + 1 end
    if m.take ~= 0 then removals = removals + 1 end
    if m.from ~= 0 and not ADJ[m.from][m.to] then flights = flights + 1 end
    names[#names + 1] = text_of(m)
    make(m)
    views[#names] = view()
  end
  local n = #names
  plies = plies + n
  local why = views[n].why
  ends[why] = (ends[why] or 0) + 1
  local label = string.format("%s seed %d (%s at ply %d)", variant.label, seed, why, n)
  local pick = math.random(0, n)
  report(label, compare(variant, names, views[n], pick == n)) -- the end, every move accepted on the way
  if seed <= #VARIANTS then                                   -- every state of the first games
    for k = 0, n - 1 do
      report(label .. " after " .. k, compare(variant, table.move(names, 1, k, 1, {}), views[k], k == pick))
    end
  elseif pick < n then                                        -- one state on the way
    report(label .. " after " .. pick, compare(variant, table.move(names, 1, pick, 1, {}), views[pick], true))
  end
end
local kinds = {}
for _, why in ipairs({ "two men", "blocked", "limit" }) do kinds[#kinds + 1] = string.format("%s %d", why, ends[why] or 0) end
print(string.format("random games: %d (default, flying=false, limit=60 in turn): %d plies, %d mills, %d removals, "
                    .. "%d flights; ends: %s (%.1f s)", games, plies, mills, removals, flights,
                    table.concat(kinds, ", "), os.clock() - t3))
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
tally.finish("nine men's morris reference")
