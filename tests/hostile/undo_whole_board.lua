-- A play hook that changes every cell of the largest board (26x26) in every
-- move: each cell turns 0 -> 1 -> 2 -> 0, and the cell played becomes a
-- block. The moves are the cells that hold ply % 3, so a cell that undo did
-- not give back would change the counts: perft 1 is 676, perft 2 676 * 675 =
-- 456300 (undo_whole_board_perft.case; alpha-beta's search in
-- undo_whole_board_alphabeta.case). Random play here. A move once changed at
-- most 64 cells: "play hook: ...: a move may change at most 64 cells".
-- exit: 0
-- stdout: game over: draw
return game {
  name = "WholeBoard",
  board = grid { width = 26, height = 26 },
  moves = function(s)
    local list, want = {}, s:ply() % 3
    for c = 1, s:size() do
      if s:get(c) == want then list[#list + 1] = c end
    end
    return list
  end,
  play = function(s, m)
    for c = 1, s:size() do s:set(c, (s:get(c) + 1) % 3) end
    s:set(m, 3)
  end,
  ends = function(s) if s:ply() >= 4 then return 0 end end,
}
