-- Flaky: a ruleset whose play hook fails in some games only, for the tests
-- of a match that goes on past a game's error (tests/cli/match_errors_test.sh).
-- Tic-tac-toe's board, filled to the end and scored by runs; the hook raises
-- an error when the centre is taken on the fifth move, another when a1 is
-- the last cell filled: with random players about one game in five fails,
-- which ones fixed by the match's seed.
return game {
  name = "Flaky",
  description = "3x3, filled to the end, runs score; the play hook fails now and then",
  board = grid { width = 3, height = 3 },
  moves = place {},
  score = runs { points = { 0, 1, 3 }, directions = "hv" },
  play = function(s, m)
    if s:ply() == 4 and s:name(m) == "b2" then error("the centre on move 5") end
    if s:ply() == 8 and s:name(m) == "a1" then error("a1 filled last") end
    s:place(m)
  end,
  ends = "board_full",
}
