-- A made-up game for the tests of whole moves, game variables and hands
-- (tests/games/test_playout.c, test_readback.c, tests/lua/test_whole_moves.c):
-- every shape of whole move a moves hook can list, and a state that is more
-- than its cells.
--
-- Each player has men and one king in hand and may drop one on an empty
-- cell that is not the ko cell (the cell the last move landed on). A man on
-- the board steps one cell along a row or column, forward or sideways, onto
-- an empty cell or an enemy piece (taking it), and becomes a king on the far
-- row ("b4-b5=K"); a king steps one cell in any direction onto an empty
-- cell, and may then take an enemy piece next to where it lands
-- ("c2-c3xd4"); any piece jumps diagonally over an enemy piece to the empty
-- cell beyond, once or twice ("a1xc3xe5"); once the player has a man in
-- hand, it may also place it on an empty cell and take an enemy man next to
-- it ("@b2xb3"). A piece taken goes to the taker's hand, as a man. A player
-- without a move passes; two passes in a row end the game in a draw; a
-- player who has taken six pieces wins, one without a piece on the board or
-- in hand loses.
--
-- Variables: ko (a cell), landed (a cell per player: where its last move
-- landed), phase (0..3, counting moves mod 4), passes (per player, 0..2),
-- kinged (a flag per player: made a king by promotion), taken (per player,
-- how many pieces it took, -1 .. 250) and balance (the difference of the two
-- hands' men, -300..300). The play hook keeps them; option effect=default
-- leaves the pieces to the engine's default effect (no play hook: only the
-- hands change with drops and placements).
local o = options {
  size = { default = 5, min = 4, max = 8, doc = "the side of the square board" },
  effect = { default = "hook", choices = { "hook", "default" }, doc = "who plays a move: the play hook or the engine" },
}
local N = o.size

local ORTHO = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }
local ALL = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }
local DIAG = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }

local function at(c, r)
  if c >= 0 and c < N and r >= 0 and r < N then return r * N + c + 1 end
end
local function cr(i) return (i - 1) % N, (i - 1) // N end

local function moves(s)
  local me, t, ko = s:to_move(), {}, s:var("ko")
  local fwd = me == 1 and 1 or -1
  local far = me == 1 and N - 1 or 0
  for _, from in ipairs({ s:pieces(me) }) do
    local c, r = cr(from)
    if s:kind(from) == "man" then
      for _, d in ipairs(ORTHO) do
        if d[2] ~= -fwd then
          local to = at(c + d[1], r + d[2])
          if to and s:owner(to) ~= me then
            if r + d[2] == far then t[#t + 1] = s:move(from, to, "king") else t[#t + 1] = s:move(from, to) end
          end
        end
      end
    else
      for _, d in ipairs(ALL) do
        local to = at(c + d[1], r + d[2])
        if to and s:get(to) == 0 then
          t[#t + 1] = s:move(from, to)
          local tc, tr = cr(to)
          for _, e in ipairs(ORTHO) do
            local x = at(tc + e[1], tr + e[2])
            if x and x ~= from and s:owner(x) == 3 - me then t[#t + 1] = s:take(from, to, x) end
          end
        end
      end
    end
    for _, d in ipairs(DIAG) do                       -- jumps: once, then on in any diagonal
      local over, land = at(c + d[1], r + d[2]), at(c + 2 * d[1], r + 2 * d[2])
      if over and land and s:owner(over) == 3 - me and s:get(land) == 0 then
        t[#t + 1] = s:chain(from, land)
        local lc, lr = cr(land)
        for _, e in ipairs(DIAG) do
          if e[1] ~= -d[1] or e[2] ~= -d[2] then
            local over2, land2 = at(lc + e[1], lr + e[2]), at(lc + 2 * e[1], lr + 2 * e[2])
            if over2 and land2 and over2 ~= over and s:owner(over2) == 3 - me
               and (s:get(land2) == 0 or land2 == from) then
              t[#t + 1] = s:chain(from, land, land2)
            end
          end
        end
      end
    end
  end
  local men, kings = s:hand(me, "man"), s:hand(me, "king")
  for i = 1, s:size() do
    if s:get(i) == 0 and i ~= ko then
      if men > 0 then
        t[#t + 1] = s:drop(i, "man")
        local c, r = cr(i)
        for _, d in ipairs(ORTHO) do
          local x = at(c + d[1], r + d[2])
          if x and s:owner(x) == 3 - me and s:kind(x) == "man" then t[#t + 1] = s:take(i, i, x) end
        end
      end
      if kings > 0 then t[#t + 1] = s:drop(i, "king") end
    end
  end
  if #t == 0 then t[1] = "pass" end
  return t
end

local function play(s, m)
  local me = s:to_move()
  if m == "pass" then
    s:set_var("passes", me, math.min(2, s:var("passes", me) + 1))
    s:set_var("ko", nil)
    return
  end
  local before = #{ s:pieces(3 - me) }
  if m.shape == "move" and m.promote == nil and s:get(m.to) == 0 then
    local kind = s:kind(m.from)                       -- a quiet step, by hand
    s:remove(m.from)
    s:put(m.to, me, kind)
  else
    s:apply(m)
  end
  local took = before - #{ s:pieces(3 - me) }
  if took > 0 then
    s:set_hand(me, "man", math.min(255, s:hand(me, "man") + took))
    s:set_var("taken", me, math.min(250, s:var("taken", me) + took))
  end
  if m.promote then s:set_var("kinged", me, true) end
  s:set_var("passes", me, 0)
  s:set_var("ko", m.to)
  s:set_var("landed", me, m.to)
  s:set_var("phase", (s:var("phase") + 1) % 4)
  s:set_var("balance", s:hand(1, "man") - s:hand(2, "man"))
end

local function ends(s)
  if s:var("passes", 1) + s:var("passes", 2) >= 2 then return 0 end
  for p = 1, 2 do
    if s:var("taken", p) >= 6 then return p end
  end
  for p = 1, 2 do
    if select("#", s:pieces(p)) == 0 and s:hand(p, "man") + s:hand(p, "king") == 0 then return 3 - p end
  end
end

return game {
  name = "Vars and hands",
  description = string.format("%dx%d: drops from hand, steps, promotions, jumps, takes; variables", N, N),
  board = grid { width = N, height = N },
  pieces = { "man", "king" },
  vars = {
    ko = { cell = true },
    landed = { cell = true, per_player = true },
    phase = { min = 0, max = 3 },
    passes = { min = 0, max = 2, per_player = true },
    kinged = { flag = true, per_player = true },
    taken = { min = -1, max = 250, start = 0, per_player = true },
    balance = { min = -300, max = 300, start = 0 },
  },
  hands = { man = { 4, 4 }, king = { 1, 1 } },
  moves = moves,
  play = o.effect == "hook" and play or nil,
  ends = ends,
  max_plies = 160,
}
