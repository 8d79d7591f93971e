-- A flying king among 32 enemy pieces spread over a 26x26 board: its
-- captures are searched jump by jump, and that search is bounded (4,194,304
-- jumps looked at for one piece in one position, tv_pieces_after.h); the
-- position is refused with that reason, not searched for hours.
-- run: perft {} 1
-- exit: 1
-- stderr: take more than 4194304 jumps to find
-- within: 120
return game {
  name = "Lattice",
  board = grid { width = 26, height = 26 },
  pieces = { "man", "king" },
  setup = {
    "..........................",
    "..........................",
    "..........................",
    "..m...m...................",
    "..........................",
    "..........................",
    "..........................",
    "..m...m...m...m...m...m...",
    "..........................",
    "..........................",
    "..........................",
    "..m...m...m...m...m...m...",
    "..........................",
    "..........................",
    "..........................",
    "..m...m...m...m...m...m...",
    "..........................",
    "..........................",
    "..........................",
    "..m...m...m...m...m...m...",
    "..........................",
    "..........................",
    "..........................",
    "..m...m...m...m...m...m...",
    "..........................",
    "K.........................",
  },
  moves = move {
    man = { step { directions = "diagonal_forward" }, jump { directions = "diagonal", chain = true } },
    king = { slide { directions = "all" }, jump { directions = "all", chain = true, flying = true } },
    capture = "longest",
    taken = "after_move",
  },
  no_move = "loses",
  ends = "no_move",
}
