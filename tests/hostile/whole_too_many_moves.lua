-- 679 whole moves, one more than a game lists without declaring max_moves:
-- the hook's error says the bound and how to raise it.
-- stderr: moves hook: more than 678 moves (game { max_moves = N } declares up to 8192)
-- within: 30
return game {
  name = "WholeTooMany",
  board = grid { width = 26, height = 26 },
  pieces = { "man" },
  moves = function(s)
    local t = {}
    for from = 1, 2 do
      for to = 1, 676 do
        if to ~= from and #t < 679 then t[#t + 1] = s:move(from, to) end
      end
    end
    return t
  end,
  ends = function(s) if s:ply() >= 4 then return 0 end end,
}
