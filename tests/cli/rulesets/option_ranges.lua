-- Tic-tac-toe with an option of each shape of range (tests/cli/test_abi_ranges.c,
-- cli_test.sh, tests/python/test_option_ranges.py): both bounds, a lower
-- bound only, an upper bound only on a number, words to choose from, and
-- options that declare none.
local o = options {
  size  = { default = 3, min = 3, max = 9, doc = "an integer 3..9" },
  lead  = { default = 0, min = 0, doc = "an integer 0 or more" },
  ratio = { default = 0.5, max = 1.5, doc = "a number up to 1.5" },
  style = { default = "plain", choices = { "plain", "bold", "two words" }, doc = "one of three" },
  flag  = { default = false, doc = "a boolean: no range" },
  label = { default = "x", doc = "any string" },
}
return game {
  name = "Option ranges",
  description = "tic-tac-toe with an option of each shape of range",
  board = grid { width = o.size, height = o.size },
  moves = place {},
  goal = line { length = 3, directions = "hvd" },
  ends = "board_full",
}
