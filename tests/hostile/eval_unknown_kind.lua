-- Material by kind names the kinds of the game; another name is refused.
-- stderr: game.evaluate.material: 'queen' is not a kind of piece of this game (kinds: man, king)
return game { name = 'T', board = grid { width = 3, height = 3 }, pieces = { 'man', 'king' },
  setup = { 'mmm', '...', 'MMM' }, moves = move { man = step { directions = 'forward' } },
  ends = 'no_move', evaluate = { material = { man = 1, queen = 9 } } }
