-- Breakthrough 8x8 in plain Lua, run by the stock lua5.4: the floor under
-- tests/bench/breakthrough_hooks.lua. Its moves are found by the same
-- function as that ruleset's moves hook (a scan of the cells, the straight
-- step, then the diagonals), the move's effect is the play hook's, and
-- nothing of tavola runs: no sandbox, no checks, no view. Whatever this
-- rate is, the hook version cannot beat it.
--
-- usage: lua5.4 tests/bench/plain_breakthrough.lua [RUNS [SECONDS]]
-- Plays random games (a uniformly random legal move each ply; a pawn on the
-- far row, or a side without pawns, ends the game) for RUNS runs of SECONDS
-- each and prints one line of key=value figures, as plain_pahtum.lua does.
local width, height = 8, 8
local size = width * height
local STEP = 1 << 20

local function new_game()
  local b = {}
  for i = 1, size do
    b[i] = (i <= 2 * width and 1) or (i > size - 2 * width and 2) or 0
  end
  return { b = b, to_move = 1, ply = 0, left = { 2 * width, 2 * width }, winner = nil }
end

-- The hook's function, reading the board table where the hook reads s:owners().
local function moves(g)
  local t, n = {}, 0
  local me, w = g.to_move, width
  local fwd = me == 1 and w or -w
  local b = g.b
  for i = 1, size do
    if b[i] == me then
      local to = i + fwd
      if to >= 1 and to <= size then
        local col, from = (i - 1) % w, STEP + (i - 1)
        if b[to] == 0 then n = n + 1; t[n] = from + 1024 * (to - 1) end
        if col < w - 1 and b[to + 1] ~= me then n = n + 1; t[n] = from + 1024 * to end
        if col > 0 and b[to - 1] ~= me then n = n + 1; t[n] = from + 1024 * (to - 2) end
      end
    end
  end
  return t
end

-- The play hook's effect: the pawn leaves its cell, whatever stood on the
-- other is taken; then the ends.
local function play(g, m)
  local from, to = (m - STEP) % 1024 + 1, (m - STEP) // 1024 + 1
  local b, me = g.b, g.to_move
  if b[to] ~= 0 then g.left[b[to]] = g.left[b[to]] - 1 end
  b[from], b[to] = 0, me
  g.ply = g.ply + 1
  local row = (to - 1) // width
  if (me == 1 and row == height - 1) or (me == 2 and row == 0) or g.left[3 - me] == 0 then
    g.winner = me
  end
  g.to_move = 3 - me
end

local function playout(g)
  while not g.winner do
    local t = moves(g)
    if #t == 0 then g.winner = 3 - g.to_move; return end
    play(g, t[math.random(#t)])
  end
end

local runs, seconds = tonumber(arg[1] or "5"), tonumber(arg[2] or "0.5")
math.randomseed(2026)
local rates, games, plies, wins = {}, 0, 0, 0
for _ = 1, runs do
  local n, t0 = 0, os.clock()
  repeat
    for _ = 1, 16 do
      local g = new_game()
      playout(g)
      games, plies = games + 1, plies + g.ply
      if g.winner == 1 then wins = wins + 1 end
    end
    n = n + 16
  until os.clock() - t0 >= seconds
  rates[#rates + 1] = n / (os.clock() - t0)
end
table.sort(rates)
local rate = rates[(#rates + 1) // 2]
print(string.format("playouts_per_s=%.1f moves_per_s=%.1f games=%d avg_plies=%.4f mean_score1=0 mean_score2=0 p1_wins=%.5f draws=0",
  rate, rate * plies / games, games, plies / games, wins / games))
