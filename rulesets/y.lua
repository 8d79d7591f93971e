-- The game of Y: Black and White take turns putting a stone on an empty
-- hexagon of a triangle, Black first; whoever joins all three sides with one
-- chain of their own stones wins at once (a corner cell touches two sides).
-- A full board always holds exactly one such chain: no draws. The triangle
-- is the lower half of a hex rhombus (cells a1 .. a19 .. s1: column + row at
-- most size + 1), the cells beyond its short diagonal blocked. With
-- swap=true the second player's first move may be `swap`. All data.

local o = options {
  size = { default = 19, min = 2, max = 26, doc = "cells along a side of the triangle, 2..26" },
  swap = { default = false, doc = "the swap (pie) rule: after the first stone the second player may take it over" },
}

-- Off the triangle: the cells beyond the short diagonal.
local off = {}
for row = 1, o.size do
  for col = 1, o.size do
    if col + row > o.size + 1 then off[#off + 1] = string.char(96 + col) .. row end
  end
end

return game {
  name = "Y",
  description = string.format("a triangle of hexagons, %d a side; join all three sides%s",
                              o.size, o.swap and "; swap rule" or ""),
  players = { "Black", "White" },
  colours = { "black", "white" },
  board = hex { size = o.size },
  blocks = #off > 0 and { cells = off } or nil,
  moves = place { swap_after = o.swap and 1 or 0 },
  goal = connect { sides = { "y", "y" } },
}
