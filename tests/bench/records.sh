#!/usr/bin/env bash
# make bench's part for records: `tavola match` of random Connect Four games
# without and with --record (a new file each time), in turns, three pairs;
# the processor time (user + system, the writes included) of each, and the
# median of the pairs' ratios. Issue target: a record costs at most 2x the
# match without it.
# records.sh BUILD_DIR [quick]
set -eu
dir=$1 quick=${2:-}
games=200000
[ "$quick" = quick ] && games=20000
out=$(mktemp -d "${TMPDIR:-/tmp}/tavola-bench-records-XXXXXX")
trap 'rm -rf "$out"' EXIT
TIMEFORMAT='%U %S'
# Both runs of every pair on the CPU this script starts on (as make bench
# keeps to one): on a shared machine one CPU may run at two thirds of the
# other's speed, and a pair split across them measures the CPUs.
pin=
cpu_now=$(awk '{ print $39 }' /proc/$$/stat 2>/dev/null || true)
if command -v taskset >/dev/null 2>&1 && [ -n "$cpu_now" ] && [ "${BENCH_CPU:-}" != any ]; then
  pin="taskset -c $cpu_now"
fi

# cpu ARGS...: the seconds of processor time of one match.
cpu() {
  local t
  t=$( { time $pin "$dir/tavola" match rulesets/connect4.lua --p1 random --p2 random --games "$games" --seed 1 "$@" \
         > /dev/null; } 2>&1 | tail -1)
  awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.3f\n", a[1] + a[2] }'
}

echo "== match --record: $games random Connect Four games, without and with a record, in turns (3 pairs${pin:+, on CPU $cpu_now})"
ratios=
for i in 1 2 3; do
  plain=$(cpu)
  rm -f "$out/r.rec"
  rec=$(cpu --record "$out/r.rec")
  ratios="$ratios $(awk -v a="$rec" -v b="$plain" 'BEGIN { printf "%.3f", a / b }')"
  printf '  %-44s %s s without, %s s with (%s bytes)\n' "pair $i:" "$plain" "$rec" "$(wc -c < "$out/r.rec")"
done
median=$(printf '%s\n' $ratios | sort -n | sed -n 2p)
verdict=$(awk -v m="$median" 'BEGIN { print (m <= 2) ? "met" : "MISSED" }')
printf '  %-44s %s (target <= 2): %s\n' "with / without, the median" "$median" "$verdict"
# A full run fails on a missed target; a quick one (make check) only prints.
if [ "$quick" != quick ] && [ "$verdict" = MISSED ]; then
  echo "records: a target MISSED"
  exit 1
fi
