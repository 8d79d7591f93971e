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
  moves = function(s) return s:empties() end,          -- every empty cell
  play = function(s, m) s:place(m) end,                -- the mover's stone on cell m
  score = function(s) return s:runs(POINTS, "hv") end, -- the run-scoring primitive
  ends = "board_full",
}
