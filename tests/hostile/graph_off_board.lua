-- A graph board's point off its grid is refused, naming the point and the board.
-- stderr: graph.lines[1]: 'h1' is not a cell of this 7x7 board
return game {
  name = "Bad graph", players = { "White", "Black" },
  board = graph { width = 7, height = 7, lines = { "a1 d1 h1" } },
  pieces = { "man" }, hands = { man = { 3, 3 } },
  moves = mills { fly = 0 }, no_move = "loses", ends = "no_move",
}
