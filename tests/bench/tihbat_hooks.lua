-- Tihbat with its move generation and move effect as Lua hooks that call the
-- C sowing primitive (s:sow, with the parameters below): the flexible path,
-- measured by make bench against rulesets/tihbat.lua (all data).
return game {
  name = "Tihbat (hooks)",
  description = "Tihbat with Lua hooks for moves and play",
  board = mancala { holes = 2, seeds = 7 },
  sow = sow {
    direction = "ccw", origin_first = true,
    capture = { counts = { 2, 4, 6, 8 }, side = "own" },
  },
  moves = function(s) return s:empties() end,            -- the mover's non-empty holes
  no_move = "pass",                                       -- none: the mover passes
  play = function(s, m)
    if m ~= "pass" then return s:sow(m) end               -- true: the mover moves again
  end,
  repetition = "ends",
  remainder = "split",
  ends = "board_empty",
  winner = "most_captured",
}
