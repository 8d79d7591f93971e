-- A chain of jumps along all eight directions is numbered in 31 bits for at
-- most 7 jumps: a game whose enemy could be jumped more often is refused when
-- it loads, not cut short in play.
-- stderr: jump: a chain could take 10 pieces, but a move holds at most 7 jumps
return game {
  name = 'LongChains',
  board = grid { width = 6, height = 6 },
  setup = { 'oooooo', 'oooo..', '......', '......', '......', 'xxxxxx' },
  moves = move { stone = jump { directions = 'all', chain = true } },
  no_move = 'loses',
  ends = 'no_move',
}
