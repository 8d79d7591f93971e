-- Shots and chains of jumps share the move numbers above 2^21 (tv_pmove.h):
-- a game may not have both, and says so when it loads.
-- stderr: a game whose moves shoot cannot also jump
return game {
  name = 'ShootJump',
  board = grid { width = 6, height = 6 },
  pieces = { 'queen' },
  setup = { '..q...', '......', '......', '......', '......', '...Q..' },
  moves = move { queen = { slide { directions = 'all', after = shoot { directions = 'all' } },
                           jump { directions = 'diagonal' } } },
  no_move = 'loses',
  ends = 'no_move',
}
