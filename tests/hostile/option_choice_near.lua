-- A word that is not among an option's choices, however near (a trailing
-- comma, another case), is refused by the loader with the choices named,
-- before the ruleset's own lookup runs (which would index a table with it).
-- run: perft {} 1 -o style=bold, -o flag=true
-- exit: 1
-- stderr: option_choice_near.lua:7: option style: expected plain or bold, got 'bold,'
local o = options {
  style = { default = "plain", choices = { "plain", "bold" } },
  flag  = { default = false },
}
local styles = { plain = 1, bold = 2 }
error("the ruleset's own code ran with style " .. tostring(styles[o.style]))
