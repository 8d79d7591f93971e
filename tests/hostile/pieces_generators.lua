-- The generators of all kinds together are bounded (the move search loops
-- over them for every piece): 9 for one kind and 9 for another are too many.
-- stderr: more than 16 generators in all
local gens = {}
for i = 1, 9 do gens[i] = step { directions = 'forward' } end
return game { name = 'T', board = grid { width = 3, height = 3 }, pieces = { 'pawn', 'queen' },
  setup = { 'ppp', '...', 'PPQ' }, moves = move { pawn = gens, queen = gens }, ends = 'no_move' }
