#!/bin/sh
# demo_tour.sh TAVOLA: one game of every included ruleset, MCTS (30 ms a move)
# against a random player, one line each: how it ended.
set -eu
TAVOLA=${1:?usage: demo_tour.sh path/to/tavola}
echo
echo "== a game of every included ruleset: mcts:ms=30 (player 1) against random"
for name in $("$TAVOLA" list | awk '/^[a-z]/ { print $1 }'); do
  last=$("$TAVOLA" play "$name" --p1 mcts:ms=30 --p2 random --seed 2026 | tail -1)
  printf '%-16s %s\n' "$name" "$last"
done
