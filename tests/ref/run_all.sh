#!/usr/bin/env bash
# run_all.sh TAVOLA GAMES [JOBS]: every tests/ref/*.lua against the command,
# JOBS at a time (default 2: each reference is one Lua process waiting on the
# command in turn, so two share two cores well), through tests/run_suites.sh:
# each one's output is printed whole, in file order; any failure fails the run.
# make check lists the references among its other suites instead (the same
# titles and commands), so that all of them share the cores. Run from the
# top folder, as make does.
set -u
TAVOLA=${1:?usage: run_all.sh TAVOLA GAMES [JOBS]}
GAMES=${2:?usage: run_all.sh TAVOLA GAMES [JOBS]}
JOBS=${3:-2}
pairs=()
for ref in tests/ref/*.lua; do
  pairs+=("$ref against $TAVOLA" "lua5.4 $ref $TAVOLA $GAMES")
done
exec bash tests/run_suites.sh "$JOBS" "${pairs[@]}"
