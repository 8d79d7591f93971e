-- A forged grid with a huge width.
-- stderr: trust_grid_forged.lua:3: game.board: grid.width: expected an integer 1..26, got 1000000000
return game { name = 'T', board = { kind = 'grid', width = 1000000000, height = 3 },
  moves = place {}, ends = 'board_full' }
