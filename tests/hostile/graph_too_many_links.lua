-- A point of a graph board linked to more than eight others is refused (the bound of a man's steps).
-- stderr: a point has at most 8 links
return game {
  name = "Bad graph", players = { "White", "Black" },
  board = graph { width = 5, height = 5, lines = { "a1 b1 c1" },
                  links = { "c3 a1", "c3 b1", "c3 c1", "c3 d1", "c3 e1", "c3 a2", "c3 b2", "c3 c2", "c3 d2" } },
  pieces = { "man" }, hands = { man = { 3, 3 } },
  moves = mills { fly = 0 }, no_move = "loses", ends = "no_move",
}
