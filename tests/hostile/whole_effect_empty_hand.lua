-- A drop the hook lists from an empty hand: the default effect refuses it,
-- naming the move, the cell and the hand.
-- run: perft {} 2
-- stderr: moves hook: M@e5 cannot be played: e5 cannot take a piece: none of that kind is in the mover's hand
-- within: 30
return game {
  name = "WholeEmptyHand",
  board = grid { width = 5, height = 5 },
  pieces = { "man", "king" },
  hands = { man = { 0, 1 }, king = { 1, 0 } },
  moves = function(s) return s:drop("e5", "man"), s:drop("e4", "king") end,
  ends = function(s) if s:ply() > 2 then return 0 end end,
}
