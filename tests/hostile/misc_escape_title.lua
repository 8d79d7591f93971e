-- A title, description and player names with terminal escape sequences are shown escaped, never raw.
-- run: play {} --p1 random --p2 random --seed 1
-- exit: 0
-- stdout: Evil\x1b]0;pwned\x07 title (seed 1)
-- stdout: X\x1b[2J (x)
return game {
  name = "Evil\27]0;pwned\7 title",
  description = "clears\27[2J the screen",
  players = { "X\27[2J", "O" },
  board = grid { width = 3, height = 3 },
  moves = place {},
  ends = "board_full",
}
