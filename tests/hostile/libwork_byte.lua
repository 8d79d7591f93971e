-- string.byte over a long string, again and again.
-- Whichever limit comes first stops it (the time limit, under ASan on a loaded machine).
-- stderr: libwork_byte.lua:7:
-- stderr: limit of 
-- stderr: exceeded (the ruleset ran too long)
local a = ('x'):rep(100000)
while true do local n = select('#', a:byte(1, -1)) end
