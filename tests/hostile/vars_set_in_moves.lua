-- A moves hook that writes a variable: only a play hook changes the state.
-- stderr: the state may only be changed in a play hook
-- within: 30
return game {
  name = "VarsInMoves",
  board = grid { width = 3, height = 3 },
  vars = { phase = { min = 0, max = 2 } },
  moves = function(s) s:set_var("phase", 1) return s:empties() end,
  ends = "board_full",
}
