-- TAVOLA_LIMITS tightens the sandbox for every ruleset the command loads: a
-- host running strangers' rulesets gives them 1,000 instructions to load.
-- limits: load_steps=1000,load_ms=none,hook_ms=none
-- stderr: limits_env_tight.lua:6: instruction limit of 1000 exceeded (the ruleset ran too long)
local n = 0
for i = 1, 100000 do n = n + i end
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
