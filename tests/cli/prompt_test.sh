#!/bin/sh
# Tests of the interactive prompt of `tavola play` (plugin/cli/cli_prompt.c),
# driven as a script drives it: stdin a pipe, not a terminal. The help and the
# messages must follow the game (cells, columns, holes; swap and pass only
# where allowed), moves may be upper case and several on a line, and the
# prompt stays after the end for review, undo and new until quit or the end
# of input, which exits 0 as before.
# usage: sh tests/cli/prompt_test.sh path/to/tavola   (UPDATE=1 rewrites goldens)
set -u
TAVOLA=${1:-build/tavola}
GOLDEN=tests/cli/golden
. "$(dirname "$0")/lib.sh"

# play NAME INPUT ARGS...: `tavola play ARGS` with INPUT (printf format) on
# stdin; the output in $tmp/out, the exit status in $rc, and it must be 0 with
# nothing on stderr.
play() {
  name=$1; input=$2; shift 2
  # shellcheck disable=SC2059
  printf "$input" | "$TAVOLA" play "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -ne 0 ]; then bad "$name: exit $rc: $(cat "$tmp/err")"; return 1; fi
  if [ -s "$tmp/err" ]; then bad "$name: stderr: $(head -c 200 "$tmp/err")"; return 1; fi
  return 0
}

# has NAME TEXT / lacks NAME TEXT: the last play's output has (lacks) TEXT.
has() { if grep -qF -- "$2" "$tmp/out"; then ok; else bad "$1: output lacks '$2'"; tail -5 "$tmp/out"; fi; }
lacks() { if grep -qF -- "$2" "$tmp/out"; then bad "$1: output has '$2'"; else ok; fi; }
# last NAME TEXT: the output's last line is TEXT (the prompt left at EOF).
last() {
  l=$(tail -n 1 "$tmp/out")
  if [ "$l" = "$2" ]; then ok; else bad "$1: last line '$l', expected '$2'"; fi
}

# golden NAME INPUT ARGS...: the whole output equals tests/cli/golden/NAME.
golden() {
  name=$1; input=$2; shift 2
  play "$name" "$input" "$@" || return
  if [ "${UPDATE:-0}" = 1 ]; then cp "$tmp/out" "$GOLDEN/$name"; fi
  if diff -u "$GOLDEN/$name" "$tmp/out" >"$tmp/diff"; then ok; else bad "$name differs:"; cat "$tmp/diff"; fi
}

P7="pahtum -o holes=e5,f6,g7 --seed 4"

# ---- help: built from the game ---------------------------------------------
play help_pahtum 'help\n' $P7 && {
  has help_pahtum "White to move: a cell such as d4 (a1..g7). Several moves on one line"
  has help_pahtum "moves (or legal) lists the legal moves, undo takes back the last move, board draws the board"
  lacks help_pahtum "or swap"; lacks help_pahtum "pass"; lacks help_pahtum "review"  # (the options line says swap=false)
}
play help_connect4 'help\n' connect4 --seed 1 && {
  has help_connect4 "Red to move: a column such as d (a..g)."
  lacks help_connect4 "swap"; lacks help_connect4 "pass"; lacks help_connect4 "cell"
}
play help_kalah 'help\na1\nhelp\n' kalah --seed 1 && {
  has help_kalah "Player 1 to move: one of your holes, a1..f1."
  has help_kalah "Player 2 to move: one of your holes, a2..f2."
  lacks help_kalah "swap"; lacks help_kalah "pass"
}
play help_tihbat 'help\n' tihbat --seed 1 && has help_tihbat "one of your holes, a1..b1."
play help_gomoku 'help\n' gomoku --seed 1 && has help_gomoku "Black to move: a cell such as h8 (a1..o15)."
play help_tictactoe '?\n' tictactoe --seed 1 && has help_tictactoe "X to move: a cell such as b2 (a1..c3)."
# Swap once the rule allows it (after the third stone), not before.
play help_swap 'help\nd4 e4 f4\nhelp\n' pahtum -o holes=a1,b2,c3 -o swap=true --seed 1 && {
  has help_swap "White to move: a cell such as d4 (a1..g7). Several"
  has help_swap "Black to move: a cell such as d4 (a1..g7), or swap (take over the opponent's stones instead of moving)."
}
# Against a program, undo takes back the reply too.
play help_vs 'help\n' tictactoe --seed 1 --p2 random && has help_vs "undo takes back your last move and the reply"

# ---- what is not a move ------------------------------------------------------
play not_a_move 'zz\n' $P7 && {
  has not_a_move "'zz' is not a move: expected a cell a1..g7 (type help)"; lacks not_a_move "swap or pass"
}
play not_a_column 'a1\n' connect4 --seed 1 && has not_a_column "'a1' is not a move: expected a column a..g (type help)"
play not_a_hole 'g1\n' kalah --seed 1 && has not_a_hole "'g1' is not a move: expected one of your holes, a1..f1 (type help)"
play foreign_hole 'a2\n' kalah --seed 1 && has foreign_hole "a2: not a hole of player 1 (type help)"
play not_a_move_swap 'd4 e4 f4 zz\n' pahtum -o holes=a1,b2,c3 -o swap=true --seed 1 && \
  has not_a_move_swap "'zz' is not a move: expected a cell a1..g7, or swap; played before it: d4 e4 f4"
play no_swap 'swap\n' $P7 && has no_swap "swap: this game has no swap rule (type help)"
play no_pass 'pass\n' $P7 && has no_pass "pass: not a move of this game (type help)"
play occupied 'd4\nd4\n' $P7 && has occupied "Black> d4: the cell is occupied (type help)"

# ---- upper case, several moves on a line ---------------------------------------
play upper 'D5\n' $P7 && { has upper "ply 1  White (x) 0  Black (o) 0  Black to move"; has upper "  5  . . . X # . ."; }
play upper_column 'D\n' connect4 --seed 1 && has upper_column "  1  . . . X . . ."
play upper_swap 'd4 e4 f4 SWAP\n' pahtum -o holes=a1,b2,c3 -o swap=true --seed 1 && has upper_swap "ply 4  White (o) 0  Black (x) 0  White to move"
play upper_quit 'QUIT\nd4\n' $P7 && { lacks upper_quit "ply 1"; last upper_quit "White> "; }
# exit and q quit too, as people type them; a q that names a move (column q
# of a 20-wide Connect Four) is that move.
play exit_quits 'Exit\nd4\n' $P7 && { lacks exit_quits "ply 1"; last exit_quits "White> "; }
play q_quits 'q\nd4\n' $P7 && { lacks q_quits "ply 1"; last q_quits "White> "; }
play q_column 'q\n' connect4 -o width=20 --seed 1 && has q_column "ply 1"
# At a terminal (a pseudo-terminal): libedit's history (Up brings back b2) and
# line editing (Ctrl-A, then a letter typed at the start), each line sent once
# the prompt asks for it.
if "${PYTHON:-python3}" tests/cli/prompt_tty.py "$TAVOLA" >"$tmp/tty" 2>&1; then ok; else bad "at a terminal: $(tail -5 "$tmp/tty")"; fi
play several 'a1 a2 b1\n' $P7 && {
  has several "ply 3  White (x) 0  Black (o) 0  Black to move"
  [ "$(grep -c '^ply ' "$tmp/out")" -eq 2 ] && ok || bad "several: the board drawn more than once for one line"
}
play several_refused 'a1 a2 a1 b1 c1\n' $P7 && {
  has several_refused "a1: the cell is occupied; played before it: a1 a2; not played: b1 c1"
  has several_refused "ply 2  White (x) 0  Black (o) 0  White to move"; lacks several_refused "ply 3"
}
play several_last 'a1 a2 a1\n' $P7 && has several_last "a1: the cell is occupied; played before it: a1 a2"
play several_bad 'a1 zz b1\n' $P7 && has several_bad "'zz' is not a move: expected a cell a1..g7; played before it: a1; not played: b1"
play full_column 'd d d d d d d e\n' connect4 --seed 1 && \
  has full_column "d: the column is full; played before it: d d d d d d; not played: e"
# A program replies between a human's moves.
play several_vs 'b2 a1 c3\n' tictactoe --seed 3 --p2 random && {
  [ "$(grep -c '^O plays ' "$tmp/out")" -ge 2 ] && ok || bad "several_vs: the program did not reply in between"
}
# A long line (more than 255 bytes): 260 columns of a 26x26 Connect Four.
cols="a b c d e f g h i j k l m n o p q r s t u v w x y z"
line=$(for k in 1 2 3 4 5 6 7 8 9 10; do printf '%s ' $cols; done)
play long_line "$line\\n" connect4 -o width=26 -o height=26 -o connect=26 --seed 1 && has long_line "ply 260  "

# ---- the status line: scores only where the game keeps them ------------------
play status_connect4 '' connect4 --seed 1 && has status_connect4 "ply 0  Red (x)  Yellow (o)  Red to move"
play status_tictactoe '' tictactoe --seed 1 && has status_tictactoe "ply 0  X (x)  O (o)  X to move"
play status_gomoku '' gomoku --seed 1 && has status_gomoku "ply 0  Black (x)  White (o)  Black to move"
play status_pahtum '' $P7 && has status_pahtum "ply 0  White (x) 0  Black (o) 0  White to move"
play status_kalah '' kalah --seed 1 && has status_kalah "ply 0  Player 1 0  Player 2 0  Player 1 to move"

# ---- the end of the game: the prompt stays ------------------------------------
WIN='a1 b1 a2 b2 a3'
play end "$WIN\\n" tictactoe --seed 1 && {
  has end "ply 5  X (x)  O (o)  game over: X wins"
  has end "The game is over: review, undo, new or quit (type help)."
  last end "game over> "
}
play end_help "$WIN\\nhelp\\nmoves\\n" tictactoe --seed 1 && {
  has end_help "The game is over. review steps through it move by move, undo takes back the last move, new starts again"
  has end_help "game over> none: the game is over"
}
play end_midline "$WIN c3 c1\\n" tictactoe --seed 1 && has end_midline "the game is over: not played: c3 c1"
play end_move "$WIN\\nc3\\n" tictactoe --seed 1 && has end_move "c3: the game is over (review, undo, new or quit) (type help)"
play end_undo "$WIN\\nundo\\nc3\\n" tictactoe --seed 1 && {
  has end_undo "ply 4  X (x)  O (o)  X to move"; has end_undo "ply 5  X (x)  O (o)  O to move"; last end_undo "O> "
}
play end_new "$WIN\\nnew\\nb2\\n" tictactoe --seed 1 && {
  has end_new "A new game, from the first position."; has end_new "ply 1  X (x)  O (o)  O to move"; last end_new "O> "
}
play end_quit "$WIN\\nquit\\n" tictactoe --seed 1 && last end_quit "game over> "
play early_review 'review\nnew\n' tictactoe --seed 1 && {
  has early_review "review: once the game is over (type help)"; has early_review "new: once the game is over (type help)"
}
# Review: forward, back, a move number, the ends, and back to the game.
golden interactive_review.txt "$WIN\\nreview\\n\\nnext\\nback\\n4\\nlast\\nnext\\nfirst\\nzz\\ndone\\nundo\\nquit\\n" tictactoe --seed 1
play review_eof "$WIN\\nreview\\nnext\\n" tictactoe --seed 1 && last review_eof "review 1/5> "
play review_quit "$WIN\\nreview\\nQUIT\\nundo\\n" tictactoe --seed 1 && { last review_quit "review 0/5> "; lacks review_quit "ply 4"; }
# Against a program, undo after the end gives the human the move again.
play vs_end_undo 'b2\nundo\n' tictactoe --seed 3 --p2 random && has vs_end_undo "ply 0  X (x)  O (o)  X to move"
# A game between two programs ends at once, as before (make demo).
play programs '' tictactoe --seed 1 --p1 random --p2 random && { lacks programs "game over>"; has programs "game over: "; }

# ---- end of input -------------------------------------------------------------
play eof_mid 'a1\n' $P7 && last eof_mid "Black> "
play eof_empty '' $P7 && last eof_empty "White> "
# A last line without a newline is still read.
play no_newline 'a1' $P7 && has no_newline "ply 1  White (x) 0"

finish prompt
