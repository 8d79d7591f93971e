-- A misspelt direction word is named in the error (it was lost to Lua's
-- message formatter, which knows no %.*s, and read "invalid option").
-- stderr: directions: 'forwrd' is not one of forward
return game {
  name = 'Misspelt',
  board = grid { width = 4, height = 4 },
  setup = { 'oooo', '....', '....', 'xxxx' },
  moves = move { stone = step { directions = 'forwrd, sideways' } },
  no_move = 'loses',
  ends = 'no_move',
}
