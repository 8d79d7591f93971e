-- A graph board whose line passes a point twice is refused at load, naming the line.
-- stderr: graph: line 2 passes a point twice
return game {
  name = "Bad graph", players = { "White", "Black" },
  board = graph { width = 3, height = 3, lines = { "a1 b1 c1", "a2 b2 a2" } },
  pieces = { "man" }, hands = { man = { 3, 3 } },
  moves = mills { fly = 0 }, no_move = "loses", ends = "no_move",
}
