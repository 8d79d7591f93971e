/* Captures whose pieces leave the board after the move (tv_pieces.after,
 * international draughts): a chain of jumps, short (over the neighbour onto
 * the cell beyond) or flying (tv_gen.flying: along a line over empty cells,
 * over one enemy piece, onto any empty cell beyond it), in which the pieces
 * jumped stay on the board until the move ends, so they block the way and
 * are never jumped twice, while the moving piece's start is empty. After a
 * jump the piece goes on while a chaining generator can jump again; a chain
 * ends where none can. The piece keeps its kind on the way and promotes
 * where the move ends (a man passing over the far row stays a man).
 *
 * A move is its start, its end and the set of pieces it takes: two orders
 * of one set are one move. Sets taken between the same two cells are the
 * variants of tv_pmove_after, in this order: more pieces first (so where
 * the longest capture is the rule, the legal ones are numbered from 0), then, of
 * two sets of one size, the one holding the lowest cell that is in one set
 * only. So which pieces a capture takes follows from its position: these
 * functions find it there.
 *
 * Nothing allocates (a thread's scratch holds the chains found for one
 * piece); the search is bounded by the enemy's pieces (each taken once),
 * by TV_AFTER_STEPS steps for one piece and by the room for moves: past
 * either it stops with TV_ELIMIT and says so. */
#ifndef TV_PIECES_AFTER_H
#define TV_PIECES_AFTER_H

#include "tv_error.h"
#include "tv_pmove.h"
#include "tv_rules.h"

#define TV_AFTER_STEPS (1L << 22) /* jumps looked at for one piece in one position */

/* Appends the captures of the piece of `kind` and `colour` on `from` in
 * cells to out[n..cap), each one's count of pieces taken in len. Returns
 * the new count, or TV_ELIMIT (err says why: more than cap moves, the
 * search's steps, or more variants than a move holds). */
int tv_after_captures(const tv_rules *r, const uint8_t *cells, int colour, int from, int kind, tv_move *out,
                      int8_t *len, int n, int cap, tv_error *err);

/* Whether the piece of `kind` and `colour` on `from` has a capture (a
 * quick look: the first jump). */
int tv_after_can_capture(const tv_rules *r, const uint8_t *cells, int colour, int from, int kind);

/* The cells of the pieces capture m takes in cells (its piece on its
 * start), into taken[0..TV_PMOVE_CHAIN_LIMIT) in increasing order; returns
 * their count, 0 when m is no capture there, or TV_ELIMIT. */
int tv_after_taken(const tv_rules *r, const uint8_t *cells, tv_move m, int16_t *taken, tv_error *err);

/* The capture whose landings are cells[1..n) from cells[0] (n >= 3: the
 * way written out, as "c3xe5xc7"), into *m; returns 1, or 0 when no chain
 * of the piece there lands so, or TV_ELIMIT. */
int tv_after_by_landings(const tv_rules *r, const uint8_t *cells, const int *typed, int n, tv_move *m,
                         tv_error *err);

#endif
