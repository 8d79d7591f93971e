-- The largest state a ruleset can declare: 16 per-player variables of the
-- widest range with names of 15 characters (the longest text: -1000000000),
-- 8 kinds in hand at 255, on the 26x26 board; every move changes every
-- variable and hand. Played by --moves, then written as a position
-- (--json); perft in vars_largest_state_perft.case, random play by
-- `tavola match` in vars_largest_state_match.case.
-- run: play {} --moves "A@a1 B@j1" --json
-- exit: 0
-- stdout: v01_long_names_=-1000000000/-1000000000;v02_long_names_=-1000000000/-1000000000;
-- stdout: v16_long_names_=-1000000000/-1000000000;hand=A254B255C255D255E255F255G255H255/a253b252c253d253e253f253g253h253"
-- within: 60
local v = {}
for i = 1, 16 do
  v[string.format("v%02d_long_names_", i)] = { min = -1000000000, max = 1000000000, start = -1000000000, per_player = true }
end
local kinds = { "a", "b", "c", "d", "e", "f", "g", "h" }
local hands = {}
for _, k in ipairs(kinds) do hands[k] = { 255, 255 } end
return game {
  name = "VarsLargest",
  board = grid { width = 26, height = 26 },
  pieces = kinds,
  vars = v,
  hands = hands,
  moves = function(s)
    local t = {}
    for i = 1, 8 do t[i] = s:drop(s:ply() * 8 + i, kinds[i]) end
    return t
  end,
  play = function(s, m)
    s:apply(m)
    for name in pairs(v) do
      for p = 1, 2 do s:set_var(name, p, -s:var(name, p)) end
    end
    for _, k in ipairs(kinds) do s:set_hand(2, k, s:hand(2, k) - 1) end
  end,
  ends = function(s) if s:ply() >= 6 then return 0 end end,
}
