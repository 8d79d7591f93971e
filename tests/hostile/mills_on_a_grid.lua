-- Mills need a graph board: their men move along its links.
-- stderr: game.moves: mills { ... } needs a graph { ... } board
return game {
  name = "Grid mills", players = { "White", "Black" },
  board = grid { width = 3, height = 3 },
  pieces = { "man" }, hands = { man = { 3, 3 } },
  moves = mills { fly = 0 }, no_move = "loses", ends = "no_move",
}
