-- Tables a ruleset makes as large as it likes: a list of 100,000 open-line
-- weights is refused by its length, before a loop runs over it. (Not a
-- million: building that took a good part of the command's 10 s load clock
-- on a slow machine.)
-- stderr: game.evaluate.open_lines: expected 1..3 entries, got 100000
-- within: 30
local w = {}
for i = 1, 100000 do w[i] = 1 end
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {},
  goal = line { length = 3 }, ends = 'board_full', evaluate = { open_lines = w } }
