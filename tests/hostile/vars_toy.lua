-- The toy game of variables and hands for the vars_position_*.case inputs
-- (drops from hands, a cell, an integer, a per-player integer, a flag).
-- Its own run: a random game whose positions carry them.
-- exit: 0
-- stdout: game over
-- within: 30
return game {
  name = "vars test",
  board = grid { width = 3, height = 3 },
  pieces = { "man", "king" },
  vars = { ko = { cell = true }, phase = { min = 0, max = 2 }, passes = { min = 0, max = 9, per_player = true }, done = { flag = true } },
  hands = { man = { 2, 1 }, king = { 1, 0 } },
  moves = function(s)
    local t = {}
    for i = 1, s:size() do
      if s:get(i) == 0 then
        if s:hand(s:to_move(), "man") > 0 then t[#t + 1] = s:drop(i, "man") end
        if s:hand(s:to_move(), "king") > 0 then t[#t + 1] = s:drop(i, "king") end
      end
    end
    if #t == 0 then t[1] = "pass" end
    return t
  end,
  play = function(s, m)
    if m == "pass" then
      s:set_var("passes", s:to_move(), s:var("passes", s:to_move()) + 1)
      return
    end
    s:apply(m)
    s:set_var("ko", m.to)
    s:set_var("phase", math.min(2, s:var("phase") + 1))
    s:set_var("done", s:hand(1, "man") + s:hand(2, "man") == 0)
  end,
  ends = function(s) if s:var("passes", 1) + s:var("passes", 2) >= 2 then return 0 end end,
}
