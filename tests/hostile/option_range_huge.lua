-- A value far outside a declared range is refused by the loader, naming the
-- range, before the ruleset's own code runs: here that code would build a
-- board list of o.size entries (into the memory or instruction limit) and
-- then fail its own way.
-- run: perft {} 1 -o size=9223372036854775807
-- exit: 1
-- stderr: option_range_huge.lua:8: option size: expected an integer 3..9, got '9223372036854775807'
local o = options {
  size = { default = 3, min = 3, max = 9, doc = "the side, 3..9" },
}
local rows = {}
for r = 1, o.size do rows[r] = string.rep(".", o.size) end
error("the ruleset's own code ran with size " .. o.size)
