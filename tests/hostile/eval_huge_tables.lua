-- Tables a ruleset makes as large as it likes: a list of a million open-line
-- weights is refused by its length, before a loop runs over it.
-- stderr: game.evaluate.open_lines: expected 1..3 entries, got 1000000
-- within: 30
local w = {}
for i = 1, 1000000 do w[i] = 1 end
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {},
  goal = line { length = 3 }, ends = 'board_full', evaluate = { open_lines = w } }
