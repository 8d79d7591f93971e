-- A moves hook that lists a move twice (d4, at ply 2) is refused where its
-- list is read, naming the hook and the move, by every player alike: random
-- play here; perft, MCTS and UGI in hook_twice_*.case. Random play and perft
-- once took the list (perft counted d4 twice), MCTS failed with "the legal
-- moves changed under a node" and UGI answered with a random move.
-- run: play {} --p1 random --p2 random
-- exit: 1
-- stderr: moves hook: d4 is listed twice (moves 14 and 15)
-- within: 30
return game {
  name = "HookTwice",
  board = grid { width = 4, height = 4 },
  moves = function(s)
    local list = {}
    for _, c in ipairs({ s:empties() }) do
      if c ~= 16 then list[#list + 1] = c end
    end
    if s:ply() == 2 then
      list[#list + 1] = 16
      list[#list + 1] = "d4"
    end
    return list
  end,
  play = function(s, m) s:place(m) end,
  ends = function(s) if s:empty() <= 1 then return 0 end end, -- d4 is never played
}
