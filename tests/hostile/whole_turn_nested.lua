-- A turn whose part is itself a turn: the hook's error, naming why.
-- run: perft {} 1
-- stderr: part 2 of the turn is a turn itself
-- within: 30
return game {
  name = "WholeTurnNested",
  board = grid { width = 5, height = 5 },
  pieces = { "man" },
  setup = { ".....", ".....", ".....", ".....", "M...." },
  moves = function(s)
    local step = s:move(1, 2)
    return s:turn(step, s:turn(step, 3))
  end,
  play = function(s, m) end,
  ends = function(s) if s:ply() > 2 then return 0 end end,
}
