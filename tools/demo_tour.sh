#!/bin/sh
# demo_tour.sh TAVOLA: one game of every included ruleset, an engine (player 1)
# against a random player, one line each: how it ended. Budgets are counts
# (iterations, depth), not milliseconds, so every machine, loaded or not,
# prints the same games.
set -eu
TAVOLA=${1:?usage: demo_tour.sh path/to/tavola}
MCTS=mcts:iterations=2000
# Where random playouts are long (Hasami Shogi's average about 2,300 plies,
# Lines of Action's draw out) or run Lua hooks every ply (Brandubh: 2,000
# iterations a move took 8 minutes a game; chess's random games run 344
# plies, mostly to a draw), MCTS at this budget is slow or weak: those show
# alpha-beta over the ruleset's evaluation instead.
engine() {
  case $1 in
    hasami_shogi|lines_of_action) echo alphabeta:depth=3 ;;
    brandubh) echo alphabeta:depth=2 ;;
    chess) echo alphabeta:depth=3 ;;
    *) echo $MCTS ;;
  esac
}
echo
echo "== a game of every included ruleset: an engine (player 1) against random, seed 2026"
for name in $("$TAVOLA" list | awk '/^[a-z]/ { print $1 }'); do
  p1=$(engine "$name")
  last=$("$TAVOLA" play "$name" --p1 "$p1" --p2 random --seed 2026 | tail -1)
  printf '%-16s %-18s %s\n' "$name" "$p1" "$last"
done
