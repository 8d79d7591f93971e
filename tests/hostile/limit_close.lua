-- A to-be-closed variable's __close does not get to run on after a limit.
-- Either limit may stop it: the command cannot lift its 10 s load clock (2 s for a
-- hook), and on a slow machine the clock can come first. test_limits.c names each
-- limit with the others out of reach.
-- stderr: limit_close.lua:
-- stderr: exceeded (the ruleset ran too long)
local ok = pcall(function()
  local x <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
end)
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
