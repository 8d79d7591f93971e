-- A flag set to a number: the wrong type is the hook's error.
-- stderr: bad argument #2 to 'set_var' (boolean expected, got number)
-- within: 30
return game {
  name = "VarsType",
  board = grid { width = 3, height = 3 },
  vars = { done = { flag = true } },
  moves = function(s) return s:empties() end,
  play = function(s, m) s:place(m) s:set_var("done", 1) end,
  ends = "board_full",
}
