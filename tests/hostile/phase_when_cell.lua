-- A generator's when names a cell variable, which cannot be a phase: the
-- load is refused with why.
-- run: perft {} 1
-- stderr: game.moves: when = { ko = ... }: a phase is a flag or an integer within 0..31; 'ko' is a cell
-- within: 30
return game {
  name = "PhaseWhenCell",
  board = grid { width = 3, height = 3 },
  pieces = { "man" },
  setup = { "m..", "...", "..M" },
  vars = { ko = { cell = true } },
  moves = move { man = step { directions = "orthogonal", when = { ko = 1 } } },
  ends = { "no_move" },
}
