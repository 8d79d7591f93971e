-- A custodial capture's run length is bounded so that one move's changes fit
-- an undo record: eight directions of up to 24 pieces on a 26x26 board are
-- refused when the ruleset loads, not met half-way through a move.
-- stderr: custodial: a move could change 194 cells, more than 64
return game { name = 'T', board = grid { width = 26, height = 26 },
  moves = place { custodial = custodial { directions = 'all', count = { 1, 24 } } }, ends = 'board_full' }
