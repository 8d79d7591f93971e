-- table.concat of a big range is charged per element before it runs.
-- stderr: libwork_concat.lua:3: instruction limit of 50000000 exceeded
local s = table.concat({}, ',', 1, 1 << 40)
