-- utf8 functions over a long string are charged.
-- limits: load_ms=none
-- stderr: libwork_utf8.lua:7:
-- stderr: instruction limit of 50000000 exceeded
-- stderr: exceeded (the ruleset ran too long)
local a = ('x'):rep(4 << 20)
while true do local n = utf8.len(a) end
