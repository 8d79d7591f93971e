-- Tic-tac-toe with an option of each type, and defaults at the edges of how
-- the type is told back from a default's text (tests/cli/test_abi_family.c):
-- a negative integer, a float that Lua writes as 2.0, one with an exponent,
-- strings empty, "-", "x7" and "12" (a string that reads as a number: the
-- loader keeps the type, so it is a string).
local o = options {
  flag  = { default = true, doc = "a boolean" },
  count = { default = -3, doc = "an integer" },
  ratio = { default = 0.5, doc = "a number" },
  whole = { default = 2.0, doc = "a number that is whole" },
  huge  = { default = 1e300, doc = "a number with an exponent" },
  label = { default = "x7", doc = "a string" },
  empty = { default = "", doc = "an empty string" },
  dash  = { default = "-", doc = "a string that starts a number" },
  digits = { default = "12", doc = "a string that reads as a number" },
}
assert(math.type(o.count) == "integer" and math.type(o.whole) == "float")
return game {
  name = "Option types",
  description = "tic-tac-toe with an option of each type",
  board = grid { width = 3, height = 3 },
  moves = place {},
  goal = line { length = 3, directions = "hvd" },
  ends = "board_full",
}
