-- Connect Four: two players drop stones into the columns of an upright 7x6
-- grid; a stone falls to the lowest free cell of its column. Four of one's own
-- stones in a row, a column or a diagonal wins at once; a full grid without
-- one is a draw. Other sizes through the options (a 5x4 grid with
-- connect=3 is a quick game). All data: playing never enters the Lua VM.

local o = options {
  width   = { default = 7, min = 1, max = 26, doc = "columns, 1..26" },
  height  = { default = 6, min = 1, max = 26, doc = "rows, 1..26" },
  connect = { default = 4, min = 2, max = 26, doc = "stones in a line to win, 2..the longer side" },
}

-- Raises the error at the line that calls check (level 2), as
-- rulesets/connect4.lua:LINE: ...
local function check(name, value, lo, hi, why)
  if not (math.type(value) == "integer" and value >= lo and value <= hi) then
    error(string.format("option %s: expected an integer %d..%d%s, got %s",
                        name, lo, hi, why or "", tostring(value)), 2)
  end
  return value
end

local width, height = o.width, o.height   -- 1..26 (min, max)
local longer = math.max(width, height)
local connect = check("connect", o.connect, 2, longer,
                      string.format(" (a line must fit the %dx%d grid)", width, height))

-- For alpha-beta's horizon: a window of `connect` cells along a line that
-- holds stones of one player only is worth 1, 5, 50, ... points (at most
-- 1000) by the stones in it. (1, 10, 100 won 8 of 20 against MCTS at depth
-- 4; these won 16.)
local open = {}
for n = 1, connect - 1 do open[n] = math.min(1000, n == 1 and 1 or 5 * 10 ^ (n - 2)) end

return game {
  name = "Connect Four",
  description = string.format("%dx%d, stones drop to the lowest free cell; %d in a row (any direction) wins",
                              width, height, connect),
  players = { "Red", "Yellow" },
  colours = { "red", "yellow" },               -- as the players' names say (drawings)
  board = grid { width = width, height = height },
  moves = drop {},                             -- a move is a column letter: "d"
  goal = line { length = connect, directions = "hvd" },
  ends = "board_full",                         -- a full grid without a line is a draw
  winner = "higher_score",
  evaluate = { open_lines = open },
}
