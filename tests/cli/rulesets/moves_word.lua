-- Five kinds of piece whose letters spell "moves": the position string of
-- its start begins with the word, for the UGI test that parses "position fen"
-- by fields (a parse that cut at the first "moves" refused it).
local kinds = { "man", "ox", "vizier", "elephant", "sage" }
local moves = {}
for _, k in ipairs(kinds) do
  moves[k] = { step { directions = "forward", to = "empty" } }
end
return game {
  name = "Moves word",
  description = "five kinds that spell a word, stepping forward",
  board = grid { width = 5, height = 4 },
  pieces = kinds,
  setup = { "moves", ".....", ".....", "MOVES" },
  moves = move(moves),
  ends = { "reach_far_row" },
}
