-- Kings that jump in all four diagonal directions over a board full of
-- enemies: every chain is bounded by the enemy's pieces, so perft ends.
-- run: perft {} 3
-- exit: 0
-- stdout: perft 3
-- within: 30
return game {
  name = 'Chains',
  board = grid { width = 8, height = 8 },
  pieces = { 'king' },
  setup = { '........', '.k.k.k.k', '........', '.k.k.k.k', '........', '.k.k.k.k', '........', 'K.K.K.K.' },
  moves = move { king = { step { directions = 'diagonal' }, jump { directions = 'diagonal', chain = true } },
                 capture = 'longest' },
  no_move = 'loses',
  ends = 'no_move',
}
