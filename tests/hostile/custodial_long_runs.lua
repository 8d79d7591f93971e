-- The largest captures the bound allows, move after move on the largest
-- board, and no capture target: every run is walked at most max + 1 cells,
-- each move's changes fit its undo record, and the move limit ends the game.
-- run: match {} --p1 random --p2 random --games 2 --seed 7
-- exit: 0
return game { name = 'T', board = grid { width = 26, height = 26 },
  moves = place { custodial = custodial { directions = 'orthogonal', count = { 1, 15 } } }, ends = 'board_full' }
