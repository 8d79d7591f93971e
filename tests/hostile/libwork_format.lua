-- string.format over a long string in a loop is charged.
-- limits: load_ms=none
-- stderr: libwork_format.lua:7:
-- stderr: instruction limit of 50000000 exceeded
-- stderr: exceeded (the ruleset ran too long)
local a = ('x'):rep(4 << 20)
while true do local b = string.format('%s', a) end
