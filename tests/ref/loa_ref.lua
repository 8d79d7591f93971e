-- An independent plain-Lua Lines of Action (not the engine's code, nor its
-- primitives): its own board, move generator (count the line, walk it),
-- connection test (a flood fill) and end rules, compared with the tavola
-- command
--   1. on perft from the standard start (36 moves at depth 1) and from
--      Scrambled Eggs;
--   2. on random games: each game is played move by move by the engine (which
--      must accept every move the reference finds legal), and the state after
--      a random prefix and at the end is compared in full: board, legal moves,
--      side to move, status, winner and the position string.
-- The rules as rulesets/lines_of_action.lua states them: after a move, the
-- mover wins when all their pieces form one 8-neighbour group (also when the
-- opponent's do too), else the opponent wins when theirs do; else a repeated
-- position (board and side to move) is a draw; else a player without a move
-- loses; else ply 1000 is a draw.
-- usage: lua5.4 tests/ref/loa_ref.lua path/to/tavola [GAMES]
local tavola = arg[1] or "build/tavola"
local games = tonumber(arg[2] or "300")
local t0, wall0 = os.clock(), os.time()
local N, MAX_PLIES = 8, 1000

-- A board is b[i], i = (row - 1) * N + col (row 1 at the bottom), holding
-- ".", "x" (Black, player 1) or "o" (White, player 2).
local PIECE = { "x", "o" }
local function idx(r, c) return (r - 1) * N + c end
local function on(r, c) return r >= 1 and r <= N and c >= 1 and c <= N end
local function name(r, c) return string.char(96 + c) .. r end

local STARTS = {
  [""] = { ".xxxxxx.", "o......o", "o......o", "o......o", "o......o", "o......o", "o......o", ".xxxxxx." },
  ["-o start=scrambled"] = { ".oxoxox.", "x......o", "o......x", "x......o", "o......x", "x......o", "o......x",
                             ".xoxoxo." },
}

local function board_rows(b)
  local rows = {}
  for r = N, 1, -1 do
    local t = {}
    for c = 1, N do t[c] = b[idx(r, c)] end
    rows[#rows + 1] = table.concat(t)
  end
  return rows
end

-- The eight directions as (row, column) steps; a line is a direction and
-- its reverse.
local DIRS = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } }

local function line_pieces(b, r, c, d)
  local n = 1 -- the piece itself
  for _, s in ipairs({ 1, -1 }) do
    local rr, cc = r + s * d[1], c + s * d[2]
    while on(rr, cc) do
      if b[idx(rr, cc)] ~= "." then n = n + 1 end
      rr, cc = rr + s * d[1], cc + s * d[2]
    end
  end
  return n
end

local function gen_moves(b, side)
  local me, foe, moves = PIECE[side], PIECE[3 - side], {}
  for r = 1, N do
    for c = 1, N do
      if b[idx(r, c)] == me then
        for _, d in ipairs(DIRS) do
          local dist, rr, cc, ok = line_pieces(b, r, c, d), r, c, true
          for k = 1, dist do
            rr, cc = rr + d[1], cc + d[2]
            if not on(rr, cc) or (k < dist and b[idx(rr, cc)] == foe) then ok = false break end
          end
          if ok and b[idx(rr, cc)] ~= me then
            local capture = b[idx(rr, cc)] == foe
            moves[#moves + 1] = { text = name(r, c) .. (capture and "x" or "-") .. name(rr, cc),
                                  from = idx(r, c), to = idx(rr, cc) }
          end
        end
      end
    end
  end
  return moves
end

local function connected(b, piece)
  local first, count = nil, 0
  for i = 1, N * N do
    if b[i] == piece then
      count = count + 1
      first = first or i
    end
  end
  if count == 0 then return false end
  local seen, stack, found = { [first] = true }, { first }, 0
  while #stack > 0 do
    local i = table.remove(stack)
    found = found + 1
    local r, c = (i - 1) // N + 1, (i - 1) % N + 1
    for dr = -1, 1 do
      for dc = -1, 1 do
        local j = idx(r + dr, c + dc)
        if on(r + dr, c + dc) and not seen[j] and b[j] == piece then
          seen[j] = true
          stack[#stack + 1] = j
        end
      end
    end
  end
  return found == count
end

local function key(st) return table.concat(st.b) .. st.side end

-- A state: b, side (1, 2), ply, quiet (plies since the last capture: the
-- position string carries it), seen (positions so far), over, winner, moves.
local function start(opts)
  local b, rows = {}, STARTS[opts]
  for i = 1, N do
    local r = N + 1 - i
    for c = 1, N do b[idx(r, c)] = rows[i]:sub(c, c) end
  end
  local st = { b = b, side = 1, ply = 0, quiet = 0, over = false }
  st.seen = { [key(st)] = true }
  st.moves = gen_moves(b, 1)
  return st
end

local function play(st, m, keep_seen)
  local b = table.move(st.b, 1, N * N, 1, {})
  local quiet = b[m.to] == "." and st.quiet + 1 or 0 -- plies since the last capture
  b[m.to], b[m.from] = b[m.from], "."
  local mover = st.side
  local n = { b = b, side = 3 - mover, ply = st.ply + 1, quiet = quiet, over = false, moves = {} }
  local k = key(n)
  if connected(b, PIECE[mover]) then
    n.over, n.winner = true, mover
  elseif connected(b, PIECE[3 - mover]) then
    n.over, n.winner = true, 3 - mover
  elseif st.seen[k] then
    n.over, n.winner = true, 0
  else
    n.moves = gen_moves(b, n.side)
    if #n.moves == 0 then
      n.over, n.winner = true, mover
    elseif n.ply >= MAX_PLIES then
      n.over, n.winner, n.moves = true, 0, {}
    end
  end
  if n.over then n.moves = {} end
  if keep_seen then -- random games: one history, grown in place
    n.seen = st.seen
  else              -- perft: a copy per branch
    n.seen = {}
    for s in pairs(st.seen) do n.seen[s] = true end
  end
  n.seen[k] = true
  return n
end

-------------------------------------------------------------------------------
-- The engine
-------------------------------------------------------------------------------
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run, sorted_texts, tally = cli.run, cli.sorted_texts, cli.tally()
local report = tally.report


local function position_of(st)
  return table.concat(board_rows(st.b), "/") .. " " .. st.side .. " - " .. st.ply .. " " .. st.quiet
end


local function compare(opts, names, st)
  local cmd = string.format("%s play lines_of_action %s --moves '%s' --json", tavola, opts, table.concat(names, " "))
  local out = run(cmd)
  local problems = {}
  local function expect(what, got, want) cli.expect(problems, what, got, want) end
  local v = cli.view(out)
  expect("board", v.board, table.concat(board_rows(st.b), "/"))
  expect("moves", sorted_texts(v.moves), sorted_texts(st.moves))
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
local function perft(st, d)
  if st.over then return 0 end
  if d == 1 then return #st.moves end
  local n = 0
  for _, m in ipairs(st.moves) do n = n + perft(play(st, m), d - 1) end
  return n
end

local function check_perft(opts, depth, first)
  local cmd = string.format("%s perft lines_of_action %d %s", tavola, depth, opts)
  local out = run(cmd)
  local engine = cli.engine_perft(out)
  local problems, counts, t = {}, {}, os.clock()
  for d = 1, depth do
    local n = perft(start(opts), d)
    counts[#counts + 1] = tostring(n)
    if engine[d] ~= n then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), n)
    end
  end
  if first and counts[1] ~= tostring(first) then
    problems[#problems + 1] = string.format("perft 1: reference %s, expected %d", counts[1], first)
  end
  print(string.format("perft lines_of_action %s: %s  %s (%.1f s)", opts, table.concat(counts, " "),
                      #problems == 0 and "PASS" or "FAIL", os.clock() - t))
  report("perft lines_of_action " .. opts, problems, cmd)
end

-- The standard start: each of the 12 black pieces has 3 moves (36; b1: b3,
-- d3 and h1), as the rules' own worked example says.
check_perft("", 3, 36)
check_perft("-o start=scrambled", 3)

-------------------------------------------------------------------------------
-- 2. Random games
-------------------------------------------------------------------------------
local VARIANTS = { "", "-o start=scrambled" }
local ended, plies, outcomes = 0, 0, { [0] = 0, 0, 0 }
for seed = 1, games do
  local opts = VARIANTS[(seed - 1) % #VARIANTS + 1]
  math.randomseed(seed)
  local st, names, states = start(opts), {}, {}
  states[0] = st
  while not st.over do -- the reference ends every game by ply 1000
    local m = st.moves[math.random(#st.moves)]
    names[#names + 1] = m.text
    st = play(st, m, true)
    states[#names] = st
  end
  ended = ended + 1
  outcomes[st.winner] = outcomes[st.winner] + 1
  plies = plies + #names
  local label = string.format("lines_of_action %s seed %d", opts, seed)
  report(label, compare(opts, names, st))        -- the end, every move accepted on the way
  local k = math.random(0, #names)               -- and one state on the way
  local prefix = table.move(names, 1, k, 1, {})
  report(label .. " after " .. k, compare(opts, prefix, states[k]))
end
print(string.format("random games: %d (%d plies; Black %d, White %d, drawn %d)", games, plies, outcomes[1],
                    outcomes[2], outcomes[0]))
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
tally.finish("lines of action reference")
