-- Tic-tac-toe with ten free-text options that change nothing: option values
-- of any content (newlines, quotes, control bytes) and option texts over
-- 2 KB, for the record tests.
local o = options {
  n1 = { default = "", doc = "any text" }, n2 = { default = "", doc = "any text" },
  n3 = { default = "", doc = "any text" }, n4 = { default = "", doc = "any text" },
  n5 = { default = "", doc = "any text" }, n6 = { default = "", doc = "any text" },
  n7 = { default = "", doc = "any text" }, n8 = { default = "", doc = "any text" },
  n9 = { default = "", doc = "any text" }, n10 = { default = "", doc = "any text" },
}
return game {
  name = "Notes",
  description = "tic-tac-toe with free-text options",
  board = grid { width = 3, height = 3 },
  moves = place {},
  goal = line { length = 3, directions = "hvd" },
  ends = "board_full",
}
