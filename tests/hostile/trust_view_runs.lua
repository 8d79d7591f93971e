-- s:runs reads its points raw and bounded.
-- stderr: trust_view_runs.lua:6: runs: expected 0..26 points, got 1000
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full',
  score = function(s)
    local p = {} for i = 1, 1000 do p[i] = 1 end
    return s:runs(p)
  end }
