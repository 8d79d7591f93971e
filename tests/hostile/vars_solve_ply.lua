-- vars_solve.lua with its turns counted by s:ply(), as hooks may (the
-- guide's examples read it): the ply is then part of what a hook sees, and
-- the solver must not count it from 0 at every move (it did: the hook saw
-- ply 0 after the first move and listed b1 and a1 again, and the solve
-- failed with "a2: not among the legal moves").
-- run: solve {}
-- exit: 0
-- stdout: value for player 1 (Player 1): win
-- stdout: best moves for player 1: a1
-- within: 30
return game {
  name = "VarsSolvePly",
  board = grid { width = 2, height = 2 },
  vars = { x = { min = 0, max = 2 } },
  moves = function(s)
    if s:ply() == 0 then return "b1", "a1" end
    return "a2"
  end,
  play = function(s, m)
    if s:ply() == 0 then s:set_var("x", m == 1 and 1 or 2) end
  end,
  ends = function(s)
    if s:ply() >= 2 then return s:var("x") end
  end,
}
