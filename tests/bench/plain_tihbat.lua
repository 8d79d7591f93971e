-- Tihbat in plain Lua, run by the stock lua5.4: the naive peer of make bench,
-- written the way a rules author would write it without tavola. Holes 1..4
-- are a1 b1 (player 1) a2 b2 (player 2); a move lifts an own hole, puts the
-- first seed back and sows the rest a1 b1 b2 a2 a1 ...; the last seed in an
-- own hole that then holds 2, 4, 6 or 8 captures it; a player with no seeds
-- passes. The game ends when the board is empty or a position (holes and side
-- to move) comes back since the last capture; the seeds left are split
-- equally (an odd one stays) and more captured seeds wins.
--
-- usage: lua5.4 tests/bench/plain_tihbat.lua [RUNS [SECONDS]]
-- Prints one line of key=value figures, as plain_pahtum.lua does.
local NEXT = { 2, 4, 1, 3 } -- the hole after each, counter-clockwise

local function new_game()
  return { holes = { 7, 7, 7, 7 }, to_move = 1, score = { 0, 0 }, stones = 28, ply = 0,
           seen = {}, over = false }
end

local function position(g)
  local h = g.holes
  return (((h[1] * 32 + h[2]) * 32 + h[3]) * 32 + h[4]) * 2 + g.to_move - 1
end

local function legal_moves(g)
  local first, h = 2 * g.to_move - 1, g.holes
  local moves = {}
  if h[first] > 0 then moves[#moves + 1] = first end
  if h[first + 1] > 0 then moves[#moves + 1] = first + 1 end
  if #moves == 0 then moves[1] = "pass" end
  return moves
end

local function play(g, move)
  g.seen[position(g)] = true
  local p, h = g.to_move, g.holes
  if move ~= "pass" then
    local seeds, last = h[move] - 1, move
    h[move] = 1
    while seeds > 0 do
      last = NEXT[last]
      h[last] = h[last] + 1
      seeds = seeds - 1
    end
    local n = h[last]
    if (last + 1) // 2 == p and n % 2 == 0 and n <= 8 then
      g.score[p] = g.score[p] + n
      g.stones = g.stones - n
      h[last] = 0
      g.seen = {} -- no position before a capture can come back
    end
  end
  g.to_move = 3 - p
  g.ply = g.ply + 1
  if g.stones == 0 or g.seen[position(g)] then
    local half = g.stones // 2
    g.score[1], g.score[2] = g.score[1] + half, g.score[2] + half
    g.over = true
  end
end

local function winner(g)
  local a, b = g.score[1], g.score[2]
  return a > b and 1 or a < b and 2 or 0
end

local function playout(g)
  while not g.over do
    local moves = legal_moves(g)
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
    for _ = 1, 64 do
      local g = new_game()
      playout(g)
      local w = winner(g)
      games, plies, s1, s2 = games + 1, plies + g.ply, s1 + g.score[1], s2 + g.score[2]
      if w == 1 then wins = wins + 1 elseif w == 0 then draws = draws + 1 end
    end
    n = n + 64
  until os.clock() - t0 >= seconds
  rates[#rates + 1] = n / (os.clock() - t0)
end
table.sort(rates)
local rate = rates[(#rates + 1) // 2]
print(string.format("playouts_per_s=%.1f moves_per_s=%.1f games=%d avg_plies=%.4f mean_score1=%.4f mean_score2=%.4f p1_wins=%.5f draws=%.5f",
  rate, rate * plies / games, games, plies / games, s1 / games, s2 / games, wins / games, draws / games))
