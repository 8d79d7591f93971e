-- A cell variable set to cell 10 of a 3x3 board (and in the other cases of
-- tests/lua/test_whole_moves.c: 0, "z9", 2.5, a table).
-- stderr: set_var: expected a cell of the board or nil
-- within: 30
return game {
  name = "VarsCell",
  board = grid { width = 3, height = 3 },
  vars = { ko = { cell = true } },
  moves = function(s) return s:empties() end,
  play = function(s, m) s:place(m) s:set_var("ko", 10) end,
  ends = "board_full",
}
