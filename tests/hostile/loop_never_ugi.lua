-- UGI on a game that never ends: "go infinite" then "stop" answers with a
-- move at once, and isready and quit are answered (stop joined a search
-- thread whose playouts never ended).
-- run: ugi {}
-- stdin: loop_never_ugi.txt
-- exit: 0
-- stdout: bestmove
-- stdout: readyok
-- within: 30
return game {
  name = "NeverUgi",
  board = grid { width = 3, height = 3 },
  moves = function(s) return { 1, 2 } end,
  play = function(s, m) end,
  ends = function(s) return nil end,
}
