-- Two stones a move: a play hook puts the mover's stone on the cell played
-- and a second one on the first empty cell of the board, so the stone counts
-- say nothing about whose move it is or how many moves were played.
return game {
  name = "Two stones",
  description = "each move places two stones: the cell played and the first empty cell",
  board = grid { width = 5, height = 4 },
  moves = place {},
  score = runs { points = { 0, 0, 1, 2, 4 }, directions = "hv" },
  play = function(s, m)
    s:place(m)
    for c = 1, s:size() do
      if s:get(c) == 0 then s:place(c) break end
    end
  end,
  ends = "board_full",
}
