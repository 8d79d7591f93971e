-- place{} changed after its constructor.
-- stderr: trust_place_mutated.lua:5: game.moves: place.swap_after: expected an integer 0..676, got -1
local p = place { swap_after = 3 }
p.swap_after = -1
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = p, ends = 'board_full' }
