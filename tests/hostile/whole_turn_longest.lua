-- The longest text a turn can have: eight parts, each a chain of six jumps
-- on 26x26 (27 characters each, 223 with the seven '/'), listed by the hook
-- through s:turn and written by perft, play and the records; its play hook
-- leaves the board as it was, so the same turn is the only move again.
-- run: perft {} 2
-- exit: 0
-- stdout: perft 1 1
-- stdout: perft 2 1
-- within: 30
return game {
  name = "WholeTurnLongest",
  board = grid { width = 26, height = 26 },
  pieces = { "man" },
  moves = function(s)
    local parts = {}
    for i = 1, 8 do
      local row = 10 + (i % 2)                      -- rows 10 and 11: cells named with two digits
      local from = (row - 1) * 26 + 1               -- column a
      parts[i] = s:chain(from, from + 2, from + 4, from + 6, from + 8, from + 10, from + 12)
    end
    return s:turn(table.unpack(parts))
  end,
  play = function(s, m)
    if #m.parts ~= 8 or #s:text(m) ~= 8 * 27 + 7 then error("parts " .. #m.parts .. ", text " .. s:text(m)) end
  end,
  ends = function(s) if s:ply() >= 4 then return 0 end end,
}
