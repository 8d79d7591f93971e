-- table.unpack of a long list, again and again.
-- stderr: libwork_unpack.lua:4: instruction limit of 50000000 exceeded
local t = {} for i = 1, 100000 do t[i] = i end
while true do local n = select('#', table.unpack(t)) end
