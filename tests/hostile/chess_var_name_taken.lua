-- A ruleset variable may not take the name of the chess family's own
-- (castle_oo, en_passant) with another type.
-- stderr: vars.en_passant: the name is the chess family's own
return game {
  name = "Taken name",
  board = grid { width = 8, height = 8 },
  pieces = { "pawn", "king" },
  setup = { "....k...", "pppppppp", "........", "........", "........", "........", "PPPPPPPP", "....K..." },
  vars = { en_passant = { min = 0, max = 3 } },
  moves = move {
    pawn = { step { directions = "forward" }, slide { directions = "forward", min = 2, max = 2, from_rows = 2, en_passant = "opens" },
             step { directions = "diagonal_forward", to = "enemy", en_passant = "takes" } },
    king = step { directions = "all", to = "any" },
    royal = "king",
  },
  no_move = "loses",
  ends = "no_move",
}
