-- Connect6: Black puts one stone on an empty cell of a 19x19 board; from then
-- on White and Black take turns putting two stones each. Six or more of one's
-- own stones in a row (a row, a column or a diagonal) wins at once, even when
-- the first stone of a pair makes it; a full board is a draw. A move is one
-- stone: a turn of two stones is two moves, the mover moving again after the
-- first (records, perft and search count stones; `tavola perft --turns`
-- counts turns). All data: playing never enters the Lua VM.

local o = options {
  size    = { default = 19, min = 6, max = 26, doc = "the side of the square board, 6..26" },
  connect = { default = 6, min = 2, max = 26, doc = "stones in a line to win, 2..size" },
}

if not (math.type(o.connect) == "integer" and o.connect >= 2 and o.connect <= o.size) then
  error(string.format("option connect: expected an integer 2..%d (a line must fit the board), got %s",
                      o.size, tostring(o.connect)), 1)
end

return game {
  name = "Connect6",
  description = string.format("%dx%d; one stone, then two stones a turn; %d or more in a row wins; a full board is a draw",
                              o.size, o.size, o.connect),
  players = { "Black", "White" },
  colours = { "black", "white" },
  board = grid { width = o.size, height = o.size },
  moves = place { stones = { 1, 2 } },   -- the first turn one stone, every later turn two
  goal = line { length = o.connect, directions = "hvd" },
  ends = "board_full",
}
