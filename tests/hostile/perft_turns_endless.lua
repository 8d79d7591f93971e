-- perft --turns on a play hook that always gives the mover another move: a
-- turn that never ends is refused with a message, not a stack overflow.
-- run: perft {} 2 --turns
-- exit: 1
-- stderr: perft 1: a turn of more than 256 moves (the mover never stops moving)
return game {
  name = "Again", board = grid { width = 3, height = 3 },
  moves = function(s) return { 1 } end,
  play = function(s, m) return true end,
  ends = "board_full",
}
