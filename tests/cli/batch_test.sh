#!/bin/sh
# tavola batch: every answer is what the same command says run alone (its
# stdout and stderr, then the record separator line with its exit status),
# for every ruleset found and for commands that fail; lines it refuses (other
# commands, play at the prompt, --rules on a line, an open quote, too many
# words, a line too long, an empty line) are answered with status 2 and the
# batch goes on; --rules given to batch reaches its rulesets; a last line with
# no newline is answered.
# usage: sh tests/cli/batch_test.sh path/to/tavola
set -u
TAVOLA=${1:-build/tavola}
. "$(dirname "$0")/lib.sh"
RS=$(printf '\036')

# alone LINE: what `tavola LINE` says run alone, closed as batch closes it.
alone() {
  eval "\"\$TAVOLA\" $1" </dev/null >"$tmp/one" 2>&1
  rc=$?
  cat "$tmp/one"
  printf '%s%d\n' "$RS" "$rc"
}

# ---- the same answers as commands run alone ---------------------------------
names=$("$TAVOLA" list | sed -n 's/^\([a-z0-9_]*\) .*/\1/p')
[ -n "$names" ] && ok || bad "tavola list names no ruleset"
: >"$tmp/lines"
for n in $names; do
  cat >>"$tmp/lines" <<EOF
play $n --seed 3 --json
perft $n 2 --seed 2
show $n --seed 1
play $n --moves 'no-such-move' --json
EOF
done
cat >>"$tmp/lines" <<'EOF'
list
list --json
play othello --seed 5 --moves 'd3 c5 f6' --json
play othello --seed 5 --moves "d3 c5 f6" --json
play othello --seed 5 --position 'not a position' --json
perft othello 4 -o size=6
perft othello x
solve tictactoe --positions 100000
play nosuch --json
play tictactoe -o nosuch=1 --json
play --help
EOF
: >"$tmp/want"
while IFS= read -r line; do alone "$line" >>"$tmp/want"; done <"$tmp/lines"
"$TAVOLA" batch <"$tmp/lines" >"$tmp/got" 2>"$tmp/err"; rc=$?
[ $rc -eq 0 ] && ok || bad "batch exit $rc: $(cat "$tmp/err")"
# (solve's own time is the one line that may differ)
sed -i 's/^time: .*/time: -/' "$tmp/want" "$tmp/got"
if cmp -s "$tmp/want" "$tmp/got"; then ok; else
  bad "batch answers differ from the commands run alone:"; diff "$tmp/want" "$tmp/got" | head -20
fi
[ "$(grep -c "^$RS" "$tmp/got")" -eq "$(wc -l <"$tmp/lines")" ] && ok || bad "not one answer a line"

# ---- no answer closed early by what a ruleset or a line says -----------------
# The record separator at the start of a ruleset's name, description, player
# names and of a move asked: every way it can reach the output escapes it.
mkdir "$tmp/rules"
printf 'return game { name = "%sName", description = "%sd", players = { "%sX", "%sO" },\n  board = grid { width = 3, height = 3 }, moves = place {}, ends = "board_full" }\n' \
  "$RS" "$RS" "$RS" "$RS" >"$tmp/rules/rs.lua"
cat >"$tmp/lines" <<EOF
list
list --json
play rs --seed 1 --json
play rs --moves 'a1 b2'
play rs --moves '${RS}1 a1'
play rs --moves 'a1 ${RS}1' --json
show rs --moves 'a1 b2'
show rs --moves 'a1' --svg -
perft rs 1 --position '${RS}'
EOF
printf 'play "rs --json\nplay rs%s --json\n' "$RS" >>"$tmp/lines"
"$TAVOLA" batch --rules "$tmp/rules" <"$tmp/lines" >"$tmp/got" 2>&1
n=$(grep -c "^$RS" "$tmp/got")
[ "$n" -eq "$(wc -l <"$tmp/lines")" ] && ok || bad "a separator from a ruleset or a line: $n answers to $(wc -l <"$tmp/lines") lines"
grep -q "^${RS}0" "$tmp/got" && ok || bad "no answer succeeded: $(head -c 400 "$tmp/got")"

# ---- lines refused, the batch going on --------------------------------------
# refused NAME TEXT LINE: LINE answered with TEXT and status 2, then a
# question after it answered as ever.
refused() {
  printf '%s\nperft tictactoe 1\n' "$3" | "$TAVOLA" batch >"$tmp/out" 2>&1; rc=$?
  want=$(printf 'tavola: %s\n%s2\nperft 1 9\n%s0' "$2" "$RS" "$RS")
  if [ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ]; then ok; else bad "$1: exit $rc: $(cat "$tmp/out")"; fi
}
refused "match" "batch: match: batch runs list, play, perft, show and solve" "match tictactoe --p1 random --p2 random --games 1"
refused "ugi" "batch: ugi: batch runs list, play, perft, show and solve" "ugi tictactoe"
refused "batch in a batch" "batch: batch: batch runs list, play, perft, show and solve" "batch"
refused "play at the prompt" "batch: play: play in a batch needs --moves, --position or --json (there is no prompt)" \
  "play tictactoe --seed 1"
refused "--rules on a line" "batch: play: --rules is given to tavola batch itself, not on a line" \
  "play tictactoe --rules tests/cli/rulesets --json"
refused "open quote" "batch: a quote left open" "play tictactoe --moves 'a1 --json"
refused "empty line" "batch: an empty line" ""
refused "too many words" "batch: more than 1024 words on a line" "perft tictactoe 1$(seq 1100 | tr '\n' ' ' | sed 's/[0-9]*/ x/g')"

# A line longer than the bound (4 MiB) is refused whole; the next is answered.
{ printf 'play tictactoe --moves '; head -c 5000000 /dev/zero | tr '\0' 'a'; printf '\nperft tictactoe 1\n'; } |
  "$TAVOLA" batch >"$tmp/out" 2>&1
if [ "$(cat "$tmp/out")" = "$(printf 'tavola: batch: a line longer than 4194303 bytes\n%s2\nperft 1 9\n%s0' "$RS" "$RS")" ]; then
  ok
else
  bad "a long line: $(head -c 300 "$tmp/out")"
fi

# ---- --rules to batch; the last line without its newline --------------------
printf 'play vars_hands --seed 1 --json\nperft two_stones 1' | "$TAVOLA" batch --rules tests/cli/rulesets >"$tmp/out" 2>&1
"$TAVOLA" play vars_hands --seed 1 --json --rules tests/cli/rulesets >"$tmp/w1" 2>&1
"$TAVOLA" perft two_stones 1 --rules tests/cli/rulesets >"$tmp/w2" 2>&1
{ cat "$tmp/w1"; printf '%s0\n' "$RS"; cat "$tmp/w2"; printf '%s0\n' "$RS"; } >"$tmp/want"
cmp -s "$tmp/want" "$tmp/out" && ok || { bad "--rules to batch:"; diff "$tmp/want" "$tmp/out" | head; }
"$TAVOLA" batch --rules /no/such/folder </dev/null >"$tmp/out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "no/such/folder" "$tmp/out" && ok || bad "batch --rules missing folder: exit $rc"
"$TAVOLA" batch --nonsense </dev/null >"$tmp/out" 2>&1; rc=$?
[ $rc -eq 2 ] && ok || bad "batch --nonsense: exit $rc"

finish "batch tests"
