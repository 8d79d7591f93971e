-- An independent plain-Lua Brandubh (7x7 tafl; not the engine's code, nor its
-- primitives): its own board, rook moves with the throne and corner rules,
-- custodial captures, king capture and end rules, compared with the tavola
-- command
--   1. on perft from the start and from positions reached by random games
--      (where captures happen);
--   2. on random games: each game is played move by move by the engine (which
--      must accept every move the reference finds legal), and the state at
--      the end and after two random prefixes is compared in full: board,
--      legal moves, side to move, status, winner and the position string.
-- The rules: player 1, the attackers (8 men, M), moves first; player 2, the
-- defenders (4 men, m, and the king, k, on the throne d4). Every piece moves
-- like a rook over empty cells ("d7-d5"); only the king may stop on the
-- throne or a corner (a1 a7 g1 g7); any piece may pass the empty throne. An
-- enemy man next to the landing cell is taken when the cell beyond it holds
-- a piece of the mover (the king too) or is a corner or the empty throne;
-- the king is never taken so. An attacker's move that lands next to the
-- king takes him (the attackers win) when then each of his four neighbours
-- is an attacker man or the throne (and he leaves the board); on the edge he
-- cannot be, and walking in between three attackers is safe (the usual tafl
-- reading: only the mover captures). The king on a
-- corner wins for the defenders; a player without a move loses; 300 plies
-- without a winner are a draw.
-- usage: lua5.4 tests/ref/brandubh_ref.lua path/to/tavola [GAMES]
--        lua5.4 tests/ref/brandubh_ref.lua --self   (the reference alone: its
--        perft counts, hand-worked positions, symmetries, a second generator)
--        BRANDUBH_KING=any lua5.4 ...   (the other reading of the king's
--        capture: below)
local self_test = arg[1] == "--self"
local tavola = (not self_test and arg[1]) or "build/tavola"
local games = tonumber(arg[2] or "300")
local t0, wall0 = os.clock(), os.time()
local N, MAX_PLIES = 7, 300
-- The king's capture in the usual tafl reading, which rulesets/brandubh.lua
-- says: only an attacker's move that lands next to him takes him.
-- BRANDUBH_KING=any reads it the other way (after any attacker move, four
-- hostile sides take him, even when he walked in between three attackers
-- himself and the move was elsewhere): the engine must then disagree.
local KING_BY_ANY_MOVE = os.getenv("BRANDUBH_KING") == "any"

-------------------------------------------------------------------------------
-- Boards: b[row][col], row 1 at the bottom, '.' empty, 'M' an attacker man,
-- 'm' a defender man, 'k' the king.
-------------------------------------------------------------------------------
local ORTHO = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } }
local START = { "...M...", "...M...", "...m...", "MMmkmMM", "...m...", "...M...", "...M..." } -- row 7 first

local function owner(ch)
  if ch == "." then return 0 end
  return ch:match("%u") and 1 or 2
end

local NAME = {}
for r = 1, N do
  NAME[r] = {}
  for c = 1, N do NAME[r][c] = string.char(96 + c) .. r end
end

-- Move texts, made once: TEXT[r][c][tr][tc] = "d7-d5".
local TEXT = {}
for r = 1, N do
  TEXT[r] = {}
  for c = 1, N do
    TEXT[r][c] = {}
    for tr = 1, N do
      TEXT[r][c][tr] = {}
      for tc = 1, N do TEXT[r][c][tr][tc] = NAME[r][c] .. "-" .. NAME[tr][tc] end
    end
  end
end

local function on(r, c) return r >= 1 and r <= N and c >= 1 and c <= N end
local function is_throne(r, c) return r == 4 and c == 4 end
local function is_corner(r, c) return (r == 1 or r == N) and (c == 1 or c == N) end

local function copy_board(b)
  local t = {}
  for r = 1, N do t[r] = { table.unpack(b[r]) } end
  return t
end

local function board_rows(b)
  local rows = {}
  for r = N, 1, -1 do rows[#rows + 1] = table.concat(b[r]) end
  return rows
end

local function parse_rows(rows)
  local b = {}
  for r = 1, N do
    b[r] = {}
    for c = 1, N do b[r][c] = rows[N + 1 - r]:sub(c, c) end
  end
  return b
end

local function find_king(b)
  for r = 1, N do for c = 1, N do if b[r][c] == "k" then return r, c end end end
  return nil
end

-------------------------------------------------------------------------------
-- The rules. A state: b, side (1, 2), ply, over, winner (0 a draw), why, and
-- moves (each { text = "d7-d5", from = {r, c}, to = {r, c} }).
-------------------------------------------------------------------------------
local function gen_moves(b, side)
  local list = {}
  for r = 1, N do
    for c = 1, N do
      local ch = b[r][c]
      if ch ~= "." and owner(ch) == side then
        local king = ch == "k"
        for _, d in ipairs(ORTHO) do
          local tr, tc = r + d[1], c + d[2]
          while on(tr, tc) and b[tr][tc] == "." do
            if king or not (is_throne(tr, tc) or is_corner(tr, tc)) then
              list[#list + 1] = { text = TEXT[r][c][tr][tc], from = { r, c }, to = { tr, tc } }
            end
            tr, tc = tr + d[1], tc + d[2]
          end
        end
      end
    end
  end
  return list
end

-- Whether the king is taken: four neighbours on the board, each an attacker
-- man or the throne (and, read the tafl way, the man that moved to `to` one
-- of them).
local function king_taken(b, to)
  local kr, kc = find_king(b)
  if not kr then return false end
  if to and not KING_BY_ANY_MOVE and math.abs(to[1] - kr) + math.abs(to[2] - kc) ~= 1 then return false end
  for _, d in ipairs(ORTHO) do
    local r, c = kr + d[1], kc + d[2]
    if not on(r, c) then return false end
    if not (b[r][c] == "M" or is_throne(r, c)) then return false end
  end
  return true
end

-- Ends after `mover` moved (nil: a state given as it is), then the moves.
local function finish(st, mover)
  st.moves = {}
  if mover == 2 then
    local kr, kc = find_king(st.b)
    if kr and is_corner(kr, kc) then st.over, st.winner, st.why = true, 2, "corner" return st end
  elseif mover == 1 and king_taken(st.b, st.to) then
    local kr, kc = find_king(st.b)
    st.b[kr][kc] = "."                        -- taken: off the board, as a man
    st.over, st.winner, st.why = true, 1, "king taken"
    return st
  end
  st.moves = gen_moves(st.b, st.side)
  if #st.moves == 0 then
    st.over, st.winner, st.why = true, 3 - st.side, "no move"
  elseif st.ply >= MAX_PLIES then
    st.over, st.winner, st.why, st.moves = true, 0, "move limit", {}
  end
  return st
end

local function start()
  return finish({ b = parse_rows(START), side = 1, ply = 0, over = false })
end

-- The captures of `me` around (tr, tc) on b (taken off); their number.
local function capture(b, me, tr, tc)
  local enemy_man, taken = me == 1 and "m" or "M", 0
  for _, d in ipairs(ORTHO) do
    local ar, ac, br, bc = tr + d[1], tc + d[2], tr + 2 * d[1], tc + 2 * d[2]
    if on(br, bc) and b[ar][ac] == enemy_man then
      local beyond = b[br][bc]
      if (beyond ~= "." and owner(beyond) == me) or (beyond == "." and (is_corner(br, bc) or is_throne(br, bc))) then
        b[ar][ac] = "."
        taken = taken + 1
      end
    end
  end
  return taken
end

local function play(st, m)
  local b, me = copy_board(st.b), st.side
  local fr, fc, tr, tc = m.from[1], m.from[2], m.to[1], m.to[2]
  b[tr][tc], b[fr][fc] = b[fr][fc], "."
  local taken = capture(b, me, tr, tc)
  return finish({ b = b, side = 3 - me, ply = st.ply + 1, over = false, taken = taken, to = m.to }, me)
end

local function state_of(rows, side, ply)
  return finish({ b = parse_rows(rows), side = side, ply = ply or 10, over = false })
end

local function find_move(st, text)
  for _, m in ipairs(st.moves) do if m.text == text then return m end end
  return nil
end

local function perft(st, d)
  if st.over then return 0 end
  if d == 1 then return #st.moves end
  local total = 0
  for _, m in ipairs(st.moves) do total = total + perft(play(st, m), d - 1) end
  return total
end

-- The position string: board, side to move, flags, ply and the scores (a
-- game with hooks writes them; Brandubh keeps none, so both 0).
local function position_of(st)
  return table.concat(board_rows(st.b), "/") .. " " .. st.side .. " - " .. st.ply .. " 0,0"
end

local function sorted_texts(list)
  local t = {}
  for i, m in ipairs(list) do t[i] = type(m) == "table" and m.text or m end
  table.sort(t)
  return table.concat(t, " ")
end

-- A random legal move of st. The policy (by seed) shapes the games: 0
-- uniform; 1 the king mostly stays home (a defender man moves when one can,
-- 9 times in 10), so games run longer, with more captures and draws; 2 that,
-- and the attackers mostly close in on the king (a move landing next to it,
-- when there is one, 7 times in 10), so kings are taken.
local function pick(st, policy)
  local moves = st.moves
  if policy >= 1 and st.side == 2 and math.random(10) > 1 then
    local men = {}
    for _, m in ipairs(moves) do if st.b[m.from[1]][m.from[2]] ~= "k" then men[#men + 1] = m end end
    if #men > 0 then moves = men end
  elseif policy == 2 and st.side == 1 and math.random(10) <= 7 then
    local kr, kc, near = find_king(st.b)
    near = {}
    for _, m in ipairs(moves) do
      if kr and math.abs(m.to[1] - kr) + math.abs(m.to[2] - kc) == 1 then near[#near + 1] = m end
    end
    if #near > 0 then moves = near end
  end
  return moves[math.random(#moves)]
end

-- A state after k random moves of seed (the game not over yet).
local function random_state(seed, k)
  math.randomseed(seed)
  local st = start()
  for _ = 1, k do
    local nxt = play(st, st.moves[math.random(#st.moves)])
    if nxt.over then break end
    st = nxt
  end
  return st
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
  local function rows_of(st) return table.concat(board_rows(st.b), "/") end
  local function after(rows, side, text)
    local st = state_of(rows, side)
    local m = find_move(st, text)
    if not m then return { b = st.b, over = "refused " .. text, moves = {} } end
    return play(st, m)
  end
  local function ending(st) return tostring(st.over) .. " " .. tostring(st.winner) end

  -- A second move generator: every target cell in line, the cells between
  -- checked one by one.
  local function moves_naive(b, side)
    local list = {}
    for r = 1, N do
      for c = 1, N do
        if owner(b[r][c]) == side then
          for tr = 1, N do
            for tc = 1, N do
              if (tr == r) ~= (tc == c) and b[tr][tc] == "." then
                local ok = b[r][c] == "k" or not (is_throne(tr, tc) or is_corner(tr, tc))
                local lo_r, hi_r, lo_c, hi_c = math.min(r, tr), math.max(r, tr), math.min(c, tc), math.max(c, tc)
                for rr = lo_r, hi_r do
                  for cc = lo_c, hi_c do
                    if not (rr == r and cc == c) and b[rr][cc] ~= "." then ok = false end
                  end
                end
                if ok then list[#list + 1] = NAME[r][c] .. "-" .. NAME[tr][tc] end
              end
            end
          end
        end
      end
    end
    return list
  end

  -- The start, worked out by hand: d7 and the three other outer men 4 moves
  -- each (not onto a corner), d6 and the inner ones 6; the defenders 6 per
  -- man, the king none.
  local s = start()
  check("start board", rows_of(s), "...M.../...M.../...m.../MMmkmMM/...m.../...M.../...M...")
  check("perft 1", #s.moves, 40)
  check("d7 moves", sorted_texts((function()
    local t = {}
    for _, m in ipairs(s.moves) do if m.text:sub(1, 2) == "d7" then t[#t + 1] = m end end
    return t
  end)()), "d7-b7 d7-c7 d7-e7 d7-f7")
  check("defenders at the start", #gen_moves(s.b, 2), 24)

  -- Rook moves: men pass the empty throne but stop neither on it nor on a
  -- corner; the king may.
  local st = state_of({ "...M...", ".......", ".......", ".......", ".......", ".k.....", "......." }, 1)
  check("a man passes the empty throne", find_move(st, "d7-d3") ~= nil, true)
  check("a man does not stop on the throne", find_move(st, "d7-d4"), nil)
  check("a man does not stop on a corner", tostring(find_move(st, "d7-a7")) .. tostring(find_move(st, "d7-g7")), "nilnil")
  check("the man's moves", sorted_texts(st.moves), "d7-b7 d7-c7 d7-d1 d7-d2 d7-d3 d7-d5 d7-d6 d7-e7 d7-f7")
  st = state_of({ ".......", ".......", ".......", "...k...", ".......", ".......", ".M....." }, 2)
  check("the king's moves", sorted_texts(st.moves),
        "d4-a4 d4-b4 d4-c4 d4-d1 d4-d2 d4-d3 d4-d5 d4-d6 d4-d7 d4-e4 d4-f4 d4-g4")
  st = state_of({ ".......", ".......", "....M..", ".......", ".......", ".......", ".k....." }, 2)
  check("the king onto a corner", tostring(find_move(st, "b1-a1") ~= nil) .. tostring(find_move(st, "b1-g1") ~= nil),
        "truetrue")
  check("the king on a corner wins", ending(play(st, find_move(st, "b1-g1"))), "true 2")
  check("the king elsewhere does not", ending(play(st, find_move(st, "b1-b5"))), "false nil")
  st = state_of({ ".......", ".......", ".......", "..Mk...", ".......", ".......", "......." }, 1)
  check("an attacker may not enter the throne", find_move(st, "c4-d4"), nil)

  -- Captures (rows from row 7 down).
  local t = after({ ".......", ".......", "......k", "..M....", "..m....", "M......", "......." }, 1, "a2-c2")
  check("a man between two attackers", rows_of(t), "......./......./......k/..M..../......./..M..../.......")
  check("the capture counted", t.taken, 1)
  check("the game goes on", ending(t), "false nil")
  t = after({ ".......", ".......", "......k", "..m....", "..M....", "m......", "......." }, 2, "a2-c2")
  check("an attacker between two defenders", rows_of(t), "......./......./......k/..m..../......./..m..../.......")
  t = after({ ".......", ".......", ".......", ".......", "k......", "..M....", "..m...." }, 2, "a3-c3")
  check("the king as the hammer", rows_of(t), "......./......./......./......./..k..../......./..m....")
  t = after({ ".......", ".......", "..k....", "..M....", "m......", ".......", "......." }, 2, "a3-c3")
  check("the king as the anvil", rows_of(t), "......./......./..k..../......./..m..../......./.......")
  t = after({ ".......", "M......", "...m...", ".......", ".......", "......k", "......." }, 1, "a6-d6")
  check("against the empty throne (attackers)", rows_of(t), "......./...M.../......./......./......./......k/.......")
  t = after({ ".......", "......k", ".......", ".......", "...M...", "m......", "......." }, 2, "a2-d2")
  check("against the empty throne (defenders)", rows_of(t), "......./......k/......./......./......./...m.../.......")
  t = after({ ".......", "M......", "...m...", "...k...", ".......", ".......", "......." }, 1, "a6-d6")
  check("the king on the throne: no anvil for the attackers", rows_of(t),
        "......./...M.../...m.../...k.../......./......./.......")
  t = after({ ".......", "m......", "...M...", "...k...", ".......", ".......", "......." }, 2, "a6-d6")
  check("the king on the throne: an anvil for the defenders", rows_of(t),
        "......./...m.../......./...k.../......./......./.......")
  t = after({ ".......", ".......", "......k", ".......", ".......", ".......", ".m..M.." }, 1, "e1-c1")
  check("a corner against a defender", rows_of(t), "......./......./......k/......./......./......./..M....")
  t = after({ ".......", ".......", "k......", ".......", "....m..", "......M", "......." }, 2, "e3-g3")
  check("a corner against an attacker", rows_of(t), "......./......./k....../......./......m/......./.......")
  t = after({ ".......", "......k", "..m....", ".......", ".M.M...", ".......", "......." }, 2, "c5-c3")
  check("a defender moving between two attackers is safe", rows_of(t),
        "......./......k/......./......./.MmM.../......./.......")
  t = after({ ".......", "......k", "..M....", ".......", ".m.m...", ".......", "......." }, 1, "c5-c3")
  check("an attacker moving between two defenders is safe", rows_of(t),
        "......./......k/......./......./.mMm.../......./.......")
  t = after({ ".......", "......k", "..M....", "..m....", "M......", "..m....", "..M...." }, 1, "a3-c3")
  check("two at once", rows_of(t), "......./......k/..M..../......./..M..../......./..M....")
  check("two counted", t.taken, 2)
  t = after({ ".......", ".......", ".......", "..M....", "..k....", ".......", "..M...." }, 1, "c1-c2")
  check("the king is not taken by two", rows_of(t) .. " " .. ending(t),
        "......./......./......./..M..../..k..../..M..../....... false nil")

  -- The king: taken by four, or by three and the throne; never on the edge,
  -- by fewer, or with a defender beside it.
  t = after({ ".......", ".......", ".......", "..M....", ".MkM...", "....M..", "......." }, 1, "e2-c2")
  check("the king taken by four", ending(t), "true 1")
  t = after({ ".......", ".......", "...M...", "..MkM..", ".......", ".......", "...M..." }, 1, "d1-d3")
  check("the king on the throne taken by four", ending(t), "true 1")
  t = after({ ".......", "M......", "..MkM..", ".......", ".......", ".......", "......." }, 1, "a6-d6")
  check("the king beside the throne: three and the throne", ending(t), "true 1")
  t = after({ ".......", "M......", "..MkM..", ".......", ".......", ".......", "......." }, 1, "a6-a5")
  check("two and the throne: not yet", ending(t), "false nil")
  t = after({ ".......", "M.....M", ".......", "..M....", ".MkM...", ".......", "......." }, 1, "g6-g5")
  check("three: not yet", ending(t), "false nil")
  t = after({ ".......", ".....m.", "M......", "k......", "M......", ".......", ".M....." }, 1, "b1-b4")
  check("the king on the edge: never", ending(t), "false nil")
  t = after({ ".......", ".......", ".......", "..M....", ".Mkm...", "....M..", "......." }, 1, "e2-c2")
  check("a defender beside the king", ending(t), "false nil")
  -- The king steps off the throne between three attackers: taken after any
  -- attacker move (BRANDUBH_KING=any), or only by a man moving next to him
  -- (the default, the ruleset's).
  st = state_of({ ".......", "...M...", "..M.M..", "...k...", ".......", ".......", ".M....." }, 2)
  t = play(st, find_move(st, "d4-d5"))
  check("the king walks in: not taken on its own move", ending(t), "false nil")
  check("after the attackers' next move, elsewhere", ending(play(t, find_move(t, "b1-b2"))),
        KING_BY_ANY_MOVE and "true 1" or "false nil")

  -- No move: the player to move loses.
  st = state_of({ ".......", ".......", ".......", ".......", ".......", "..M....", ".MkM..." }, 2)
  check("defenders without a move", ending(st), "true 1")
  st = state_of({ ".......", ".......", ".......", "......k", "m......", "Mm.....", "......." }, 1)
  check("attackers without a move (a1 is a corner)", ending(st), "true 2")
  -- The move limit.
  st = state_of(START, 1, 300)
  check("ply 300: a draw", ending(st) .. " " .. #st.moves, "true 0 0")
  st = state_of(START, 1, 299)
  check("ply 299: on", ending(st), "false nil")

  -- Symmetry: the start has the square's eight symmetries, so the first
  -- moves in one orbit give the same counts.
  local function image(r, c, k)
    local rr, cc = r, c
    if k >= 4 then rr, cc = cc, rr end
    for _ = 1, k % 4 do rr, cc = cc, N + 1 - rr end
    return rr, cc
  end
  local by = {}
  for _, m in ipairs(s.moves) do by[m.text] = perft(play(s, m), 3) end
  local orbit_ok = true
  for _, m in ipairs(s.moves) do
    for k = 1, 7 do
      local a, b2 = image(m.from[1], m.from[2], k)
      local c, d = image(m.to[1], m.to[2], k)
      if by[TEXT[a][b2][c][d]] ~= by[m.text] then orbit_ok = false end
    end
  end
  check("symmetric first moves, perft 4 below", orbit_ok, true)

  -- The two generators agree, and every game ends by a rule, on random games.
  local positions, agreed, plies, taken, why = 0, 0, 0, 0, {}
  for seed = 1, 300 do
    math.randomseed(seed)
    st = start()
    while not st.over do
      positions = positions + 1
      if sorted_texts(st.moves) == sorted_texts(moves_naive(st.b, st.side)) then agreed = agreed + 1
      else print("generators differ at " .. position_of(st)) end
      st = play(st, pick(st, seed % 3))
      taken = taken + st.taken
      plies = plies + 1
    end
    local key = st.why .. " (" .. (st.winner == 0 and "draw" or "player " .. st.winner) .. ")"
    why[key] = (why[key] or 0) + 1
    local kr, kc = find_king(st.b)
    if st.why == "corner" then check("king in a corner", is_corner(kr, kc), true) end
    if st.why == "king taken" then check("the taken king is off the board", kr, nil) end
  end
  check("generators agree", agreed, positions)

  local t1, c = os.clock(), {}
  for d = 1, 4 do c[d] = perft(start(), d) end
  print(string.format("perft brandubh: %s (%.1f s)", table.concat(c, " "), os.clock() - t1))
  for seed = 1, 3 do
    local rs = random_state(seed, 40)
    print(string.format("perft brandubh after 40 random moves of seed %d (%s): %d %d %d", seed, position_of(rs),
                        perft(rs, 1), perft(rs, 2), perft(rs, 3)))
  end
  local ends = {}
  for k, v in pairs(why) do ends[#ends + 1] = k .. " " .. v end
  table.sort(ends)
  print(string.format("random games: 300 (%d plies, %d men taken): %s; %d positions, both generators agree", plies,
                      taken, table.concat(ends, ", "), positions))
  print(string.format("brandubh reference alone: %d checks, %d failed (%.1f s)", checks, failed, os.clock() - t0))
  os.exit(failed == 0 and 0 or 1)
end

-------------------------------------------------------------------------------
-- The engine
-------------------------------------------------------------------------------
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run, tally = cli.run, cli.tally()
local report = tally.report

local function compare(names, st)
  local cmd = string.format("%s play brandubh --moves '%s' --json", tavola, table.concat(names, " "))
  local out = run(cmd)
  local problems = {}
  local function expect(what, got, want) cli.expect(problems, what, got, want) end
  local v = cli.view(out)
  expect("board", v.board, table.concat(board_rows(st.b), "/"))
  expect("moves", cli.sorted_texts(v.moves), sorted_texts(st.moves))
  expect("to_move", v.to_move, st.side)
  expect("status", v.status, st.over and "over" or "ongoing")
  expect("winner", v.winner, st.over and st.winner or "null")
  expect("position", v.position, position_of(st))
  if #problems > 0 and not v.json then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  return problems, cmd
end

-------------------------------------------------------------------------------
-- 1. Perft
-------------------------------------------------------------------------------
local function check_perft(depth, st, label)
  st = st or start()
  local where = st.ply > 0 and string.format(" --position '%s'", position_of(st)) or ""
  local cmd = string.format("%s perft brandubh %d%s", tavola, depth, where)
  local out = run(cmd)
  local engine = cli.engine_perft(out)
  local problems, counts, t = {}, {}, os.clock()
  for d = 1, depth do
    local c = perft(st, d)
    counts[#counts + 1] = tostring(c)
    if engine[d] ~= c then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), c)
    end
  end
  if #problems > 0 and not next(engine) then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  print(string.format("perft brandubh%s: %s  %s (%.1f s)", label or "", table.concat(counts, " "),
                      #problems == 0 and "PASS" or "FAIL", os.clock() - t))
  report("perft brandubh" .. (label or ""), problems, cmd)
end

check_perft(4)
for seed = 1, 3 do
  check_perft(3, random_state(seed, 40), " after 40 random moves")
end

-------------------------------------------------------------------------------
-- 2. Random games
-------------------------------------------------------------------------------
local plies, taken, why = 0, 0, {}
for seed = 1, games do
  math.randomseed(seed)
  local st, names, states = start(), {}, {}
  states[0] = st
  while not st.over do
    local m = pick(st, seed % 3)
    names[#names + 1] = m.text
    st = play(st, m)
    states[#names] = st
    taken = taken + st.taken
  end
  plies = plies + #names
  why[st.why] = (why[st.why] or 0) + 1
  local label = string.format("brandubh seed %d (policy %d, %s at ply %d)", seed, seed % 3, st.why, st.ply)
  report(label, compare(names, st)) -- the end, every move accepted on the way
  for _ = 1, 2 do                   -- and two states on the way
    local k = math.random(0, #names)
    report(label .. " after " .. k, compare(table.move(names, 1, k, 1, {}), states[k]))
  end
end
local ends = {}
for k, v in pairs(why) do ends[#ends + 1] = k .. " " .. v end
table.sort(ends)
print(string.format("random games: %d (%d plies, %d men taken; ends: %s)", games, plies, taken, table.concat(ends, ", ")))
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
tally.finish("brandubh reference")
