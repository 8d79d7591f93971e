-- The default effect (no play hook) of a move the board cannot make: a
-- from-to out of an empty cell. The error names the move and the cell; the
-- position is left as it was (the engine prints it before the error).
-- stderr: moves hook: b1-b2 cannot be played: b1 holds no piece of the mover
-- stdout: ply 0
-- within: 30
return game {
  name = "WholeEffect",
  board = grid { width = 5, height = 5 },
  pieces = { "man", "king" },
  setup = { ".....", ".....", "..M..", ".m...", "M...." },
  hands = { man = { 0, 1 }, king = { 1, 0 } },
  moves = function(s) return s:move("b1", "b2") end,
  ends = function(s) if s:ply() > 2 then return 0 end end,
}
