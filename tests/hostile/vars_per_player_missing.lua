-- A per-player variable set without its player: the value is then read as
-- the player (7: no player), an error.
-- stderr: bad argument #2 to 'set_var' (expected player 1 or 2)
-- within: 30
return game {
  name = "VarsPerPlayer",
  board = grid { width = 3, height = 3 },
  vars = { passes = { min = 0, max = 9, per_player = true } },
  moves = function(s) return s:empties() end,
  play = function(s, m) s:place(m) s:set_var("passes", 7) end,
  ends = "board_full",
}
