-- A start outside the declared range.
-- stderr: vars.phase: the start value 3 is outside 0..2
-- within: 30
return game {
  name = "VarsDeclRange",
  board = grid { width = 3, height = 3 },
  vars = { phase = { min = 0, max = 2, start = 3 } },
  ends = "board_full",
}
