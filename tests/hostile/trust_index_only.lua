-- Fields that exist only through __index are missing: C reads tables raw.
-- stderr: trust_index_only.lua:4: grid.width: required field is missing
local g = setmetatable({}, { __index = function() return 3 end })
return game { name = 'T', board = grid(g), moves = place {}, ends = 'board_full' }
