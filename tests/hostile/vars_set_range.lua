-- A play hook that sets a variable outside its declared range: the hook's
-- error names the variable, the value and the range; the move is refused.
-- stderr: set_var: phase: 3 is outside 0..2
-- within: 30
return game {
  name = "VarsRange",
  board = grid { width = 3, height = 3 },
  vars = { phase = { min = 0, max = 2 } },
  moves = function(s) return s:empties() end,
  play = function(s, m) s:place(m) s:set_var("phase", s:var("phase") + 3) end,
  ends = "board_full",
}
