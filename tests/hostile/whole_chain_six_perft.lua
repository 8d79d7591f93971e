-- Six jumps, the longest whole move, on a 13x13 board: a1 takes b2, d4, f6,
-- h8, j10 and l12 and lands on m13 (27 characters at most on 26x26; here
-- a1xc3xe5xg7xi9xk11xm13). The default effect plays it (no play hook),
-- perft takes it back. Then s:last() gives its whole text, and the hook
-- lists a drop on a13 when it does (whole_chain_six_last.case plays it), a
-- pass when it does not.
-- run: perft {} 2
-- exit: 0
-- stdout: perft 1 1
-- stdout: perft 2 1
-- within: 30
return game {
  name = "WholeChainSix",
  board = grid { width = 13, height = 13 },
  pieces = { "man" },
  setup = {
    ".............", "...........m.", ".............", ".........m...", ".............",
    ".......m.....", ".............", ".....m.......", ".............", "...m.........",
    ".............", ".m...........", "M............",
  },
  moves = function(s)
    if s:ply() == 0 then return s:chain("a1", "c3", "e5", "g7", "i9", "k11", "m13") end
    return s:last() == "a1xc3xe5xg7xi9xk11xm13" and s:drop("a13") or "pass"
  end,
  ends = function(s) if s:ply() > 1 then return 0 end end,
}
