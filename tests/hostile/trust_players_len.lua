-- Player names behind a __len and __index are not names.
-- stderr: trust_players_len.lua:4: game.players: expected two names
local p = setmetatable({}, { __len = function() return 2 end, __index = function() return 'X' end })
return game { name = 'T', players = p, board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
