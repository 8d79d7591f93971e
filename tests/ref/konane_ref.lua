-- An independent plain-Lua Konane (not the engine's code, nor its
-- primitives): its own board, opening removals, jump generator and end rule,
-- compared with the tavola command
--   1. on perft from the start (4x4, 6x6 and 8x8) and from positions reached
--      by random games;
--   2. on random games: each game is played move by move by the engine (which
--      must accept every move the reference finds legal), and the state after
--      a random prefix and at the end is compared in full: board, legal moves,
--      side to move, status, winner and the position string.
-- The rules: a square board (option size = 4, 6 or 8, default 6) full of
-- stones in a checkerboard, x (player 1, Black, first) on a1. Ply 0: player 1
-- takes off one of its stones from a central cell or a corner (the cell is
-- the move: "c3"); ply 1: player 2 takes off one of its stones next to that
-- cell (orthogonally). Then a move jumps an own stone over an orthogonally
-- adjacent enemy stone onto the empty cell beyond, taking it, and may jump on
-- in the same direction; each stopping point is a move of its own, written
-- as its landings: "a1xc1", "a1xc1xe1". A player without a move loses.
-- usage: lua5.4 tests/ref/konane_ref.lua path/to/tavola [GAMES]
--        lua5.4 tests/ref/konane_ref.lua --self   (the reference alone: its
--        perft counts, hand-worked positions, symmetries, a second generator)
local self_test = arg[1] == "--self"
local tavola = (not self_test and arg[1]) or "build/tavola"
local games = tonumber(arg[2] or "300")
local t0, wall0 = os.clock(), os.time()

-------------------------------------------------------------------------------
-- Boards: b[row][col], row 1 at the bottom, '.' empty, 'x' player 1's stone,
-- 'o' player 2's.
-------------------------------------------------------------------------------
local STONE = { "x", "o" }
local ORTHO = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } }

local function owner(ch)
  if ch == "x" then return 1 end
  if ch == "o" then return 2 end
  return 0
end

local function cell_name(r, c) return string.char(96 + c) .. r end

local function copy_board(n, b)
  local t = {}
  for r = 1, n do
    t[r] = {}
    for c = 1, n do t[r][c] = b[r][c] end
  end
  return t
end

local function board_rows(n, b)
  local rows = {}
  for r = n, 1, -1 do rows[#rows + 1] = table.concat(b[r]) end
  return rows
end

-- A board from rows written top row first ("xo.o/...").
local function parse_rows(text)
  local rows = {}
  for row in text:gmatch("[^/]+") do rows[#rows + 1] = row end
  local n, b = #rows, {}
  for r = 1, n do
    b[r] = {}
    for c = 1, n do b[r][c] = rows[n + 1 - r]:sub(c, c) end
  end
  return b, n
end

-------------------------------------------------------------------------------
-- The rules. A state: n, b, side (1, 2), ply, over, winner, moves (each
-- { text = ..., remove = {r, c} } or { text = ..., from = {r, c}, dir = d,
-- jumps = k }).
-------------------------------------------------------------------------------
local function on(n, r, c) return r >= 1 and r <= n and c >= 1 and c <= n end

-- The cells player 1 may empty at ply 0: the four central cells and the four
-- corners, those holding an x.
local function first_cells(n, b)
  local h = n // 2
  local cand = { { h, h }, { h, h + 1 }, { h + 1, h }, { h + 1, h + 1 }, { 1, 1 }, { 1, n }, { n, 1 }, { n, n } }
  local list = {}
  for _, rc in ipairs(cand) do
    if b[rc[1]][rc[2]] == "x" then list[#list + 1] = rc end
  end
  return list
end

-- The jumps of `me`: from each own stone, along each direction, one move per
-- landing while the stones alternate enemy, empty.
local function jumps(n, b, me)
  local list = {}
  for r = 1, n do
    for c = 1, n do
      if owner(b[r][c]) == me then
        for _, d in ipairs(ORTHO) do
          local text, k, pr, pc = cell_name(r, c), 0, r, c
          while true do
            local mr, mc, lr, lc = pr + d[1], pc + d[2], pr + 2 * d[1], pc + 2 * d[2]
            if not (on(n, lr, lc) and owner(b[mr][mc]) == 3 - me and b[lr][lc] == ".") then break end
            k = k + 1
            text = text .. "x" .. cell_name(lr, lc)
            list[#list + 1] = { text = text, from = { r, c }, dir = d, jumps = k }
            pr, pc = lr, lc
          end
        end
      end
    end
  end
  return list
end

local function finish(st)
  local n, b = st.n, st.b
  st.moves = {}
  if st.ply == 0 then
    for _, rc in ipairs(first_cells(n, b)) do
      st.moves[#st.moves + 1] = { text = cell_name(rc[1], rc[2]), remove = rc }
    end
  elseif st.ply == 1 then
    -- the cell player 1 emptied: the only empty cell
    for r = 1, n do
      for c = 1, n do
        if b[r][c] == "." then
          for _, d in ipairs(ORTHO) do
            local tr, tc = r + d[1], c + d[2]
            if on(n, tr, tc) and b[tr][tc] == "o" then
              st.moves[#st.moves + 1] = { text = cell_name(tr, tc), remove = { tr, tc } }
            end
          end
        end
      end
    end
  else
    st.moves = jumps(n, b, st.side)
  end
  if #st.moves == 0 then st.over, st.winner = true, 3 - st.side end
  return st
end

local function start(n)
  local b = {}
  for r = 1, n do
    b[r] = {}
    for c = 1, n do b[r][c] = (r + c) % 2 == 0 and "x" or "o" end
  end
  return finish({ n = n, b = b, side = 1, ply = 0, over = false })
end

local function play(st, m)
  local n, b = st.n, copy_board(st.n, st.b)
  if m.remove then
    b[m.remove[1]][m.remove[2]] = "."
  else
    local r, c, d = m.from[1], m.from[2], m.dir
    local ch = b[r][c]
    b[r][c] = "."
    for _ = 1, m.jumps do
      b[r + d[1]][c + d[2]] = "."
      r, c = r + 2 * d[1], c + 2 * d[2]
    end
    b[r][c] = ch
  end
  return finish({ n = n, b = b, side = 3 - st.side, ply = st.ply + 1, over = false })
end

local function state_of(n, b, side, ply)
  return finish({ n = n, b = b, side = side, ply = ply, over = false })
end

local function find_move(st, text)
  for _, m in ipairs(st.moves) do if m.text == text then return m end end
  return nil
end

-- Plays move texts from the start (or from st); nil and the text refused.
local function replay(n, texts, st)
  st = st or start(n)
  for text in texts:gmatch("%S+") do
    local m = find_move(st, text)
    if not m then return nil, text end
    st = play(st, m)
  end
  return st
end

local function perft(st, d)
  if st.over then return 0 end
  if d == 1 then return #st.moves end
  local total = 0
  for _, m in ipairs(st.moves) do total = total + perft(play(st, m), d - 1) end
  return total
end

-- The position string: board, side to move, flags, ply and the scores (a
-- game with hooks writes them; Konane keeps none, so both 0).
local function position_of(st)
  return table.concat(board_rows(st.n, st.b), "/") .. " " .. st.side .. " - " .. st.ply .. " 0,0"
end

local function sorted_texts(list)
  local t = {}
  for i, m in ipairs(list) do t[i] = type(m) == "table" and m.text or m end
  table.sort(t)
  return table.concat(t, " ")
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

  -- A second jump generator, written the other way round: every target cell
  -- in line at an even distance, the cells between checked one by one.
  local function jumps_naive(n, b, me)
    local list = {}
    for r = 1, n do
      for c = 1, n do
        if owner(b[r][c]) == me then
          for tr = 1, n do
            for tc = 1, n do
              local dr, dc = tr - r, tc - c
              local dist = math.abs(dr) + math.abs(dc)
              if (dr == 0 or dc == 0) and dist >= 2 and dist % 2 == 0 then
                local sr, sc, ok, names = (dr > 0 and 1 or dr < 0 and -1 or 0), (dc > 0 and 1 or dc < 0 and -1 or 0),
                                          true, { cell_name(r, c) }
                for i = 1, dist do
                  local ch = b[r + i * sr][c + i * sc]
                  if i % 2 == 1 then ok = ok and owner(ch) == 3 - me
                  else
                    ok = ok and ch == "."
                    names[#names + 1] = cell_name(r + i * sr, c + i * sc)
                  end
                end
                if ok then list[#list + 1] = table.concat(names, "x") end
              end
            end
          end
        end
      end
    end
    return list
  end

  -- Hand-worked: 4x4 (rows from the top: oxox/xoxo/oxox/xoxo).
  local s4 = start(4)
  check("4x4 start board", table.concat(board_rows(4, s4.b), "/"), "oxox/xoxo/oxox/xoxo")
  check("4x4 first moves", sorted_texts(s4.moves), "a1 b2 c3 d4")
  check("6x6 first moves", sorted_texts(start(6).moves), "a1 c3 d4 f6")
  check("8x8 first moves", sorted_texts(start(8).moves), "a1 d4 e5 h8")
  check("4x4 after a1", sorted_texts(replay(4, "a1").moves), "a2 b1")
  check("4x4 after b2", sorted_texts(replay(4, "b2").moves), "a2 b1 b3 c2")
  check("6x6 after c3", sorted_texts(replay(6, "c3").moves), "b3 c2 c4 d3")
  check("6x6 after f6", sorted_texts(replay(6, "f6").moves), "e6 f5")
  check("4x4 a1 a2", sorted_texts(replay(4, "a1 a2").moves), "c1xa1")
  check("4x4 a1 b1", sorted_texts(replay(4, "a1 b1").moves), "a3xa1")
  check("4x4 b2 a2", sorted_texts(replay(4, "b2 a2").moves), "b4xb2 d2xb2")
  check("4x4 b2 c2", sorted_texts(replay(4, "b2 c2").moves), "b4xb2")
  check("4x4 b2 b3", sorted_texts(replay(4, "b2 b3").moves), "d2xb2")
  -- after a1 a2 c1xa1 (b1, c1 and a2 empty): o jumps onto a2 over a3 or b2,
  -- onto b1 over b2; nothing reaches c1 (its neighbours are o or empty).
  check("4x4 a1 a2 c1xa1", sorted_texts(replay(4, "a1 a2 c1xa1").moves), "a4xa2 b3xb1 c2xa2")
  check("4x4 perft", table.concat({ perft(s4, 1), perft(s4, 2), perft(s4, 3) }, " "), "4 12 16")
  check("6x6 perft 2", perft(start(6), 2), 12)
  check("8x8 perft 2", perft(start(8), 2), 12)

  -- Chains along a line, and a chain's stops each a move.
  local b, n = parse_rows("....../....../....../....../....../xo.o.o")
  local st = state_of(n, b, 1, 2)
  check("chain moves", sorted_texts(st.moves), "a1xc1 a1xc1xe1")
  local after = play(st, find_move(st, "a1xc1xe1"))
  check("chain board", table.concat(board_rows(n, after.b), "/"), "....../....../....../....../....../....xo")
  check("after the chain", sorted_texts(after.moves), "f1xd1")
  after = play(st, find_move(st, "a1xc1"))
  check("short chain board", table.concat(board_rows(n, after.b), "/"), "....../....../....../....../....../..xo.o")
  check("after the short chain", sorted_texts(after.moves), "d1xb1")
  -- No move: the player to move loses.
  b, n = parse_rows("....../....../....../....../....../xo.o..")
  after = play(state_of(n, b, 1, 2), find_move(state_of(n, b, 1, 2), "a1xc1xe1"))
  check("o without a move loses", tostring(after.over) .. " " .. tostring(after.winner) .. " " .. #after.moves,
        "true 1 0")
  b, n = parse_rows("....../....../....../....../....../xo.o..")
  st = state_of(n, b, 2, 7)
  check("o to move there, without a move", tostring(st.over) .. " " .. tostring(st.winner), "true 1")
  st = state_of(n, b, 1, 7)
  check("x to move there", sorted_texts(st.moves) .. " " .. tostring(st.over), "a1xc1 a1xc1xe1 false")
  -- A chain turns no corner and stops at the first gap or friend.
  b, n = parse_rows("....../..o.../..x.../xo.o.x/.o..../x.....")
  st = state_of(n, b, 1, 5)
  check("no turning", sorted_texts(st.moves), "a3xc3 a3xc3xe3 c4xc6")
  check("o's moves there", sorted_texts(state_of(n, b, 2, 5).moves), "c5xc3")

  -- Symmetry: a1 and the far corner, the two central x cells, give the same
  -- counts (a half turn keeps the colours).
  local counts = {}
  for _, nn in ipairs({ 4, 6, 8 }) do
    local s, depth = start(nn), nn == 4 and 9 or nn == 6 and 5 or 4
    local by = {}
    for _, m in ipairs(s.moves) do by[m.text] = perft(play(s, m), depth - 1) end
    local h = nn // 2
    check(nn .. "x" .. nn .. " corners alike", by["a1"], by[cell_name(nn, nn)])
    check(nn .. "x" .. nn .. " centres alike", by[cell_name(h, h)], by[cell_name(h + 1, h + 1)])
  end

  -- The two generators agree, and games end only with no move for the side
  -- to move, on random games of each size.
  local agreed, positions, plies, wins = 0, 0, 0, { 0, 0 }
  for seed = 1, 300 do
    local nn = ({ 4, 6, 8 })[seed % 3 + 1]
    math.randomseed(seed)
    local s = start(nn)
    local stones = nn * nn
    while not s.over do
      if s.ply >= 2 then
        positions = positions + 1
        if sorted_texts(s.moves) == sorted_texts(jumps_naive(nn, s.b, s.side)) then agreed = agreed + 1
        else print("generators differ at " .. position_of(s)) end
      end
      local m = s.moves[math.random(#s.moves)]
      s = play(s, m)
      local left = 0
      for r = 1, nn do for c = 1, nn do if s.b[r][c] ~= "." then left = left + 1 end end end
      check("one stone per jump", left, stones - (m.jumps or 1))
      stones = left
      plies = plies + 1
    end
    check("the loser has no jump", #jumps_naive(nn, s.b, s.side), 0)
    wins[s.winner] = wins[s.winner] + 1
  end
  check("generators agree", agreed, positions)

  for _, nn in ipairs({ 4, 6, 8 }) do
    local depth = nn == 4 and 16 or nn == 6 and 8 or 6
    local s, t, c = start(nn), os.clock(), {}
    for d = 1, depth do c[#c + 1] = perft(s, d) end
    print(string.format("perft konane %dx%d: %s (%.1f s)", nn, nn, table.concat(c, " "), os.clock() - t))
  end
  print(string.format("random games: 300 (%d plies), player 1 won %d, player 2 won %d; %d positions, both generators agree",
                      plies, wins[1], wins[2], positions))
  print(string.format("konane reference alone: %d checks, %d failed (%.1f s)", checks, failed, os.clock() - t0))
  os.exit(failed == 0 and 0 or 1)
end

-------------------------------------------------------------------------------
-- The engine
-------------------------------------------------------------------------------
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run, tally = cli.run, cli.tally()
local report = tally.report

local function opts_of(n, explicit) return (n ~= 6 or explicit) and ("-o size=" .. n) or "" end

local function compare(opts, names, st)
  local cmd = string.format("%s play konane %s --moves '%s' --json", tavola, opts, table.concat(names, " "))
  local out = run(cmd)
  local problems = {}
  local function expect(what, got, want) cli.expect(problems, what, got, want) end
  local v = cli.view(out)
  expect("board", v.board, table.concat(board_rows(st.n, st.b), "/"))
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
local function check_perft(n, depth, explicit, st, label)
  st = st or start(n)
  local where = st.ply > 0 and string.format(" --position '%s'", position_of(st)) or ""
  local opts = opts_of(n, explicit)
  local cmd = string.format("%s perft konane %d %s%s", tavola, depth, opts, where)
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
  print(string.format("perft konane %dx%d%s: %s  %s (%.1f s)", n, n, label or "", table.concat(counts, " "),
                      #problems == 0 and "PASS" or "FAIL", os.clock() - t))
  report("perft konane " .. n .. (label or ""), problems, cmd)
end

-- A state after k random moves of seed (the game not over yet), for perft.
local function random_state(n, seed, k)
  math.randomseed(seed)
  local st = start(n)
  for _ = 1, k do
    local nxt = play(st, st.moves[math.random(#st.moves)])
    if nxt.over then break end
    st = nxt
  end
  return st
end

check_perft(4, 12)
check_perft(6, 7)
check_perft(6, 3, true)
check_perft(8, 6)
for seed = 1, 3 do
  check_perft(6, 4, false, random_state(6, seed, 6), " after 6 random moves")
  check_perft(8, 3, false, random_state(8, seed, 10), " after 10 random moves")
end

-------------------------------------------------------------------------------
-- 2. Random games
-------------------------------------------------------------------------------
local VARIANTS = { { 6 }, { 4 }, { 6 }, { 8 }, { 6, true }, { 4 }, { 8 } }

local plies, wins = 0, { 0, 0 }
for seed = 1, games do
  local n, explicit = table.unpack(VARIANTS[(seed - 1) % #VARIANTS + 1])
  local opts = opts_of(n, explicit)
  math.randomseed(seed)
  local st, names, states = start(n), {}, {}
  states[0] = st
  while not st.over do
    local m = st.moves[math.random(#st.moves)]
    names[#names + 1] = m.text
    st = play(st, m)
    states[#names] = st
  end
  plies = plies + #names
  wins[st.winner] = wins[st.winner] + 1
  local label = string.format("konane %s seed %d", opts == "" and "(size 6)" or opts, seed)
  report(label, compare(opts, names, st))      -- the end, every move accepted on the way
  local k = math.random(0, #names)             -- and one state on the way
  report(label .. " after " .. k, compare(opts, table.move(names, 1, k, 1, {}), states[k]))
end
print(string.format("random games: %d (%d plies; player 1 won %d, player 2 won %d), %d variants", games, plies,
                    wins[1], wins[2], #VARIANTS))
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
tally.finish("konane reference")
