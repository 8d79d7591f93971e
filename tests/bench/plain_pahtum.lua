-- Pahtum in plain Lua, run by the stock lua5.4: the naive peer of make bench,
-- written the way a rules author would write it without tavola. A board
-- table, the legal moves collected each ply, the score updated from the runs
-- through the new stone, math.random for the holes and the moves.
--
-- usage: lua5.4 tests/bench/plain_pahtum.lua [RUNS [SECONDS]]
-- Plays random games (an odd count 3..13 of holes at random cells, then a
-- uniformly random empty cell each ply until the board is full) for RUNS runs
-- of SECONDS each and prints one line of key=value figures: the median rate
-- and the average game, which make bench compares with the engine's.
local N = 7
local POINTS = { [0] = 0, 0, 0, 3, 10, 25, 56, 119 } -- by run length

local function new_game()
  local board = {}
  for i = 1, N * N do board[i] = 0 end
  local cells = {}
  for i = 1, N * N do cells[i] = i end
  for k = 1, 2 * math.random(1, 6) + 1 do -- the holes: 3, 5, .., 13
    local j = math.random(k, N * N)
    cells[k], cells[j] = cells[j], cells[k]
    board[cells[k]] = 3
  end
  return { board = board, to_move = 1, score = { 0, 0 }, ply = 0 }
end

local function legal_moves(g)
  local moves, board = {}, g.board
  for i = 1, N * N do
    if board[i] == 0 then moves[#moves + 1] = i end
  end
  return moves
end

-- Stones of `colour` next to (col, row) going (dc, dr); cols and rows 0..N-1.
local function run(board, col, row, dc, dr, colour)
  local n = 0
  col, row = col + dc, row + dr
  while col >= 0 and col < N and row >= 0 and row < N and board[row * N + col + 1] == colour do
    n = n + 1
    col, row = col + dc, row + dr
  end
  return n
end

local function play(g, cell)
  local board, p = g.board, g.to_move
  board[cell] = p
  local col, row = (cell - 1) % N, (cell - 1) // N
  local l, r = run(board, col, row, -1, 0, p), run(board, col, row, 1, 0, p)
  local d, u = run(board, col, row, 0, -1, p), run(board, col, row, 0, 1, p)
  g.score[p] = g.score[p] + POINTS[l + r + 1] - POINTS[l] - POINTS[r]
                          + POINTS[d + u + 1] - POINTS[d] - POINTS[u]
  g.to_move = 3 - p
  g.ply = g.ply + 1
end

local function winner(g)
  local a, b = g.score[1], g.score[2]
  return a > b and 1 or a < b and 2 or 0
end

local function playout(g)
  while true do
    local moves = legal_moves(g)
    if #moves == 0 then return end
    play(g, moves[math.random(#moves)])
  end
end

-- The benchmark.
local runs, seconds = tonumber(arg[1] or "5"), tonumber(arg[2] or "0.5")
math.randomseed(2026)
local rates, games, plies, s1, s2, wins, draws = {}, 0, 0, 0, 0, 0, 0
for _ = 1, runs do
  local n, t0 = 0, os.clock()
  repeat
    for _ = 1, 16 do
      local g = new_game()
      playout(g)
      local w = winner(g)
      games, plies, s1, s2 = games + 1, plies + g.ply, s1 + g.score[1], s2 + g.score[2]
      if w == 1 then wins = wins + 1 elseif w == 0 then draws = draws + 1 end
    end
    n = n + 16
  until os.clock() - t0 >= seconds
  rates[#rates + 1] = n / (os.clock() - t0)
end
table.sort(rates)
local rate = rates[(#rates + 1) // 2]
print(string.format("playouts_per_s=%.1f moves_per_s=%.1f games=%d avg_plies=%.4f mean_score1=%.4f mean_score2=%.4f p1_wins=%.5f draws=%.5f",
  rate, rate * plies / games, games, plies / games, s1 / games, s2 / games, wins / games, draws / games))
