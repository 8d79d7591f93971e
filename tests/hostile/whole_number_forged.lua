-- Numbers a hook may return directly that are no whole move of this board:
-- 1024 (bits of a second cell on a plain cell), a drop of a kind the game
-- lacks, a chain whose first jump leaves the board, the first code of a
-- 7-jump chain, a from-to onto its own cell, 2^31 - 1. The first is refused
-- with the number, in the hook's list order; random play, perft and the
-- check all read the whole list.
-- run: perft {} 1
-- stderr: moves hook: move 1 (1024) is not a move of this board
-- within: 30
return game {
  name = "WholeForged",
  board = grid { width = 7, height = 7 },
  pieces = { "man", "king" },
  moves = function(s)
    return 1024, 3 << 21, (1 << 29) | (4 << 10), (1 << 29) | (156864 << 10),
           (1 << 20) | 5 | (5 << 10), 0x7fffffff
  end,
  ends = function(s) if s:ply() > 2 then return 0 end end,
}
