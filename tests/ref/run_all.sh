#!/usr/bin/env bash
# run_all.sh TAVOLA GAMES [JOBS]: every tests/ref/*.lua against the command,
# JOBS at a time (default 2: each reference is one Lua process waiting on the
# command in turn, so two share two cores well). Each one's output is printed
# whole, in file order, when all have run; any failure fails the run.
set -u
TAVOLA=${1:?usage: run_all.sh TAVOLA GAMES [JOBS]}
GAMES=${2:?}
JOBS=${3:-2}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

refs=(tests/ref/*.lua)
for ref in "${refs[@]}"; do
  name=$(basename "$ref" .lua)
  (lua5.4 "$ref" "$TAVOLA" "$GAMES" >"$out/$name.log" 2>&1; echo $? >"$out/$name.rc") &
  while [ "$(jobs -pr | wc -l)" -ge "$JOBS" ]; do sleep 0.2; done
done
wait

failed=0
for ref in "${refs[@]}"; do
  name=$(basename "$ref" .lua)
  echo "== $ref against $TAVOLA"
  cat "$out/$name.log"
  if [ "$(cat "$out/$name.rc" 2>/dev/null)" != 0 ]; then
    echo "$ref: FAILED (exit $(cat "$out/$name.rc" 2>/dev/null || echo '?'))"
    failed=$((failed + 1))
  fi
done
[ "$failed" -eq 0 ] || { echo "references: $failed failed"; exit 1; }
