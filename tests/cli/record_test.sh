#!/bin/sh
# Whatever match --record writes, replay reads: option values with newlines,
# quotes and control bytes, options over 2 KB, a ruleset path over 511
# characters; a file cut short by a size limit is repaired before the next
# match appends, and every game is then replayed; a failed write exits
# non-zero. Run from the source tree (cli_test.sh runs it).
# usage: sh tests/cli/record_test.sh path/to/tavola
set -u
TAVOLA=$1
case $TAVOLA in /*) ;; *) TAVOLA=$(pwd)/$TAVOLA ;; esac
RULES=$(pwd)/tests/cli/rulesets
. "$(dirname "$0")/lib.sh"

# replays NAME FILE GAMES [ARGS]: replay verifies GAMES games of FILE, exit 0.
replays() {
  name=$1 file=$2 games=$3; shift 3
  "$TAVOLA" replay "$file" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -eq 0 ] && grep -qx "replay: $games games verified" "$tmp/out"; then ok
  else bad "$name: exit $rc: $(tail -1 "$tmp/out") $(cat "$tmp/err")"; fi
}

# A newline, a quote, a backslash, a tab and ESC in an option value.
value=$(printf 'two\nlines "quoted" back\\slash\ttab\033[2Jesc')
"$TAVOLA" match "$RULES/notes.lua" -o "n1=$value" --p1 random --p2 random --games 3 --record "$tmp/nl.rec" \
  >/dev/null 2>"$tmp/err" || bad "newline: match: $(cat "$tmp/err")"
if [ "$(grep -c '^\[' "$tmp/nl.rec")" = 30 ] && grep -qF '[Options "n1=two\nlines \"quoted\" back\\slash\ttab\x1b[2Jesc,' "$tmp/nl.rec"
then ok; else bad "newline: the tag is not escaped on one line: $(head -3 "$tmp/nl.rec")"; fi
replays newline "$tmp/nl.rec" 3

# Options over 2 KB: ten values of 250 characters.
long=$(printf '%0250d' 0 | tr 0 v)
set -- ; for i in 1 2 3 4 5 6 7 8 9 10; do set -- "$@" -o "n$i=$long"; done
"$TAVOLA" match "$RULES/notes.lua" "$@" --p1 random --p2 random --games 2 --record "$tmp/big.rec" \
  >/dev/null 2>"$tmp/err" || bad "options over 2 KB: match: $(cat "$tmp/err")"
size=$(grep '^\[Options' "$tmp/big.rec" | head -1 | wc -c)
if [ "$size" -gt 2048 ]; then ok; else bad "options over 2 KB: the tag has $size bytes"; fi
replays "options over 2 KB" "$tmp/big.rec" 2

# A ruleset path over 511 characters.
dir=$tmp
while [ ${#dir} -lt 560 ]; do dir=$dir/folder-of-a-long-path; done
mkdir -p "$dir" && cp "$RULES/notes.lua" "$dir/notes.lua"
"$TAVOLA" match "$dir/notes.lua" --p1 random --p2 random --games 2 --record "$tmp/path.rec" \
  >/dev/null 2>"$tmp/err" || bad "long path: match: $(cat "$tmp/err")"
replays "path over 511 characters" "$tmp/path.rec" 2
# --rules-only refuses the record that names a file, and says why.
"$TAVOLA" replay --rules-only "$tmp/path.rec" >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -qF "not loaded (--rules-only" "$tmp/err"; then ok; else bad "rules-only: exit $rc: $(cat "$tmp/err")"; fi
"$TAVOLA" match tictactoe --p1 random --p2 random --games 2 --record "$tmp/named.rec" >/dev/null 2>&1
replays "rules-only by name" "$tmp/named.rec" 2 --rules-only

# A size limit (ulimit -f, in blocks of 512 or 1024 bytes) cuts a record: the match fails, the
# rerun cuts the partial record with a message, and every whole game replays.
rec=$tmp/full.rec
(ulimit -f 2; "$TAVOLA" match pahtum --p1 random --p2 random --games 20 --seed 5 --record "$rec") \
  >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -qF "writing the record of game" "$tmp/err"; then ok
else bad "full file: exit $rc, wanted 1: $(cat "$tmp/err")"; fi
if [ "$(tail -c 2 "$rec" | od -An -c | tr -d ' ')" != '\n\n' ]; then ok; else bad "full file: no partial record at its end"; fi
"$TAVOLA" match pahtum --p1 random --p2 random --games 3 --seed 6 --record "$rec" >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -qF "cut a partial record at its end" "$tmp/err"; then ok
else bad "repair: exit $rc: $(cat "$tmp/err")"; fi
whole=$(grep -c '^\[Game' "$rec")
replays "repaired file" "$rec" "$whole"
[ "$whole" -ge 4 ] && ok || bad "repaired file: only $whole games"
# A rerun under the limit again fails, and is repaired again.
(ulimit -f 8; "$TAVOLA" match pahtum --p1 random --p2 random --games 40 --seed 7 --jobs 2 --record "$rec") \
  >/dev/null 2>&1 && bad "full file again: exit 0"
"$TAVOLA" match pahtum --p1 random --p2 random --games 1 --seed 8 --record "$rec" >/dev/null 2>"$tmp/err"
replays "repaired twice" "$rec" "$(grep -c '^\[Game' "$rec")"

# A record broken before its end is not mended: the file is refused.
printf '[Game "pahtum"]\nnot a tag\n\n' >"$tmp/broken.rec"
cat "$tmp/nl.rec" >>"$tmp/broken.rec"
"$TAVOLA" match tictactoe --p1 random --p2 random --games 1 --record "$tmp/broken.rec" >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -qF "not appending to it" "$tmp/err"; then ok; else bad "broken file: exit $rc: $(cat "$tmp/err")"; fi

# Where the ruleset came from: a name on the search path, a --rules folder, a file.
mkdir -p "$tmp/mine" && cp "$RULES/notes.lua" "$tmp/mine/mynotes.lua"
"$TAVOLA" match mynotes --rules "$tmp/mine" --p1 random --p2 random --games 2 --record "$tmp/rules.rec" \
  >/dev/null 2>"$tmp/err" || bad "rules: match: $(cat "$tmp/err")"
mine=$(cd "$tmp/mine" && pwd -P)
if grep -qx '\[Found "rules"\]' "$tmp/rules.rec" && grep -qxF "[File \"$mine/mynotes.lua\"]" "$tmp/rules.rec"
then ok; else bad "rules: no Found/File tags: $(head -4 "$tmp/rules.rec")"; fi
if grep -qx '\[Found "name"\]' "$tmp/named.rec" && ! grep -q '^\[File ' "$tmp/named.rec"; then ok
else bad "named: expected [Found \"name\"] and no File: $(head -4 "$tmp/named.rec")"; fi
if grep -qx '\[Found "file"\]' "$tmp/path.rec" && grep -q '^\[File "/' "$tmp/path.rec"; then ok
else bad "file: expected [Found \"file\"] and its File: $(head -4 "$tmp/path.rec")"; fi
# Replay finds the --rules ruleset without --rules, and from another folder.
replays "rules: no --rules needed" "$tmp/rules.rec" 2
(cd / && "$TAVOLA" replay "$tmp/rules.rec") >"$tmp/out" 2>&1 && ok || bad "rules: replay from /: $(cat "$tmp/out")"
# --rules-only does not load the File: it says which folder to give, and works with it.
"$TAVOLA" replay --rules-only "$tmp/rules.rec" >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -qF "unknown ruleset 'mynotes'" "$tmp/err" && grep -qF "the --rules folder '$mine'" "$tmp/err"; then ok
else bad "rules-only: exit $rc: $(cat "$tmp/err")"; fi
replays "rules-only with --rules" "$tmp/rules.rec" 2 --rules-only --rules "$tmp/mine"
# The folder gone: replay says so, and --rules DIR elsewhere serves.
mv "$tmp/mine" "$tmp/moved"
"$TAVOLA" replay "$tmp/rules.rec" >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -qF "was found in the --rules folder '$mine', and 'mynotes.lua' is not there now" "$tmp/err"; then ok
else bad "rules gone: exit $rc: $(cat "$tmp/err")"; fi
replays "rules moved, --rules given" "$tmp/rules.rec" 2 --rules "$tmp/moved"
# A record that names a relative file replays from another folder through its File.
mkdir -p "$tmp/rel/sub" && cp "$RULES/notes.lua" "$tmp/rel/sub/n.lua"
(cd "$tmp/rel" && "$TAVOLA" match sub/n.lua --p1 random --p2 random --games 1 --record "$tmp/rel.rec") >/dev/null 2>&1
(cd / && "$TAVOLA" replay "$tmp/rel.rec") >"$tmp/out" 2>&1 && ok || bad "relative file from /: $(cat "$tmp/out")"
# Records written before Found and File still read; a bad Found is refused.
grep -v '^\[Found \|^\[File ' "$tmp/path.rec" >"$tmp/old.rec"
replays "record without Found/File" "$tmp/old.rec" 2
sed 's/^\[Found "name"\]/[Found "elsewhere"]/' "$tmp/named.rec" >"$tmp/badfound.rec"
"$TAVOLA" replay "$tmp/badfound.rec" >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -qF "Found: expected name, rules or file" "$tmp/err"; then ok; else bad "bad Found: exit $rc: $(cat "$tmp/err")"; fi

# Output that cannot be written is an error exit, never 0.
if [ -w /dev/full ]; then
  "$TAVOLA" match tictactoe --p1 random --p2 random --games 2 >/dev/full 2>"$tmp/err"; rc=$?
  if [ $rc -eq 1 ] && grep -qF "writing the output" "$tmp/err"; then ok; else bad "stdout full: exit $rc"; fi
  "$TAVOLA" match tictactoe --p1 random --p2 random --games 2 --record /dev/full >/dev/null 2>"$tmp/err"; rc=$?
  if [ $rc -eq 1 ] && grep -qF "No space left" "$tmp/err"; then ok; else bad "record on a full disk: exit $rc: $(cat "$tmp/err")"; fi
fi

finish record
