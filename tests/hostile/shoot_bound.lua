-- A move that shoots has each landing times each arrow: twenty queens that
-- move and shoot on 10x10 could have more legal moves than any host is
-- promised room for (8192), so the ruleset is refused when it loads.
-- stderr: pieces that move and shoot could have up to
-- stderr: more than 8192
return game {
  name = 'ManyShooters',
  board = grid { width = 10, height = 10 },
  pieces = { 'queen' },
  setup = { 'qqqqqqqqqq', 'qqqqqqqqqq', '..........', '..........', '..........', '..........',
            '..........', '..........', 'QQQQQQQQQQ', 'QQQQQQQQQQ' },
  moves = move { queen = slide { directions = 'all', after = shoot { directions = 'all' } } },
  no_move = 'loses',
  ends = 'no_move',
}
