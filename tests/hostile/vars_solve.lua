-- A game decided by a variable alone: player 1's first move sets x (b1: 2,
-- a1: 1) and changes no cell; player 2 then has one move; x = 1 wins for
-- player 1. The positions after b1 and a1 have the same cells and side, so
-- a solver or a search that told positions apart by their cells would
-- value a1 as b1 (a loss). The game counts its turns in a variable too
-- (stage): vars_solve_ply.lua counts them by s:ply().
-- run: solve {}
-- exit: 0
-- stdout: value for player 1 (Player 1): win
-- stdout: best moves for player 1: a1
-- within: 30
return game {
  name = "VarsSolve",
  board = grid { width = 2, height = 2 },
  vars = { x = { min = 0, max = 2 }, stage = { min = 0, max = 2 } },
  moves = function(s)
    if s:var("stage") == 0 then return "b1", "a1" end
    return "a2"
  end,
  play = function(s, m)
    if s:var("stage") == 0 then s:set_var("x", m == 1 and 1 or 2) end
    s:set_var("stage", s:var("stage") + 1)
  end,
  ends = function(s)
    if s:var("stage") >= 2 then return s:var("x") end
  end,
}
