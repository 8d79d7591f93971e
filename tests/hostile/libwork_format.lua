-- string.format over a long string in a loop is charged.
-- stderr: libwork_format.lua:4: instruction limit of 50000000 exceeded
local a = ('x'):rep(4 << 20)
while true do local b = string.format('%s', a) end
