-- Mills with no men in hand to place are refused at load.
-- stderr: mills: the men are placed from the hands
return game {
  name = "No hands", players = { "White", "Black" },
  board = graph { width = 3, height = 1, lines = { "a1 b1 c1" } },
  pieces = { "man" },
  moves = mills { fly = 0 }, no_move = "loses", ends = "no_move",
}
