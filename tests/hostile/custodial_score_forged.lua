-- A position string's captured counts are read as counts: one near INT32_MAX,
-- which the next capture would make wrap, is refused.
-- run: show {dir}/../../rulesets/pente.lua -o size=7 --position '......./......./......./......./......./......./xoo.... 1 - 3 2147483647,0'
-- stderr: position: scores 2147483647,0 must be two captured counts 0..1073741823
return nil
