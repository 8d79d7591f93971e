-- A hand of a kind the game does not have.
-- stderr: game.hands: 'queen' is not a kind of this game
-- within: 30
return game {
  name = "VarsDeclHand",
  board = grid { width = 3, height = 3 },
  pieces = { "man", "king" },
  hands = { queen = { 1, 1 } },
  moves = function(s) return "pass" end,
  ends = function(s) return 0 end,
}
