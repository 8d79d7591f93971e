-- A to-be-closed variable's __close does not get to run on after a limit.
-- stderr: instruction limit of 50000000 exceeded
local ok = pcall(function()
  local x <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
