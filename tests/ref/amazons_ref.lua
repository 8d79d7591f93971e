-- An independent plain-Lua Game of the Amazons (not the engine's code, nor its
-- primitives): its own board, queen moves, arrows and end rule, compared with
-- the tavola command
--   1. on perft from the start: 6x6 to depth 2, 8x8 to depth 1, and 10x10 to
--      depth 2 against the published counts (2,176 and 4,307,152);
--   2. on random games, mostly 6x6: each game is played move by move by the
--      engine (which must accept every move the reference finds legal), and
--      the state after a random prefix and at the end is compared in full:
--      board (arrows as '#'), legal moves, side to move, status, winner and
--      the position string.
-- usage: lua5.4 tests/ref/amazons_ref.lua path/to/tavola [GAMES]
local tavola = arg[1] or "build/tavola"
local games = tonumber(arg[2] or "300")
local t0, wall0 = os.clock(), os.time()

-- The eight queen directions, as {row step, column step}.
local DIRS = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } }

local function cell_name(r, c) return string.char(96 + c) .. r end

-- A board: b[row][col], row 1 at the bottom (White's), '.' empty, '#' an
-- arrow, 'A' White's amazon, 'a' Black's. Start: the amazons a third of the
-- way along the edges (10x10: a4 d1 g1 j4 and a7 d10 g10 j7).
local function start_board(n)
  local b = {}
  for r = 1, n do
    b[r] = {}
    for c = 1, n do b[r][c] = "." end
  end
  local k = n // 2 - 2
  b[1][k + 1], b[1][n - k], b[k + 1][1], b[k + 1][n] = "A", "A", "A", "A"
  b[n][k + 1], b[n][n - k], b[n - k][1], b[n - k][n] = "a", "a", "a", "a"
  return b
end

-- The legal turns of `side` (1 White, 2 Black): amazons in the engine's cell
-- order (row by row from a1), then each queen move, then each arrow from the
-- landing cell with the start cell empty. With `count` only their number.
local function turns(n, b, side, count)
  local me, list, total = side == 1 and "A" or "a", {}, 0
  for r = 1, n do
    for c = 1, n do
      if b[r][c] == me then
        b[r][c] = "." -- the amazon leaves: her arrow may fly over this cell
        for _, d in ipairs(DIRS) do
          local tr, tc = r + d[1], c + d[2]
          while tr >= 1 and tr <= n and tc >= 1 and tc <= n and b[tr][tc] == "." do
            for _, e in ipairs(DIRS) do
              local ar, ac = tr + e[1], tc + e[2]
              while ar >= 1 and ar <= n and ac >= 1 and ac <= n and b[ar][ac] == "." do
                total = total + 1
                if not count then
                  list[#list + 1] = { text = cell_name(r, c) .. "-" .. cell_name(tr, tc) .. "/" .. cell_name(ar, ac),
                                      from = { r, c }, to = { tr, tc }, arrow = { ar, ac } }
                end
                ar, ac = ar + e[1], ac + e[2]
              end
            end
            tr, tc = tr + d[1], tc + d[2]
          end
        end
        b[r][c] = me
      end
    end
  end
  return count and total or list
end

local function copy(n, b)
  local out = {}
  for r = 1, n do out[r] = table.move(b[r], 1, n, 1, {}) end
  return out
end

-- A state: board, side to move, ply, over, winner, and its legal turns.
local function state(n, b, side, ply)
  local st = { n = n, b = b, side = side, ply = ply, moves = turns(n, b, side) }
  st.over = #st.moves == 0 -- the player who cannot move loses
  st.winner = st.over and 3 - side or nil
  if st.over then st.moves = {} end
  return st
end

local function play(st, m)
  local b = copy(st.n, st.b)
  b[m.to[1]][m.to[2]] = b[m.from[1]][m.from[2]]
  b[m.from[1]][m.from[2]] = "."
  b[m.arrow[1]][m.arrow[2]] = "#" -- last: the arrow may land where the amazon stood
  return state(st.n, b, 3 - st.side, st.ply + 1)
end

local function rows_of(st)
  local rows = {}
  for r = st.n, 1, -1 do rows[#rows + 1] = table.concat(st.b[r]) end
  return rows
end

-------------------------------------------------------------------------------
-- The engine
-------------------------------------------------------------------------------
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run, sorted_texts, tally = cli.run, cli.sorted_texts, cli.tally()
local report = tally.report



local function compare(names, st)
  local cmd = string.format("%s play amazons -o size=%d --moves '%s' --json", tavola, st.n, table.concat(names, " "))
  local out = run(cmd)
  local problems = {}
  local function expect(what, got, want) cli.expect(problems, what, got, want) end
  local v = cli.view(out)
  local board = table.concat(rows_of(st), "/")
  expect("board", v.board, board)
  expect("moves", sorted_texts(v.moves), sorted_texts(st.moves))
  expect("to_move", v.to_move, st.side)
  expect("status", v.status, st.over and "over" or "ongoing")
  expect("winner", v.winner, st.over and st.winner or "null")
  expect("position", v.position, board .. " " .. st.side .. " - " .. st.ply)
  if #problems > 0 and not v.json then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  return problems, cmd
end

-------------------------------------------------------------------------------
-- 1. Perft
-------------------------------------------------------------------------------
local function perft(st, d)
  if st.over then return 0 end
  if d == 1 then return #st.moves end
  local total = 0
  for _, m in ipairs(st.moves) do
    if d == 2 then -- the last level is counted, not listed
      local b = copy(st.n, st.b)
      b[m.to[1]][m.to[2]] = b[m.from[1]][m.from[2]]
      b[m.from[1]][m.from[2]] = "."
      b[m.arrow[1]][m.arrow[2]] = "#" -- last: the arrow may land where the amazon stood
      total = total + turns(st.n, b, 3 - st.side, true)
    else
      total = total + perft(play(st, m), d - 1)
    end
  end
  return total
end

local function check_perft(n, depth, published)
  local cmd = string.format("%s perft amazons %d -o size=%d", tavola, depth, n)
  local out = run(cmd)
  local engine = cli.engine_perft(out)
  local problems, counts, t = {}, {}, os.clock()
  for d = 1, depth do
    local c = perft(state(n, start_board(n), 1, 0), d)
    counts[#counts + 1] = tostring(c)
    if engine[d] ~= c then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), c)
    end
    if published and published[d] ~= c then
      problems[#problems + 1] = string.format("perft %d: reference %d, published %d", d, c, published[d])
    end
  end
  print(string.format("perft amazons %dx%d: %s  %s (%.1f s)", n, n, table.concat(counts, " "),
                      #problems == 0 and "PASS" or "FAIL", os.clock() - t))
  report("perft amazons " .. n, problems, cmd)
end

check_perft(6, 2)
check_perft(8, 1)
check_perft(10, 2, { 2176, 4307152 })

-------------------------------------------------------------------------------
-- 2. Random games
-------------------------------------------------------------------------------
local ended, plies = 0, 0
for seed = 1, games do
  local n = seed % 20 == 0 and 8 or 6
  math.randomseed(seed)
  local st, names, states = state(n, start_board(n), 1, 0), {}, {}
  states[0] = st
  while not st.over do
    local m = st.moves[math.random(#st.moves)]
    names[#names + 1] = m.text
    st = play(st, m)
    states[#names] = st
  end
  ended = ended + 1
  plies = plies + #names
  local label = string.format("amazons %dx%d seed %d", n, n, seed)
  report(label, compare(names, st))           -- the end, every move accepted on the way
  local k = math.random(0, #names)            -- and one state on the way
  report(label .. " after " .. k, compare(table.move(names, 1, k, 1, {}), states[k]))
end
print(string.format("random games: %d (%d to the end, %d plies)", games, ended, plies))
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
tally.finish("amazons reference")
