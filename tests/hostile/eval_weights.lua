-- A weight is a number -1000..1000 to the hundredth: NaN (which every
-- comparison lets through) is refused.
-- stderr: game.evaluate.centre: expected a number -1000..1000, got
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {},
  goal = line { length = 3 }, ends = 'board_full', evaluate = { centre = 0 / 0 } }
