#!/bin/sh
# Hostile inputs through the command, as a user or a host meets them: each
# case is a file here whose first comment lines say how to run it and what
# must come of it. Every case runs under a timeout, so a regression that hangs
# fails instead of stopping the run.
#
#   -- run: ARGS       arguments to tavola; {} is this file, {dir} this folder
#                      (default: play {} --p1 random --p2 random)
#   -- stdin: FILE     standard input, a file of this folder (default: none)
#   -- exit: N         the exit status wanted (default 1)
#   -- stderr: TEXT    text the standard error must contain (may repeat)
#   -- stdout: TEXT    text the standard output must contain (may repeat)
#   -- within: S       the timeout in seconds (default 60: generous, for ASan
#                      on a loaded machine; a hang is what it catches)
#   -- limits: SPEC    the sandbox limits (TAVOLA_LIMITS, e.g. load_ms=none)
#
# The command loads with the default limits (50M instructions and 10 s a
# load, 5M and 2 s a hook call). A case about the instruction limit puts the
# clock out of reach (-- limits: load_ms=none,hook_ms=none), so the limit it
# names is the only one that can stop it, on any machine; the rest run for
# milliseconds, far within the clock.
#
# usage: sh tests/hostile/run.sh path/to/tavola [CASE...]
set -u
TAVOLA=$1; shift
DIR=$(dirname "$0")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0

directive() { # directive NAME FILE: the values of "-- NAME:" lines, one a line
  sed -n "s/^-- $1: //p" "$2"
}

run_case() {
  f=$1; name=$(basename "$f")
  args=$(directive run "$f" | head -1); [ -n "$args" ] || args="play {} --p1 random --p2 random"
  args=$(printf '%s' "$args" | sed "s#{dir}#$DIR#g; s#{}#$f#g")
  want=$(directive exit "$f" | head -1); [ -n "$want" ] || want=1
  within=$(directive within "$f" | head -1); [ -n "$within" ] || within=60
  input=$(directive stdin "$f" | head -1); [ -n "$input" ] && input="$DIR/$input" || input=/dev/null
  limits=$(directive limits "$f" | head -1)
  eval "TAVOLA_LIMITS=\"\$limits\" timeout -k 5 $within \"\$TAVOLA\" $args" <"$input" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  why=""
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then why="still running after $within s"
  elif [ "$rc" -ge 128 ]; then why="killed by signal $((rc - 128))"
  elif [ "$rc" != "$want" ]; then why="exit $rc, wanted $want"; fi
  directive stderr "$f" > "$tmp/wants"
  while IFS= read -r text; do
    grep -qF -- "$text" "$tmp/err" || why="${why:+$why; }stderr lacks \"$text\""
  done < "$tmp/wants"
  directive stdout "$f" > "$tmp/wants"
  while IFS= read -r text; do
    grep -qF -- "$text" "$tmp/out" || why="${why:+$why; }stdout lacks \"$text\""
  done < "$tmp/wants"
  if [ -z "$why" ]; then pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "hostile $name: $why"; sed 's/^/  stderr: /' "$tmp/err" | head -5
  fi
}

if [ $# -gt 0 ]; then cases="$*"; else cases=$(ls "$DIR"/*.lua "$DIR"/*.case 2>/dev/null); fi
for f in $cases; do run_case "$f"; done
echo "hostile: $pass passed, $fail failed"
[ "$fail" = 0 ]
