-- A small game for the hosts' tests of game variables and hands: a variable
-- of every type, once and per player (an integer with a negative range, a
-- flag, a cell), and hands of two kinds that start unequal. On a 4x4 board a
-- player drops a piece from the hand, steps a piece to an empty neighbour
-- (a man that reaches the far row may become a king), steps and removes an
-- enemy piece next to where it lands ("a1-a2xb2"), drops a man and removes
-- such a piece ("@a1xb1"), jumps enemy pieces ("a1xa3xa5"... on 4x4 one or
-- two jumps), or passes. What a move removes goes to the mover's hand. Two
-- passes in a row end the game: the lead decides.
local N = 4
local DIRS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }

-- The 1-based cell one step from cell i along d, or nil.
local function step(i, d)
  local c, r = (i - 1) % N + d[1], (i - 1) // N + d[2]
  if c >= 0 and c < N and r >= 0 and r < N then return r * N + c + 1 end
end

local function far_row(p, i)
  local r = (i - 1) // N
  return (p == 1 and r == N - 1) or (p == 2 and r == 0)
end

local function moves(s)
  local me, t, ko = s:to_move(), {}, s:var("ko")
  for i = 1, s:size() do
    if s:get(i) == 0 and i ~= ko then
      if s:hand(me, "man") > 0 then
        t[#t + 1] = s:drop(i, "man")
        for _, d in ipairs(DIRS) do
          local x = step(i, d)
          if x and s:owner(x) == 3 - me then t[#t + 1] = s:take(i, i, x) end
        end
      end
      if s:hand(me, "king") > 0 then t[#t + 1] = s:drop(i, "king") end
    end
  end
  for _, from in ipairs({ s:pieces(me) }) do
    for _, d in ipairs(DIRS) do
      local to = step(from, d)
      if to and s:get(to) == 0 then
        t[#t + 1] = s:move(from, to)
        if s:kind(from) == "man" and far_row(me, to) then t[#t + 1] = s:move(from, to, "king") end
        for _, e in ipairs(DIRS) do
          local x = step(to, e)
          if x and x ~= from and s:owner(x) == 3 - me then t[#t + 1] = s:take(from, to, x) end
        end
      elseif to and s:owner(to) == 3 - me then -- a jump, and maybe a second one on
        local land = step(to, d)
        if land and s:get(land) == 0 then
          t[#t + 1] = s:chain(from, land)
          local over2 = step(land, d)
          local land2 = over2 and step(over2, d)
          if land2 and s:owner(over2) == 3 - me and s:get(land2) == 0 then t[#t + 1] = s:chain(from, land, land2) end
        end
      end
    end
  end
  t[#t + 1] = "pass"
  return t
end

local function play(s, m)
  local me = s:to_move()
  if m == "pass" then
    s:set_var("passed", me, true)
    s:set_var("passes", me, math.min(9, s:var("passes", me) + 1))
    return
  end
  s:set_var("passed", me, false)
  local taken = {}
  if m.removed then taken[#taken + 1] = s:kind(m.removed) end
  for _, c in ipairs(m.over or {}) do taken[#taken + 1] = s:kind(c) end
  s:apply(m)
  for _, k in ipairs(taken) do s:set_hand(me, k, s:hand(me, k) + 1) end
  s:set_var("last", me, m.to)
  s:set_var("ko", m.removed or (m.over and m.over[1]) or nil)
  s:set_var("phase", (s:var("phase") + 1) % 4)
  local lead = s:var("lead") + (me == 1 and #taken or -#taken)
  s:set_var("lead", math.max(-20, math.min(20, lead)))
  s:set_var("done", s:hand(1, "man") + s:hand(2, "man") == 0)
end

local function ends(s)
  if s:var("passed", 1) and s:var("passed", 2) then
    local lead = s:var("lead")
    return lead > 0 and 1 or lead < 0 and 2 or 0
  end
end

return game {
  name = "Vars and hands",
  description = "a test game: variables of every type, once and per player, and hands of two kinds",
  board = grid { width = N, height = N },
  pieces = { "man", "king" },
  vars = {
    done = { flag = true },
    ko = { cell = true },
    last = { cell = true, per_player = true },
    lead = { min = -20, max = 20, start = 0 },
    passed = { flag = true, per_player = true },
    passes = { min = 0, max = 9, per_player = true },
    phase = { min = 0, max = 3, start = 1 },
  },
  hands = { man = { 3, 2 }, king = { 1, 0 } },
  moves = moves,
  play = play,
  ends = ends,
  max_plies = 60,
}
