-- A refuse hook's reason reaches the player bounded and printable: a
-- megabyte of text with escape sequences comes out as 200 characters, the
-- control characters as '?'.
-- run: play {} --moves "a1 c3"
-- stderr: move 2 'c3' refused: c3: ?[2J?[31m
return game { name = 'R', board = grid { width = 3, height = 3 },
  moves = function(s) if s:ply() == 0 then return s:empties() end return 'b1' end,
  refuse = function(s, m) return string.rep('\027[2J\027[31m', 100000) end,
  ends = 'board_full' }
