-- Gomoku (Five in a Row): Black and White take turns putting a stone on an
-- empty cell of a 15x15 board, Black first. Standard rule: a line of exactly
-- five of one's own stones (in a row, a column or a diagonal) wins at once;
-- an overline of six or more does not win (the game goes on). Freestyle: five
-- or more wins. A full board without a win is a draw. All data: playing never
-- enters the Lua VM.

local o = options {
  size      = { default = 15, doc = "the side of the square board, 5..26" },
  freestyle = { default = false, doc = "five or more wins (default: exactly five; an overline does not win)" },
}

if not (math.type(o.size) == "integer" and o.size >= 5 and o.size <= 26) then
  error("option size: the board side must be an integer 5..26 (a line of five must fit); got "
        .. tostring(o.size), 1)
end

return game {
  name = "Gomoku",
  description = string.format("%dx%d placement; %s in a row (any direction) wins; a full board is a draw",
                              o.size, o.size, o.freestyle and "five or more" or "exactly five"),
  players = { "Black", "White" },
  colours = { "black", "white" },   -- Black, player 1, moves first with the dark stones
  board = grid { width = o.size, height = o.size },
  moves = place {},
  goal = line { length = 5, directions = "hvd", exact = not o.freestyle },
  ends = "board_full",
  winner = "higher_score",
  evaluate = { open_lines = { 1, 5, 50, 500 } },  -- search: windows of 5 with one colour, by stones in them
}
