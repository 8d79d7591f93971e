-- a:upper() on a 4 MB string in a loop is charged by the byte.
-- stderr: libwork_upper.lua:4: instruction limit of 50000000 exceeded
local a = ('x'):rep(4 << 20)
while true do local b = a:upper() end
