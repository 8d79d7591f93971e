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
 * Mancala boards:  HOLES SCORES SIDE PLY   e.g. "4,4,4/4,4,4 0,0 1 0"
 * HOLES lists row 2 (a2, b2, ..) then, after '/', row 1, as seed counts;
 * SCORES are the seeds each player has captured (or holds in the store);
 * with a play hook the seeds need not add up to the game's. */
#ifndef TV_POSITION_H
#define TV_POSITION_H

#include <stddef.h>

#include "tv_rules.h"

#define TV_POSITION_MAX (TV_MAX_CELLS + TV_MAX_SIDE + 32)

/* Writes the position of s; returns the length (or the length needed). */
int tv_position_write(const tv_rules *r, const tv_state *s, char *buf, size_t size);

/* Reads a position into s. On any error s is left untouched and err says
 * what is wrong and where. */
int tv_position_read(const tv_rules *r, const char *text, tv_state *s, tv_error *err);

#endif
