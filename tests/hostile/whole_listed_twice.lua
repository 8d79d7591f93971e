-- A whole move listed twice, once as a number and once as text: one move,
-- refused where the list is read, naming it.
-- stderr: moves hook: a1-a2 is listed twice (moves 1 and 3)
-- within: 30
return game {
  name = "WholeTwice",
  board = grid { width = 5, height = 5 },
  pieces = { "man" },
  setup = { ".....", ".....", ".....", ".....", "M...." },
  moves = function(s) return s:move("a1", "a2"), s:move("a1", "b2"), "A1-A2" end,
  ends = function(s) if s:ply() > 2 then return 0 end end,
}
