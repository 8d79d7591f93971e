-- Metamethods on the tables given never run while C reads them: a __len of 2^62
-- and an __index that loops are not seen; the raw contents load and play.
-- exit: 0
-- stdout: game over
local points = setmetatable({ 0, 0, 3 }, { __len = function() return 1 << 62 end,
  __index = function() while true do end end })
local g = setmetatable({}, { __index = function(t, k) if k == 'width' then return 3 end return 3 end })
g.width, g.height = 3, 3
return game { name = 'T', board = grid(g), moves = place {}, score = runs { points = points }, ends = 'board_full' }
