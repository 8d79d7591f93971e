-- A TAVOLA_LIMITS the command cannot read is a usage error, named, before any
-- ruleset is loaded.
-- limits: load_ms=1,hook_ms=-5
-- exit: 2
-- stderr: tavola: TAVOLA_LIMITS: not a limit: '-5'
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
