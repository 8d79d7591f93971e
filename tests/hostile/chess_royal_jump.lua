-- A royal piece in a game whose pieces capture by jumping is refused when it
-- loads: "attacked" could not say what takes it.
-- stderr: royal pieces: attacks are read from steps, slides and leaps
return game {
  name = "Royal jumpers",
  board = grid { width = 6, height = 6 },
  pieces = { "man", "king" },
  setup = { ".m.k.m", "......", "......", "......", "......", "M.K.M." },
  moves = move { man = jump { directions = "all" }, king = step { directions = "all", to = "any" }, royal = "king" },
  no_move = "loses",
  ends = "no_move",
}
