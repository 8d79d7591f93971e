-- A slide's maximum is bounded by the board's longest line: a huge one is
-- refused, with the field's name.
-- stderr: pieces_slide_max.lua:5: slide.max: expected an integer 1..26
local o = 'x'
local s = slide { directions = 'orthogonal', max = 100000 }
return game { name = 'T', board = grid { width = 3, height = 3 }, setup = { 'o..', '...', '..' .. o },
  moves = move { stone = s }, ends = 'no_move' }
