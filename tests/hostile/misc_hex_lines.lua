-- A hex board's cells have six neighbours: a square grid's k-in-a-row
-- directions mean nothing there, and the ruleset is refused at load with a
-- message, not played with lines that cross hexagons' corners.
-- run: play {} --p1 random --p2 random
-- exit: 1
-- stderr: misc_hex_lines.lua:
-- stderr: hex board: only stones placed on cells
return game { name = 'Hex lines', board = hex { size = 9 }, moves = place {},
  goal = line { length = 5, directions = 'hvd' } }
