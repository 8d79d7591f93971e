-- every shape of whole move, the default effect (no play hook)
return game { name = 'W', board = grid { width = 6, height = 6 }, pieces = { 'man', 'king' },
  setup = { 'mmmmmm', '.m.m.m', '......', '......', 'M.M.M.', 'MMMMMM' },
  hands = { man = { 2, 2 }, king = { 1, 1 } },
  moves = function(s)
    local me, t = s:to_move(), {}
    local fwd = me == 1 and 6 or -6
    for _, from in ipairs({ s:pieces(me) }) do
      local to = from + fwd
      if to >= 1 and to <= 36 and s:owner(to) ~= me then
        if (me == 1 and to > 30) or (me == 2 and to < 7) then t[#t + 1] = s:move(from, to, 'king')
        else t[#t + 1] = s:move(from, to) end
      end
      local land = from + 2 * fwd
      if land >= 1 and land <= 36 and s:owner(from + fwd) == 3 - me and s:get(land) == 0 then
        t[#t + 1] = s:chain(from, land)
        if from % 6 ~= 0 and s:get(from + 1) == 0 then t[#t + 1] = s:take(from, from + 1, from + fwd) end
      end
    end
    for i = 1, 36 do
      if s:get(i) == 0 then
        if s:hand(me, 'man') > 0 then t[#t + 1] = s:drop(i) end
        if s:hand(me, 'king') > 0 and i % 5 == 0 then t[#t + 1] = s:drop(i, 'king') end
      end
    end
    if #t == 0 then return 'pass' end
    return t
  end,
  ends = { 'reach_far_row', function(s) if s:ply() >= 30 then return 0 end end } }
