-- Gomoku (Five in a Row): Black and White take turns putting a stone on an
-- empty cell of a 15x15 board, Black first. Standard rule: a line of exactly
-- five of one's own stones (in a row, a column or a diagonal) wins at once;
-- an overline of six or more does not win (the game goes on). Freestyle: five
-- or more wins. A full board without a win is a draw. Opening rules
-- (opening=...): "pro" -- Black's first stone on the centre, Black's second
-- stone at least 3 cells from it (outside the central 5x5); "swap" (Swap
-- Five in Line, swap1) -- Black places three stones (black, white, black),
-- then White chooses a colour: `swap` to take Black's stones, or a white
-- stone to keep White. All data: playing never enters the Lua VM.

local o = options {
  size      = { default = 15, min = 5, max = 26, doc = "the side of the square board, 5..26" },
  freestyle = { default = false, doc = "five or more wins (default: exactly five; an overline does not win)" },
  opening   = { default = "none", choices = { "none", "pro", "swap" },
                doc = "none, pro (centre, then 3 cells away) or swap (three stones, then a choice of colour)" },
}

local OPENINGS = {
  none = "",
  pro  = "; Pro opening: Black starts on the centre, Black's second stone 3 or more cells from it",
  swap = "; Swap opening: Black places black, white, black, then White may swap colours",
}
if o.opening == "pro" and o.size % 2 == 0 or o.opening == "pro" and o.size < 7 then
  error("option opening: pro needs an odd board side of 7 or more (a centre, and room around it); got "
        .. tostring(o.size), 1)
end

return game {
  name = "Gomoku",
  description = string.format("%dx%d placement; %s in a row (any direction) wins; a full board is a draw%s",
                              o.size, o.size, o.freestyle and "five or more" or "exactly five", OPENINGS[o.opening]),
  players = { "Black", "White" },
  colours = { "black", "white" },   -- Black, player 1, moves first with the dark stones
  board = grid { width = o.size, height = o.size },
  moves = place { opening = o.opening },
  goal = line { length = 5, directions = "hvd", exact = not o.freestyle },
  ends = "board_full",
  winner = "higher_score",
  evaluate = { open_lines = { 1, 5, 50, 500 } },  -- search: windows of 5 with one colour, by stones in them
}
