-- A moves hook listing 8192 whole moves, the most any list may hold (game
-- { max_moves = 8192 }), each once: played at random and counted by perft
-- (whole_many_moves_perft.case); one more is refused in
-- whole_too_many_moves.lua.
-- exit: 0
-- stdout: game over: draw
-- within: 60
return game {
  name = "WholeMany",
  board = grid { width = 26, height = 26 },
  pieces = { "man" },
  max_moves = 8192,
  moves = function(s)
    local t, n = {}, 0
    for from = 1, 676 do
      for to = 1, 676 do
        if n == 8192 then return t end
        if to ~= from then n = n + 1; t[n] = s:move(from, to) end
      end
    end
  end,
  play = function(s, m) end,
  ends = function(s) if s:ply() >= 4 then return 0 end end,
}
