-- utf8 functions over a long string are charged.
-- stderr: libwork_utf8.lua:4: instruction limit of 50000000 exceeded
local a = ('x'):rep(4 << 20)
while true do local n = utf8.len(a) end
