-- Anti Line4 (misère Connect Four): two players drop stones into the columns
-- of an upright 7x6 grid; a stone falls to the lowest free cell of its
-- column. Whoever makes four of their own stones in a row, a column or a
-- diagonal loses at once -- also with the stone that fills the grid; a full
-- grid without a line is a draw. All data: playing never enters the Lua VM.

local o = options {
  width   = { default = 7, min = 1, max = 26, doc = "columns, 1..26" },
  height  = { default = 6, min = 1, max = 26, doc = "rows, 1..26" },
  connect = { default = 4, min = 2, max = 26, doc = "stones in a line that lose, 2..the longer side" },
}

local function check(name, value, lo, hi, why)
  if not (math.type(value) == "integer" and value >= lo and value <= hi) then
    error(string.format("option %s: expected an integer %d..%d%s, got %s",
                        name, lo, hi, why or "", tostring(value)), 2)
  end
  return value
end

local width, height = o.width, o.height   -- 1..26 (min, max)
local connect = check("connect", o.connect, 2, math.max(width, height),
                      string.format(" (a line must fit the %dx%d grid)", width, height))

return game {
  name = "Anti Line4",
  description = string.format("%dx%d, stones drop to the lowest free cell; %d in a row (any direction) loses",
                              width, height, connect),
  players = { "Red", "Yellow" },
  colours = { "red", "yellow" },
  board = grid { width = width, height = height },
  moves = drop {},
  goal = line { length = connect, directions = "hvd", loses = true },  -- the maker of the line loses
  ends = "board_full",                                                -- a full grid without one: a draw
  winner = "higher_score",
}
