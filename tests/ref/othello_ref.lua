-- An independent plain-Lua Othello (not the engine's code, nor its
-- primitives): its own board, move generator, flips, pass and end rules,
-- compared with the tavola command
--   1. on perft from the start, 8x8 against the published counts and 6x6 and
--      4x4 against the engine;
--   2. on random games: each game is played move by move by the engine (which
--      must accept every move the reference finds legal), and the state after
--      every move of the first games, after a random prefix and at the end of
--      the others is compared in full: board, legal moves, side to move,
--      status, winner, scores (discs) and the position string.
-- usage: lua5.4 tests/ref/othello_ref.lua path/to/tavola [GAMES]
local tavola = arg[1] or "build/tavola"
local games = tonumber(arg[2] or "300")
local t0, wall0 = os.clock(), os.time()

local DIRS = { {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1} }
local STONE = { "x", "o" }

local function cell_name(r, c) return string.char(96 + c) .. r end

-- A state: b[row][col] ('.', 'x', 'o'; row 1 at the bottom), side (1 Black,
-- 2 White), ply, over, winner, moves (the legal moves, text and cell).
local function new_rules(n)
  local R = { n = n, opts = n == 8 and "" or ("-o size=" .. n) }

  -- The discs `me` turns by a disc on (r, c), as a list of {row, col}.
  local function turned(b, r, c, me)
    local mine, you, all = STONE[me], STONE[3 - me], {}
    for _, d in ipairs(DIRS) do
      local run, rr, cc = {}, r + d[2], c + d[1]
      while rr >= 1 and rr <= n and cc >= 1 and cc <= n and b[rr][cc] == you do
        run[#run + 1] = { rr, cc }
        rr, cc = rr + d[2], cc + d[1]
      end
      if #run > 0 and rr >= 1 and rr <= n and cc >= 1 and cc <= n and b[rr][cc] == mine then
        for _, x in ipairs(run) do all[#all + 1] = x end
      end
    end
    return all
  end

  local function placements(b, me)
    local list = {}
    for r = 1, n do
      for c = 1, n do
        if b[r][c] == "." and #turned(b, r, c, me) > 0 then
          list[#list + 1] = { text = cell_name(r, c), r = r, c = c }
        end
      end
    end
    return list
  end

  local function count(b, ch)
    local k = 0
    for r = 1, n do for c = 1, n do if b[r][c] == ch then k = k + 1 end end end
    return k
  end

  local function finish(st)
    st.scores = { count(st.b, "x"), count(st.b, "o") }
    st.moves = placements(st.b, st.side)
    if #st.moves == 0 then
      if #placements(st.b, 3 - st.side) > 0 then
        st.moves = { { text = "pass" } }
      else
        st.over = true
        st.winner = st.scores[1] > st.scores[2] and 1 or st.scores[1] < st.scores[2] and 2 or 0
      end
    end
    return st
  end

  function R.start()
    local b, h = {}, n // 2
    for r = 1, n do
      b[r] = {}
      for c = 1, n do b[r][c] = "." end
    end
    b[h][h], b[h + 1][h + 1] = "o", "o"       -- d4, e5 on 8x8: White
    b[h + 1][h], b[h][h + 1] = "x", "x"       -- d5, e4: Black
    return finish({ b = b, side = 1, ply = 0, over = false })
  end

  function R.play(st, m)
    local b = {}
    for r = 1, n do
      b[r] = {}
      for c = 1, n do b[r][c] = st.b[r][c] end
    end
    if m.r then
      for _, x in ipairs(turned(st.b, m.r, m.c, st.side)) do b[x[1]][x[2]] = STONE[st.side] end
      b[m.r][m.c] = STONE[st.side]
    end
    return finish({ b = b, side = 3 - st.side, ply = st.ply + 1, over = false })
  end

  function R.rows(st)
    local rows = {}
    for r = n, 1, -1 do rows[#rows + 1] = table.concat(st.b[r]) end
    return rows
  end
  return R
end

-------------------------------------------------------------------------------
-- The engine
-------------------------------------------------------------------------------
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run, sorted_texts, tally = cli.run, cli.sorted_texts, cli.tally()
local report = tally.report



local function compare(R, names, st)
  local cmd = string.format("%s play othello %s --moves '%s' --json", tavola, R.opts, table.concat(names, " "))
  local out = run(cmd)
  local problems = {}
  local function expect(what, got, want) cli.expect(problems, what, got, want) end
  local v = cli.view(out)
  local board = table.concat(R.rows(st), "/")
  expect("board", v.board, board)
  expect("moves", sorted_texts(v.moves), st.over and "" or sorted_texts(st.moves))
  expect("to_move", v.to_move, st.side)
  expect("status", v.status, st.over and "over" or "ongoing")
  expect("winner", v.winner, st.over and st.winner or "null")
  expect("scores", out:match('"scores":%[(.-)%]'), st.scores[1] .. "," .. st.scores[2])
  expect("position", v.position, board .. " " .. st.side .. " - " .. st.ply)
  if #problems > 0 and not v.json then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  return problems, cmd
end

-------------------------------------------------------------------------------
-- 1. Perft: move sequences of exactly D moves (a pass is a move), a finished
-- game a leaf.
-------------------------------------------------------------------------------
local function perft(R, st, d)
  if st.over then return 0 end
  if d == 1 then return #st.moves end
  local n = 0
  for _, m in ipairs(st.moves) do n = n + perft(R, R.play(st, m), d - 1) end
  return n
end

local function check_perft(R, depth, published)
  local cmd = string.format("%s perft othello %d %s", tavola, depth, R.opts)
  local out = run(cmd)
  local engine = cli.engine_perft(out)
  local problems, counts, t = {}, {}, os.clock()
  for d = 1, depth do
    local n = perft(R, R.start(), d)
    counts[#counts + 1] = tostring(n)
    if engine[d] ~= n then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), n)
    end
    if published and published[d] ~= n then
      problems[#problems + 1] = string.format("perft %d: reference %d, published %d", d, n, published[d])
    end
  end
  print(string.format("perft othello %dx%d: %s  %s (%.1f s)", R.n, R.n, table.concat(counts, " "),
                      #problems == 0 and "PASS" or "FAIL", os.clock() - t))
  report("perft othello " .. R.n, problems, cmd)
end

-- 8x8 from the start (OEIS A124004; no pass and no finished game this early).
local PUBLISHED = { 4, 12, 56, 244, 1396, 8200, 55092 }
check_perft(new_rules(8), 7, PUBLISHED)
check_perft(new_rules(6), 6)
check_perft(new_rules(4), 9) -- 4x4 games pass and end early

-------------------------------------------------------------------------------
-- 2. Random games
-------------------------------------------------------------------------------
local VARIANTS = { new_rules(8), new_rules(6), new_rules(4), new_rules(10), new_rules(16) } -- 10, 16: several words

local ended, plies, passes = 0, 0, 0
for seed = 1, games do
  local R = VARIANTS[(seed - 1) % #VARIANTS + 1]
  math.randomseed(seed)
  local st, names, states = R.start(), {}, {}
  states[0] = st
  while not st.over do
    local m = st.moves[math.random(#st.moves)]
    names[#names + 1] = m.text
    if m.text == "pass" then passes = passes + 1 end
    st = R.play(st, m)
    states[#names] = st
  end
  ended = ended + 1
  plies = plies + #names
  local label = string.format("othello %dx%d seed %d", R.n, R.n, seed)
  report(label, compare(R, names, st))           -- the end, every move accepted on the way
  if seed <= #VARIANTS then                      -- every state of one game of each size
    for k = 0, #names - 1 do
      report(label .. " after " .. k, compare(R, table.move(names, 1, k, 1, {}), states[k]))
    end
  else                                           -- one state on the way
    local k = math.random(0, #names)
    report(label .. " after " .. k, compare(R, table.move(names, 1, k, 1, {}), states[k]))
  end
end
print(string.format("random games: %d (%d to the end, %d plies, %d passes), sizes 8, 6, 4, 10, 16", games, ended, plies,
                    passes))
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
tally.finish("othello reference")
