-- The ply count is 16 bits: a declared move limit beyond what it holds is
-- refused, not wrapped.
-- exit: 1
-- stderr: game.max_plies: expected an integer 1..60000
return game {
  name = 'WrapPlies',
  max_plies = 70000,
  board = grid { width = 3, height = 3 },
  moves = place {},
  ends = 'board_full',
}
