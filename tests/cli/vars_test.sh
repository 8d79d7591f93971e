#!/bin/sh
# Game variables and hands, and whole moves, through the tavola command as a
# user meets them: the JSON view's "vars" and "hands" (only for rulesets that
# declare them), the text drawing's lines under the board (play, show, the
# prompt), the SVG's hands, position strings with variables read back at
# every ply of random games, and refusals of a bad variables field.
# usage: sh tests/cli/vars_test.sh path/to/tavola
set -u
TAVOLA=${1:-build/tavola}
CHECK="lua5.4 tests/cli/xml_check.lua"
R=tests/cli/rulesets/vars_hands.lua
. "$(dirname "$0")/lib.sh"

# same NAME EXPECTED-FILE CMD...: exit 0 and stdout equal to the file.
same() {
  name=$1; want=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -ne 0 ]; then bad "$name: exit $rc: $(cat "$tmp/err")"; return; fi
  if diff -u "$want" "$tmp/out" >"$tmp/diff"; then ok; else bad "$name differs:"; cat "$tmp/diff"; fi
}

# contains NAME TEXT CMD...: exit 0 and TEXT in stdout.
contains() {
  name=$1; text=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -ne 0 ]; then bad "$name: exit $rc: $(cat "$tmp/err")"; return; fi
  if grep -qF -- "$text" "$tmp/out"; then ok; else bad "$name: stdout lacks '$text': $(head -c 600 "$tmp/out")"; fi
}

# lacks NAME TEXT CMD...: exit 0 and no TEXT in stdout.
lacks() {
  name=$1; text=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -ne 0 ]; then bad "$name: exit $rc: $(cat "$tmp/err")"; return; fi
  if grep -qF -- "$text" "$tmp/out"; then bad "$name: stdout has '$text'"; else ok; fi
}

# fails NAME CODE TEXT CMD...: exit CODE, TEXT on stderr, nothing on stdout.
fails() {
  name=$1; code=$2; text=$3; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -ne "$code" ]; then bad "$name: exit $rc, expected $code"; return; fi
  if ! grep -qF -- "$text" "$tmp/err"; then bad "$name: stderr lacks '$text': $(cat "$tmp/err")"; return; fi
  if [ -s "$tmp/out" ]; then bad "$name: printed to stdout: $(head -c 200 "$tmp/out")"; return; fi
  ok
}

# ---- the JSON view ------------------------------------------------------------
# Variables in name order: flags as booleans, cells by name or null, one per
# player as [player 1's, player 2's]; hands by letter, as the position writes them.
cat >"$tmp/json" <<'EOF'
{"game":"vars_hands","title":"Vars and hands","options":"","seed":1,"ply":4,"to_move":1,"status":"ongoing","winner":null,"scores":[0,0],"moves":["M@b1","@b1xb2","M@c1","M@d1","M@a2","@a2xb2","M@c2","@c2xb2","M@d2","M@a3","M@b3","@b3xb2","M@d3","M@a4","M@b4","M@c4","M@d4","a1-b1","a1-b1xb2","a1-a2","a1-a2xb2","c3-d3","c3-b3","c3-b3xb2","c3-c4","c3-c2","c3-c2xb2","pass"],"board":["....","..K.",".m..","M..."],"history":["M@a1","M@b2","K@c3","pass"],"vars":{"done":false,"ko":null,"last":["c3","b2"],"lead":0,"passed":[false,true],"passes":[0,1],"phase":0},"hands":[{"M":2},{"m":1}],"position":"..../..K./.m../M... 1 - 4 0,0 done=0;ko=-;last=c3/b2;lead=0;passed=0/1;passes=0/1;phase=0;hand=M2/m1"}
EOF
same json "$tmp/json" "$TAVOLA" play "$R" --seed 1 --moves "M@a1 m@b2 K@c3 pass" --json
# a capture: the ko cell, the lead, the piece taken into the hand; an empty hand is {}
contains json_capture '"vars":{"done":false,"ko":"b2","last":["a2","d4"],"lead":1,"passed":[false,false],"passes":[0,0],"phase":2},"hands":[{"M":3},{}]' \
  "$TAVOLA" play "$R" --seed 1 --moves "M@a1 m@b2 K@c3 m@d4 a1-a2xb2" --json
contains json_start '"vars":{"done":false,"ko":null,"last":[null,null],"lead":0,"passed":[false,false],"passes":[0,0],"phase":1},"hands":[{"M":3,"K":1},{"m":2}],"position"' \
  "$TAVOLA" play "$R" --json
# The JSON parses, and says what its position string says.
if command -v python3 >/dev/null; then
  "$TAVOLA" play "$R" --seed 1 --moves "M@a1 m@b2 K@c3 m@d4 a1-a2xb2" --json >"$tmp/j" 2>&1
  if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["vars"]["ko"]=="b2" and d["hands"][1]=={}' "$tmp/j"; then ok
  else bad "json_parses: $(cat "$tmp/j")"; fi
fi
# Rulesets without variables or hands: no keys (their goldens in cli_test.sh keep every byte).
lacks json_plain_vars '"vars"' "$TAVOLA" play tictactoe --moves "b2" --json
lacks json_plain_hands '"hands"' "$TAVOLA" play brandubh --moves "d2-c2" --json
lacks json_konane '"vars"' "$TAVOLA" play konane --moves "c3 c4" --json

# ---- whole moves: text through play, brandubh and konane -----------------------
contains brandubh_move '"history":["d2-c2","c4-c6","c2-c5"]' "$TAVOLA" play brandubh --moves "d2-c2 c4-c6 c2-c5" --json
contains konane_jump '"history":["c3","c4","c1xc3"]' "$TAVOLA" play konane --moves "c3 c4 c1xc3" --json
K="f6 f5 d6xf6 e4xe6 f6xd6 c6xe6 c5xe5 c4xe4 f4xd4"
contains konane_chain '"a4xc4","a4xc4xe4"' "$TAVOLA" play konane --moves "$K" --json
contains konane_chain_played '"board":["ox..o.","xo..x.","....o.","xoxoxo","oxoxox","xoxoxo"]' \
  "$TAVOLA" play konane --moves "$K a4xc4xe4" --json
fails konane_bad_chain 1 "refused" "$TAVOLA" play konane --moves "c3 c4 c5xc3" --json

# ---- the text drawing -----------------------------------------------------------
cat >"$tmp/board" <<'EOF'
  4  . . . .
  3  . . K .
  2  . m . .
  1  M . . .
     a b c d
    vars: done=false ko=- last=c3/b2 lead=0 passed=false/true passes=0/1 phase=0
    hands: Player 1: M2; Player 2: m1
ply 4  Player 1 (M) 0  Player 2 (m) 0  Player 1 to move
EOF
same board "$tmp/board" "$TAVOLA" play "$R" --seed 1 --moves "M@a1 m@b2 K@c3 pass"
same show "$tmp/board" "$TAVOLA" show "$R" --moves "M@a1 m@b2 K@c3 pass"
contains board_empty_hands "    hands: Player 1: M3; Player 2: none" "$TAVOLA" play "$R" --moves "M@a1 m@b2 K@c3 m@d4 a1-a2xb2"
contains prompt "    vars: done=false ko=- last=a1/- lead=0 passed=false/false passes=0/0 phase=2" \
  sh -c "printf 'M@a1\nquit\n' | '$TAVOLA' play '$R'"
lacks board_plain "vars:" "$TAVOLA" play tictactoe --moves "b2"

# ---- the SVG ----------------------------------------------------------------------
"$TAVOLA" show "$R" --moves "M@a1 m@b2 K@c3 pass" --svg "$tmp/v.svg" >"$tmp/out" 2>&1 || bad "svg: $(cat "$tmp/out")"
if $CHECK --svg "$tmp/v.svg" >"$tmp/check" 2>&1; then ok; else bad "svg: not well-formed: $(cat "$tmp/check")"; fi
for text in '>done=false ko=- last=c3/b2 lead=0 passed=false/true passes=0/1 phase=0</text>' '>Player 1:</text>' \
    '>M</text>' '>x2</text>' '>Player 2:</text>' '>m</text>' '>x1</text>'; do
  if grep -qF -- "$text" "$tmp/v.svg"; then ok; else bad "svg lacks '$text'"; fi
done
"$TAVOLA" show "$R" --moves "M@a1 m@b2 K@c3 pass" --svg "$tmp/v2.svg" >/dev/null 2>&1
if cmp -s "$tmp/v.svg" "$tmp/v2.svg"; then ok; else bad "svg: two drawings of one position differ"; fi
"$TAVOLA" show "$R" --moves "M@a1 m@b2 K@c3 m@d4 a1-a2xb2" --svg "$tmp/v3.svg" >/dev/null 2>&1
if grep -qF '>Player 2: none</text>' "$tmp/v3.svg"; then ok; else bad "svg: an empty hand is not 'none'"; fi
"$TAVOLA" show tictactoe --moves "b2" --svg "$tmp/t.svg" >/dev/null 2>&1
if grep -qF 'hand' "$tmp/t.svg"; then bad "svg: tictactoe draws hands"; else ok; fi

# ---- refusals ------------------------------------------------------------------------
P="..../..../..../M... 2 - 1 0,0"
fails range 1 "variables 'phase': a value out of its range" \
  "$TAVOLA" play "$R" --position "$P done=0;ko=-;last=a1/-;lead=0;passed=0/0;passes=0/0;phase=7;hand=M2K1/m2"
fails letter 1 "a hand lists a piece letter" \
  "$TAVOLA" play "$R" --position "$P done=0;ko=-;last=a1/-;lead=0;passed=0/0;passes=0/0;phase=2;hand=M2X1/m2"
fails missing 1 "variables 'lead': missing" \
  "$TAVOLA" play "$R" --position "$P done=0;ko=-;last=a1/-;passed=0/0;passes=0/0;phase=2;hand=M2K1/m2"
fails cell 1 "variables 'ko'" \
  "$TAVOLA" play "$R" --position "$P done=0;ko=e9;last=a1/-;lead=0;passed=0/0;passes=0/0;phase=2;hand=M2K1/m2"

# ---- every ply of random games: the position read back -----------------------------
# The moves so far from the start (--moves) and the position string alone
# (--position) give the same position, variables and hands; the next move is
# drawn from the legal moves with a small LCG, until the game ends. A ply
# starts no process but the two commands (the fields are read with the
# shell's own pattern matching), so the games cost what the commands do.
# slurp FILE: $v = the file's lines, each ended by a newline.
slurp() { v=; while IFS= read -r l || [ -n "$l" ]; do v="$v$l
"; done <"$1"; }
# field_of KEY OPEN CLOSE TEXT: $f = the last "KEY":OPEN in TEXT up to the
# next CLOSE, both kept; empty when TEXT has no "KEY":OPEN.
field_of() {
  case "$4" in
    *"\"$1\":$2"*) f=${4##*"\"$1\":$2"}; f=$2${f%%"$3"*}$3 ;;
    *) f= ;;
  esac
}
# same_field KEY OPEN CLOSE: field KEY is in view $a and equal in view $b.
same_field() {
  field_of "$1" "$2" "$3" "$a"; fa=$f
  field_of "$1" "$2" "$3" "$b"
  if [ "$fa" != "$f" ] || [ -z "$fa" ]; then bad "game $seed ply $plies: $1 differs: $fa / $f"; fi
}
# nth K WORD...: $m = the K-th WORD.
nth() { shift "$1"; m=$1; }
for seed in 1 2; do
  moves="" x=$seed plies=0
  while :; do
    "$TAVOLA" play "$R" --seed 1 ${moves:+--moves "$moves"} --json >"$tmp/a" 2>&1 || { bad "game $seed: $(cat "$tmp/a")"; break; }
    slurp "$tmp/a"; a=$v
    field_of position '"' '"' "$a"; pos=${f#\"}; pos=${pos%\"}
    "$TAVOLA" play "$R" --seed 1 --position "$pos" --json >"$tmp/b" 2>&1 || { bad "game $seed ply $plies: '$pos': $(cat "$tmp/b")"; break; }
    slurp "$tmp/b"; b=$v
    same_field position '"' '"'
    same_field vars '{' '}'
    same_field hands '[' ']'
    same_field status '"' '"'
    same_field moves '[' ']'
    field_of moves '[' ']' "$a"; legal=${f#"["}; legal=${legal%"]"}
    [ -z "$legal" ] && break
    # the legal moves, split at the commas, unquoted (move texts have neither)
    set -f; old_ifs=$IFS; IFS=,; set -- $legal; IFS=$old_ifs; set +f
    n=$#
    x=$(( (x * 1103515245 + 12345) % 2147483648 ))
    nth $(( x / 65536 % n + 1 )) "$@"; m=${m#\"}; m=${m%\"}
    moves="${moves:+$moves }$m"
    plies=$((plies + 1))
  done
  if [ "$plies" -ge 10 ] && grep -q '"status":"over"' "$tmp/a"; then ok; else bad "game $seed: $plies plies, not over"; fi
done

finish "vars and hands tests"
