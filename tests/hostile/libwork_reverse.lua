-- string.reverse and lower too.
-- stderr: libwork_reverse.lua:4: instruction limit of 50000000 exceeded
local a = ('x'):rep(4 << 20)
while true do local b = a:reverse():lower() end
