#!/bin/sh
# The UGI engine: a scripted session (malformed lines included) against its
# golden answers, "go infinite" ended by "stop", and whole games between two
# engines through tests/cli/ugi_referee.c.
# usage: sh tests/cli/ugi_test.sh path/to/tavola path/to/ugi_referee
set -u
TAVOLA=${1:-build/tavola}
REFEREE=${2:-build/ugi_referee}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# Times vary from run to run: they are blanked before the comparison.
"$TAVOLA" ugi tictactoe <tests/cli/ugi/session.txt 2>"$tmp/err" | sed 's/ time [0-9]*$/ time T/' >"$tmp/out"
if [ "${UPDATE:-0}" = 1 ]; then
  cp "$tmp/out" tests/cli/golden/ugi_session.txt; cp "$tmp/err" tests/cli/golden/ugi_session_err.txt
fi
if diff -u tests/cli/golden/ugi_session.txt "$tmp/out"; then ok; else bad "ugi session differs"; fi
# Every error is on stderr as well, and nothing else is.
if diff -u tests/cli/golden/ugi_session_err.txt "$tmp/err"; then ok; else bad "ugi session's stderr differs"; fi

# A search without limits stops when told, and answers isready meanwhile.
(echo "setoption name Player value mcts"; echo "position startpos"; echo "go infinite"; sleep 1
 echo "isready"; echo "stop"; echo "quit") | "$TAVOLA" ugi connect4 >"$tmp/inf" 2>&1
grep -q '^readyok' "$tmp/inf" && grep -q '^bestmove [a-g]$' "$tmp/inf" && ok || bad "go infinite/stop: $(cat "$tmp/inf")"

# Games between two engines, refereed through the protocol only.
game() {
  if "$REFEREE" "$TAVOLA" "$@" >"$tmp/ref" 2>&1; then ok; else bad "referee $*"; cat "$tmp/ref"; fi
}
game tictactoe greedy random "depth 1"
game tihbat solver greedy "depth 1"
game kalah "mcts:iterations=200" greedy "nodes 200"
game connect4 "alphabeta:depth=4" "mcts:iterations=300" "movetime 20"
game pahtum random "alphabeta:depth=1" "p1time 2000 p2time 2000 p1inc 10 p2inc 10"
game notakto "mcts:iterations=100" random "nodes 100"

echo "ugi: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
