-- A castling whose cells are not on one row is refused with its name.
-- stderr: castle O-O: its four cells must be on one row of the board
return game {
  name = "Crooked castle",
  board = grid { width = 8, height = 8 },
  pieces = { "rook", "king" },
  setup = { "r...k..r", "........", "........", "........", "........", "........", "........", "R...K..R" },
  moves = move {
    rook = slide { directions = "orthogonal", to = "any" },
    king = step { directions = "all", to = "any" },
    royal = "king",
    castle = { { name = "O-O", king = "e1", to = "g2", rook = "h1", rook_to = "f1" } },
  },
  no_move = "loses",
  ends = "no_move",
}
