-- A ruleset cannot reach the host's files: io is not there.
-- stderr: limit_no_io.lua:4: attempt to index a nil value (global 'io')
-- exit: 1
local f = io.open('/etc/passwd')
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
