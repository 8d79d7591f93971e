-- Hooks whose game never ends (two moves that change nothing, no end):
-- MCTS and alpha-beta keep to their time, and the move limit ends the game.
-- run: play {} --p1 mcts:ms=100 --p2 alphabeta:ms=100
-- exit: 0
-- stdout: game over: draw, the move limit of 40 plies was reached
-- within: 60
return game {
  name = "NeverHooks",
  max_plies = 40,
  board = grid { width = 3, height = 3 },
  moves = function(s) return { 1, 2 } end,
  play = function(s, m) end,
  ends = function(s) return nil end,
}
