-- numbers a hook returns that are no whole moves of the board, after good ones
local bad = { 1024, 3 << 21, (1 << 29) | (4 << 10), (1 << 29) | (156864 << 10), (1 << 20) | 5 | (5 << 10),
  0x7fffffff, 2^31, -1, 0, 1.5, 'a1-a3xa1', 'a1xb1', 'K@', (1 << 30) | 1 | (1 << 10) | (1 << 20) }
return game { name = 'F', board = grid { width = 7, height = 7 }, pieces = { 'man', 'king' },
  setup = { '.......', '.......', '.......', '.......', '.......', '.m.....', 'M......' },
  moves = function(s)
    if s:ply() < 2 then return s:move(s:ply() == 0 and 'a1' or 'b2', s:ply() == 0 and 'a2' or 'b3') end
    return s:drop(9), bad[s:ply() % #bad + 1]
  end,
  play = function(s, m) if type(m) == 'table' and m.shape == 'move' then s:apply(m) else s:place(m) end end,
  ends = function(s) if s:ply() >= 30 then return 0 end end }
