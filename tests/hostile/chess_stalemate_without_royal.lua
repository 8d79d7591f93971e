-- stalemate = "draw" needs royal pieces: without one there is no check to
-- tell a stalemate from a mate.
-- stderr: game.stalemate: a stalemate needs royal pieces
return game {
  name = "No king",
  board = grid { width = 4, height = 4 },
  pieces = { "pawn" },
  setup = { "pppp", "....", "....", "PPPP" },
  moves = move { pawn = step { directions = "forward" } },
  no_move = "loses",
  stalemate = "draw",
  ends = "no_move",
}
