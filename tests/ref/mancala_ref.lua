-- An independent plain-Lua mancala family (not the engine's code): Tihbat (with
-- and without chain captures), Kalah (several options) and Oware, written from
-- the rule statements in the rulesets' comment headers. Checked against the CLI:
--   1. perft from the start position against `tavola perft`;
--   2. random games (random length, or to the end) against `tavola play --json`;
--   3. a few positions worked out by hand.
-- Conventions of the CLI's output (not rules): when a game ends, the seeds left
-- are added to the scores and the board shows every hole empty; `to_move` stays
-- the side that would have moved next (the mover again after a Kalah extra turn).
-- usage: lua5.4 tests/ref/mancala_ref.lua path/to/tavola [GAMES]   (default 300)
local tavola, games = arg[1], tonumber(arg[2] or "300")
assert(tavola, "usage: lua5.4 tests/ref/mancala_ref.lua path/to/tavola [GAMES]")

-------------------------------------------------------------------------------
-- Board model
--
-- The holes are kept in sowing (counter-clockwise) order on a ring:
--   ring 1..N     = a1, b1, ..., (N)1          (player 1's row, left to right)
--   ring N+1..2N  = (N)2, ..., b2, a2          (player 2's row, right to left)
-- so ring index r+1 is the next hole counter-clockwise after r. The stores
-- (Kalah only) are kept apart: player 1's sits between ring N and ring N+1,
-- player 2's between ring 2N and ring 1.
-- Column c of player p is ring c (p = 1) or ring 2N+1-c (p = 2); the hole
-- opposite ring r (same column, other row) is ring 2N+1-r.
--
-- A state: { h = ring counts, sc = {p1, p2} captured/stored seeds, side = 1|2,
--   over = bool, moves = legal moves as list of column numbers (0 = pass),
--   key = position key (for repetition) }
-------------------------------------------------------------------------------

-- How often the rarer rules came up in the random games (printed at the end).
local stats = {}
local function hit(what) stats[what] = (stats[what] or 0) + 1 end

local function copy(t)
  local r = {}
  for i = 1, #t do r[i] = t[i] end
  return r
end

local function owner(N, r) return r <= N and 1 or 2 end
local function ring(N, p, c) return p == 1 and c or 2 * N + 1 - c end
local function row_sum(h, N, p)
  local s = 0
  local lo = p == 1 and 1 or N + 1
  for r = lo, lo + N - 1 do s = s + h[r] end
  return s
end

local function poskey(h, side)
  return string.char(table.unpack(h)) .. string.char(side)
end

local function finish_winner(st)
  st.moves = {}
  if st.sc[1] > st.sc[2] then st.winner = 1
  elseif st.sc[1] < st.sc[2] then st.winner = 2
  else st.winner = 0 end
end

-------------------------------------------------------------------------------
-- Tihbat: N = 2, 7 seeds, no stores
-------------------------------------------------------------------------------
local EVEN = { [2] = true, [4] = true, [6] = true, [8] = true }

local function tihbat(chain)
  local N = 2
  local R = {}
  R.N = N
  R.name = "tihbat"
  R.opts = chain and "-o chain=true" or ""
  R.repetition = true

  local function gen(st)
    local mv = {}
    for c = 1, N do
      if st.h[ring(N, st.side, c)] > 0 then mv[#mv + 1] = c end
    end
    if #mv == 0 then mv[1] = 0 end -- pass
    st.moves = mv
  end

  local function finish(st)
    st.over = true
    local left = 0
    for r = 1, 2 * N do left = left + st.h[r] end
    local half = left // 2
    st.sc[1], st.sc[2] = st.sc[1] + half, st.sc[2] + half
    for r = 1, 2 * N do st.h[r] = 0 end -- the seeds left are given out
    finish_winner(st)
  end

  function R.start(init)
    local st = { h = { 7, 7, 7, 7 }, sc = { 0, 0 }, side = 1, over = false }
    if init then st.h, st.sc, st.side = init.h, init.sc, init.side end
    st.key = poskey(st.h, st.side)
    gen(st)
    return st
  end

  -- seen: set of position keys occurred earlier in the game
  function R.play(st, c, seen)
    local h, sc, p = copy(st.h), { st.sc[1], st.sc[2] }, st.side
    if c == 0 then hit("tihbat pass") end
    if c ~= 0 then
      local o = ring(N, p, c)
      local s = h[o]
      h[o] = 0
      local pos, last = o, o
      for _ = 1, s do
        h[pos] = h[pos] + 1
        last = pos
        pos = pos % (2 * N) + 1
      end
      if s > 2 * N then hit("tihbat lap past the origin") end
      if owner(N, last) == p and EVEN[h[last]] then
        hit("tihbat capture")
        sc[p] = sc[p] + h[last]
        h[last] = 0
        if chain then
          local q = (last - 2) % (2 * N) + 1
          while owner(N, q) == p and EVEN[h[q]] do
            hit("tihbat chain capture")
            sc[p] = sc[p] + h[q]
            h[q] = 0
            q = (q - 2) % (2 * N) + 1
          end
        end
      end
    end
    local nst = { h = h, sc = sc, side = 3 - p, over = false }
    nst.key = poskey(h, nst.side)
    local empty = true
    for r = 1, 2 * N do if h[r] > 0 then empty = false end end
    if empty or seen[nst.key] then
      hit(empty and "tihbat end: board empty" or "tihbat end: repetition")
      finish(nst)
    else
      gen(nst)
    end
    return nst
  end

  return R
end

-------------------------------------------------------------------------------
-- Kalah: N holes, S seeds, stores (kept in sc), extra turn, opposite capture
-------------------------------------------------------------------------------
local function kalah(N, S, empty_capture, opts)
  local R = {}
  R.N = N
  R.name = "kalah"
  R.opts = opts
  R.repetition = false

  local function gen(st)
    local mv = {}
    for c = 1, N do
      if st.h[ring(N, st.side, c)] > 0 then mv[#mv + 1] = c end
    end
    st.moves = mv
  end

  function R.start(init)
    local h = {}
    for r = 1, 2 * N do h[r] = S end
    local st = { h = h, sc = { 0, 0 }, side = 1, over = false }
    if init then st.h, st.sc, st.side = init.h, init.sc, init.side end
    gen(st)
    return st
  end

  -- Sowing cycle of slots: ring 1..N, store 1, ring N+1..2N, store 2.
  -- Slot numbering: slot(ring r) = r for r <= N, r + 1 for r > N;
  -- store 1 = slot N+1, store 2 = slot 2N+2.
  function R.play(st, c)
    local h, sc, p = copy(st.h), { st.sc[1], st.sc[2] }, st.side
    local L = 2 * N + 2
    local own_store = p == 1 and N + 1 or L
    local opp_store = p == 1 and L or N + 1
    local o = ring(N, p, c)
    local s = h[o]
    if s > 2 * N + 1 then hit("kalah lap past the origin") end
    h[o] = 0
    local slot = o <= N and o or o + 1
    local last_slot
    while s > 0 do
      slot = slot % L + 1
      if slot ~= opp_store then
        if slot == own_store then
          sc[p] = sc[p] + 1
        else
          local r = slot <= N and slot or slot - 1
          h[r] = h[r] + 1
        end
        s = s - 1
        last_slot = slot
      end
    end
    local next_side = 3 - p
    if last_slot == own_store then
      hit("kalah extra turn")
      next_side = p
    else
      local r = last_slot <= N and last_slot or last_slot - 1
      if owner(N, r) == p and h[r] == 1 then
        local opp = 2 * N + 1 - r
        if h[opp] > 0 or empty_capture then
          hit(h[opp] > 0 and "kalah capture" or "kalah capture of an empty opposite hole")
          sc[p] = sc[p] + h[opp] + 1
          h[opp] = 0
          h[r] = 0
        end
      end
    end
    local nst = { h = h, sc = sc, side = next_side, over = false }
    local s1, s2 = row_sum(h, N, 1), row_sum(h, N, 2)
    if s1 == 0 or s2 == 0 then
      nst.over = true
      sc[1], sc[2] = sc[1] + s1, sc[2] + s2
      for r = 1, 2 * N do h[r] = 0 end -- the seeds left go to their owners' stores
      finish_winner(nst)
    else
      gen(nst)
    end
    return nst
  end

  return R
end

-------------------------------------------------------------------------------
-- Oware: 6 holes, 4 seeds, no stores; origin skipped; captures of 2-3 on the
-- opponent's side with backward chain; grand slam captures nothing; feeding.
-------------------------------------------------------------------------------
local function oware()
  local N = 6
  local R = {}
  R.N = N
  R.name = "oware"
  R.opts = ""
  R.repetition = true

  -- Sow (and capture) the hole of column c for player p; returns h, gained.
  local function sow(h0, p, c)
    local h = copy(h0)
    local o = ring(N, p, c)
    local s = h[o]
    h[o] = 0
    local pos = o
    while s > 0 do
      pos = pos % (2 * N) + 1
      if pos ~= o then
        h[pos] = h[pos] + 1
        s = s - 1
      end
    end
    local gained, note = 0, nil
    local taken = {}
    local q = pos
    while owner(N, q) ~= p and (h[q] == 2 or h[q] == 3) do
      taken[#taken + 1] = q
      gained = gained + h[q]
      q = (q - 2) % (2 * N) + 1
    end
    if gained > 0 and gained == row_sum(h, N, 3 - p) then
      gained = 0 -- grand slam: nothing is captured
      note = "oware grand slam"
    else
      if #taken > 1 then note = "oware chain capture" end
      for _, r in ipairs(taken) do h[r] = 0 end
    end
    return h, gained, note
  end
  R.sow = sow

  local function gen(st)
    local mv = {}
    local p = st.side
    for c = 1, N do
      if st.h[ring(N, p, c)] > 0 then
        local h = sow(st.h, p, c)
        if row_sum(h, N, 3 - p) > 0 then mv[#mv + 1] = c end
      end
    end
    st.moves = mv
  end

  local function finish(st)
    st.over = true
    local s1, s2 = row_sum(st.h, N, 1), row_sum(st.h, N, 2)
    st.sc[1], st.sc[2] = st.sc[1] + s1, st.sc[2] + s2
    for r = 1, 2 * N do st.h[r] = 0 end -- the seeds left go to their owners
    finish_winner(st)
  end

  function R.start(init)
    local h = {}
    for r = 1, 2 * N do h[r] = 4 end
    local st = { h = h, sc = { 0, 0 }, side = 1, over = false }
    if init then st.h, st.sc, st.side = init.h, init.sc, init.side end
    st.key = poskey(st.h, st.side)
    gen(st)
    return st
  end

  function R.play(st, c, seen)
    local p = st.side
    local h, gained, note = sow(st.h, p, c)
    if note then hit(note) end
    if gained > 0 then hit("oware capture") end
    if st.h[ring(N, p, c)] >= 12 then hit("oware lap over the origin") end
    local nonempty = 0
    for cc = 1, N do if st.h[ring(N, p, cc)] > 0 then nonempty = nonempty + 1 end end
    if #st.moves < nonempty then hit("oware position with a hole refused for not feeding") end
    local sc = { st.sc[1], st.sc[2] }
    sc[p] = sc[p] + gained
    local nst = { h = h, sc = sc, side = 3 - p, over = false }
    nst.key = poskey(h, nst.side)
    if sc[1] >= 25 or sc[2] >= 25 then
      hit("oware end: 25 captured")
      finish(nst)
    elseif seen[nst.key] then
      hit("oware end: repetition")
      finish(nst)
    else
      gen(nst)
      if #nst.moves == 0 then hit("oware end: no legal move"); finish(nst) end
    end
    return nst
  end

  return R
end

-------------------------------------------------------------------------------
-- Text
-------------------------------------------------------------------------------
local function move_name(c, p)
  if c == 0 then return "pass" end
  return string.char(96 + c) .. p
end

local function board_json(R, st)
  local rows = {}
  for _, p in ipairs({ 2, 1 }) do
    local t = {}
    for c = 1, R.N do t[c] = tostring(st.h[ring(R.N, p, c)]) end
    rows[#rows + 1] = '"' .. table.concat(t, " ") .. '"'
  end
  return table.concat(rows, ",")
end

local function moves_json(st)
  local t = {}
  for i, c in ipairs(st.moves) do t[i] = '"' .. move_name(c, st.side) .. '"' end
  return table.concat(t, ",")
end

-- A position string as the CLI writes it: "a2,b2,.../a1,b1,... S1,S2 SIDE PLY"
-- (row 2 first, each row left to right). Returns the start() override.
local function parse_position(R, text)
  local r2, r1, s1, s2, side = text:match("^(%S+)/(%S+) (%d+),(%d+) (%d)")
  local h = {}
  local function fill(row, p)
    local c = 0
    for n in row:gmatch("%d+") do
      c = c + 1
      h[ring(R.N, p, c)] = tonumber(n)
    end
    assert(c == R.N, "bad position " .. text)
  end
  fill(r2, 2)
  fill(r1, 1)
  return { h = h, sc = { tonumber(s1), tonumber(s2) }, side = tonumber(side) }
end

-- Plays a list of move names from the start (or from a position string);
-- returns the final state or nil, err.
local function replay(R, names, position)
  local st = R.start(position and parse_position(R, position))
  local seen = {}
  if st.key then seen[st.key] = true end
  for i, m in ipairs(names) do
    if st.over then return nil, "move " .. i .. " after the end" end
    local found
    for _, c in ipairs(st.moves) do
      if move_name(c, st.side) == m then found = c end
    end
    if not found then return nil, "move " .. i .. " '" .. m .. "' not legal" end
    st = R.play(st, found, seen)
    if st.key then seen[st.key] = true end
  end
  return st
end

-------------------------------------------------------------------------------
-- Engine
-------------------------------------------------------------------------------
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run = cli.run

local function play_cmd(R, names, position)
  return string.format("%s play %s %s%s --moves '%s' --json", tavola, R.name, R.opts,
    position and " --position '" .. position .. "'" or "", table.concat(names, " "))
end

-- Compares the engine's JSON for `names` with state st; returns a list of problems.
local function compare(R, names, st)
  local cmd = play_cmd(R, names)
  local out = run(cmd)
  local problems = {}
  local function expect(what, got, want)
    if tostring(got) ~= tostring(want) then
      problems[#problems + 1] = string.format("%s: engine %s, reference %s", what, tostring(got), tostring(want))
    end
  end
  local e1, e2 = out:match('"scores":%[(%-?%d+),(%-?%d+)%]')
  expect("board", out:match('"board":%[(.-)%]'), board_json(R, st))
  expect("scores", e1 and (e1 .. "," .. e2), st.sc[1] .. "," .. st.sc[2])
  expect("status", out:match('"status":"(%a+)"'), st.over and "over" or "ongoing")
  expect("winner", out:match('"winner":(%w+)'), st.over and st.winner or "null")
  expect("to_move", out:match('"to_move":(%d+)'), st.side)
  expect("moves", out:match('"moves":%[(.-)%]'), moves_json(st))
  if #problems > 0 and not out:match('^{') then
    problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "")
  end
  return problems, cmd
end

local passed, failed = 0, 0
local function report(label, problems, cmd)
  if #problems == 0 then
    passed = passed + 1
  else
    failed = failed + 1
    io.stderr:write(label .. ": " .. cmd .. "\n  " .. table.concat(problems, "\n  ") .. "\n")
  end
end

-------------------------------------------------------------------------------
-- The variants
-------------------------------------------------------------------------------
local V = {
  tihbat       = tihbat(false),
  tihbat_chain = tihbat(true),
  kalah        = kalah(6, 4, false, ""),
  kalah_empty  = kalah(6, 4, true, "-o empty_capture=true"),
  kalah_4_3    = kalah(4, 3, false, "-o holes=4 -o seeds=3"),
  oware        = oware(),
}

-------------------------------------------------------------------------------
-- 3. Hand-worked checks
-------------------------------------------------------------------------------
-- Each: variant, start position (nil: the usual start), moves, and the expected
-- board (row 2 first), scores, status, winner, side to move and legal moves,
-- all worked out by hand from the rules. (Position strings are the CLI's:
-- "row 2 / row 1, each left to right  S1,S2  SIDE  PLY".)
local function H(variant, position, moves, board, scores, status, winner, to_move, legal)
  return { variant = variant, position = position, moves = moves, expect = {
    board = board, scores = scores, status = status, winner = winner,
    to_move = to_move, moves = legal } }
end
local HAND = {
  -- Tihbat, ring a1 b1 b2 a2. a1: 7 seeds a1 b1 b2 a2 a1 b1 b2 -> a1 2, b1 9, b2 9, a2 8.
  -- a2: 8 seeds a2 a1 b1 b2 a2 a1 b1 b2 -> a2 2, a1 4, b1 11, b2 11 (last b2: 11, odd).
  -- b1: 11 seeds b1 b2 a2 a1 b1 b2 a2 a1 b1 b2 a2 -> b1 3, b2 14, a2 5, a1 6.
  H("tihbat", nil, "a1 a2 b1", '"5 14","6 3"', "0,0", "ongoing", "null", 2, '"a2","b2"'),
  -- then a2: 5 seeds a2 a1 b1 b2 a2 -> a2 2 (last, own row, even): player 2 takes 2.
  H("tihbat", nil, "a1 a2 b1 a2", '"0 15","7 4"', "0,2", "ongoing", "null", 1, '"a1","b1"'),
  -- Same with chain: the previous hole b2 holds 15, so the chain stops at once.
  H("tihbat_chain", nil, "a1 a2 b1 a2", '"0 15","7 4"', "0,2", "ongoing", "null", 1, '"a1","b1"'),
  -- b1: 7 seeds b1 b2 a2 a1 b1 b2 a2 -> a1 8, b1 2, b2 9, a2 9.
  -- b2: 9 seeds b2 a2 a1 b1 b2 a2 a1 b1 b2 -> b2 3 (odd), a2 11, a1 10, b1 4.
  -- a1: 10 seeds a1 b1 b2 a2 a1 b1 b2 a2 a1 b1 -> a1 3, b1 7 (odd), b2 5, a2 13.
  -- a2: 13 seeds a2 a1 b1 b2 (x3) a2 -> a2 4, a1 6, b1 10, b2 8; last a2 4: taken;
  -- with chain the previous hole b2 (own, 8) is taken too, then b1 is not own.
  H("tihbat", nil, "b1 b2 a1 a2", '"0 8","6 10"', "0,4", "ongoing", "null", 1, '"a1","b1"'),
  H("tihbat_chain", nil, "b1 b2 a1 a2", '"0 0","6 10"', "0,12", "ongoing", "null", 1, '"a1","b1"'),
  -- Player 2 has nothing: pass is the only move; then b1: 3 seeds b1 b2 a2.
  H("tihbat", "0,0/1,3 0,24 2 9", "", '"0 0","1 3"', "0,24", "ongoing", "null", 2, '"pass"'),
  H("tihbat", "0,0/1,3 0,24 2 9", "pass b1", '"1 1","1 1"', "0,24", "ongoing", "null", 2, '"a2","b2"'),
  -- Kalah c1: 4 seeds d1 e1 f1 store -> last in the own store: player 1 moves again.
  H("kalah", nil, "c1", '"4 4 4 4 4 4","4 4 0 5 5 5"', "1,0", "ongoing", "null", 1, '"a1","b1","d1","e1","f1"'),
  -- then f1: 5 seeds store f2 e2 d2 c2 -> player 2 to move.
  H("kalah", nil, "c1 f1", '"4 4 5 5 5 5","4 4 0 5 5 0"', "2,0", "ongoing", "null", 2,
    '"a2","b2","c2","d2","e2","f2"'),
  -- e1: f1 store f2 e2. f2: e2 d2 c2 b2 a2. a1: b1 c1 d1 e1 -> e1 was empty, the
  -- opposite e2 holds 6: 6 + 1 into player 1's store (1 + 7 = 8).
  H("kalah", nil, "e1 f2 a1", '"5 5 5 5 0 0","0 5 5 5 0 5"', "8,0", "ongoing", "null", 2,
    '"a2","b2","c2","d2"'),
  -- f1: 1 seed into the store (another turn), but row 1 is now empty: the game
  -- ends, player 2 keeps its 1 seed: 24-24, a draw.
  H("kalah", "1,0,0,0,0,0/0,0,0,0,0,1 23,23 1 40", "f1", '"0 0 0 0 0 0","0 0 0 0 0 0"', "24,24",
    "over", 0, 1, ""),
  -- Oware a1: 4 seeds b1 c1 d1 e1.  f2: 4 seeds e2 d2 c2 b2.
  H("oware", nil, "a1 f2", '"4 5 5 5 5 0","0 5 5 5 5 4"', "0,0", "ongoing", "null", 1,
    '"b1","c1","d1","e1","f1"'),
  -- a1: b1 c1 d1 e1. a2: a1 b1 c1 d1. b1 (6): c1 d1 e1 f1 f2 e2. d2: c2 b2 a2 a1
  -- -> a1 holds 2: taken; the previous hole a2 is player 2's own: stop.
  H("oware", nil, "a1 a2 b1 d2", '"1 5 5 0 5 5","0 0 7 7 6 5"', "0,2", "ongoing", "null", 1,
    '"c1","d1","e1","f1"'),
  -- Grand slam: f1 (6) makes every hole of row 2 hold 2; taking them all is a
  -- grand slam, so nothing is taken. Player 2 must feed: only a2 and b2 reach row 1.
  H("oware", "1,1,1,1,1,1/0,0,0,0,0,6 18,18 1 40", "f1", '"2 2 2 2 2 2","0 0 0 0 0 0"', "18,18",
    "ongoing", "null", 2, '"a2","b2"'),
  -- Not a grand slam (f2 ends with 5): a2..e2 are taken (10), player 1 reaches 28:
  -- the game ends and player 2 keeps the 5 seeds of f2: 28-20.
  H("oware", "1,1,1,1,1,4/0,0,0,0,0,6 18,15 1 40", "f1", '"0 0 0 0 0 0","0 0 0 0 0 0"', "28,20",
    "over", 1, 2, ""),
  -- A grand slam (e2 f2 take 2 each: all of row 2), nothing taken; then player 2
  -- cannot feed (e2, f2 reach no further than c2): the game ends, 20-28.
  H("oware", "0,0,0,0,1,1/0,0,0,0,0,2 20,24 1 40", "f1", '"0 0 0 0 0 0","0 0 0 0 0 0"', "20,28",
    "over", 2, 2, ""),
}

-------------------------------------------------------------------------------
-- 1. Perft
-------------------------------------------------------------------------------
local function perft(R, st, d, seen)
  if d == 1 then return #st.moves end
  local n = 0
  for _, c in ipairs(st.moves) do
    local child = R.play(st, c, seen)
    if not child.over then
      if child.key then seen[child.key] = true end
      n = n + perft(R, child, d - 1, seen)
      if child.key then seen[child.key] = nil end
    end
  end
  return n
end

local PERFT = {
  { "tihbat", 20 },
  { "tihbat_chain", 20 },
  { "kalah", 8 },
  { "kalah_empty", 8 },
  { "kalah_4_3", 11 },
  { "oware", 8 },
}

local t0 = os.clock()
local wall0 = os.time()

for i, hc in ipairs(HAND) do
  local R = V[hc.variant]
  local names = {}
  for m in hc.moves:gmatch("%S+") do names[#names + 1] = m end
  local e = hc.expect
  local fields = { "board", "scores", "status", "winner", "to_move", "moves" }
  local problems = {}
  -- The reference must agree with the hand-worked values ...
  local st, err = replay(R, names, hc.position)
  if not st then
    problems[1] = "reference refused: " .. err
  else
    local got = { board = board_json(R, st), scores = st.sc[1] .. "," .. st.sc[2],
      status = st.over and "over" or "ongoing", winner = st.over and st.winner or "null",
      to_move = st.side, moves = moves_json(st) }
    for _, f in ipairs(fields) do
      if tostring(got[f]) ~= tostring(e[f]) then
        problems[#problems + 1] = string.format("%s: reference %s, by hand %s", f, got[f], e[f])
      end
    end
  end
  -- ... and so must the engine.
  local cmd = play_cmd(R, names, hc.position)
  local out = run(cmd)
  local e1, e2 = out:match('"scores":%[(%-?%d+),(%-?%d+)%]')
  local eng = { board = out:match('"board":%[(.-)%]'), scores = e1 and (e1 .. "," .. e2),
    status = out:match('"status":"(%a+)"'), winner = out:match('"winner":(%w+)'),
    to_move = out:match('"to_move":(%d+)'), moves = out:match('"moves":%[(.-)%]') }
  for _, f in ipairs(fields) do
    if tostring(eng[f]) ~= tostring(e[f]) then
      problems[#problems + 1] = string.format("%s: engine %s, by hand %s", f, tostring(eng[f]), tostring(e[f]))
    end
  end
  print(string.format("hand %d %s%s '%s': %s", i, hc.variant,
    hc.position and " from " .. hc.position or "", hc.moves, #problems == 0 and "PASS" or "FAIL"))
  report("hand check " .. i .. " (" .. hc.variant .. ")", problems, cmd)
end

for _, pc in ipairs(PERFT) do
  local vname, depth = pc[1], pc[2]
  local R = V[vname]
  local cmd = string.format("%s perft %s %d %s", tavola, R.name, depth, R.opts)
  local out = run(cmd)
  local engine = {}
  for d, n in out:gmatch("perft (%d+) (%d+)") do engine[tonumber(d)] = tonumber(n) end
  local problems = {}
  local counts = {}
  for d = 1, depth do
    local st = R.start()
    local seen = {}
    if st.key then seen[st.key] = true end
    local n = perft(R, st, d, seen)
    counts[#counts + 1] = tostring(n)
    if engine[d] ~= n then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), n)
    end
  end
  print(string.format("perft %s (%s): %s  %s", vname, cmd:match("perft (.-)%s*$"),
    table.concat(counts, " "), #problems == 0 and "PASS" or "FAIL"))
  report("perft " .. vname, problems, cmd)
end

-------------------------------------------------------------------------------
-- 2. Random games
-------------------------------------------------------------------------------
local MAX_PLIES = 3000
stats = {} -- count the random games only

local function random_game(R, seed)
  math.randomseed(seed)
  local st = R.start()
  local seen = {}
  if st.key then seen[st.key] = true end
  local limit = MAX_PLIES
  if math.random(3) == 1 then limit = math.random(0, 80) end
  local names = {}
  while not st.over and #names < limit do
    local c = st.moves[math.random(#st.moves)]
    names[#names + 1] = move_name(c, st.side)
    st = R.play(st, c, seen)
    if st.key then seen[st.key] = true end
  end
  local problems, cmd = compare(R, names, st)
  report(string.format("%s seed %d", R.name .. (R.opts ~= "" and " " .. R.opts or ""), seed), problems, cmd)
  return st.over
end

-- GAMES per main ruleset, split across its variants by seed.
local SPLIT = {
  { { "tihbat", "tihbat_chain" } },
  { { "kalah", "kalah_empty", "kalah_4_3" } },
  { { "oware" } },
}
for _, sp in ipairs(SPLIT) do
  local variants = sp[1]
  local played, ended = {}, {}
  for seed = 1, games do
    local vname = variants[(seed - 1) % #variants + 1]
    played[vname] = (played[vname] or 0) + 1
    if random_game(V[vname], seed) then ended[vname] = (ended[vname] or 0) + 1 end
  end
  for _, vname in ipairs(variants) do
    print(string.format("games %s: %d (%d played to the end)", vname, played[vname] or 0, ended[vname] or 0))
  end
end

local keys = {}
for k in pairs(stats) do keys[#keys + 1] = k end
table.sort(keys)
for _, k in ipairs(keys) do print(string.format("  random games, %s: %d", k, stats[k])) end
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
print(string.format("mancala reference: %d passed, %d failed", passed, failed))
cli.close()
os.exit(failed == 0 and 0 or 1)
