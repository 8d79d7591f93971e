-- The largest hex board, where the flood fill of a placed stone's group is
-- longest (up to 676 cells, each visited once): a match of MCTS against
-- random ends every game with a winner, no draw, well within the timeout.
-- run: match {} --p1 mcts:iterations=50 --p2 random --games 4 --json
-- exit: 0
-- stdout: "draws":0
return game { name = 'Hex 26', board = hex { size = 26 }, moves = place {},
  goal = connect { sides = { 'rows', 'columns' } } }
