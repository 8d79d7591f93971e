-- string.reverse and lower too.
-- Whichever limit comes first stops it (the time limit, under ASan on a loaded machine).
-- stderr: libwork_reverse.lua:7:
-- stderr: limit of 
-- stderr: exceeded (the ruleset ran too long)
local a = ('x'):rep(4 << 20)
while true do local b = a:reverse():lower() end
