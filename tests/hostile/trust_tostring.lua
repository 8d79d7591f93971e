-- A bad value is described without running its __tostring.
-- stderr: trust_tostring.lua:4: game.board: grid.width: expected an integer 1..26, got table
local t = setmetatable({}, { __tostring = function() while true do end end })
return game { name = 'T', board = { kind = 'grid', width = t, height = 3 }, moves = place {}, ends = 'board_full' }
