-- Pahtum: place stones on a 7x7 board with black holes; every maximal run of
-- three or more stones in a row or a column scores. Rules as in the source
-- texts (Italian, Spanish, Finnish, English); diagonals and runs of 1-2 score 0.

local o = options {
  holes = { default = "random",
            doc = "random (odd 3..13), an odd count, a list of cells (c3,e5,d4) or placed" },
  count = { default = 7, doc = "holes the players put down in turn when holes=placed (odd, 3..13)" },
  swap  = { default = false, doc = "after the third stone Black may swap colours instead of placing" },
}

local function odd_count(n, what)
  if not (math.type(n) == "integer" and n % 2 == 1 and n >= 3 and n <= 13) then
    error(what .. ": the number of holes must be odd, 3..13; got " .. tostring(n), 2)
  end
  return n
end

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

return game {
  name = "Pahtum",
  description = "7x7 placement on a board with black holes; runs of 3+ in rows and columns score",
  players = { "White", "Black" },
  board = grid { width = 7, height = 7 },
  blocks = holes(o.holes),
  moves = place { swap_after = o.swap and 3 or 0 },
  score = runs { directions = "hv", points = { 0, 0, 3, 10, 25, 56, 119 } },
  ends = "board_full",
  winner = "higher_score",
}
