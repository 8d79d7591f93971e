-- The solver ran for 90 s and 1.5 GB on Pahtum before refusing. A board of
-- that size is refused before it starts, with the size it would have.
-- run: solve {}
-- exit: 1
-- stderr: too large to solve, refused before starting
-- within: 20
return game {
  name = "BigRuns",
  board = grid { width = 7, height = 7 },
  moves = place {},
  score = runs { directions = "hvd", points = { 0, 0, 3, 10, 25, 56, 119 } },
  ends = "board_full",
}
