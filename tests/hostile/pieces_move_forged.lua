-- Move text naming a chain longer than any move can hold is refused as text,
-- whatever the position.
-- run: play {dir}/../../rulesets/checkers.lua --moves 'a1xc3xa5xc7xe5xg3xe1xc3xa5xc7xe5xg3xe1xc3xa5xc7xe5xg3xe1xc3xa5xc7xe5xg3xe1xc3xa5xc7xe5xg3xe1xc3xa5xc7'
-- stderr: is not a move
return nil
