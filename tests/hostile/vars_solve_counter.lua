-- A race kept in a variable alone (the cells never change): from c = 1
-- each move adds 1 (a1) or 2 (b1); whoever reaches 11 exactly wins, whoever
-- passes it loses. The player to move at c loses when (11 - c) % 3 == 0, so
-- player 1 wins by adding 1. Eighteen positions (c = 1..10, both sides,
-- those reachable), all with the same cells: a solver must tell them apart
-- by their variables. It compared cells, side and flags only, took a
-- position for another whose probe it met, found cycles where there are
-- none, and valued this game a draw.
-- run: solve {}
-- exit: 0
-- stdout: value for player 1 (Player 1): win
-- stdout: best moves for player 1: a1
-- within: 30
return game {
  name = "VarsRace",
  board = grid { width = 2, height = 1 },
  vars = { c = { min = 0, max = 20, start = 1 } },
  moves = function(s) return "a1", "b1" end,
  play = function(s, m) s:set_var("c", s:var("c") + m) end,
  ends = function(s)
    local c = s:var("c")
    if c == 11 then return 3 - s:to_move() end   -- the mover reached it
    if c > 11 then return s:to_move() end        -- the mover passed it
  end,
}
