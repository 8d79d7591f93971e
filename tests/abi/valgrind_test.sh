#!/bin/sh
# valgrind memcheck (no invalid access, no leak) on the tavola command and the
# example host: listing, playing pahtum and tihbat with --json, perft with a
# hook ruleset, solving tic-tac-toe, a short match (recorded and replayed), a
# UGI session, and the host playing every ruleset through the shared library.
# usage: sh tests/abi/valgrind_test.sh "valgrind --error-exitcode=1 ..." BUILD_DIR
set -u
VG=$1
B=${2:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

vg() {
  name=$1; shift
  if $VG --log-file="$tmp/vg.log" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL (valgrind): $name: $*"; cat "$tmp/vg.log"; head -c 600 "$tmp/err"
  fi
}

vg list "$B/tavola" list
vg play_pahtum "$B/tavola" play pahtum -o holes=a1,b2,c3 --moves "d4 e4 f4 d5 e5" --json
vg play_tihbat "$B/tavola" play tihbat --moves "a1 a2 b1" --json
vg perft_notakto "$B/tavola" perft notakto 4
vg perft_kalah "$B/tavola" perft kalah 3
vg solve "$B/tavola" solve tictactoe
vg match "$B/tavola" match tictactoe --p1 greedy --p2 random --games 4 --seed 3 --record "$tmp/m.rec"
vg replay "$B/tavola" replay "$tmp/m.rec"
# A broken ruleset exits 1 by design: then only valgrind's own report counts.
$VG --log-file="$tmp/vg.log" "$B/tavola" play tests/bad_rulesets/broken.lua --moves "a1" >/dev/null 2>&1
if [ -s "$tmp/vg.log" ]; then failed=$((failed + 1)); echo "FAIL (valgrind): broken ruleset"; cat "$tmp/vg.log"
else passed=$((passed + 1)); fi
if $VG --log-file="$tmp/vg.log" "$B/tavola" ugi tictactoe <tests/cli/ugi/session.txt >"$tmp/out" 2>&1; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); echo "FAIL (valgrind): ugi session"; cat "$tmp/vg.log"
fi
vg host "$B/host" "$B/libtavola.so.1"

echo "valgrind: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
