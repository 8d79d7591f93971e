-- Atari Go (capture Go, the beginners' game): Go's board and captures, but
-- the first player to take a stone wins at once. Black (player 1) moves
-- first on an empty board; a stone goes on an empty point; a stone that would
-- leave its own group without a liberty and take nothing is illegal; the ko
-- rule never acts (the first capture ends the game); no one passes, and a
-- player without a legal move loses.
local o = options {
  size = { default = 9, min = 2, max = 19, doc = "the board's side, 2..19" },
}

return game {
  name = "Atari Go",
  description = string.format("Atari Go on %dx%d: the first capture wins", o.size, o.size),
  players = { "Black", "White" },
  board = grid { width = o.size, height = o.size },
  moves = groups { },                 -- no passing
  no_move = "loses",
  ends = { captured = 1, "no_move" }, -- the stones taken are the scores
}
