#!/usr/bin/env bash
# run_suites.sh JOBS TITLE COMMAND [TITLE COMMAND]...: runs each COMMAND
# (a sh command line) JOBS at a time, in the order given, and prints each
# one's output whole under "== TITLE", in the order given, as soon as it and
# every one before it have ended (suites are independent: each writes only
# under its own mktemp folder or build dir). Every suite runs even after a
# failure; any failure fails the run, and the failed ones are named last.
# The seconds beside a title are for reading only; nothing depends on them.
set -u
JOBS=${1:?usage: run_suites.sh JOBS TITLE COMMAND [TITLE COMMAND]...}
shift
[ "$JOBS" -ge 1 ] 2>/dev/null || { echo "run_suites.sh: JOBS must be a number >= 1, not '$JOBS'"; exit 2; }
[ $(($# % 2)) -eq 0 ] || { echo "run_suites.sh: a TITLE without its COMMAND: '${!#}'"; exit 2; }
titles=() cmds=()
while [ $# -gt 0 ]; do titles+=("$1"); cmds+=("$2"); shift 2; done
n=${#cmds[@]}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# A suite that ends writes its number to this pipe: read blocks until one
# does (wait -n misses a job that ended just before it is called).
mkfifo "$out/done"
exec 3<>"$out/done"

start() { # start I: suite I in the background; its status goes to $out/I.rc
  local i=$1
  (
    t0=$SECONDS
    sh -c "${cmds[$i]}" </dev/null >"$out/$i.log" 2>&1 3>&-
    echo "$? $((SECONDS - t0))" >"$out/$i.rc"
    echo "$i" >&3
  ) &
}

next=0 shown=0 running=0 failed=()
while [ "$shown" -lt "$n" ]; do
  while [ "$running" -lt "$JOBS" ] && [ "$next" -lt "$n" ]; do
    start "$next"; next=$((next + 1)); running=$((running + 1))
  done
  read -r _ <&3
  running=$((running - 1))
  # Print every suite that has ended and has none unprinted before it.
  while [ "$shown" -lt "$n" ] && [ -s "$out/$shown.rc" ]; do
    read -r rc secs <"$out/$shown.rc"
    echo "== ${titles[$shown]}  [${secs} s]"
    cat "$out/$shown.log"
    if [ "$rc" != 0 ]; then
      echo "${titles[$shown]}: FAILED (exit $rc)"
      failed+=("${titles[$shown]}")
    fi
    shown=$((shown + 1))
  done
done
wait

if [ "${#failed[@]}" -gt 0 ]; then
  echo "${#failed[@]} of $n failed:"
  printf '  %s\n' "${failed[@]}"
  exit 1
fi
