-- En passant that a slide opens but no step takes is refused: half a rule
-- is a lie about the game.
-- stderr: en passant: a slide opens it and a step takes it
return game {
  name = "Half en passant",
  board = grid { width = 8, height = 8 },
  pieces = { "pawn", "king" },
  setup = { "....k...", "pppppppp", "........", "........", "........", "........", "PPPPPPPP", "....K..." },
  moves = move {
    pawn = { step { directions = "forward" }, slide { directions = "forward", min = 2, max = 2, from_rows = 2, en_passant = "opens" } },
    king = step { directions = "all", to = "any" },
    royal = "king",
  },
  no_move = "loses",
  ends = "no_move",
}
