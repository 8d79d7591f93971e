-- table.unpack of a long list, again and again.
-- Whichever limit comes first stops it (the time limit, under ASan on a loaded machine).
-- stderr: libwork_unpack.lua:7:
-- stderr: limit of 
-- stderr: exceeded (the ruleset ran too long)
local t = {} for i = 1, 100000 do t[i] = i end
while true do local n = select('#', table.unpack(t)) end
