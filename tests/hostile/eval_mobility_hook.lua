-- Mobility counts the moves of both sides, through a moves hook too: the
-- hook's error inside the evaluation ends the search with its message, and
-- the command with status 1.
-- run: play {} --p1 alphabeta:depth=2 --p2 random --seed 1
-- stderr: asked for player 2's moves at an even ply
return game {
  name = 'T', board = grid { width = 3, height = 3 },
  moves = function(s)
    if s:ply() % 2 == 0 and s:to_move() == 2 then error("asked for player 2's moves at an even ply") end
    local out = {}
    for c = 1, 9 do if s:get(c) == 0 then out[#out + 1] = c end end
    return out
  end,
  goal = line { length = 3 }, ends = 'board_full',
  evaluate = { mobility = 1 },
}
