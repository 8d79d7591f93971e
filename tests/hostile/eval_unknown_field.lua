-- evaluate{} is checked like every table: a misspelt field is refused at the
-- line of game{}, naming the fields there are.
-- stderr: eval_unknown_field.lua:4: game.evaluate: unknown field 'mobilty' (fields: material, advancement, centre, mobility, mobile, score, open_lines, connection, two_distance, two_distance_cells, corners, stable)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {},
  goal = line { length = 3 }, ends = 'board_full', evaluate = { mobilty = 1 } }
