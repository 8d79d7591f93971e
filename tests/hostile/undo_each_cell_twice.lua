-- undo_whole_board.lua's game, its play hook writing every cell twice (the
-- cell played three times): 1353 writes a move, more than twice the largest
-- board. An undo record keeps a cell on its first write in a move only, so it
-- never fills; perft in undo_each_cell_twice_perft.case.
-- exit: 0
-- stdout: game over: draw
return game {
  name = "EachCellTwice",
  board = grid { width = 26, height = 26 },
  moves = function(s)
    local list, want = {}, s:ply() % 3
    for c = 1, s:size() do
      if s:get(c) == want then list[#list + 1] = c end
    end
    return list
  end,
  play = function(s, m)
    for c = 1, s:size() do
      local v = s:get(c)
      s:set(c, (v + 2) % 3)
      s:set(c, (v + 1) % 3)
    end
    s:set(m, 3)
  end,
  ends = function(s) if s:ply() >= 4 then return 0 end end,
}
