local function near(s, c) return s:get(c) == 0 end
return game { name = 'H', board = grid { width = 4, height = 4 },
  moves = function(s) local t = {} for c = 1, s:size() do if near(s, c) then t[#t + 1] = s:name(c) end end return t end,
  score = function(s) return s:runs({0, 1, 3, 9}, 'hvd') end,
  ends = { 'board_full', function(s) if s:ply() > 9 then return (s:ply() % 3) end end } }
