#!/bin/sh
# The README's recipe for a large match on many machines, run on this one:
# the shards of a match under GNU parallel (--sshlogin :, the local machine,
# stands for the hosts), then tavola merge; the merged result must equal the
# single-process result, table and JSON, and every recorded game replay. The
# Slurm array line of the README is run as its tasks would run it, with the
# array variables set by hand.
# usage: sh tests/cli/parallel_test.sh path/to/tavola
set -u
TAVOLA=$1
case $TAVOLA in /*) ;; *) TAVOLA=$(pwd)/$TAVOLA ;; esac
. "$(dirname "$0")/lib.sh"

if ! command -v parallel >/dev/null 2>&1; then
  echo "parallel: GNU parallel is not installed (Debian: parallel; make deps installs it as root)"
  exit 1
fi

MATCH="match pahtum --p1 greedy --p2 random --games 60 --seed 2026 --swap-sides"
N=6

# One process: the reference.
"$TAVOLA" $MATCH --json >"$tmp/single.json" 2>"$tmp/err" || bad "single: $(cat "$tmp/err")"
"$TAVOLA" $MATCH >"$tmp/single.txt" 2>&1 || bad "single table"

# The shards, two at a time, through parallel's ssh machinery on the local host
# (run from the source tree, like the other tests: its rulesets/ serves any build).
parallel --will-cite --halt now,fail=1 --sshlogin 2/: \
  "'$TAVOLA' $MATCH --shard {}/$N --json --record $tmp/shard-{}.rec > $tmp/shard-{}.json" ::: $(seq 1 $N) \
  2>"$tmp/err" || bad "parallel: $(cat "$tmp/err")"
[ "$(ls "$tmp"/shard-*.json | wc -l)" -eq $N ] && ok || bad "parallel: not $N result files"

"$TAVOLA" merge "$tmp"/shard-*.json --json >"$tmp/merged.json" 2>"$tmp/err" || bad "merge: $(cat "$tmp/err")"
if cmp -s "$tmp/single.json" "$tmp/merged.json"; then ok
else bad "merged JSON differs from one process:"; diff "$tmp/single.json" "$tmp/merged.json"; fi
"$TAVOLA" merge "$tmp"/shard-*.json >"$tmp/merged.txt" 2>&1 || bad "merge table"
if cmp -s "$tmp/single.txt" "$tmp/merged.txt"; then ok
else bad "merged table differs from one process:"; diff "$tmp/single.txt" "$tmp/merged.txt"; fi

# Every game of every shard replays, 60 in all.
"$TAVOLA" replay "$tmp"/shard-*.rec >"$tmp/out" 2>"$tmp/err"
if grep -qx "replay: 60 games verified" "$tmp/out"; then ok; else bad "replay: $(tail -1 "$tmp/out") $(cat "$tmp/err")"; fi

# A shard missing, or given twice, is not the match.
rm "$tmp/shard-3.json"
"$TAVOLA" merge "$tmp"/shard-*.json --json >"$tmp/partial.json" 2>/dev/null
if ! cmp -s "$tmp/single.json" "$tmp/partial.json" && grep -q '"games":50,' "$tmp/partial.json"; then ok
else bad "a merge of 5 of 6 shards: $(cat "$tmp/partial.json")"; fi
if "$TAVOLA" merge "$tmp/shard-1.json" "$tmp/shard-1.json" >/dev/null 2>"$tmp/err"; then bad "shard 1 twice: merged"
elif grep -qF "already in" "$tmp/err"; then ok; else bad "shard 1 twice: $(cat "$tmp/err")"; fi

# The Slurm array job: each task runs this line with its own SLURM_ARRAY_TASK_ID.
mkdir -p "$tmp/slurm"
for SLURM_ARRAY_TASK_ID in $(seq 1 $N); do
  SLURM_ARRAY_TASK_COUNT=$N
  "$TAVOLA" $MATCH --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" --json \
    >"$tmp/slurm/shard-$SLURM_ARRAY_TASK_ID.json" || bad "slurm task $SLURM_ARRAY_TASK_ID"
done
"$TAVOLA" merge "$tmp"/slurm/shard-*.json --json >"$tmp/slurm.json" 2>"$tmp/err" || bad "slurm merge: $(cat "$tmp/err")"
if cmp -s "$tmp/single.json" "$tmp/slurm.json"; then ok; else bad "slurm: merged result differs"; fi

finish parallel
