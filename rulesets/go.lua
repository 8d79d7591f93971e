-- Go, with area scoring (Chinese and Tromp-Taylor counting): Black (player 1)
-- moves first on an empty board. A stone goes on an empty point; the enemy
-- groups (stones joined through their four sides) it leaves without a
-- liberty (an empty point beside them) are taken off. A move that would
-- leave its own group without a liberty is a suicide: illegal (or, with
-- suicide=true, it takes the group off). Simple ko: a lone stone that has
-- just taken a lone stone may not be taken back at once (the position
-- string carries the ko point). Either player may pass; two passes in a row
-- end the game, as does the move limit of 2 x size x size plies (OpenSpiel's),
-- and both are scored by area: each side's stones plus the empty regions
-- only its stones border; komi goes to White; the higher total wins, equal
-- totals (a whole komi) draw. Dead stones are not agreed on: what is on the
-- board counts, so games are played out (as computer Go and Tromp-Taylor do).
-- superko=true adds positional superko: a stone may not recreate a board
-- seen before in the game (a pass always may; a position string starts the
-- history afresh).
local o = options {
  size = { default = 9, min = 2, max = 19, doc = "the board's side, 2..19 (9, 13 and 19 are the usual ones)" },
  komi = { default = 7.5, min = -100, max = 100, doc = "points added to White's area, in halves (7.5, 6, 0)" },
  suicide = { default = false, doc = "a suicide takes its own group off (New Zealand, Tromp-Taylor) instead of being illegal" },
  superko = { default = false, doc = "positional superko: a stone may not recreate any earlier board of the game" },
}

return game {
  name = "Go",
  description = string.format("Go on %dx%d: captures, simple ko, area scoring, komi %g", o.size, o.size, o.komi),
  players = { "Black", "White" },
  board = grid { width = o.size, height = o.size },
  moves = groups { pass = true, suicide = o.suicide, komi = o.komi, limit = 2 * o.size * o.size,
                   superko = o.superko },
  ends = "two_passes",
}
