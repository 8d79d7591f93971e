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

# The directives of case FILE, read in one pass by the shell itself (no
# process per directive: 242 cases of a few milliseconds each would spend
# most of their time starting sed and head): the first value of each of run,
# exit, within, stdin, limits; every stderr and stdout value, one a line, in
# $tmp/stderr and $tmp/stdout.
read_directives() {
  d_run= d_exit= d_within= d_stdin= d_limits= d_has_run= d_has_exit= d_has_within= d_has_stdin= d_has_limits=
  : >"$tmp/stderr"; : >"$tmp/stdout"
  while IFS= read -r line || [ -n "$line" ]; do
    case $line in
      "-- run: "*) [ -n "$d_has_run" ] || { d_run=${line#"-- run: "}; d_has_run=1; } ;;
      "-- exit: "*) [ -n "$d_has_exit" ] || { d_exit=${line#"-- exit: "}; d_has_exit=1; } ;;
      "-- within: "*) [ -n "$d_has_within" ] || { d_within=${line#"-- within: "}; d_has_within=1; } ;;
      "-- stdin: "*) [ -n "$d_has_stdin" ] || { d_stdin=${line#"-- stdin: "}; d_has_stdin=1; } ;;
      "-- limits: "*) [ -n "$d_has_limits" ] || { d_limits=${line#"-- limits: "}; d_has_limits=1; } ;;
      "-- stderr: "*) printf '%s\n' "${line#"-- stderr: "}" >>"$tmp/stderr" ;;
      "-- stdout: "*) printf '%s\n' "${line#"-- stdout: "}" >>"$tmp/stdout" ;;
    esac
  done <"$1"
}

replaced= # replace_all TEXT FROM TO: TEXT with every FROM made TO, in $replaced
replace_all() {
  replaced= rest=$1
  while :; do
    case $rest in
      *"$2"*) replaced=$replaced${rest%%"$2"*}$3; rest=${rest#*"$2"} ;;
      *) break ;;
    esac
  done
  replaced=$replaced$rest
}

run_case() {
  f=$1; name=${f##*/}
  read_directives "$f"
  args=$d_run; [ -n "$args" ] || args="play {} --p1 random --p2 random"
  replace_all "$args" "{dir}" "$DIR"; replace_all "$replaced" "{}" "$f"; args=$replaced
  want=$d_exit; [ -n "$want" ] || want=1
  within=$d_within; [ -n "$within" ] || within=60
  input=$d_stdin; [ -n "$input" ] && input="$DIR/$input" || input=/dev/null
  limits=$d_limits
  eval "TAVOLA_LIMITS=\"\$limits\" timeout -k 5 $within \"\$TAVOLA\" $args" <"$input" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  why=""
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then why="still running after $within s"
  elif [ "$rc" -ge 128 ]; then why="killed by signal $((rc - 128))"
  elif [ "$rc" != "$want" ]; then why="exit $rc, wanted $want"; fi
  while IFS= read -r text; do
    grep -qF -- "$text" "$tmp/err" || why="${why:+$why; }stderr lacks \"$text\""
  done < "$tmp/stderr"
  while IFS= read -r text; do
    grep -qF -- "$text" "$tmp/out" || why="${why:+$why; }stdout lacks \"$text\""
  done < "$tmp/stdout"
  if [ -z "$why" ]; then pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "hostile $name: $why"; sed 's/^/  stderr: /' "$tmp/err" | head -5
  fi
}

if [ $# -gt 0 ]; then cases="$*"; else cases=$(ls "$DIR"/*.lua "$DIR"/*.case 2>/dev/null); fi
for f in $cases; do run_case "$f"; done
echo "hostile: $pass passed, $fail failed"
[ "$fail" = 0 ]
