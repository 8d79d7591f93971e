-- A graph board's blocks are its cells that are no points: blocks given besides are refused.
-- stderr: blocks: a graph board's blocks are the cells that are not its points
return game {
  name = "Blocked graph", players = { "White", "Black" },
  board = graph { width = 3, height = 3, lines = { "a1 b1 c1", "a1 a2 a3" } },
  blocks = { cells = { "c3" } },
  pieces = { "man" }, hands = { man = { 3, 3 } },
  moves = mills { fly = 0 }, no_move = "loses", ends = "no_move",
}
