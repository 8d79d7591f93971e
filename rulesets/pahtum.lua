-- Pahtum: place stones on a 7x7 board with black holes; every maximal run of
-- three or more stones in a row or a column scores. Rules as in the source
-- texts (Italian, Spanish, Finnish, English); diagonals and runs of 1-2 score 0.
-- Variants by option: another board side (size=5..19, the run table extended
-- by the same rule) and diagonal runs (diagonals=true).

local o = options {
  holes = { default = "random",
            doc = "random (odd 3..13), an odd count, a list of cells (c3,e5,d4) or placed" },
  count = { default = 7, min = 3, max = 13, doc = "holes the players put down in turn when holes=placed (odd, 3..13)" },
  swap  = { default = false, doc = "after the third stone Black may swap colours instead of placing" },
  size  = { default = 7, min = 5, max = 19, doc = "the side of the square board, any integer 5..19 (holes stay odd 3..13)" },
  diagonals = { default = false, doc = "diagonal runs score too" },
}

local function odd_count(n, what)
  if not (math.type(n) == "integer" and n % 2 == 1 and n >= 3 and n <= 13) then
    error(what .. ": the number of holes must be odd, 3..13; got " .. tostring(n), 2)
  end
  return n
end

local size = o.size

-- The holes option, as a blocks description.
local function holes(spec)
  if spec == "random" then return { random = {3, 13}, odd = true } end
  if spec == "placed" then return { placed = odd_count(o.count, "count") } end
  local n = math.tointeger(tonumber(spec))
  if n then return { random = {odd_count(n, "holes"), n} } end
  local cells = {}
  for cell in spec:gmatch("[^,]+") do cells[#cells + 1] = cell end
  odd_count(#cells, "holes")
  return { cells = cells }
end

-- Points of a run of n stones: 0 for 1 and 2, then s(n) = n + 2 * s(n - 1):
-- 3, 10, 25, 56, 119 (the traditional table, up to 7), 246, 501, ...
local points = { 0, 0 }
for n = 3, size do points[n] = n + 2 * points[n - 1] end

local where = o.diagonals and "rows, columns and diagonals" or "rows and columns"

return game {
  name = "Pahtum",
  description = string.format("%dx%d placement on a board with black holes; runs of 3+ in %s score",
                              size, size, where),
  players = { "White", "Black" },
  colours = { "white", "black" },
  board = grid { width = size, height = size },
  blocks = holes(o.holes),
  moves = place { swap_after = o.swap and 3 or 0 },
  score = runs { directions = o.diagonals and "hvd" or "hv", points = points },
  ends = "board_full",
  winner = "higher_score",
  -- Search: the score, and windows of three cells along the scoring
  -- directions that one colour could still fill (alpha-beta at depth 2 won
  -- 2 of 20 against MCTS with the score alone, 13 with these).
  evaluate = { score = 1, open_lines = { 0.2, 1, length = 3 } },
}
