-- A chunk a ruleset loads cannot claim another file's name in its errors.
-- stderr: trust_load_name.lua: (load):1: spoofed
local f = load("error('spoofed')", '@rulesets/pahtum.lua')
local ok, e = pcall(f)
error(e, 0)
