-- Numbers that look like turns (2^30 | 1023 << 20 | index) but that no hook
-- has listed: the table knows none of them, so each is no move of this
-- board, refused with the number.
-- run: perft {} 1
-- stderr: moves hook: move 1 (2146435072) is not a move of this board
-- within: 30
return game {
  name = "WholeTurnForged",
  board = grid { width = 5, height = 5 },
  pieces = { "man" },
  moves = function(s)
    return (1 << 30) | (1023 << 20), (1 << 30) | (1023 << 20) | 5
  end,
  play = function(s, m) end,
  ends = function(s) if s:ply() > 2 then return 0 end end,
}
