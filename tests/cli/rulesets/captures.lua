-- Captures by a play hook: a stone next to an opponent's stone (to its
-- right, or above it) takes that stone off the board for a point
-- (s:add_score), and the mover moves again. Only in the first 16 plies, so
-- the board fills. The scores are the hook's sums: no rule can recompute them.
return game {
  name = "Captures",
  description = "placing next to a stone of the opponent captures it, scores 1 and moves again",
  board = grid { width = 4, height = 4 },
  moves = place {},
  play = function(s, m)
    s:place(m)
    local c, w = type(m) == "number" and m or s:cell(m), s:width()
    if s:ply() >= 16 then return end
    for _, n in ipairs { c + 1, c + w } do
      if n <= s:size() and s:get(n) ~= 0 and s:get(n) ~= 3 and s:get(n) ~= s:get(c) then
        s:set(n, 0)
        s:add_score(s:to_move(), 1)
        return true
      end
    end
  end,
  ends = "board_full",
  winner = "higher_score",
}
