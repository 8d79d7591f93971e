-- Move text with an arrow off the board, two arrows, or an arrow without a
-- move is refused as text, and nothing is played.
-- run: play {dir}/../../rulesets/amazons.lua --moves 'd1-d7/k11'
-- stderr: is not a move
return nil
