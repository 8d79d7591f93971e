-- A moves hook listing a good move, then values that are no moves: a float
-- too big for a move (2^31), a table, NaN. The second is refused, by its
-- place in the list and its value; nothing is played.
-- stderr: moves hook: move 2 (2147483648.0) is not a move of this board
-- within: 30
return game {
  name = "WholeTypes",
  board = grid { width = 5, height = 5 },
  pieces = { "man" },
  setup = { ".....", ".....", ".....", ".....", "M...." },
  moves = function(s) return { s:move("a1", "a2"), 2^31, {}, 0/0 } end,
  ends = function(s) if s:ply() > 2 then return 0 end end,
}
