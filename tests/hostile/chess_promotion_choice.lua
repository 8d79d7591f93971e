-- A choice of promotion that names the kind itself is refused with the key.
-- stderr: game.moves: move.promote.pawn[2]: expected another kind of this game
return game {
  name = "Pawn to pawn",
  board = grid { width = 8, height = 8 },
  pieces = { "pawn", "queen", "king" },
  setup = { "....k...", "pppppppp", "........", "........", "........", "........", "PPPPPPPP", "....K..." },
  moves = move {
    pawn = step { directions = "forward" },
    queen = slide { directions = "all", to = "any" },
    king = step { directions = "all", to = "any" },
    royal = "king",
    promote = { pawn = { "queen", "pawn" } },
  },
  no_move = "loses",
  ends = "no_move",
}
