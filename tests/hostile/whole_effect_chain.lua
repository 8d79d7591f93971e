-- A chain that lands on a piece (c3 holds the mover's own): refused by the
-- default effect in random play (and in perft: whole_effect_chain_perft.case).
-- stderr: moves hook: a1xc3 cannot be played: c3 is not empty
-- within: 30
return game {
  name = "WholeEffectChain",
  board = grid { width = 5, height = 5 },
  pieces = { "man" },
  setup = { ".....", ".....", "..M..", ".m...", "M...." },
  moves = function(s) return s:chain("a1", "c3") end,
  ends = function(s) if s:ply() > 2 then return 0 end end,
}
