#!/bin/sh
# tavola gtp, the Go Text Protocol: a scripted session checked answer by
# answer (every command, the failures, ids, comments, blank lines, tabs and
# control characters, case), the command line, a clock, Atari Go; then games
# against GNU Go through tests/cli/gtp_referee.py: tavola against GNU Go on
# 5x5, 7x7 and 9x9, and GNU Go against itself with tavola told every move.
# Every move either side plays must be accepted by the other, and at the end
# all engines must give the same final_score. GNU Go (Debian's gnugo) is
# installed by make's deps step (tools/ensure-deps.sh) when run as root;
# without it those games are skipped, and said so.
# usage: sh tests/cli/gtp_test.sh path/to/tavola
set -u
TAVOLA=${1:-build/tavola}
PYTHON=${PYTHON:-python3}
. "$(dirname "$0")/lib.sh"

# ---- the session ------------------------------------------------------------
# send LINE WANT: LINE (a printf format: \t, \r, \001 ...) is sent and its
# answer must be WANT, the answer's lines joined by a literal \n; a WANT
# starting with ~ is an extended regular expression the whole answer must
# match. raw LINE: a line that gets no answer (blank, a comment).
: >"$tmp/in"
: >"$tmp/want"
: >"$tmp/cmds"
send() {
  printf "$1\n" >>"$tmp/in"
  printf '%s\n' "$1" >>"$tmp/cmds"
  printf '%s\n' "$2" >>"$tmp/want"
}
raw() { printf "$1\n" >>"$tmp/in"; }

BOARD_C3='=\n   A B C D E\n 5 . . . . . 5\n 4 . . . . . 4\n 3 . . X O . 3\n 2 . O X . . 2\n 1 . . . . . 1\n   A B C D E\nply 4, Black (X) to move, komi 0.5'
MOVE='~= ([A-HJ-T]([1-9]|1[0-9]|2[0-5])|pass)'

send '1 protocol_version' '=1 2'
send 'name' '= tavola'
send 'version' '~= [0-9]+\.[0-9]+\.[0-9]+.*'
send 'known_command genmove' '= true'
send 'known_command GENMOVE' '= false'
send 'known_command kgs-genmove_cleanup' '= false'
send 'list_commands' '= protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\nboardsize\nclear_board\nkomi\nplay\ngenmove\nundo\nfinal_score\nshowboard\ntime_settings\ntime_left'
raw ''
raw '# a comment line gets no answer'
raw '   '
raw '\t# a tab, then a comment'
send 'PROTOCOL_VERSION' '? unknown command'
send '2 foo' '?2 unknown command'
send '6' '?6 unknown command'
send '3 boardsize 5 # a comment after the command' '=3'
send 'boardsize 30' '? unacceptable size'
send 'boardsize 1' '? unacceptable size'
send 'boardsize x' '? syntax error'
send 'boardsize' '? syntax error'
send 'komi 0.5' '='
send 'komi abc' '? syntax error'
send 'komi 7.3' '? unacceptable komi'
send 'play b c3' '='
send '4 play WHITE D3' '=4'
send 'play b c3' '? illegal move'
send 'play x c2' '? syntax error'
send 'play b I3' '? syntax error'
send 'play b F3' '? illegal move'
send 'play b c6' '? illegal move'
send 'play b' '? syntax error'
send 'play\tb\tC2\r' '='
send 'pl\001ay w B2' '='
send '5 showboard' "$(printf '%s' "$BOARD_C3" | sed 's/^=/=5/')"
# genmove plays a move (or passes), which undo takes back.
send 'genmove b' "$MOVE"
send 'undo' '='
send 'showboard' "$BOARD_C3"
# genmove and play for the colour not to move: as if it were its turn.
send 'genmove w' "$MOVE"
send 'showboard' '~=.*ply 5, Black \(X\) to move, komi 0\.5'
send 'undo' '='
send 'play w E5' '='
send 'showboard' '~=.*\\n 5 \. \. \. \. O 5\\n.*ply 5, Black \(X\) to move, komi 0\.5'
send 'undo' '='
send 'final_score' '= W+0.5'
send 'komi 7.5' '='
send 'showboard' "$(printf '%s' "$BOARD_C3" | sed 's/komi 0.5/komi 7.5/')"
send 'final_score' '= W+7.5'
# A ko: White may not take back at once; Black may fill it (out of turn).
send 'clear_board' '='
for m in 'b B2' 'w D3' 'b C3' 'w D1' 'b C1' 'w E2' 'b A5' 'w C2' 'b D2'; do send "play $m" '='; done
send 'showboard' '~=.*ply 9, White \(O\) to move, komi 7\.5, ko at C2'
send 'play w C2' '? illegal move'
send 'play b C2' '='
send 'final_score' '= W+5.5'
# A suicide is illegal.
send 'clear_board' '='
send 'play b A2' '='
send 'play b B1' '='
send 'play w A1' '? illegal move'
send 'final_score' '= B+17.5'
# Two passes end the game: no stone after, a pass is taken (and undone).
send 'play w pass' '='
send 'play b PASS' '='
send 'showboard' '~=.*ply 4, game over: B\+17\.5, komi 7\.5, passes in a row 2'
send 'play w A3' '? illegal move'
send 'play w pass' '='
send 'genmove b' '= pass'
send 'final_score' '= B+17.5'
send 'undo' '='
send 'undo' '='
send 'undo' '='
send 'showboard' '~=.*ply 3, Black \(X\) to move, komi 7\.5, passes in a row 1'
send 'boardsize 5' '='
send 'undo' '? cannot undo'
send 'time_settings 10 0 0' '='
send 'time_settings 10 x 0' '? syntax error'
send 'time_settings 10 -1 0' '? syntax error'
send 'time_left b 5 0' '='
send 'time_left b 4.5 1' '='
send 'time_left q 5 0' '? syntax error'
send 'time_left w 5' '? syntax error'
send 'genmove b' "$MOVE"
send '7 final_score' '~=7 (B\+|W\+)[0-9.]+'
send '10 quit' '=10'
raw 'name'

"$TAVOLA" gtp go --player mcts:iterations=200 --seed 7 <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 0 ] && ok || bad "gtp session: exit status $rc"
# Each answer on a line of its own, its lines joined by a literal \n.
awk 'BEGIN { RS = "" } { gsub(/\n/, "\\n"); print }' "$tmp/out" >"$tmp/got"
if awk -v want="$tmp/want" -v cmds="$tmp/cmds" '
  BEGIN { while ((getline w < want) > 0) W[++n] = w; while ((getline c < cmds) > 0) C[++k] = c }
  { G[++m] = $0 }
  END {
    bad = 0
    for (i = 1; i <= n || i <= m; i++) {
      w = W[i]; g = (i <= m) ? G[i] : "(no answer)"
      if (substr(w, 1, 1) == "~") same = (g ~ ("^(" substr(w, 2) ")$")); else same = (g == w)
      if (!same) { printf "  answer %d, to \"%s\": expected [%s], got [%s]\n", i, C[i], w, g; bad++ }
    }
    exit bad > 0
  }' "$tmp/got"; then ok; else bad "gtp session answers differ (above; the whole output: $tmp/out)"; fi
# Every answer ends with one empty line, and nothing else is written.
awk 'BEGIN { blank = 1 } /^$/ { if (blank) bad = 1; blank = 1; next }
     { if (blank && $0 !~ /^[=?]/) bad = 1; blank = 0 } END { exit bad || !blank }' "$tmp/out" && ok ||
  bad "gtp session: an answer not of the form '=...' or '?...' ended by one empty line: $(cat "$tmp/out")"
# Every failure is said on stderr too, with its reason.
fails=$(grep -c '^?' "$tmp/out")
errs=$(grep -c '^tavola gtp: error: ' "$tmp/err")
[ "$fails" = "$errs" ] && ok || bad "gtp session: $fails failures, $errs errors on stderr: $(cat "$tmp/err")"
grep -q '^tavola gtp: error: play w C2: illegal move (c2: ko: ' "$tmp/err" && ok || bad "ko refusal's reason: $(cat "$tmp/err")"
grep -q '^tavola gtp: error: play b F3: illegal move (F3 is off the 5x5 board)' "$tmp/err" && ok ||
  bad "off-board reason: $(cat "$tmp/err")"

# ---- the command line ---------------------------------------------------------
"$TAVOLA" gtp chess </dev/null >"$tmp/o" 2>"$tmp/e"
[ $? = 1 ] && grep -q 'chess is not a Go ruleset' "$tmp/e" && ok || bad "gtp chess: $(cat "$tmp/o" "$tmp/e")"
"$TAVOLA" gtp go --player nonsense </dev/null >"$tmp/o" 2>"$tmp/e"
[ $? = 1 ] && grep -q "player 'nonsense'" "$tmp/e" && ok || bad "gtp --player nonsense: $(cat "$tmp/e")"
"$TAVOLA" gtp </dev/null >/dev/null 2>"$tmp/e"
[ $? = 2 ] && grep -q 'no ruleset named' "$tmp/e" && ok || bad "gtp without a ruleset: $(cat "$tmp/e")"
"$TAVOLA" gtp go --bogus </dev/null >/dev/null 2>"$tmp/e"
[ $? = 2 ] && grep -q "unknown option '--bogus'" "$tmp/e" && ok || bad "gtp --bogus: $(cat "$tmp/e")"
"$TAVOLA" gtp --help | grep -q '^usage: tavola gtp RULESET' && ok || bad "gtp --help"
"$TAVOLA" --help | grep -q 'tavola gtp RULESET' && ok || bad "tavola --help does not list gtp"

# -o size=9,komi=6.5: GTP's J is the ruleset's column i; T19 on 19x19.
printf 'play b J9\nplay w A1\nshowboard\nfinal_score\n' | "$TAVOLA" gtp go -o size=9,komi=6.5 >"$tmp/o" 2>&1
grep -q '^ 9 \. \. \. \. \. \. \. \. X 9$' "$tmp/o" && grep -q 'komi 6.5' "$tmp/o" && grep -q '^= W+6.5$' "$tmp/o" && ok ||
  bad "9x9 with komi 6.5, J9: $(cat "$tmp/o")"
printf 'boardsize 19\nplay b T19\nplay w J10\nplay b T20\nshowboard\n' | "$TAVOLA" gtp go >"$tmp/o" 2>&1
[ "$(grep -c '^=' "$tmp/o")" = 4 ] && grep -q '^19 \. .* X 19$' "$tmp/o" && grep -q '^? illegal move' "$tmp/o" && ok ||
  bad "19x19, T19 and J10: $(cat "$tmp/o")"

# A clock lowers the player's budget: a search of 10^9 iterations answers
# within the second a byo-yomi period leaves it.
start=$(date +%s)
printf 'boardsize 9\ntime_settings 0 1 1\ngenmove b\ntime_left w 1 1\ngenmove w\n' |
  "$TAVOLA" gtp go --player mcts:iterations=1000000000 >"$tmp/o" 2>&1
took=$(($(date +%s) - start))
[ "$(grep -Ec '^= ([A-HJ]|pass)' "$tmp/o")" = 2 ] && [ "$took" -le 6 ] && ok ||
  bad "genmove under a 1 s byo-yomi took $took s: $(cat "$tmp/o")"

# Atari Go: the first capture wins; no pass, no score before the end.
printf 'boardsize 5\nkomi 5.5\nplay b A2\nfinal_score\nplay w pass\nplay w A1\nplay b B1\nfinal_score\ngenmove w\nplay w C3\n' |
  "$TAVOLA" gtp atari_go >"$tmp/o" 2>/dev/null
[ "$(tr '\n' '|' <"$tmp/o")" = "=||=||=||? cannot score||? illegal move||=||=||= B+1||= pass||? illegal move||" ] && ok ||
  bad "atari_go: $(cat "$tmp/o")"

# ---- against GNU Go --------------------------------------------------------------
GNUGO=$(command -v gnugo 2>/dev/null || true)
[ -z "$GNUGO" ] && [ -x /usr/games/gnugo ] && GNUGO=/usr/games/gnugo
if [ -z "$GNUGO" ] && [ "$(id -u)" = 0 ]; then
  TAVOLA_DEPS_EXTRA=gnugo sh "$(dirname "$0")/../../tools/ensure-deps.sh" >/dev/null 2>&1
  GNUGO=$(command -v gnugo 2>/dev/null || true)
  [ -z "$GNUGO" ] && [ -x /usr/games/gnugo ] && GNUGO=/usr/games/gnugo
fi
if [ -z "$GNUGO" ]; then
  echo "gnugo not installed: skipped (as root, make deps or apt-get install gnugo brings it)"
else
  # GNU Go counts by area (Chinese rules) and takes every dead stone off the
  # board before it passes, so the board it scores is the board tavola
  # scores; it never resigns. tavola passes only when no stone is useful.
  GG="$GNUGO --mode gtp --chinese-rules --capture-all-dead --never-resign"
  referee() {
    label=$1
    shift
    if "$PYTHON" tests/cli/gtp_referee.py "$@" >"$tmp/ref" 2>&1; then ok; else bad "gtp games, $label:"; fi
    sed 's/^/  /' "$tmp/ref"
  }
  T="$TAVOLA gtp go --seed {game} --player"
  referee "tavola against GNU Go, 5x5" --size 5 --komi 7.5 --games 2 --limit 50 --game-timeout 20 \
    --engine "$T mcts:iterations=300" --engine "$GG --level 0"
  referee "tavola against GNU Go, 7x7" --size 7 --komi 9.5 --games 2 --limit 98 --game-timeout 30 \
    --engine "$T mcts:iterations=300" --engine "$GG --level 0"
  referee "tavola against GNU Go, 9x9" --size 9 --komi 7.5 --games 1 --limit 162 --game-timeout 40 \
    --engine "$T mcts:iterations=150" --engine "$GG --level 0"
  referee "GNU Go against GNU Go, tavola told every move, 9x9" --size 9 --komi 7.5 --games 4 --limit 162 \
    --game-timeout 30 --engine "$GG --level 1 --seed {game}" --engine "$GG --level 0 --seed {game}" \
    --observer "$TAVOLA gtp go"
  referee "GNU Go against GNU Go, tavola told every move, 13x13" --size 13 --komi 6.5 --games 1 --limit 338 \
    --game-timeout 40 --engine "$GG --level 0 --seed 3" --engine "$GG --level 0 --seed 4" \
    --observer "$TAVOLA gtp go"
fi

finish gtp
