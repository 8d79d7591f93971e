#!/bin/sh
# The README's figures from one run: rewrites the block of README.md's
# "## Performance" section between
#   <!-- bench tables: begin -->  and  <!-- bench tables: end -->
# with what the saved output of one full `make bench` printed: a line with the
# run's date and command, its machine, tavola, OpenSpiel and Stockfish lines in
# a code block, then every markdown table it printed and its targets, exactly
# as printed. Nothing else in the README is touched.
#
#   tools/bench_tables.sh [--partial] LOG [README]     (make bench-readme BENCH_LOG=LOG)
#
# LOG: the saved output of `make bench` (or of build/release/bench), make's
# own lines and the web load's part may be in it. README: README.md beside
# this folder by default. BENCH_CMD: the command that made LOG, for the line
# above the tables (default: make bench, with OPENSPIEL_SRC=DIR when the run
# measured OpenSpiel).
#
# A log that is not one whole full run is refused (exit 1): no bench header or
# more than one, a quick run (BENCH_QUICK), a missing machine, tavola or
# OpenSpiel line, a run that did not get to its targets, a failed check, or a
# run of some rows only (BENCH_ONLY). --partial accepts the last, to try the
# script on a short run against a copy of the README; its line says so.
set -u

partial=0
if [ "${1:-}" = "--partial" ]; then
  partial=1
  shift
fi
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 [--partial] LOG [README]" >&2
  exit 2
fi
log=$1
readme=${2:-$(dirname "$0")/../README.md}
die() {
  echo "bench_tables: $log: $*" >&2
  exit 1
}
[ -r "$log" ] || die "cannot read it"
[ -w "$readme" ] || { echo "bench_tables: cannot write $readme" >&2; exit 1; }

# What the run was: each fact the checks below need, from the bench's part of
# the log (from its header line on). Printed as name=value lines.
facts=$(awk '
  /^tavola make bench/ { runs_seen++; in_run = 1 }
  !in_run { next }
  /^tavola make bench \(BENCH_QUICK\)/ { quick = 1 }
  /^machine: / { machine = 1 }
  /^tavola: / { tavola = 1 }
  /^OpenSpiel: / && !osp_line { osp_line = 1; osp_measured = ($0 !~ /^OpenSpiel: not measured/) }
  /^\| ruleset / { rulesets = 1 }
  /^\| random rollouts\/s / { peers = 1 }
  /^\| perft \(leaf nodes\/s\) / { perft = 1 }
  /^Targets$/ { targets = 1; next }
  targets == 1 && /^- / { target_lines++ }
  targets == 1 && /^\(BENCH_ONLY=/ { only = $0 }
  /^bench: [0-9]+ check\(s\) FAILED/ { failed = $2 }
  END {
    printf "runs_seen=%d\nquick=%d\nmachine=%d\ntavola=%d\nosp_line=%d\nosp_measured=%d\n", runs_seen, quick, machine,
      tavola, osp_line, osp_measured
    printf "rulesets=%d\npeers=%d\nperft=%d\ntarget_lines=%d\nfailed=%d\nonly=%d\n", rulesets, peers, perft,
      target_lines, failed, only != ""
  }' "$log") || die "awk failed"
fact() { printf '%s\n' "$facts" | sed -n "s/^$1=//p"; }

[ "$(fact runs_seen)" -ge 1 ] || die "no \"tavola make bench\" header: not the output of make bench"
[ "$(fact runs_seen)" -eq 1 ] || die "$(fact runs_seen) runs in one log: give it the output of one run"
[ "$(fact quick)" -eq 0 ] || die "a quick run (BENCH_QUICK: runs of 0.04 s, one ply less of perft): its figures are not the README's; run make bench without it"
[ "$(fact machine)" -eq 1 ] || die "no machine line: not a whole run"
[ "$(fact tavola)" -eq 1 ] || die "no tavola line (compiler and flags): not a whole run"
[ "$(fact osp_line)" -eq 1 ] || die "no OpenSpiel line: not a whole run"
[ "$(fact target_lines)" -ge 1 ] || die "no targets list: the run did not get to its end"
[ "$(fact rulesets)" -eq 1 ] || die "no rulesets table: not a whole run"
[ "$(fact peers)" -eq 1 ] || die "no OpenSpiel peer table: not a whole run"
[ "$(fact perft)" -eq 1 ] || die "no perft table: not a whole run"
[ "$(fact failed)" -eq 0 ] || die "$(fact failed) check(s) FAILED in this run: what it compares did not agree, its figures are not the README's"
if [ "$(fact only)" -eq 1 ] && [ $partial -eq 0 ]; then
  die "a run of some rows only (BENCH_ONLY): the README's tables are from a full run (--partial tries the script on one)"
fi
[ "$(fact osp_measured)" -eq 1 ] || echo "bench_tables: $log: OpenSpiel was not measured in this run: its columns say so" >&2

# The markers: once each, in this order, inside the Performance section.
where=$(awk '
  /^## / { section = ($0 == "## Performance") }
  $0 == "<!-- bench tables: begin -->" { b++; bline = NR; bin = section }
  $0 == "<!-- bench tables: end -->" { e++; eline = NR; ein = section }
  END { printf "%d %d %d %d %d %d\n", b, e, bline, eline, bin, ein }' "$readme")
# shellcheck disable=SC2086 # six numbers, split on purpose
set -- $where
if [ "$1" -ne 1 ] || [ "$2" -ne 1 ]; then
  echo "bench_tables: $readme: needs the lines <!-- bench tables: begin --> and <!-- bench tables: end --> once each" >&2
  exit 1
fi
if [ "$3" -gt "$4" ] || [ "$5" -ne 1 ] || [ "$6" -ne 1 ]; then
  echo "bench_tables: $readme: the bench tables markers must be in order inside \"## Performance\"" >&2
  exit 1
fi

date=$(sed -n 's/^date: //p' "$log" | head -n 1)
[ -n "$date" ] || date="$(date -u -r "$log" '+%Y-%m-%d %H:%M UTC') (the log's time: the run printed no date)"
cmd=${BENCH_CMD:-}
if [ -z "$cmd" ]; then
  cmd="make bench"
  [ "$(fact osp_measured)" -eq 1 ] && cmd="make bench OPENSPIEL_SRC=DIR"
fi
note=""
[ "$(fact only)" -eq 1 ] && note=" (a partial run, BENCH_ONLY: not for the README)"

block=$(mktemp) || exit 1
out=$(mktemp) || { rm -f "$block"; exit 1; }
trap 'rm -f "$block" "$out"' EXIT
{
  # shellcheck disable=SC2016 # the backquotes are markdown
  printf 'One run of `%s` on %s%s, as it printed them (tools/bench_tables.sh, `make bench-readme`):\n\n' \
    "$cmd" "$date" "$note"
  echo '```'
  awk '/^tavola make bench/ { in_run = 1 }
       in_run && /^(tavola make bench|machine: |tavola: |OpenSpiel: |Stockfish: )/ { print }
       in_run && /^$/ { exit }' "$log"
  echo '```'
  # Every table (a run of lines that begin with "|"), then the targets: the
  # "Targets" line and its list, up to the first line that is neither.
  awk '/^tavola make bench/ { in_run = 1; next }
       !in_run { next }
       targets && (/^- / || /^\(BENCH_ONLY=/) { print; next }
       targets { exit }
       /^Targets$/ { print ""; print; targets = 1; next }
       /^\|/ { if (!in_table) print ""; in_table = 1; print; next }
       { in_table = 0 }' "$log"
  echo
} > "$block"

awk -v block="$block" '
  $0 == "<!-- bench tables: begin -->" {
    print
    while ((getline line < block) > 0) print line
    skip = 1
    next
  }
  $0 == "<!-- bench tables: end -->" { skip = 0 }
  !skip { print }' "$readme" > "$out" || exit 1
cat "$out" > "$readme" || exit 1
echo "bench_tables: $readme: the Performance tables from $log ($date)"
