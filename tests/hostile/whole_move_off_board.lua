-- A moves hook that builds a whole move from cell 0 (cells are 1-based):
-- s:move refuses it, naming the hook's line and the value, and the game
-- stops with that error; nothing is played.
-- stderr: whole_move_off_board.lua:11: bad cell 0
-- within: 30
return game {
  name = "WholeOffBoard",
  board = grid { width = 5, height = 5 },
  pieces = { "man" },
  setup = { ".....", ".....", ".....", ".....", "M...." },
  moves = function(s) return s:move(0, 5) end,
  ends = function(s) if s:ply() > 2 then return 0 end end,
}
