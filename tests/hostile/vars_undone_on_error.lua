-- A play hook that changes a variable and a hand, then fails: the move is
-- refused and the position is the one before it (printed with its
-- variables by --json: phase still 0, the hand still 3).
-- run: play {} --moves "a1" --json
-- stderr: set_var: phase: 5 is outside 0..2
-- within: 30
return game {
  name = "VarsUndone",
  board = grid { width = 3, height = 3 },
  vars = { phase = { min = 0, max = 2 } },
  hands = { stone = { 3, 3 } },
  moves = function(s) return s:empties() end,
  play = function(s, m)
    s:place(m) s:set_var("phase", 2) s:set_hand(1, "stone", 0)
    s:set_var("phase", 5)
  end,
  ends = "board_full",
}
