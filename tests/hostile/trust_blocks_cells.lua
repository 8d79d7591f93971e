-- A list of block cells longer than the board is refused before the loop.
-- stderr: trust_blocks_cells.lua:5: game.blocks.cells: expected 0..9 entries, got 1000
local cells = {}
for i = 1, 1000 do cells[i] = 'a1' end
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, blocks = { cells = cells }, ends = 'board_full' }
