#!/bin/sh
# Evaluation as data through the command: alpha-beta opens Connect Four in
# the centre column at every small depth (it played column a while every
# position it stopped at scored 0), it beats random at the games of pieces,
# whose from-to moves it and MCTS take, and a ruleset's evaluate{} mistake
# is refused at its file:line.
# usage: sh tests/cli/eval_test.sh path/to/tavola
set -u
TAVOLA=${1:-build/tavola}
. "$(dirname "$0")/lib.sh"

for d in 1 2 3 4 5; do
  first=$("$TAVOLA" play connect4 --p1 alphabeta:depth=$d --p2 random --seed 7 2>&1 | grep -m1 ' plays ')
  [ "$first" = "Red plays d" ] && ok || bad "connect4 alphabeta:depth=$d opens with '$first'"
done
# As player 2 too: after a, alpha-beta answers in the centre.
reply=$("$TAVOLA" play connect4 --p1 random --p2 alphabeta:depth=4 --seed 7 2>&1 | grep -m1 'Yellow plays ')
[ "$reply" = "Yellow plays d" ] && ok || bad "connect4 alphabeta:depth=4 as player 2: '$reply'"

# wins RULESET P1 N [MIN]: P1 wins all N games (or MIN) against random,
# sides swapped; seeded, so the same every run.
wins() {
  if "$TAVOLA" match "$1" --p1 "$2" --p2 random --games "$3" --seed 11 --swap-sides --json >"$tmp/m.json" 2>"$tmp/err"; then
    w=$(grep -o '"wins":[0-9]*' "$tmp/m.json" | head -1 | cut -d: -f2)
    [ "$w" -ge "${4:-$3}" ] && ok || bad "$1: $2 won $w of $3 against random"
  else
    bad "$1: $2: the match failed: $(head -c 300 "$tmp/err")"
  fi
}
wins breakthrough alphabeta:depth=2 6
wins checkers alphabeta:depth=2 6
wins clobber alphabeta:depth=3 6 3  # Clobber's counts tell search little: it needs depth (README)
wins clobber mcts:iterations=300 4
wins connect4 alphabeta:depth=4 6
wins breakthrough mcts:iterations=300 4
wins checkers mcts:iterations=300 4

# A mistake in evaluate{} is refused at the line of game{}.
cat >"$tmp/bad.lua" <<'LUA'
-- a comment line
return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {},
  goal = line { length = 3 }, ends = 'board_full', evaluate = { open_lines = { 1, 5, 9, 9 } } }
LUA
if "$TAVOLA" perft "$tmp/bad.lua" 1 >/dev/null 2>"$tmp/err"; then bad "a bad evaluate{} loaded"
else grep -q 'bad.lua:2: game.evaluate.open_lines: expected 1..3 entries, got 4' "$tmp/err" && ok ||
  bad "bad evaluate{}: $(cat "$tmp/err")"; fi

finish eval
