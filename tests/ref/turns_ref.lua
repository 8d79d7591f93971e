-- An independent plain-Lua model of placement turns (not the engine's code):
-- Connect6 (one stone, then two a turn; K or more in a row wins at once, even
-- by the first stone of a pair) and gomoku's Pro and Swap openings, each with
-- its own move generator and win check. Perft in moves (stones, the swap) and
-- in whole turns is compared depth by depth with `tavola perft` and
-- `tavola perft --turns`.
-- usage: lua5.4 tests/ref/turns_ref.lua path/to/tavola [ignored]
local tavola = arg[1] or "build/tavola"

-- A game on an N x N board: `rule` says, for the k-th stone (0-based), its
-- colour, whether it ends its player's turn, and whether a cell may take it.
local function model(N, K, exact, rule)
  local board, stones, swapped = {}, 0, false
  for i = 1, N * N do board[i] = 0 end

  local function run(c, r, dc, dr, v)
    local n = 0
    c, r = c + dc, r + dr
    while c >= 0 and c < N and r >= 0 and r < N and board[r * N + c + 1] == v do
      n, c, r = n + 1, c + dc, r + dr
    end
    return n
  end
  local function wins(i, v)
    local c, r = (i - 1) % N, (i - 1) // N
    for _, d in ipairs({ { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } }) do
      local n = 1 + run(c, r, d[1], d[2], v) + run(c, r, -d[1], -d[2], v)
      if n == K or (n > K and not exact) then return true end
    end
    return false
  end

  -- The moves: empty cells the rule allows, and the swap when it may come.
  local function moves()
    local t = {}
    for i = 1, N * N do
      if board[i] == 0 and rule.allows(stones, i, N) then t[#t + 1] = i end
    end
    if rule.swap_at and stones == rule.swap_at and not swapped then t[#t + 1] = "swap" end
    return t
  end

  -- Plays m; returns over, turn_ended, and an undo function.
  local function play(m)
    if m == "swap" then
      swapped = true
      return false, true, function() swapped = false end
    end
    local v = rule.colour(stones)
    board[m], stones = v, stones + 1
    local over = wins(m, v) or stones == N * N
    return over, over or rule.ends_turn(stones - 1), function() board[m], stones = 0, stones - 1 end
  end

  local function perft(depth, turns)
    if depth == 0 then return 1 end
    local total = 0
    for _, m in ipairs(moves()) do
      local over, ended, undo = play(m)
      local d = (turns and not ended) and depth or depth - 1
      if over then
        total = total + (d == 0 and 1 or 0)
      else
        total = total + perft(d, turns)
      end
      undo()
    end
    return total
  end
  return perft
end

-- The turn (0-based) of the k-th stone with `first` stones on the first turn
-- and `later` on every other.
local function turn_of(k, first, later)
  if k < first then return 0 end
  return 1 + (k - first) // later
end

local function anywhere() return true end

local function connect6(first, later)
  return {
    colour = function(k) return turn_of(k, first, later) % 2 + 1 end,
    ends_turn = function(k) return turn_of(k + 1, first, later) ~= turn_of(k, first, later) end,
    allows = anywhere,
  }
end

local function pro()
  return {
    colour = function(k) return k % 2 + 1 end,
    ends_turn = function() return true end,
    allows = function(k, i, N)
      local c, r, m = (i - 1) % N, (i - 1) // N, (N - 1) // 2
      local d = math.max(math.abs(c - m), math.abs(r - m))
      if k == 0 then return d == 0 end
      if k == 2 then return d >= 3 end
      return true
    end,
  }
end

local function swap1()
  return {
    colour = function(k) return (k == 1 or (k >= 3 and k % 2 == 1)) and 2 or 1 end,
    ends_turn = function(k) return k >= 2 end,
    allows = anywhere,
    swap_at = 3,
  }
end

local passed, failed = 0, 0
local function expect(what, got, want)
  if got == want then
    passed = passed + 1
  else
    failed = failed + 1
    io.stderr:write(string.format("%s: got %s, expected %s\n", what, tostring(got), tostring(want)))
  end
end

local function engine_perft(name, depth, options)
  local cmd = string.format("%s perft %s %d %s", tavola, name, depth, options)
  local p = assert(io.popen(cmd))
  local out = p:read("a")
  local ok, how, code = p:close()
  if not ok then io.stderr:write(string.format("%s: %s %s\n", cmd, tostring(how), tostring(code))) end
  local counts = {}
  for d, n in out:gmatch("perft (%d+) (%d+)") do counts[tonumber(d)] = math.tointeger(tonumber(n)) end
  return counts, cmd
end

local function check(name, options, N, K, exact, rule, depth, turns_depth)
  local perft = model(N, K, exact, rule)
  local engine, cmd = engine_perft(name, depth, options)
  for d = 1, depth do
    local ref = perft(d, false)
    expect(string.format("%s: perft %d (reference %d)", cmd, d, ref), engine[d], ref)
  end
  engine, cmd = engine_perft(name, turns_depth, "--turns " .. options)
  for d = 1, turns_depth do
    local ref = perft(d, true)
    expect(string.format("%s: perft %d (reference %d)", cmd, d, ref), engine[d], ref)
  end
end

-- Small boards where lines are made within the depth: a line by the first
-- stone of a pair ends the game (and its turn) at once.
check("connect6", "-o size=6 -o connect=2", 6, 2, false, connect6(1, 2), 4, 2)
check("connect6", "-o size=6 -o connect=3", 6, 3, false, connect6(1, 2), 4, 2)
check("connect6", "-o size=6 -o connect=6", 6, 6, false, connect6(1, 2), 3, 2)
check("gomoku", "-o size=7 -o opening=pro", 7, 5, true, pro(), 4, 4)
check("gomoku", "-o size=9 -o opening=pro -o freestyle=true", 9, 5, false, pro(), 3, 3)
check("gomoku", "-o size=5 -o opening=swap", 5, 5, true, swap1(), 4, 2)

print(string.format("turns reference: %d passed, %d failed", passed, failed))
os.exit(failed == 0 and 0 or 1)
