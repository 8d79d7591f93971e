-- Notakto (one board), written with an ends hook: the guide's worked example
-- of a hook (rulesets/README.md). rulesets/notakto.lua is the same game as
-- data, line { colours = "any", loses = true }; the tests play both and
-- compare them move by move.
--
-- Tic-tac-toe where both players make the same mark. The players take turns
-- putting a stone on an empty cell of a 3x3 board; whoever completes a line
-- of three stones -- in a row, a column or a diagonal, whoever put those
-- stones there -- loses. The board shows whose stones are whose (x, o), but
-- ownership does not matter for lines.
--
-- Here the end of the game is a Lua hook: it looks for three stones of
-- either colour in a row; board, moves and players stay data.

local o = options {
  size = { default = 3, min = 3, max = 9, doc = "the side of the square board, 3..9 (a line is still three stones)" },
}

local LINE = 3
local STEPS = { {1, 0}, {0, 1}, {1, 1}, {1, -1} }   -- row, column, both diagonals

-- The ends hook: called after every move (and once for the start position)
-- with a view s of the state. It returns nil while the game goes on, or the
-- winner: 1 or 2 (0 would be a draw). The game stops at the first line, so a
-- line on the board was made by the last move, and the player who made it is
-- the one not to move. Looking at the whole board (not only at s:last())
-- also judges a position given as a string right.
local function ends(s)
  local w, h = s:width(), s:height()

  -- Whether (c, r) is on the board and holds a stone of either player.
  -- s:get takes a 1-based cell index (or a name such as "b2").
  local function stone(c, r)
    return c >= 0 and c < w and r >= 0 and r < h and s:get(r * w + c + 1) ~= 0
  end

  for r = 0, h - 1 do
    for c = 0, w - 1 do
      for _, d in ipairs(STEPS) do
        local n = 0
        while n < LINE and stone(c + n * d[1], r + n * d[2]) do n = n + 1 end
        if n == LINE then
          return s:to_move()               -- the player who just moved loses
        end
      end
    end
  end
  return nil                               -- no line yet: the game goes on
end

return game {
  name = "Notakto (ends hook)",
  description = string.format("%dx%d, both players place the same mark; whoever completes a line of three loses (an ends hook)",
                              o.size, o.size),
  players = { "First", "Second" },
  board = grid { width = o.size, height = o.size },
  moves = place {},
  ends = ends,
  winner = "higher_score",
}
