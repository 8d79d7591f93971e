-- A game whose pieces move, with a play hook that makes the move itself and,
-- every third ply, swaps the players' colours (s:swap()): its positions carry
-- the flag 's' and the scores field, and must read back (issue 31, item 7).
-- A move is a step: from | to << 10 in the move's number (tv_pmove.h).
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
    local v = m - 1
    local from, to = (v & 1023) + 1, ((v >> 10) & 1023) + 1
    s:set(to, s:get(from))
    s:set(from, 0)
    if s:ply() % 3 == 2 then s:swap() end
  end,
  no_move = "loses",
  ends = { "reach_far_row", "no_move", pieces_left = 0 },
}
