-- Lines of Action (Claude Soucie; Sid Sackson's "A Gamut of Games", 1969):
-- 8x8, twelve checkers each. Black (player 1, x) starts on b1-g1 and b8-g8,
-- White (o) on a2-a7 and h2-h7; Black moves first. A checker moves along a
-- row, column or diagonal exactly as many cells as there are checkers of
-- both colours on that whole line; it may pass over its own checkers, not
-- over the enemy's, and lands on an empty cell or an enemy checker, which is
-- captured. A player whose checkers all form one group (8-neighbours, so a
-- lone checker is a group) wins. A move that connects both sides at once
-- wins for the mover (the tournament rule, and OpenSpiel's; Sackson's book
-- calls it a draw). A player who cannot move loses. As in OpenSpiel: a
-- repeated position (board and side to move) is a draw, and so is the
-- 1000th ply. All data: playing never enters the Lua VM.
--
-- Option start=scrambled: Scrambled Eggs (Soucie's own variant), the same
-- twelve edge cells each, but the colours alternate all the way round the
-- board, White on a2: a2 o, a3 x, ..., a7 x, b8 o, c8 x, ..., g8 x, h7 o,
-- h6 x, ..., h2 x, g1 o, f1 x, ..., b1 x.

local o = options {
  start = { default = "standard", choices = { "standard", "scrambled" }, doc = "standard or scrambled (Scrambled Eggs)" },
}

local starts = {
  standard = {           -- the top row (row 8) first
    ".xxxxxx.",
    "o......o",
    "o......o",
    "o......o",
    "o......o",
    "o......o",
    "o......o",
    ".xxxxxx.",
  },
  scrambled = {
    ".oxoxox.",
    "x......o",
    "o......x",
    "x......o",
    "o......x",
    "x......o",
    "o......x",
    ".xoxoxo.",
  },
}
local setup = starts[o.start]

return game {
  name = "Lines of Action",
  description = (o.start == "scrambled" and "Scrambled Eggs: " or "")
    .. "8x8; move as far as the line holds pieces, over own pieces, capture by landing; connect all your pieces",
  players = { "Black", "White" },
  colours = { "black", "white" },
  board = grid { width = 8, height = 8 },
  setup = setup,                       -- no kinds declared: stones, x and o
  moves = move {
    stone = line_count { directions = "all", to = "any" },
  },
  no_move = "loses",
  repetition = "ends",
  max_plies = 1000,
  ends = { "connected", "no_move" },
}
