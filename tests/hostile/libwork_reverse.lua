-- string.reverse and lower too.
-- limits: load_ms=none
-- stderr: libwork_reverse.lua:7:
-- stderr: instruction limit of 50000000 exceeded
-- stderr: exceeded (the ruleset ran too long)
local a = ('x'):rep(4 << 20)
while true do local b = a:reverse():lower() end
