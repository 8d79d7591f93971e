-- A to-be-closed variable's __close does not get to run on after a limit.
-- The clock is out of reach (no machine is slow enough to matter):
-- limits: load_ms=none,hook_ms=none
-- stderr: instruction limit of 50000000 exceeded
-- stderr: limit_close.lua:
-- stderr: exceeded (the ruleset ran too long)
local ok = pcall(function()
  local x <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
