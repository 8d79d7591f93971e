-- An arrow that would fly through a block is refused with the cell that
-- stops it: after d1-d7/d8 and a7-b7/a7, d7-d6/d9 meets the arrow on d8.
-- run: play {dir}/../../rulesets/amazons.lua --moves 'd1-d7/d8 a7-b7/a7 d7-d6/d9'
-- stderr: move 3 'd7-d6/d9' refused: d7-d6/d9: the arrow's way is blocked on d8
return nil
