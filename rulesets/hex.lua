-- Hex: Red and Blue take turns putting a stone on an empty hexagon of an
-- 11x11 rhombus, Red first. Red joins rows 1 and 11 (top and bottom), Blue
-- columns a and k (left and right), each with one chain of their own stones;
-- whoever does wins at once. A full board always has exactly one such chain,
-- so there are no draws. With swap=true, Blue's first move may be `swap`
-- instead of a stone: the players exchange colours, Blue takes Red's stone
-- and its sides, and the new Blue (who moved first) moves next. All data:
-- playing never enters the Lua VM.

local o = options {
  size = { default = 11, min = 2, max = 26, doc = "the side of the rhombus, 2..26" },
  swap = { default = false, doc = "the swap (pie) rule: after the first stone the second player may take it over" },
}

return game {
  name = "Hex",
  description = string.format("%dx%d rhombus of hexagons; join your two sides%s",
                              o.size, o.size, o.swap and "; swap rule" or ""),
  players = { "Red", "Blue" },
  colours = { "red", "blue" },
  board = hex { size = o.size },
  moves = place { swap_after = o.swap and 1 or 0 },
  goal = connect { sides = { "rows", "columns" } },
}
