-- Havannah (Christian Freeling, 1979): a hexagonal board of hexagons, `base`
-- cells a side (8: 169 cells). White (player 1) moves first; the players put
-- one stone a turn on an empty cell. A player wins with a ring (a closed
-- chain of their stones round at least one cell, whatever is on it), a
-- bridge (a chain joining two of the six corners) or a fork (a chain joining
-- three of the six edges; the corners belong to no edge). A full board with
-- neither is a draw. The swap rule is an option.
local o = options {
  base = { default = 8, min = 2, max = 13, doc = "cells along a side of the hexagon, 2..13 (4 to 10 are played)" },
  swap = { default = false, doc = "the swap (pie) rule: after the first stone the second player may take it over" },
}

-- A hexagon cut from a rhombus of side 2 x base - 1: the cells whose column
-- plus row (from 0) lies outside base - 1 .. 3 x base - 3 are blocked.
local side, off = 2 * o.base - 1, {}
for row = 0, side - 1 do
  for col = 0, side - 1 do
    if col + row < o.base - 1 or col + row > 3 * o.base - 3 then
      off[#off + 1] = string.char(97 + col) .. (row + 1)
    end
  end
end

return game {
  name = "Havannah",
  description = string.format("Havannah, base %d: a ring, a bridge or a fork wins%s", o.base,
                              o.swap and "; swap rule" or ""),
  players = { "White", "Black" },
  colours = { "white", "black" },
  board = hex { size = side },
  blocks = #off > 0 and { cells = off } or nil,
  moves = place { swap_after = o.swap and 1 or 0 },
  goal = shapes { ring = true, bridge = true, fork = true },
  ends = "board_full",
}
