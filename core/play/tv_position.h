/* Position strings: a whole state on one line, for records, tests and the
 * text protocol (like FEN in chess):
 *
 *     BOARD SIDE FLAGS PLY      e.g.  "..x..../......./... 2 - 1"
 *
 * BOARD lists the rows from the top (the last row) down to row 1, separated by
 * '/': '.' empty, 'x' a stone of the first colour, 'o' of the second, '#' a
 * blocked cell. SIDE is the player to move (1 or 2). FLAGS is '-' or any of
 * 's' (colours swapped) and 'p' (blocks are still being placed). PLY counts the
 * moves played. Scores, status and winner are derived from these, except
 * where a play hook makes the moves' effect and no score hook derives the
 * scores: then a fifth field SCORES ("3,-1", player 1 first) carries the
 * scores the hook added up, and the stone counts are not checked against the
 * side to move and the ply (a hook may place two stones, capture, or give the
 * mover another move). Whatever a game reaches, its string reads back to it.
 *
 *
 * Games whose pieces move (moves = move { ... }) write each piece as its
 * kind's letter, upper case for player 1's colour and lower case for player
 * 2's ("K" a king of player 1, "m" a man of player 2); a game that declares no
 * kinds has stones, 'x' and 'o' as above. Their FLAGS are '-' ('s' where a
 * play hook swapped the colours). A game with a
 * no-progress rule adds a fifth field QUIET, the plies since the last capture
 * or promotion ("... 1 - 24 7"). Their start positions are data (setup) in
 * the same characters, so the counts are not checked against side and ply.
 *
 * Mancala boards:  HOLES SCORES SIDE PLY   e.g. "4,4,4/4,4,4 0,0 1 0"
 * HOLES lists row 2 (a2, b2, ..) then, after '/', row 1, as seed counts;
 * SCORES are the seeds each player has captured (or holds in the store);
 * with a play hook the seeds need not add up to the game's.
 *
 * Every flag, count and field a position claims must be reachable under the
 * game's rules (tv_position.c, check_reachable and check_counts): a position
 * that cannot arise is refused, and so one whose legal moves could pass the
 * bound tv_rules.max_moves, derived from the setup's pieces. */
#ifndef TV_POSITION_H
#define TV_POSITION_H

#include <stddef.h>

#include "tv_rules.h"

/* The board with its row separators, the fields, and a ruleset's variables
 * and hands (tv_vars_write: at most 1023 characters). */
#define TV_POSITION_MAX (TV_MAX_CELLS + TV_MAX_SIDE + 32 + 1024)

/* The character of cell value v ('.', '#', 'x', 'o', or a kind's letter),
 * and back (-1 for a character that means nothing in this game). */
char tv_cell_char(const tv_rules *r, int v);
int tv_cell_of_char(const tv_rules *r, char c);

/* Writes the position of s; returns the length (or the length needed). */
int tv_position_write(const tv_rules *r, const tv_state *s, char *buf, size_t size);

/* Reads a position into s. On any error s is left untouched and err says
 * what is wrong and where. */
int tv_position_read(const tv_rules *r, const char *text, tv_state *s, tv_error *err);

/* Re-derives the scores (full recount), status and winner of a state whose
 * cells, side to move and flags were set by other means (position text). */
int tv_state_settle(const tv_rules *r, tv_state *s, tv_error *err);

#endif
