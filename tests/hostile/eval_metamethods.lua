-- Metamethods of evaluate's tables never run while C reads them: an __index
-- that loops is not seen, and alpha-beta plays with the raw weights.
-- run: play {} --p1 alphabeta:depth=3 --p2 random --seed 1
-- exit: 0
-- stdout: game over
local loop = { __index = function() while true do end end, __len = function() return 1 << 62 end }
local ev = setmetatable({ open_lines = setmetatable({ 1, 5 }, loop) }, loop)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {},
  goal = line { length = 3 }, ends = 'board_full', evaluate = ev }
