-- A game whose pieces move, with a play hook that makes the move itself and,
-- every third ply, swaps the players' colours (s:swap()): its positions carry
-- the flag 's' and the scores field, and must read back (issue 31, item 7).
-- The play hook gets the move decoded: m.from, m.to (1-based cells), m.text.
return game {
  name = "Pieces swap",
  description = "pawns step forward or capture diagonally; every third ply the players swap colours",
  board = grid { width = 4, height = 5 },
  pieces = { "pawn" },
  setup = { "pppp", "....", "....", "....", "PPPP" },
  moves = move {
    pawn = {
      step { directions = "forward", to = "empty" },
      step { directions = "diagonal_forward", to = "any" },
    },
  },
  play = function(s, m)
    s:set(m.to, s:get(m.from))
    s:set(m.from, 0)
    if s:ply() % 3 == 2 then s:swap() end
  end,
  no_move = "loses",
  ends = { "reach_far_row", "no_move", pieces_left = 0 },
}
