-- Seventeen variables: at most sixteen, refused when the ruleset loads.
-- stderr: game.vars: at most 16 variables
-- within: 30
local v = {}
for i = 1, 17 do v["v" .. i] = { flag = true } end
return game {
  name = "VarsTooMany",
  board = grid { width = 3, height = 3 },
  vars = v,
  ends = "board_full",
}
