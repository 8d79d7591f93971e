-- A test ruleset (tests/games/test_playout.c): rulesets/othello.lua on boards up
-- to 26x26, the largest grid, so the flips of several words (tv_flip_wide.c)
-- meet eleven words. Othello (Reversi): Black and White take turns putting a disc of their
-- colour on an empty cell, Black first, from the four discs in the centre. A
-- disc may go only where it brackets, along a row, a column or a diagonal, a
-- run of the opponent's discs between itself and a disc of the mover; every
-- run it brackets, in every direction at once, turns to the mover's colour.
-- A player who cannot place passes (the pass is a move, as in a record);
-- when neither can, the game is over, and more discs wins (equal: a draw).
-- All data: playing never enters the Lua VM.

local o = options {
  size = { default = 8, min = 4, max = 26, doc = "the side of the square board, even, 4..26" },
}

local n = o.size
if not (math.type(n) == "integer" and n >= 4 and n <= 26 and n % 2 == 0) then
  error("option size: the board side must be an even integer 4..26; got " .. tostring(n), 1)
end

-- The start: the four centre cells, Black (x) on d5 and e4, White (o) on d4
-- and e5 for 8x8 (each player's discs on a diagonal). Rows top first.
local setup, half = {}, n // 2
for row = n, 1, -1 do
  local line = {}
  for col = 1, n do
    local ch = "."
    if (row == half or row == half + 1) and (col == half or col == half + 1) then
      ch = ((row == half) == (col == half)) and "o" or "x"
    end
    line[col] = ch
  end
  setup[#setup + 1] = table.concat(line)
end

return game {
  name = "Othello",
  description = string.format("%dx%d, a disc must bracket enemy discs, which turn; "
                              .. "no placement: pass; most discs wins", n, n),
  players = { "Black", "White" },
  colours = { "black", "white" },
  board = grid { width = n, height = n },
  setup = setup,
  moves = place { flips = "all" },  -- legal only where it flips, along all eight directions
  no_move = "pass",                 -- a player who cannot flip passes ...
  ends = "no_move",                 -- ... and when neither can, the game is over
  winner = "most_pieces",           -- the scores are the discs on the board
  -- Alpha-beta's horizon (rulesets/README.md; also the default for flips):
  -- moves, corners and discs that can never turn, not the disc count, which
  -- swings from move to move. Alpha-beta nodes=3000 (3 to 4 ms a move) won
  -- 19 of 20 against MCTS 8000 (28 ms) and 19 of 20 against MCTS 30000
  -- (105 ms); corners 10 and stable 2 did as well (20, 19), mobility alone
  -- won 4 of 20 against MCTS 8000, the disc count (score = 1, the former
  -- default) 0.
  evaluate = { mobility = 1, corners = 5, stable = 1 },
}
