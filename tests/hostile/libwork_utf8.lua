-- utf8 functions over a long string are charged.
-- Whichever limit comes first stops it (the time limit, under ASan on a loaded machine).
-- stderr: libwork_utf8.lua:7:
-- stderr: limit of 
-- stderr: exceeded (the ruleset ran too long)
local a = ('x'):rep(4 << 20)
while true do local n = utf8.len(a) end
