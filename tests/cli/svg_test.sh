#!/bin/sh
# Tests of `tavola show` and the SVG drawing (TAVOLA_DRAW_SVG): every picture
# is well-formed XML by an independent checker (tests/cli/xml_check.lua, plain
# Lua) and known positions equal golden files; errors exit with a message.
# usage: sh tests/cli/svg_test.sh path/to/tavola      (UPDATE=1 rewrites goldens)
set -u
TAVOLA=${1:-build/tavola}
GOLDEN=tests/cli/golden
CHECK="lua5.4 tests/cli/xml_check.lua"
. "$(dirname "$0")/lib.sh"

# wellformed NAME FILE: the checker accepts FILE as an SVG document.
wellformed() {
  if $CHECK --svg "$2" >"$tmp/check" 2>&1; then ok; else bad "$1: not well-formed: $(cat "$tmp/check")"; fi
}

# golden NAME SHOW-ARGS...: `tavola show ... --svg FILE` exits 0, prints
# nothing, writes a well-formed SVG equal to tests/cli/golden/NAME.
golden() {
  name=$1; shift
  rm -f "$tmp/out.svg"
  "$TAVOLA" show "$@" --svg "$tmp/out.svg" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -ne 0 ]; then bad "$name: exit $rc: $(cat "$tmp/err")"; return; fi
  if [ -s "$tmp/out" ] || [ -s "$tmp/err" ]; then bad "$name: printed something: $(head -c 200 "$tmp/out" "$tmp/err")"; return; fi
  wellformed "$name" "$tmp/out.svg"
  if [ "${UPDATE:-0}" = 1 ]; then cp "$tmp/out.svg" "$GOLDEN/$name"; fi
  if diff -u "$GOLDEN/$name" "$tmp/out.svg" >"$tmp/diff"; then ok; else bad "$name differs:"; head -40 "$tmp/diff"; fi
}

# has NAME TEXT SHOW-ARGS...: `tavola show ... --svg -` exits 0, is
# well-formed and contains TEXT.
has() {
  name=$1; text=$2; shift 2
  "$TAVOLA" show "$@" --svg - >"$tmp/out.svg" 2>"$tmp/err"; rc=$?
  if [ $rc -ne 0 ]; then bad "$name: exit $rc: $(cat "$tmp/err")"; return; fi
  wellformed "$name" "$tmp/out.svg"
  if grep -qF -- "$text" "$tmp/out.svg"; then ok; else bad "$name: the SVG lacks '$text'"; fi
}

# fails NAME CODE TEXT CMD...: exit CODE, TEXT on stderr, nothing on stdout.
fails() {
  name=$1; code=$2; text=$3; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -ne "$code" ]; then bad "$name: exit $rc, expected $code ($(cat "$tmp/err"))"; return; fi
  if ! grep -qF -- "$text" "$tmp/err"; then bad "$name: stderr lacks '$text': $(cat "$tmp/err")"; return; fi
  if [ -s "$tmp/out" ]; then bad "$name: printed to stdout: $(head -c 200 "$tmp/out")"; return; fi
  ok
}

# ---- the checker itself rejects broken documents --------------------------
SVG='<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"'
i=0
while IFS='|' read -r why doc; do
  i=$((i + 1))
  printf '%s\n' "$doc" >"$tmp/neg$i.svg"
  if $CHECK --svg "$tmp/neg$i.svg" >"$tmp/check" 2>&1; then bad "checker accepts $why: $doc"
  elif grep -qF -- "$why" "$tmp/check"; then ok
  else bad "checker: '$why' expected, got: $(cat "$tmp/check")"; fi
done <<EOF
closes <g>|$SVG><g></svg>
closes <text>|$SVG><g><text></g></text></svg>
is never closed|$SVG><g>
not quoted|$SVG><rect width=3/></svg>
given twice|$SVG><rect x="1" x="2"/></svg>
no space before|$SVG><rect x="1"y="2"/></svg>
'<' in an attribute|$SVG><rect id="<"/></svg>
second root|$SVG></svg><svg/>
text after the root|$SVG></svg> x
without a reference|$SVG><text>A & B</text></svg>
malformed reference|$SVG><text>&nbsp;</text></svg>
non-XML character|$SVG><text>&#1;</text></svg>
without a start tag|$SVG/></g>
undeclared namespace|$SVG><x:a/></svg>
not at the start|  <?xml version="1.0"?>$SVG/>
not <svg>|<html xmlns="http://www.w3.org/2000/svg" width="1" height="1" viewBox="0 0 1 1"/>
viewBox|<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>
SVG namespace|<svg width="1" height="1" viewBox="0 0 1 1"/>
EOF
printf '%s>\001</svg>\n' "$SVG" >"$tmp/ctl.svg"
if $CHECK --svg "$tmp/ctl.svg" >/dev/null 2>&1; then bad "checker accepts a control character"; else ok; fi
printf '%s>\377</svg>\n' "$SVG" >"$tmp/utf.svg"
if $CHECK --svg "$tmp/utf.svg" >/dev/null 2>&1; then bad "checker accepts invalid UTF-8"; else ok; fi
printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?><!-- c --><svg xmlns="http://www.w3.org/2000/svg"' \
  ' xmlns:xl="http://www.w3.org/1999/xlink" width="1" height="1" viewBox="0 0 1 1"><a xl:href="#x"' \
  " t='&amp;&#x41;&#65;&lt;&quot;'><![CDATA[<&]]>é&gt;</a><?pi x?><g/></svg>" >"$tmp/good.svg"
wellformed "checker accepts a valid document" "$tmp/good.svg"

# ---- known positions against golden files ---------------------------------
# Pahtum: five holes, White d4-g4 (10), Black a7-c7 (3) and d6, the last stone.
golden svg_pahtum.svg pahtum -o holes=a1,b2,c3,e5,g7 --seed 1 --moves "d4 a7 e4 b7 f4 c7 g4 d6"
# The colours exchanged: White (player 1) now has the dark stones.
golden svg_pahtum_swap.svg pahtum -o holes=a1,b2,c3 -o swap=true --seed 1 --moves "d4 e4 f4 swap"
# Connect Four won by Red (g1 completes d1-g1): the caption gives the result.
golden svg_connect4.svg connect4 --seed 1 --moves "d d e e f f g"
golden svg_kalah.svg kalah --seed 1 --moves "c1 f1"
golden svg_tihbat.svg tihbat --seed 1 --moves "a1 a2 b1"
# A man crowned by a jump: the king wears a gold ring and its letter.
golden svg_checkers.svg checkers --position '......../..m.m.../.M....../......../......../......../......../m....... 1 - 6 3' \
  --moves "b6xd8"
# Hex: hexagons, each colour's sides in its colour, after the swap (Blue now
# plays the red stones and joins rows 1 and 5).
golden svg_hex.svg hex -o size=5 -o swap=true --seed 1 --moves "c3 swap b2 b3 d1"
# Y: a triangle, the cells beyond its diagonal left out, its three sides in brown.
golden svg_y.svg y -o size=5 --seed 1 --moves "a1 c1 b2 d1 a4 b3 a5 e1 a3"

# ---- what the pictures say -------------------------------------------------
"$TAVOLA" show pahtum -o holes=a1,b2,c3,e5,g7 --seed 1 --moves "d4 a7 e4 b7 f4 c7 g4 d6" --svg - >"$tmp/dash.svg" 2>"$tmp/err"
if cmp -s "$tmp/dash.svg" "$GOLDEN/svg_pahtum.svg"; then ok; else bad "--svg - differs from the file output"; fi
f=$GOLDEN/svg_pahtum.svg
[ "$(grep -c 'fill="url(#tavola-hole)"' "$f")" -eq 5 ] && ok || bad "pahtum: expected 5 hole cells"
[ "$(grep -c '<circle [^>]*r="16" fill="#fafafa"' "$f")" -eq 4 ] && ok || bad "pahtum: expected 4 light stones"
[ "$(grep -c '<circle [^>]*r="16" fill="#1e1e1e"' "$f")" -eq 4 ] && ok || bad "pahtum: expected 4 dark stones"
[ "$(grep -c 'fill="#e02020"' "$f")" -eq 1 ] && ok || bad "pahtum: expected one last-move mark"
grep -qF 'Pahtum: ply 8, White 10, Black 3, White to move' "$f" && ok || bad "pahtum: caption"
grep -qF 'game over: Red wins' "$GOLDEN/svg_connect4.svg" && ok || bad "connect4: caption lacks the result"
grep -qF '>store</text>' "$GOLDEN/svg_kalah.svg" && ok || bad "kalah: no stores"
grep -qF '>captured</text>' "$GOLDEN/svg_tihbat.svg" && ok || bad "tihbat: no captured counts"
[ "$(grep -c 'stroke="#d4a017"' "$GOLDEN/svg_checkers.svg")" = 1 ] && grep -qF '>K</text>' "$GOLDEN/svg_checkers.svg" \
  && ok || bad "checkers: the king is not drawn as one (one gold ring, a K)"
# Boards whose pieces move are checkered, a1 dark: 32 dark squares of 64.
f=$GOLDEN/svg_checkers.svg
[ "$(grep -c 'fill="#c49a5c"' "$f")" -eq 32 ] && grep -qF 'x="36" y="348" width="40" height="40" fill="#c49a5c"' "$f" \
  && ok || bad "checkers: expected 32 dark squares, a1 among them"
# The last move: a dashed ring where it came from (b6), the dot beside the
# king's letter (d8's centre is 176,88), not on it.
grep -qF 'cx="96" cy="168" r="12" fill="none" stroke="#e02020" stroke-width="2" stroke-dasharray' "$f" \
  && ok || bad "checkers: no ring on b6, where the move came from"
grep -qF '<circle cx="187" cy="77" r="5"' "$f" && ok || bad "checkers: the last-move dot is not beside the king's letter"
# The move's way under the pieces: b6 to d8, and a chain through its landing.
grep -qF 'points="96,168 176,88"/>' "$f" && ok || bad "checkers: the jump b6xd8 is not drawn from b6 to d8"
"$TAVOLA" show checkers --position '......../......../...m..../......../.m....../M......./......../........ 1 - 10 0' \
  --moves "a3xc5xe7" --svg - >"$tmp/chain.svg" 2>"$tmp/err"
wellformed chain "$tmp/chain.svg"
grep -qF 'points="56,288 136,208 216,128"/>' "$tmp/chain.svg" && ok || bad "checkers: the chain a3xc5xe7 not drawn through c5"
# Pentago: its four blocks framed and numbered as moves name them (d4/2cw).
"$TAVOLA" show pentago --seed 1 --moves "a1/1cw" --svg - >"$tmp/p.svg" 2>"$tmp/err"
wellformed pentago_blocks "$tmp/p.svg"
[ "$(grep -c '<rect x="[0-9]*" y="[0-9]*" width="120" height="120"/>' "$tmp/p.svg")" -eq 4 ] && ok \
  || bad "pentago: expected 4 framed blocks of 3x3 cells"
for b in 1 2 3 4; do grep -q "font-size=\"11\"" "$tmp/p.svg" && grep -q ">$b</text>" "$tmp/p.svg" && ok || bad "pentago: no block number $b"; done
# Nine Men's Morris: a graph's 32 links and 24 points, no cells; a man moved
# (d2-d3 after the placements) ringed where it came from.
"$TAVOLA" show nine_mens_morris --position 'M##.##m/#.#.#.#/##...##/..M#..m/##...##/#M#.#.#/M##.##m 1 - 18 hand=-/-' \
  --moves "b2-d2" --svg - >"$tmp/m.svg" 2>"$tmp/err"
wellformed morris "$tmp/m.svg"
[ "$(grep -c '<line ' "$tmp/m.svg")" -eq 32 ] && [ "$(grep -c 'r="6" fill="#5a4526"' "$tmp/m.svg")" -eq 24 ] && ok \
  || bad "morris: expected 32 links and 24 points"
grep -q 'stroke-dasharray' "$tmp/m.svg" && ok || bad "morris: no ring on b2, where the man came from"
[ "$(grep -c 'url(#tavola-hole)' "$tmp/m.svg")" -eq 0 ] && ok || bad "morris: cells that are no points drawn as holes"

has position '<desc>position: ......./......./......./...xo../..#..../.#...../#...... 1 - 2</desc>' \
  pahtum --position "......./......./......./...xo../..#..../.#...../#...... 1 - 2"
has setup 'White to place a hole' pahtum -o holes=placed -o count=3 --seed 1 --moves "a1 b2"
has oware 'Oware' oware --seed 1 --moves "a1 a2"
has mancala_position 'Player 2 to move' kalah --position "4,4,4,4,4,4/4,4,4,4,4,4 0,0 2 1"
# A 26x26 board with 260 stones: a document far larger than a fixed buffer.
cols="a b c d e f g h i j k l m n o p q r s t u v w x y z"
has big_board 'ply 260' connect4 -o width=26 -o height=26 -o connect=26 --seed 1 \
  --moves "$(for k in 1 2 3 4 5 6 7 8 9 10; do printf '%s ' $cols; done)"
[ "$(wc -c <"$tmp/out.svg")" -gt 65536 ] && ok || bad "big_board: suspiciously small"
# Text from a ruleset is escaped.
cat >"$tmp/esc.lua" <<'EOF'
return game {
  name = "Tic <&> \"tac\" 'toe'",
  players = { "X & Co", "<O>" },
  board = grid { width = 3, height = 3 },
  moves = place {},
  ends = "board_full",
  winner = "higher_score",
}
EOF
has escaped 'Tic &lt;&amp;&gt; &quot;tac&quot; &apos;toe&apos;: ply 1, &lt;O&gt; to move' \
  "$tmp/esc.lua" --moves "b2"
has escaped_legend '>X &amp; Co</text>' "$tmp/esc.lua" --moves "b2"

# ---- colours ---------------------------------------------------------------
# A ruleset names its colours (game{colours}); the stones and the legend use
# them, whatever the player numbers. Connect Four: Red's four stones red, Yellow's three yellow.
f=$GOLDEN/svg_connect4.svg
[ "$(grep -c '<circle [^>]*r="16" fill="#d42a2a"' "$f")" -eq 4 ] && ok || bad "connect4: expected 4 red stones"
[ "$(grep -c '<circle [^>]*r="16" fill="#f5c810"' "$f")" -eq 3 ] && ok || bad "connect4: expected 3 yellow stones"
[ "$(grep -c '<circle [^>]*r="8" fill="#d42a2a"' "$f")" -eq 1 ] && ok || bad "connect4: no red stone in the legend"
[ "$(grep -c 'r="\(16\|8\)" fill="\(#fafafa\|#1e1e1e\)"' "$f")" -eq 0 ] && ok || bad "connect4: white or black stones"
# A k-in-a-row game keeps no score: the caption gives none.
grep -qF '<title>Connect Four: ply 7, game over: Red wins</title>' "$f" && ok || bad "connect4: caption with scores"
# Gomoku: Black moves first and is drawn black; the legend's first stone is dark.
"$TAVOLA" show gomoku --seed 1 --moves "h8" --svg - >"$tmp/gomoku.svg" 2>"$tmp/err"
wellformed gomoku "$tmp/gomoku.svg"
[ "$(grep -c '<circle [^>]*r="16" fill="#1e1e1e"' "$tmp/gomoku.svg")" -eq 1 ] && ok || bad "gomoku: Black's stone not dark"
[ "$(grep -c '<circle [^>]*r="16" fill="#fafafa"' "$tmp/gomoku.svg")" -eq 0 ] && ok || bad "gomoku: a light stone"
[ "$(grep '<circle [^>]*r="8"' "$tmp/gomoku.svg" | head -1 | grep -c '#1e1e1e')" -eq 1 ] && ok \
  || bad "gomoku: the legend's first stone (Black) is not dark"
grep -qF '>Gomoku: ply 1, White to move</text>' "$tmp/gomoku.svg" && ok || bad "gomoku: caption"
# No colours declared: white for player 1, black for player 2, as before.
has default_colours '<circle cx="172" cy="128" r="16" fill="#fafafa" stroke="#222222" stroke-width="2"/>' \
  "$tmp/esc.lua" --moves "b2"
has default_colours2 '<circle cx="205" cy="231" r="8" fill="#1e1e1e" stroke="#000000" stroke-width="1"/>' \
  "$tmp/esc.lua" --moves "b2"
# Every colour of the vocabulary draws; the last-move dot stays visible on red.
for pair in "white black" "black white" "red yellow" "yellow red" "blue green" "green blue"; do
  set -- $pair
  sed "s/^  players = .*/&\n  colours = { \"$1\", \"$2\" },/" "$tmp/esc.lua" >"$tmp/col.lua"
  has "colours_$1_$2" 'r="5" fill="#' "$tmp/col.lua" --moves "b2 a1"
done
[ "$(grep -c 'r="5" fill="#fafafa"' "$GOLDEN/svg_connect4.svg")" -eq 1 ] && ok || bad "connect4: last-move dot not light on red"
# The field is checked at load: names from the vocabulary, two different ones, grids only.
colours_fails() {
  name=$1; text=$2; value=$3; board=${4:-grid { width = 3, height = 3 }}
  printf 'return game { name = "T", board = %s, moves = place {}, ends = "board_full", colours = %s }\n' \
    "$board" "$value" >"$tmp/bad.lua"
  fails "$name" 1 "$text" "$TAVOLA" show "$tmp/bad.lua" --svg -
}
colours_fails colour_unknown "game.colours[2]: 'purple' is not a colour (colours: white, black, red, yellow, blue, green)" \
  '{ "red", "purple" }'
colours_fails colour_case "game.colours[1]: 'Red' is not a colour" '{ "Red", "yellow" }'
colours_fails colour_type "game.colours[1]: 3 is not a colour" '{ 3, "yellow" }'
colours_fails colour_same "game.colours: both players are red" '{ "red", "red" }'
colours_fails colour_count "game.colours: expected 2..2 entries, got 3" '{ "red", "yellow", "blue" }'
colours_fails colour_string 'game.colours: expected two colours, as {"white", "black"}, got '"'red'" '"red"'
colours_fails colour_nul "game.colours[1]: 're" '{ "red\0", "yellow" }'
printf 'return game { name = "M", board = mancala { holes = 2, seeds = 2 }, moves = sow {}, ends = "board_empty", colours = { "red", "blue" } }\n' >"$tmp/bad.lua"
fails colour_mancala 1 "game.colours: a mancala board has seeds, not stones to colour" "$TAVOLA" show "$tmp/bad.lua" --svg -
# Without --svg: the text board, as `tavola play` draws it.
"$TAVOLA" show kalah --seed 1 --moves "c1 f1" >"$tmp/out" 2>"$tmp/err"
if cmp -s "$tmp/out" tests/cli/golden/kalah_board.txt; then ok; else bad "text board differs from kalah_board.txt"; fi

# ---- errors ----------------------------------------------------------------
fails unknown_ruleset 1 "unknown ruleset 'shatranj'" "$TAVOLA" show shatranj --svg -
fails bad_position 1 "position: expected 4 fields" "$TAVOLA" show pahtum --position "xo 1" --svg -
fails illegal_move 1 "move 2 'd4' refused: d4: the cell is occupied" \
  "$TAVOLA" show pahtum -o holes=a1,b2,c3 --moves "d4 d4" --svg -
fails bad_option 1 "holes: the number of holes must be odd" "$TAVOLA" show pahtum -o holes=4 --svg -
fails unwritable 1 "cannot write '$tmp/no/such/dir.svg'" \
  "$TAVOLA" show pahtum -o holes=a1,b2,c3 --seed 1 --svg "$tmp/no/such/dir.svg"
# A refused move leaves an existing file as it was.
echo keep >"$tmp/keep.svg"
fails keep_file 1 "refused" "$TAVOLA" show kalah --moves "a1 a1" --svg "$tmp/keep.svg"
[ "$(cat "$tmp/keep.svg")" = keep ] && ok || bad "keep_file: the file was overwritten"
fails missing_value 2 "--svg needs a value" "$TAVOLA" show pahtum --svg
fails no_ruleset 2 "which ruleset?" "$TAVOLA" show --svg -
fails extra_argument 2 "unexpected argument 'kalah'" "$TAVOLA" show pahtum kalah

finish svg
