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
  -- Alpha-beta's horizon (rulesets/README.md): each colour's two-distance
  -- potential to its three sides, the default for a connect goal. At size
  -- 19, alpha-beta nodes=900 (30 ms a move) won 16 of 16 against MCTS 20000
  -- (245 ms), nodes=1000 10 of 10 against MCTS 10000; with Hex's tie-break
  -- (two_distance_cells = 0.05) 14 of 16; by the cheapest chain
  -- (connection = 1, nodes=3000, 41 ms) 7 of 10 against MCTS 10000.
  evaluate = { two_distance = 1 },
}
