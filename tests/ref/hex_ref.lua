-- An independent plain-Lua Hex and Y (not the engine's code, nor its
-- primitives): its own rhombus and triangle, six neighbours, connection
-- search and swap rule, compared with the tavola command
--   1. on perft from the start on small boards, with and without the swap;
--   2. on random games of sizes 2..11 (Y: 2..19): each game is played move by move by
--      the engine (which must accept every move the reference finds legal),
--      and the state after a random prefix and at the end is compared in
--      full: board, legal moves, side to move, status, winner and the
--      position string; no game may end in a draw.
-- usage: lua5.4 tests/ref/hex_ref.lua path/to/tavola [GAMES]
local tavola = arg[1] or "build/tavola"
local games = tonumber(arg[2] or "300")
local t0, wall0 = os.clock(), os.time()

-------------------------------------------------------------------------------
-- The game. b[row][col] is '.', 'x' (the first colour: in Hex joining rows
-- 1 and N) or 'o' (the second: columns a and N); in Y both join row 1,
-- column a and the short diagonal (c + r = N + 1), and the cells beyond the
-- diagonal are '#'. A hexagon (c, r) touches (c+1, r) (c-1, r) (c, r+1)
-- (c, r-1) (c+1, r-1) (c-1, r+1).
-------------------------------------------------------------------------------
local NEIGHBOURS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } }

local function cell_name(r, c) return string.char(96 + c) .. r end

-- Whether colour ch has a chain from its first side to its last: a search
-- from every stone on the first side.
local function joined(N, b, ch)
  local seen, stack = {}, {}
  for i = 1, N do
    local r, c = ch == "x" and 1 or i, ch == "x" and i or 1
    if b[r][c] == ch then
      stack[#stack + 1] = { r, c }
      seen[r * 100 + c] = true
    end
  end
  while #stack > 0 do
    local r, c = table.unpack(table.remove(stack))
    if (ch == "x" and r == N) or (ch == "o" and c == N) then return true end
    for _, d in ipairs(NEIGHBOURS) do
      local nr, nc = r + d[2], c + d[1]
      if nr >= 1 and nr <= N and nc >= 1 and nc <= N and b[nr][nc] == ch and not seen[nr * 100 + nc] then
        seen[nr * 100 + nc] = true
        stack[#stack + 1] = { nr, nc }
      end
    end
  end
  return false
end

-- Y: whether one group of ch touches row 1, column a and the diagonal.
local function joined_y(N, b, ch)
  local seen = {}
  for r0 = 1, N do
    for c0 = 1, N do
      if b[r0][c0] == ch and not seen[r0 * 100 + c0] then
        local stack, sides = { { r0, c0 } }, {}
        seen[r0 * 100 + c0] = true
        while #stack > 0 do
          local r, c = table.unpack(table.remove(stack))
          if r == 1 then sides.row = true end
          if c == 1 then sides.col = true end
          if r + c == N + 1 then sides.diag = true end
          for _, d in ipairs(NEIGHBOURS) do
            local nr, nc = r + d[2], c + d[1]
            if nr >= 1 and nr <= N and nc >= 1 and nc <= N and b[nr][nc] == ch and not seen[nr * 100 + nc] then
              seen[nr * 100 + nc] = true
              stack[#stack + 1] = { nr, nc }
            end
          end
        end
        if sides.row and sides.col and sides.diag then return true end
      end
    end
  end
  return false
end

-- A state: b, side (1, 2), ply, stones, swapped, over, winner, moves (texts).
local function finish(R, st)
  st.moves = {}
  if st.over then return st end
  for r = 1, R.N do
    for c = 1, R.N do
      if st.b[r][c] == "." then st.moves[#st.moves + 1] = cell_name(r, c) end
    end
  end
  if R.swap and st.stones == 1 and not st.swapped then st.moves[#st.moves + 1] = "swap" end
  return st
end

-- The colour player p places: the first player 'x' until a swap exchanges them.
local function colour_of(st, p)
  if (p == 1) ~= st.swapped then return "x" end
  return "o"
end

local function hex(N, swap, y)
  local R = { N = N, swap = swap, name = y and "y" or "hex",
              opts = string.format("-o size=%d -o swap=%s", N, tostring(swap)) }
  function R.start()
    local b = {}
    for r = 1, N do
      b[r] = {}
      for c = 1, N do b[r][c] = (y and c + r > N + 1) and "#" or "." end
    end
    return finish(R, { b = b, side = 1, ply = 0, stones = 0, swapped = false, over = false })
  end
  function R.play(st, m)
    local b = {}
    for r = 1, N do b[r] = table.move(st.b[r], 1, N, 1, {}) end
    local n = { b = b, side = 3 - st.side, ply = st.ply + 1, stones = st.stones, swapped = st.swapped, over = false }
    if m == "swap" then
      n.swapped = not st.swapped
    else
      local c, r = m:byte(1) - 96, tonumber(m:sub(2))
      local ch = colour_of(st, st.side)
      b[r][c] = ch
      n.stones = st.stones + 1
      if (y and joined_y or joined)(N, b, ch) then
        n.over, n.winner = true, st.side
      end
      assert(n.over or n.stones < (y and N * (N + 1) // 2 or N * N), "a full board without a chain")
    end
    return finish(R, n)
  end
  return R
end

local function position_of(R, st)
  local rows = {}
  for r = R.N, 1, -1 do rows[#rows + 1] = table.concat(st.b[r]) end
  return table.concat(rows, "/") .. " " .. st.side .. " " .. (st.swapped and "s" or "-") .. " " .. st.ply
end

-------------------------------------------------------------------------------
-- The engine
-------------------------------------------------------------------------------
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run, sorted_texts, tally = cli.run, cli.sorted_texts, cli.tally()
local report = tally.report

local function compare(R, names, st)
  local cmd = string.format("%s play %s %s --moves '%s' --json", tavola, R.name, R.opts, table.concat(names, " "))
  local out = run(cmd)
  local problems = {}
  local function expect(what, got, want) cli.expect(problems, what, got, want) end
  local v = cli.view(out)
  local want_rows = {}
  for r = R.N, 1, -1 do want_rows[#want_rows + 1] = table.concat(st.b[r]) end
  expect("board", v.board, table.concat(want_rows, "/"))
  expect("moves", sorted_texts(v.moves), sorted_texts(st.moves))
  expect("to_move", v.to_move, st.side)
  expect("status", v.status, st.over and "over" or "ongoing")
  expect("winner", v.winner, st.over and st.winner or "null")
  expect("position", v.position, position_of(R, st))
  if #problems > 0 and not v.json then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  return problems, cmd
end

-------------------------------------------------------------------------------
-- 1. Perft
-------------------------------------------------------------------------------
local function perft(R, st, d)
  if st.over then return 0 end
  if d == 1 then return #st.moves end
  local n = 0
  for _, m in ipairs(st.moves) do n = n + perft(R, R.play(st, m), d - 1) end
  return n
end

local function check_perft(R, depth)
  local cmd = string.format("%s perft %s %d %s", tavola, R.name, depth, R.opts)
  local out = run(cmd)
  local engine = cli.engine_perft(out)
  local problems, counts, t = {}, {}, os.clock()
  for d = 1, depth do
    local n = perft(R, R.start(), d)
    counts[#counts + 1] = tostring(n)
    if engine[d] ~= n then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), n)
    end
  end
  print(string.format("perft %s %s: %s  %s (%.1f s)", R.name, R.opts, table.concat(counts, " "),
                      #problems == 0 and "PASS" or "FAIL", os.clock() - t))
  report("perft " .. R.opts, problems, cmd)
end

-- 2x2: Red's second stone can win (a1 b1 a2), so perft 4 counts
-- ended games as leaves; 3x3 and 4x4 with and without the swap.
check_perft(hex(2, false), 4)
check_perft(hex(3, false), 5)
check_perft(hex(3, true), 4)
check_perft(hex(4, false), 3)
check_perft(hex(4, true), 3)
check_perft(hex(11, false), 2)
check_perft(hex(2, false, true), 3)
check_perft(hex(4, false, true), 4)
check_perft(hex(5, true, true), 3)
check_perft(hex(19, false, true), 2)

-------------------------------------------------------------------------------
-- 2. Random games
-------------------------------------------------------------------------------
local SIZES = { 2, 3, 4, 5, 6, 7, 8, 9, 11 }
local Y_SIZES = { 2, 3, 5, 8, 13, 19 }
local ended, plies, wins = 0, 0, { 0, 0 }
for seed = 1, games do
  local R = seed % 4 == 0 and hex(Y_SIZES[(seed // 4 - 1) % #Y_SIZES + 1], seed % 3 == 0, true)
            or hex(SIZES[(seed - 1) % #SIZES + 1], seed % 3 == 0)
  math.randomseed(seed)
  local st, names, states = R.start(), {}, {}
  states[0] = st
  while not st.over do
    local m = st.moves[math.random(#st.moves)]
    names[#names + 1] = m
    st = R.play(st, m)
    states[#names] = st
  end
  ended = ended + 1
  wins[st.winner] = wins[st.winner] + 1
  plies = plies + #names
  local label = string.format("%s %s seed %d", R.name, R.opts, seed)
  report(label, compare(R, names, st))           -- the end, every move accepted on the way
  local k = math.random(0, #names)               -- and one state on the way
  local prefix = table.move(names, 1, k, 1, {})
  report(label .. " after " .. k, compare(R, prefix, states[k]))
end
print(string.format("random games: %d (%d won by player 1, %d by player 2, no draw; %d plies)", games, wins[1],
                    wins[2], plies))
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
tally.finish("hex and y reference")
