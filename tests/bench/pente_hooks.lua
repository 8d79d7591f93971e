-- Pente with its move generation, captures and ends as Lua hooks over the C
-- primitives: the flexible path, measured by make bench against the same
-- rules written as data (rulesets/pente.lua, defaults: 19x19, pairs taken,
-- five or more in a row or ten captured stones win). The captured counts are
-- the scores (s:add_score), as in the data ruleset, which the ends hook reads
-- back (s:score).
local N, TARGET = 19, 10
local DIRS = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } }

-- The 1-based cell at column c, row r (0-based), or nil off the board.
local function at(c, r)
  if c >= 0 and c < N and r >= 0 and r < N then return r * N + c + 1 end
end

local function play(s, m)
  local me = s:to_move()
  s:place(m)
  local c, r = (m - 1) % N, (m - 1) // N
  for _, d in ipairs(DIRS) do
    local a, b, e = at(c + d[1], r + d[2]), at(c + 2 * d[1], r + 2 * d[2]), at(c + 3 * d[1], r + 3 * d[2])
    if e and s:get(a) == 3 - me and s:get(b) == 3 - me and s:get(e) == me then
      s:set(a, 0)
      s:set(b, 0)
      s:add_score(me, 2)
    end
  end
end

local function ends(s)
  local last = s:last()
  if not last then return nil end
  local m = s:cell(last)
  local me = s:get(m) -- the mover's colour (no swap: the player)
  local c, r = (m - 1) % N, (m - 1) // N
  for i = 1, 4 do -- five or more through the last stone
    local d, len = DIRS[i], 1
    for sign = -1, 1, 2 do
      local k = 1
      while true do
        local x = at(c + sign * k * d[1], r + sign * k * d[2])
        if not x or s:get(x) ~= me then break end
        len, k = len + 1, k + 1
      end
    end
    if len >= 5 then return me end
  end
  if s:score(me) >= TARGET then return me end -- the stones the mover has taken
  return nil
end

return game {
  name = "Pente (hooks)",
  description = "Pente with Lua hooks for moves, captures and ends",
  players = { "White", "Black" },
  board = grid { width = N, height = N },
  moves = function(s) return s:empties() end,
  play = play,
  ends = { "board_full", ends },
}
