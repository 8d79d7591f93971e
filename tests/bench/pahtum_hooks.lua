-- Pahtum with its move generation, move effect and scoring as Lua hooks that
-- call the C primitives: the flexible path, measured by make bench against
-- the same rules written as data (rulesets/pahtum.lua).
local POINTS = { 0, 0, 3, 10, 25, 56, 119 }

return game {
  name = "Pahtum (hooks)",
  description = "Pahtum with Lua hooks for moves, play and score",
  players = { "White", "Black" },
  board = grid { width = 7, height = 7 },
  blocks = { random = { 3, 13 }, odd = true },
  moves = function(s)
    local out, n = {}, 0
    for c = 1, s:size() do
      if s:get(c) == 0 then n = n + 1; out[n] = c end
    end
    return out
  end,
  play = function(s, m) s:place(m) end,
  score = function(s) return s:runs(POINTS, "hv") end,
  ends = "board_full",
}
