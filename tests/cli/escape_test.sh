#!/bin/sh
# Terminal escapes from a stranger: text from a record, a result file, a
# ruleset or a UGI client reaches the terminal or the log neutralised
# (cli_printable): ESC, BEL and the other C0 controls, DEL, the C1 controls
# (U+009B, CSI, encoded in UTF-8) and bytes of no valid UTF-8 (a lone 0x9b)
# become \xHH; valid UTF-8 text stays as it is.
# usage: sh tests/cli/escape_test.sh path/to/tavola
set -u
TAVOLA=${1:-build/tavola}
. "$(dirname "$0")/lib.sh"

ESC=$(printf '\033')
BEL=$(printf '\007')
CSI8=$(printf '\233')      # a lone 0x9b: CSI to an 8-bit terminal
CSIU=$(printf '\302\233')  # U+009B in UTF-8: CSI to a UTF-8 terminal

# raw FILE: FILE holds a byte a terminal would obey (ESC, BEL, 0x9b).
raw() { LC_ALL=C grep -q "[$ESC$BEL$CSI8]" "$1"; }

# clean NAME TEXT CMD...: the command's stdout and stderr hold no raw
# control byte, and TEXT (the escaped form) is in one of them.
clean() {
  name=$1; text=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  cat "$tmp/out" "$tmp/err" >"$tmp/both"
  if raw "$tmp/both"; then bad "$name: a raw control byte reached the terminal: $(od -c "$tmp/both" | head -5)"
  elif ! grep -qF -- "$text" "$tmp/both"; then bad "$name: '$text' not in: $(head -c 400 "$tmp/both")"
  else ok; fi
}

# --- replay: a record whose move and tag hold escape sequences -------------------
"$TAVOLA" match tictactoe --p1 random --p2 random --games 1 --seed 1 --record "$tmp/good.rec" >/dev/null 2>&1
sed "s/^\\([a-c][1-3]\\) /\\1$ESC[2J$ESC]0;pwned$BEL /" "$tmp/good.rec" >"$tmp/move.rec"
clean replay_move '\x1b[2J\x1b]0;pwned\x07' "$TAVOLA" replay "$tmp/move.rec"
sed "s/^\\[Game \"tictactoe\"\\]/[Game \"tic$ESC[31m$CSI8$CSIU\"]/" "$tmp/good.rec" >"$tmp/tag.rec"
clean replay_tag 'tic\x1b[31m\x9b\xc2\x9b' "$TAVOLA" replay "$tmp/tag.rec"
# A file name is text from outside too.
cp "$tmp/move.rec" "$tmp/x${ESC}[2J.rec"
clean replay_file_name 'x\x1b[2J.rec' "$TAVOLA" replay "$tmp/x${ESC}[2J.rec"

# --- merge: a result file that is not one ----------------------------------------
printf '{"game":"tic%s[2J"}\n' "$ESC" >"$tmp/bad.json"
cp "$tmp/bad.json" "$tmp/r${ESC}]0;t${BEL}.json"
clean merge_file_name 'r\x1b]0;t\x07.json' "$TAVOLA" merge "$tmp/r${ESC}]0;t${BEL}.json"

# --- play --moves and --position: the command line may come from a file -------
clean play_moves '\x1b[2J' "$TAVOLA" play tictactoe --moves "b2 a1$ESC[2J"
clean play_position 'expected 4 fields' "$TAVOLA" play tictactoe --position "...$ESC]0;t$BEL/.../... 1"

# --- a ruleset: its load error, its title in list, its player names -----------------
mkdir -p "$tmp/rules"
printf 'error("boom%s[31m%s here")\n' "$ESC" "$CSIU" >"$tmp/rules/boom.lua"
clean ruleset_error 'boom\x1b[31m\xc2\x9b here' "$TAVOLA" play "$tmp/rules/boom.lua"
printf 'return game { name = "Csi%s%sé", description = "d%s[2J", players = { "X%s", "O" },\n  board = grid { width = 3, height = 3 }, moves = place {}, ends = "board_full" }\n' \
  "$CSIU" "$CSI8" "$ESC" "$CSIU" >"$tmp/rules/csi.lua"
rm "$tmp/rules/boom.lua"
clean list_description 'd\x1b[2J' "$TAVOLA" list --rules "$tmp/rules"
clean play_title 'Csi\xc2\x9b\x9bé' "$TAVOLA" play "$tmp/rules/csi.lua" --p1 random --p2 random --seed 1
clean play_player 'X\xc2\x9b' "$TAVOLA" play "$tmp/rules/csi.lua" --p1 random --p2 random --seed 1

# --- UGI: what a client sends comes back in info strings and on stderr --------------
printf 'setoption name Evil%s[2J value 1\nposition fen x%s]0;t%s\nposition startpos moves b2 %s[31m\ngo%s nodes 1\nquit\n' \
  "$ESC" "$ESC" "$BEL" "$CSI8" "$CSIU" >"$tmp/ugi.in"
clean ugi_setoption 'Evil\x1b[2J' sh -c '"$1" ugi tictactoe <"$2"' - "$TAVOLA" "$tmp/ugi.in"
clean ugi_position "expected 4 fields" sh -c '"$1" ugi tictactoe <"$2"' - "$TAVOLA" "$tmp/ugi.in"
clean ugi_move '\x9b[31m' sh -c '"$1" ugi tictactoe <"$2"' - "$TAVOLA" "$tmp/ugi.in"

finish "escape tests"
