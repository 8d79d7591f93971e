-- Notakto (one board): tic-tac-toe where both players make the same mark.
-- The players take turns putting a stone on an empty cell of a 3x3 board;
-- whoever completes a line of three stones -- in a row, a column or a
-- diagonal, whoever put those stones there -- loses. The board shows whose
-- stones are whose (x, o), but ownership does not matter for lines. All
-- data: playing never enters the Lua VM (rulesets/notakto_hooks.lua is the
-- same game with an ends hook, the guide's worked example).

local o = options {
  size = { default = 3, min = 3, max = 9, doc = "the side of the square board, 3..9 (a line is still three stones)" },
}

return game {
  name = "Notakto",
  description = string.format("%dx%d, both players place the same mark; whoever completes a line of three loses",
                              o.size, o.size),
  players = { "First", "Second" },
  board = grid { width = o.size, height = o.size },
  moves = place {},
  -- three stones of either colour in a row: the player who made it loses;
  -- every full board holds a line, so no game is a draw
  goal = line { length = 3, directions = "hvd", colours = "any", loses = true },
}
