-- The solver as a UGI player on a board it cannot finish: refused at once,
-- the protocol goes on.
-- run: ugi {}
-- stdin: loop_solve_ugi.txt
-- exit: 0
-- stdout: too large to solve, refused before starting
-- stdout: readyok
-- within: 20
return game {
  name = "BigUgi",
  board = grid { width = 7, height = 7 },
  moves = place {},
  score = runs { directions = "hv", points = { 0, 0, 3, 10, 25, 56, 119 } },
  ends = "board_full",
}
