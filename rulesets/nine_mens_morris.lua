-- Nine Men's Morris: three squares one inside the other, joined at the
-- middles of their sides: 24 points, named as the cells of a 7x7 grid (a1
-- bottom left). Each side has nine men in hand; White (player 1) begins.
-- A turn places a man on an empty point while any is in hand, then moves a
-- man along a line to the next point if it is empty; a side down to three
-- men flies: a man goes to any empty point. A man that completes a line of
-- three of its side (a mill) removes an enemy man in the same move: one
-- that is in no mill, unless all are. A side left with two men, or with no
-- move, loses. As OpenSpiel plays it, a game is drawn after 200 turns.
--
-- A move is written whole: "d3" (placed), "d2-d3" (moved or flown), and
-- the man it removes after an x: "d3xf4", "d2-d3xf4".
local o = options {
  flying = { default = true, doc = "a side down to three men flies to any empty point" },
  limit = { default = 200, min = 1, max = 60000, doc = "the game is drawn after this many turns (OpenSpiel: 200)" },
}

return game {
  name = "Nine Men's Morris",
  description = "Nine Men's Morris: place nine men, then move; a mill removes an enemy man",
  players = { "White", "Black" },
  board = graph {
    width = 7, height = 7,
    lines = {
      "a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4", "e4 f4 g4", "c3 d3 e3", "b2 d2 f2", "a1 d1 g1",
      "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d5 d6 d7", "d1 d2 d3", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7",
    },
  },
  pieces = { "man" },                  -- M: White's, m: Black's
  hands = { man = { 9, 9 } },
  moves = mills { fly = o.flying and 3 or 0 },
  no_move = "loses",
  ends = { "no_move", pieces_left = 2 },
  max_plies = o.limit,
  evaluate = { material = { man = 1 }, mobility = 0.05 },
}
