-- string.byte over a long string, again and again.
-- limits: load_ms=none
-- stderr: libwork_byte.lua:7:
-- stderr: instruction limit of 50000000 exceeded
-- stderr: exceeded (the ruleset ran too long)
local a = ('x'):rep(100000)
while true do local n = select('#', a:byte(1, -1)) end
