-- Material by kind given 100,000 keys: the first that is no kind stops
-- the read (the kinds are at most eight). (Not a million: building that took
-- a good part of the command's 10 s load clock on a slow machine.)
-- stderr: game.evaluate.material: 1 is not a kind of piece of this game (kinds: stone)
-- within: 30
local m = { stone = 1 }
for i = 1, 100000 do m[i] = 1 end
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {},
  goal = line { length = 3 }, ends = 'board_full', evaluate = { material = m } }
