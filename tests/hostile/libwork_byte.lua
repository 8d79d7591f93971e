-- string.byte over a long string, again and again.
-- stderr: libwork_byte.lua:4: instruction limit of 50000000 exceeded
local a = ('x'):rep(100000)
while true do local n = select('#', a:byte(1, -1)) end
