-- "hand" names the hands' field in a position: no variable is called so.
-- stderr: game.vars: 'hand' is no variable name
-- within: 30
return game {
  name = "VarsDeclName",
  board = grid { width = 3, height = 3 },
  vars = { hand = { min = 0, max = 2 } },
  ends = "board_full",
}
