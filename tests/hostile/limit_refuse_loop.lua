-- A refuse hook that never returns is stopped by the hook's instruction
-- limit, and the move fails with that error instead of hanging.
-- run: play {} --moves "a1 c3"
-- stderr: refuse hook:
-- stderr: limit_refuse_loop.lua:8:
return game { name = 'L', board = grid { width = 3, height = 3 },
  moves = function(s) if s:ply() == 0 then return s:empties() end return 'b1' end,
  refuse = function(s, m) while true do end end,
  ends = 'board_full' }
