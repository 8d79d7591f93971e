local s = ("ab"):rep(50)
local n = select(2, s:gsub("(a)(b)", "%2%1"))
for w in s:gmatch("%a%a") do n = n + #w end
assert(s:find("^(a-)b") and s:match("%f[%a]%w+"))
local t = {} for i = 1, 20 do t[i] = -i end table.sort(t) table.insert(t, 1, 0) table.remove(t) table.move(t, 1, 5, 2)
return game { name = s:sub(1, 4), board = grid { width = 3, height = 3 }, ends = "board_full" }
