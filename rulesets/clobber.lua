-- Clobber (Albert, Grossman, Nowakowski, Wolfe, 2001): the board starts full
-- of stones in a checkerboard pattern. A move takes one's own stone onto an
-- orthogonally adjacent enemy stone, which is removed ("clobbered"); a stone
-- never moves onto an empty cell. The player who cannot move loses. The
-- default is OpenSpiel's 5 rows by 6 columns, player 1 on a1's colour.

local o = options {
  rows    = { default = 5, min = 1, max = 26, doc = "rows, 1..26 (at most 338 cells)" },
  columns = { default = 6, min = 1, max = 26, doc = "columns, 1..26 (at most 338 cells)" },
}

local rows, columns = o.rows, o.columns
if rows * columns < 2 then error("option rows, columns: the board needs two cells", 1) end

local setup = {}
for i = 1, rows do            -- the top row first: board row rows - i + 1
  local row, line = rows - i + 1, {}
  for col = 1, columns do line[col] = (row + col) % 2 == 0 and "x" or "o" end
  setup[i] = table.concat(line)
end

return game {
  name = "Clobber",
  description = string.format("%d rows x %d columns full of stones; move onto an adjacent enemy stone, capturing it; no move loses",
                              rows, columns),
  players = { "White", "Black" },
  board = grid { width = columns, height = rows },
  setup = setup,                        -- no kinds declared: stones, x and o
  moves = move {
    stone = step { directions = "orthogonal", to = "enemy" },
  },
  no_move = "loses",
  ends = "no_move",
  -- Search: stones that can still move. (Mobility, the count of moves, is
  -- the same for both sides in Clobber: every move is a pair of neighbours.)
  evaluate = { mobile = 1 },
}
