-- A graph board of more than 64 lines is refused before any is read.
-- stderr: graph.lines: expected 1..64 entries, got 65
local lines = {}
for i = 1, 65 do lines[i] = "a1 b1" end
return game {
  name = "Bad graph", players = { "White", "Black" },
  board = graph { width = 3, height = 3, lines = lines },
  pieces = { "man" }, hands = { man = { 3, 3 } },
  moves = mills { fly = 0 }, no_move = "loses", ends = "no_move",
}
