-- A chain of seven jumps, one more than a whole move holds: s:chain refuses
-- it, saying how many it holds.
-- stderr: chain: expected the start and 1..6 landings, got 7 landings
-- within: 30
return game {
  name = "WholeChainSeven",
  board = grid { width = 26, height = 26 },
  pieces = { "man" },
  moves = function(s) return s:chain("a1", "a3", "a5", "a7", "a9", "a11", "a13", "a15") end,
  ends = function(s) if s:ply() > 2 then return 0 end end,
}
