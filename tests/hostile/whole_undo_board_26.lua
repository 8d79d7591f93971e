-- A play hook over whole moves that changes every cell of the largest board
-- (26x26: empty cells get pieces of both players and kinds, the others are
-- emptied), every variable and both hands, on every move; the moves are one
-- of each shape, five a position. Random play here; perft, which takes
-- every move back, in whole_undo_board_26_perft.case, and alpha-beta in
-- whole_undo_board_26_alphabeta.case.
-- exit: 0
-- stdout: game over: draw
-- within: 60
return game {
  name = "WholeBoard26",
  board = grid { width = 26, height = 26 },
  pieces = { "man", "king" },
  vars = {
    turn = { min = 0, max = 1000 }, last = { cell = true },
    mark = { min = -5, max = 5, per_player = true }, odd = { flag = true },
    far = { min = -1000000000, max = 1000000000, start = -1000000000 },
  },
  hands = { man = { 255, 200 }, king = { 0, 3 } },
  moves = function(s)
    local a = s:ply() % 600 + 1
    return a, s:drop(a + 1, "king"), s:move(a, a + 27, "king"), s:chain(a, a + 54, a + 108), s:take(a, a + 1, 676)
  end,
  play = function(s, m)
    local me, p = s:to_move(), s:ply()
    for c = 1, s:size() do
      if s:get(c) == 0 then s:put(c, 1 + (c + p) % 2, c % 3 == 0 and "king" or "man") else s:remove(c) end
    end
    s:set_var("turn", p + 1)
    s:set_var("last", p + 1)
    s:set_var("mark", me, (s:var("mark", me) + 3) % 11 - 5)
    s:set_var("odd", not s:var("odd"))
    s:set_var("far", -s:var("far"))
    s:set_hand(me, "man", s:hand(me, "man") - 1)
    s:set_hand(2, "king", (s:hand(2, "king") + 1) % 4)
  end,
  ends = function(s) if s:ply() >= 8 then return 0 end end,
}
