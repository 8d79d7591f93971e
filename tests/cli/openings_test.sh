#!/bin/sh
# Varied openings in tavola match (--openings FILE, --random-plies N): each
# opening is played twice, the sides swapped; the same in any process,
# shard or --jobs; records replay; the tally says when games repeat (counted
# by start position and moves), and only then.
# usage: sh tests/cli/openings_test.sh path/to/tavola
set -u
TAVOLA=${1:-build/tavola}
. "$(dirname "$0")/lib.sh"

# run NAME CMD...: exit 0 expected; stdout in $tmp/out, stderr in $tmp/err.
run() {
  name=$1; shift
  if "$@" >"$tmp/out" 2>"$tmp/err"; then return 0; fi
  bad "$name: exit $?: $(head -c 300 "$tmp/err")"; return 1
}

# has NAME TEXT: $tmp/out holds TEXT.
has() {
  if grep -qF -- "$2" "$tmp/out"; then ok; else bad "$1: no '$2' in: $(cat "$tmp/out")"; fi
}

# lacks NAME TEXT: $tmp/out does not hold TEXT.
lacks() {
  if grep -qF -- "$2" "$tmp/out"; then bad "$1: '$2' in: $(cat "$tmp/out")"; else ok; fi
}

# fails NAME CODE TEXT CMD...: exit CODE, TEXT on stderr, nothing on stdout.
fails() {
  name=$1; code=$2; text=$3; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -ne "$code" ]; then bad "$name: exit $rc, expected $code: $(head -c 300 "$tmp/err")"; return; fi
  if ! grep -qF -- "$text" "$tmp/err"; then bad "$name: stderr lacks '$text': $(cat "$tmp/err")"; return; fi
  if [ -s "$tmp/out" ]; then bad "$name: printed to stdout: $(head -c 200 "$tmp/out")"; return; fi
  ok
}

# The moves line of each record in a file, one a line.
moves_of() { awk 'NF && $0 !~ /^\[/' "$1"; }

C4="connect4 --p1 alphabeta:depth=2 --p2 alphabeta:depth=3 --seed 1"

# Deterministic players, no openings: all 10 games are the 2 games of the
# two colours, and the tally says so (text and JSON).
run plain $TAVOLA match $C4 --games 10 --swap-sides && has plain "games repeat: 2 distinct of 10 played"
run plain_json $TAVOLA match $C4 --games 10 --swap-sides --json && has plain_json '"distinct_games":2,"games_played":10'

# Random plies: every pair starts elsewhere, so no game repeats and the tally
# says nothing of repeats.
run plies $TAVOLA match $C4 --games 10 --random-plies 4 --record "$tmp/plies.rec" &&
  lacks plies "games repeat" && lacks plies "distinct"
if [ "$(moves_of "$tmp/plies.rec" | sort -u | wc -l)" -eq 10 ]; then ok; else bad "plies: records repeat"; fi
# The two games of a pair share their first 4 plies; pairs differ there.
moves_of "$tmp/plies.rec" | cut -d' ' -f1-4 >"$tmp/heads"
if [ "$(sed -n 1p "$tmp/heads")" = "$(sed -n 2p "$tmp/heads")" ] &&
   [ "$(sed -n 3p "$tmp/heads")" = "$(sed -n 4p "$tmp/heads")" ] &&
   [ "$(sed -n 1p "$tmp/heads")" != "$(sed -n 3p "$tmp/heads")" ]; then ok
else bad "plies: pairs do not share their opening: $(head -4 "$tmp/heads" | tr '\n' '|')"; fi
# Sides swapped within a pair (the --p1 player moves second in odd games).
if grep -q 'P1 "alphabeta:depth=3"' "$tmp/plies.rec" && run plies_replay $TAVOLA replay "$tmp/plies.rec"; then ok
else bad "plies: sides not swapped or record not replayed"; fi
# The same games with --jobs and in shards.
run plies_json $TAVOLA match $C4 --games 10 --random-plies 4 --json && cp "$tmp/out" "$tmp/one.json"
run plies_jobs $TAVOLA match $C4 --games 10 --random-plies 4 --json --jobs 3 &&
  if cmp -s "$tmp/out" "$tmp/one.json"; then ok; else bad "plies: --jobs 3 differs"; fi
run shard1 $TAVOLA match $C4 --games 10 --random-plies 4 --json --shard 1/2 && cp "$tmp/out" "$tmp/s1.json"
run shard2 $TAVOLA match $C4 --games 10 --random-plies 4 --json --shard 2/2 && cp "$tmp/out" "$tmp/s2.json"
run merged $TAVOLA merge "$tmp/s1.json" "$tmp/s2.json" --json &&
  if cmp -s "$tmp/out" "$tmp/one.json"; then ok; else bad "plies: merged shards differ from the whole"; fi

# An openings file: moves and a position string, comments and empty lines
# skipped; 3 openings for 10 games: pairs 3 and 4 play openings 1 and 2
# again, so 6 distinct games.
cat >"$tmp/open.txt" <<'EOT'
# Connect Four openings
d d

c e
......./......./......./......./......./...x... 2 - 1
EOT
run openings $TAVOLA match $C4 --games 10 --openings "$tmp/open.txt" && has openings "games repeat: 6 distinct of 10 played"
# Move openings are in the record's moves, and it replays.
cat >"$tmp/moves.txt" <<'EOT'
d d
c e
EOT
run open_rec $TAVOLA match $C4 --games 4 --openings "$tmp/moves.txt" --record "$tmp/open.rec" &&
  lacks open_rec "games repeat"
if [ "$(moves_of "$tmp/open.rec" | cut -d' ' -f1-2 | tr '\n' '|')" = "d d|d d|c e|c e|" ]; then ok
else bad "open_rec: records do not start with the openings: $(moves_of "$tmp/open.rec" | cut -d' ' -f1-2 | tr '\n' '|')"; fi
run open_replay $TAVOLA replay "$tmp/open.rec"
# Openings and random plies together: 2 openings, then 2 random plies.
run both $TAVOLA match $C4 --games 8 --openings "$tmp/moves.txt" --random-plies 2 --record "$tmp/both.rec" &&
  lacks both "games repeat"
if [ "$(moves_of "$tmp/both.rec" | cut -d' ' -f1-2 | sort -u | tr '\n' '|')" = "c e|d d|" ]; then ok
else bad "both: openings not first"; fi

# Errors: a line that is neither, an empty file, a missing file, a position
# opening with --record (a record could not replay it), a bad count.
printf 'd d\nz9 q\n' >"$tmp/bad.txt"
fails bad_line 2 "bad.txt:2: neither a position nor moves" $TAVOLA match $C4 --games 2 --openings "$tmp/bad.txt"
printf '# nothing\n\n' >"$tmp/empty.txt"
fails empty 2 "holds no opening" $TAVOLA match $C4 --games 2 --openings "$tmp/empty.txt"
fails missing 1 "--openings: $tmp/none.txt" $TAVOLA match $C4 --games 2 --openings "$tmp/none.txt"
fails position_record 2 "opening 3 is a position" $TAVOLA match $C4 --games 2 --openings "$tmp/open.txt" --record "$tmp/x.rec"
printf 'd d d d d d d\n' >"$tmp/full.txt"
fails column_full 2 "neither a position nor moves" $TAVOLA match $C4 --games 2 --openings "$tmp/full.txt"
fails plies_bad 2 "--random-plies: 'x'" $TAVOLA match $C4 --games 2 --random-plies x

finish openings
