-- s:take(a, b, a): a move that removes the cell its piece leaves. The
-- layout has no such move (tv_hmove_decode refuses it), so s:take must
-- refuse to build it, as it refuses a removal of the landing; it once built
-- a number the hook's list then refused as no move of the board.
-- stderr: take: a removal must name another cell
-- within: 30
return game {
  name = "WholeTakeOwn",
  board = grid { width = 5, height = 5 },
  pieces = { "man" },
  setup = { ".....", ".....", ".....", ".m...", "M...." },
  moves = function(s) return s:take("a1", "a2", "a1") end,
  ends = function(s) if s:ply() > 2 then return 0 end end,
}
