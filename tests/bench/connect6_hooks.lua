-- Connect6 with its moves and their effect as Lua hooks that call the C
-- primitives: what an author writes without place { stones = {1, 2} },
-- measured by make bench against rulesets/connect6.lua (the same games: the
-- tests compare them move by move).
local o = options {
  size    = { default = 19, doc = "the side of the square board, 6..26" },
  connect = { default = 6, doc = "stones in a line to win, 2..size" },
}

return game {
  name = "Connect6 (hooks)",
  description = "Connect6 with Lua hooks for the moves and the two-stone turns",
  players = { "Black", "White" },
  colours = { "black", "white" },
  board = grid { width = o.size, height = o.size },
  moves = function(s) return s:empties() end,
  play = function(s, m)
    s:place(m)                              -- a line that meets the goal ends the game
    return (s:size() - s:empty()) % 2 == 0  -- stones 2, 4, ...: the first of a pair, so again
  end,
  goal = line { length = o.connect, directions = "hvd" },
  ends = "board_full",
}
