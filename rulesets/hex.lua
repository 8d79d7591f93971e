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
  -- Alpha-beta's horizon (rulesets/README.md): each colour's two-distance
  -- potential to its sides (the default for a connect goal), and, to break
  -- its many ties, the cells at that least potential. At 11x11, alpha-beta
  -- nodes=1200 (21 ms a move) won 19 of 20 against MCTS 40000 (320 ms) and
  -- 20 of 20 against MCTS 100000 (870 ms); by the potential alone, 17 and
  -- 18 of 20; by the plain shortest chain (connection = 1), which one stone
  -- cuts, 3 of 10 against MCTS 3300 at equal CPU. With no evaluate, every
  -- unfinished position scored 0 and it played the next free cell.
  evaluate = { two_distance = 1, two_distance_cells = 0.05 },
}
