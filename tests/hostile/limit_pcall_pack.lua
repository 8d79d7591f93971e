-- A refused allocation inside a C function called through a Lua helper is
-- the memory limit too: pcall cannot catch it and the ruleset cannot go on
-- (the error's own message used to clear the mark of the refusal).
-- limits: load_ms=none,hook_ms=none
-- stderr: memory limit of 33554432 bytes exceeded
local function call(f, ...) return f(...) end
local ok, e = pcall(call, string.pack, "c2147483647", "x")
local t = {} for i = 1, 1e6 do t[i] = i end
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }
