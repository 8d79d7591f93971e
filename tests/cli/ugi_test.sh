#!/bin/sh
# The UGI engine: a scripted session (malformed lines included) against its
# golden answers, "go infinite" ended by "stop", and whole games between two
# engines through tests/cli/ugi_referee.c.
# engines, refereed through tests/cli/ugi_referee.c, and matches driven the way
# a tournament manager drives them (tests/cli/ugi_manager.py, UGI_GAMES games
# per ruleset, 10 by default).
# usage: sh tests/cli/ugi_test.sh path/to/tavola path/to/ugi_referee
set -u
TAVOLA=${1:-build/tavola}
REFEREE=${2:-build/ugi_referee}
UGI_GAMES=${UGI_GAMES:-10}
. "$(dirname "$0")/lib.sh"

# Times vary from run to run: they are blanked before the comparison. Every
# search in the session ends at a depth or node budget long before its
# movetime (a day), so the golden answers hold on any machine.
"$TAVOLA" ugi tictactoe <tests/cli/ugi/session.txt 2>"$tmp/err" | sed 's/ time [0-9]*$/ time T/' >"$tmp/out"
if [ "${UPDATE:-0}" = 1 ]; then
  cp "$tmp/out" tests/cli/golden/ugi_session.txt; cp "$tmp/err" tests/cli/golden/ugi_session_err.txt
fi
if diff -u tests/cli/golden/ugi_session.txt "$tmp/out"; then ok; else bad "ugi session differs"; fi
# Every error is on stderr as well, and nothing else is.
if diff -u tests/cli/golden/ugi_session_err.txt "$tmp/err"; then ok; else bad "ugi session's stderr differs"; fi

# A search without limits stops when told, and answers isready meanwhile.
(echo "setoption name Player value mcts"; echo "position startpos"; echo "go infinite"; sleep 1
 echo "isready"; echo "stop"; echo "quit") | "$TAVOLA" ugi connect4 >"$tmp/inf" 2>&1
grep -q '^readyok' "$tmp/inf" && grep -q '^bestmove [a-g]$' "$tmp/inf" && ok || bad "go infinite/stop: $(cat "$tmp/inf")"

# position is read by fields: a position whose text holds the word "moves"
# (a board row of kinds m, o, v, e, s) is not cut there; a field that is
# exactly "moves" starts the moves, and startpos takes nothing else.
printf 'position fen moves/...../...../MOVES 1 - 0\nquery p1turn\nposition fen moves/...../...../MOVES 1 - 0 moves a1-a2\nquery p1turn\nposition startpos x\nquery gameover\nposition fen\nposition startpos\tmoves  a1-a2\nquery p1turn\nquit\n' |
  "$TAVOLA" ugi tests/cli/rulesets/moves_word.lua >"$tmp/pos" 2>/dev/null
[ "$(cat "$tmp/pos")" = "$(printf 'response true\nresponse false\ninfo string error position: startpos is followed by moves or nothing (no position until the next one)\nresponse true\ninfo string error position: fen needs a position (no position until the next one)\nresponse false')" ] && ok ||
  bad "position by fields: $(cat "$tmp/pos")"

# Ruleset options are loaded together: connect=8 is refused on 7 columns but
# not when width=9 comes after it; column i exists then.
printf 'setoption name connect value 8\nsetoption name width value 9\nisready\nposition startpos moves i\nquery gameover\nquit\n' |
  "$TAVOLA" ugi connect4 >"$tmp/opt" 2>"$tmp/opterr"
[ "$(cat "$tmp/opt")" = "$(printf 'readyok\nresponse false')" ] && [ ! -s "$tmp/opterr" ] && ok ||
  bad "options applied together: $(cat "$tmp/opt" "$tmp/opterr")"
# A refused combination is reported (on stderr too) and the options in force stay.
printf 'setoption name connect value 8\nisready\nposition startpos moves g\nquery gameover\nquit\n' |
  "$TAVOLA" ugi connect4 >"$tmp/opt" 2>"$tmp/opterr"
grep -q '^info string error options connect=8 refused: .*; in force: connect=4' "$tmp/opt" &&
  grep -q '^response false' "$tmp/opt" && grep -q 'error: options connect=8 refused' "$tmp/opterr" && ok ||
  bad "refused options: $(cat "$tmp/opt" "$tmp/opterr")"

# A ruleset's declared range is the spin's (connect4's connect says
# "2..the longer side" in words, 2..26 as min and max), and a value outside
# it is refused by the library's words, the options in force kept.
printf 'ugi\nsetoption name size value 30\nisready\nquit\n' | "$TAVOLA" ugi gomoku >"$tmp/opt" 2>"$tmp/opterr"
grep -qx 'option name size type spin default 15 min 5 max 26' "$tmp/opt" &&
  grep -q "^info string error options size=30 refused: .*option size: expected an integer 5..26, got '30'; in force: .*size=15" "$tmp/opt" &&
  ok || bad "declared range: $(cat "$tmp/opt" "$tmp/opterr")"
printf 'ugi\nquit\n' | "$TAVOLA" ugi connect4 | grep -qx 'option name connect type spin default 4 min 2 max 26' && ok ||
  bad "connect4's connect spin is not 2..26"

# The solver is refused where it cannot solve the game (said on stderr, and
# which player plays instead); every go, zero budgets included, gets a move.
printf 'setoption name Player value solver\nisready\nposition startpos\ngo movetime 0\ngo nodes 0\ngo depth 0\ngo movetime 50\nquit\n' |
  "$TAVOLA" ugi connect4 >"$tmp/solver" 2>"$tmp/solvererr"
grep -q "^info string error Player 'solver' refused: .*; mcts:ms=1000 plays" "$tmp/solver" &&
  grep -q "error: Player 'solver' refused" "$tmp/solvererr" && [ "$(grep -c '^bestmove [a-g]$' "$tmp/solver")" = 4 ] &&
  ok || bad "solver refused: $(cat "$tmp/solver" "$tmp/solvererr")"
printf 'setoption name Player value alphabeta\nposition startpos\ngo movetime 0\ngo nodes 0\ngo depth 0\ngo\nquit\n' |
  "$TAVOLA" ugi pahtum >"$tmp/zero" 2>&1
[ "$(grep -c '^bestmove [a-g][1-7]$' "$tmp/zero")" = 4 ] && ok || bad "zero budgets: $(cat "$tmp/zero")"

# The solver at 1 ms: it takes about 0.1 s (more under the sanitizers) to
# solve this Kalah at its first move, 114,195 positions, which no machine
# builds in 1 ms. Either it stops at its own time budget (an error: the move
# drawn before the search is played) or the engine says it is late and
# waits for its move; both ways a legal move is played.
printf 'setoption name holes value 4\nsetoption name seeds value 2\nsetoption name MoveOverhead value 0\nsetoption name Player value solver\nisready\nposition startpos\ngo movetime 1\nquit\n' |
  "$TAVOLA" ugi kalah >"$tmp/late" 2>&1
grep -Eq '^info string (the player is late|error go: out of time)' "$tmp/late" && grep -q '^bestmove [a-d]1$' "$tmp/late" &&
  ok || bad "a deadline the player misses: $(cat "$tmp/late")"

# Seed gives each engine a random stream of its own, and each game too.
for i in 1 2 3; do printf 'setoption name Seed value %s\nsetoption name Player value random\nuginewgame\nposition startpos\ngo nodes 1\nuginewgame\nposition startpos\ngo nodes 1\nquit\n' $i |
  "$TAVOLA" ugi pahtum 2>&1 | grep '^bestmove' | tr '\n' ' '; echo; done >"$tmp/seeds"
[ "$(sort -u "$tmp/seeds" | wc -l)" = 3 ] && ok || bad "Seed gives each engine its stream: $(cat "$tmp/seeds")"
# Seed is a spin of 0..2147483647, as declared: a larger value is refused,
# and a --seed beyond it is folded in, so the declared default is in range.
printf 'ugi\nsetoption name Seed value 2147483648\nquit\n' | "$TAVOLA" ugi tictactoe --seed 18446744073709551615 >"$tmp/o" 2>&1
grep -q "option name Seed type spin default 2147483647 min 0 max 2147483647" "$tmp/o" &&
  grep -q "Seed: '2147483648' is not a number 0..2147483647 (as declared); it stays 2147483647" "$tmp/o" && ok ||
  bad "Seed's declared range: $(cat "$tmp/o")"

# Games between two engines, refereed through the protocol only.
game() {
  if "$REFEREE" "$TAVOLA" "$@" >"$tmp/ref" 2>&1; then ok; else bad "referee $*"; cat "$tmp/ref"; fi
}
game tictactoe greedy random "depth 1"
game tihbat solver greedy "depth 1"
game kalah "mcts:iterations=200" greedy "nodes 200"
game connect4 "alphabeta:depth=4" "mcts:iterations=300" "movetime 20"
game pahtum random "alphabeta:depth=1" "p1time 2000 p2time 2000 p1inc 10 p2inc 10"
game notakto "mcts:iterations=100" random "nodes 100"

# A tournament manager's way, every ruleset.
if python3 tests/cli/ugi_manager.py "$TAVOLA" "$UGI_GAMES"; then ok; else bad "ugi manager"; fi

finish ugi
