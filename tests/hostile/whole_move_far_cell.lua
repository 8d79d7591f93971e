-- s:move to cell 10000 of a 5x5 board: refused by s:move, with the value.
-- stderr: bad cell 10000
-- within: 30
return game {
  name = "WholeFarCell",
  board = grid { width = 5, height = 5 },
  pieces = { "man" },
  setup = { ".....", ".....", ".....", ".....", "M...." },
  moves = function(s) return s:move(1, 10000) end,
  ends = function(s) if s:ply() > 2 then return 0 end end,
}
