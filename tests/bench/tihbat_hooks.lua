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
    local first = s:to_move() == 1 and 1 or 3
    local out = {}
    if s:get(first) > 0 then out[#out + 1] = first end
    if s:get(first + 1) > 0 then out[#out + 1] = first + 1 end
    if #out == 0 then out[1] = "pass" end
    return out
  end,
  play = function(s, m)
    if m ~= "pass" then return s:sow(m) end
  end,
  repetition = "ends",
  remainder = "split",
  ends = "board_empty",
  winner = "most_captured",
}
