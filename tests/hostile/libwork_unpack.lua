-- table.unpack of a long list, again and again.
-- limits: load_ms=none
-- stderr: libwork_unpack.lua:7:
-- stderr: instruction limit of 50000000 exceeded
-- stderr: exceeded (the ruleset ran too long)
local t = {} for i = 1, 100000 do t[i] = i end
while true do local n = select('#', table.unpack(t)) end
