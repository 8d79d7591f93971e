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
  moves = function(s)
    local first = s:to_move() == 1 and 1 or 3            -- a1 b1 are 1, 2; a2 b2 are 3, 4
    local a, b = s:get(first), s:get(first + 1)
    if a > 0 then
      if b > 0 then return first, first + 1 end
      return first
    end
    if b > 0 then return first + 1 end
    return "pass"
  end,
  play = function(s, m)
    if m ~= "pass" then return s:sow(m) end               -- true: the mover moves again
  end,
  repetition = "ends",
  remainder = "split",
  ends = "board_empty",
  winner = "most_captured",
}
