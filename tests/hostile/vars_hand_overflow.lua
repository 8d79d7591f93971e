-- A hand of 256 pieces of a kind: more than a hand holds.
-- stderr: set_hand: a hand holds 0..255 pieces of a kind, not 256
-- within: 30
return game {
  name = "VarsHand",
  board = grid { width = 3, height = 3 },
  hands = { stone = { 255, 0 } },
  moves = function(s) return s:empties() end,
  play = function(s, m) s:set_hand(1, "stone", s:hand(1, "stone") + 1) end,
  ends = function(s) if s:ply() >= 3 then return 0 end end,
}
