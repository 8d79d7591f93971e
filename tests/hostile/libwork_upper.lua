-- a:upper() on a 4 MB string in a loop is charged by the byte.
-- limits: load_ms=none
-- stderr: libwork_upper.lua:7:
-- stderr: instruction limit of 50000000 exceeded
-- stderr: exceeded (the ruleset ran too long)
local a = ('x'):rep(4 << 20)
while true do local b = a:upper() end
