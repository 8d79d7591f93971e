-- A variable the game does not declare.
-- stderr: no variable 'phaze' in this game
-- within: 30
return game {
  name = "VarsUnknown",
  board = grid { width = 3, height = 3 },
  vars = { phase = { min = 0, max = 2 } },
  moves = function(s) return s:empties() end,
  play = function(s, m) s:place(m) s:set_var("phaze", 1) end,
  ends = "board_full",
}
