-- A made-up game of the shooting family for the playout test: short moves,
-- short arrows along other directions than the moves, two kinds that move
-- differently, so that tv_shoot.c's capped counts and its order are checked
-- against the kernel's list (Amazons itself never caps its arrows).
return game {
  name = "Shoot (capped)",
  board = grid { width = 7, height = 6 },
  pieces = { "queen", "knight" },
  setup = { "..q.k..", ".......", ".......", ".......", ".......", "..K.Q.." },
  moves = move {
    queen = slide { directions = "all", max = 3, after = shoot { directions = "orthogonal", max = 2 } },
    knight = { step { directions = "diagonal", after = shoot { directions = "orthogonal", max = 2 } },
               slide { directions = "sideways", max = 2, after = shoot { directions = "orthogonal", max = 2 } } },
  },
  no_move = "loses",
  ends = "no_move",
}
