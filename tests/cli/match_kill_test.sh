#!/bin/sh
# A match killed with TERM or KILL: its workers end with it, and its record
# holds only whole games. No timing is asserted: every wait polls for what it
# waits for, with a generous bound (BOUND seconds) that only a broken build
# reaches. The workers of the first case think for ten minutes a move, so a
# worker that does not end with its parent is still there at the bound.
# usage: sh tests/cli/match_kill_test.sh path/to/tavola
set -u
TAVOLA=${1:-build/tavola}
. "$(dirname "$0")/lib.sh"
BOUND=${BOUND:-120}
leftover=

# The children of process $1 (read from /proc: no pgrep by name).
children() {
  for s in /proc/[0-9]*/stat; do
    # pid (comm) state ppid ...: the fields after the last ')'.
    set -- "$1" $(sed 's/.*) //' "$s" 2>/dev/null)
    [ "${3:-}" = "$1" ] && echo "${s#/proc/}" | cut -d/ -f1
  done
}

# alive PID: the process exists and is not a zombie.
alive() {
  st=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)
  [ -n "$st" ] && [ "$st" != Z ]
}

# wait_for CMD...: polls CMD every 0.2 s until it succeeds (0) or BOUND s pass (1).
wait_for() {
  i=0
  while ! "$@"; do
    i=$((i + 1))
    [ $i -ge $((BOUND * 5)) ] && return 1
    sleep 0.2
  done
}

two_workers() { [ "$(children "$pid" | wc -l)" -ge 2 ]; }
none_alive() { for w in $workers; do alive "$w" && return 1; done; return 0; }
has_a_game() { grep -q '^\[Result' "$rec" 2>/dev/null; }

# killed SIG: a match whose workers are in their first move, killed with SIG.
killed() {
  rec=$tmp/think_$1.rec
  "$TAVOLA" match connect4 --p1 mcts:ms=600000 --p2 mcts:ms=600000 --games 4 --jobs 2 --record "$rec" \
    >/dev/null 2>&1 &
  pid=$!
  if ! wait_for two_workers; then bad "$1: the match started no two workers"; kill -KILL "$pid"; return; fi
  workers=$(children "$pid")
  kill -"$1" "$pid"
  wait "$pid" 2>/dev/null
  if wait_for none_alive; then ok; else
    bad "$1: workers $(for w in $workers; do alive "$w" && echo "$w"; done | tr '\n' ' ')outlived their match"
    leftover="$leftover $workers"
  fi
}

# whole SIG: a match that has recorded a game, killed with SIG; then its
# record replays whole (after KILL, once the next match --record on the file
# has cut a record the kill may have landed in the middle of).
whole() {
  rec=$tmp/whole_$1.rec
  "$TAVOLA" match connect4 --p1 mcts:iterations=300 --p2 random --games 100000 --jobs 2 --seed 3 \
    --record "$rec" >/dev/null 2>&1 &
  pid=$!
  workers=
  if ! wait_for has_a_game; then bad "$1: no game recorded"; kill -KILL "$pid"; return; fi
  workers=$(children "$pid")
  kill -"$1" "$pid"
  wait "$pid" 2>/dev/null
  wait_for none_alive || { bad "$1: workers outlived their match"; leftover="$leftover $workers"; }
  if [ "$1" = KILL ]; then
    "$TAVOLA" match connect4 --p1 random --p2 random --games 1 --seed 9 --record "$rec" >/dev/null 2>"$tmp/err" ||
      { bad "$1: the next match --record on the file failed: $(cat "$tmp/err")"; return; }
  fi
  if "$TAVOLA" replay "$rec" >"$tmp/out" 2>"$tmp/err"; then ok; else bad "$1: the record: $(cat "$tmp/err")"; fi
}

# kept: every game a match has written is in its record, whole, after KILL:
# the killed record holds K games and is, byte for byte, the record of the
# same match of K games played to its end (each game is one write as it
# ends; the disk sync comes later, which a kill cannot undo).
has_fifty_games() { n=$(grep -c '^\[Result' "$rec" 2>/dev/null); [ "${n:-0}" -ge 50 ]; }
kept() {
  full=$tmp/kept_full.rec rec=$tmp/kept_killed.rec
  "$TAVOLA" match connect4 --p1 mcts:iterations=30 --p2 random --games 400000 --seed 5 --record "$rec" >/dev/null 2>&1 &
  pid=$!
  if ! wait_for has_fifty_games; then bad "kept: fewer than 50 games recorded"; kill -KILL "$pid"; return; fi
  kill -KILL "$pid"
  wait "$pid" 2>/dev/null
  games=$(grep -c '^\[Result' "$rec")
  "$TAVOLA" match connect4 --p1 mcts:iterations=30 --p2 random --games "$games" --seed 5 --record "$full" >/dev/null 2>&1 ||
    { bad "kept: the match of $games games failed"; return; }
  if cmp -s "$full" "$rec"; then ok; else bad "kept: the killed record's $games games are not those of the match played to its end"; fi
}

killed TERM
killed KILL
whole TERM
whole KILL
kept
# Workers of a broken build are ours to end: by their ids.
for w in $leftover; do alive "$w" && kill -KILL "$w"; done
finish "match kill tests"
