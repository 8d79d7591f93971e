-- A leap's offsets are a bounded list (the move search loops over them for
-- every piece): 17 are refused where they are written.
-- stderr: pieces_leap_offsets.lua:7:
-- stderr: leap.offsets: expected 1..16 entries, got 17
local offsets = {}
for i = 1, 17 do offsets[i] = { i % 5 + 1, 1 } end
local knight = leap { offsets = offsets }
return game { name = 'T', board = grid { width = 3, height = 3 }, setup = { 'x..', '...', '..o' },
  moves = move { stone = knight }, ends = 'no_move' }
