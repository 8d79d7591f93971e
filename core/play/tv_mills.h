/* Mills on a graph board (Nine Men's Morris; tv_rules.h tv_graph, tv_mills):
 * the men a side places from its hand, moves along links or, down to
 * r->mills.fly men, flies to any empty point; a man that completes a line of
 * its colour removes an enemy man in the same move, one that is in no line
 * of its own colour unless all are (one removal, however many lines). A move
 * is where the man comes from (none: the hand), where it goes and which man
 * it removes (none when it makes no line, or the enemy has no man on the
 * board). */
#ifndef TV_MILLS_H
#define TV_MILLS_H

#include <stddef.h>

#include "tv_rules.h"

/* The 31-bit layout: to | (from + 1) << 10 | (taken + 1) << 20 (cells <
 * 1023; from and taken -1 for none). A placement without removal is its cell. */
static inline tv_move tv_mills_move(int from, int to, int taken)
{
    return (tv_move)(to | (from + 1) << 10 | (taken + 1) << 20);
}
static inline int tv_mills_to(tv_move m) { return m & 1023; }
static inline int tv_mills_from(tv_move m) { return ((m >> 10) & 1023) - 1; }
static inline int tv_mills_taken(tv_move m) { return ((m >> 20) & 1023) - 1; }

/* Whether the man on c (of colour, from `from` which is now empty, -1 for
 * the hand) completes a line of its colour on cells. */
int tv_mills_makes_line(const tv_rules *r, const uint8_t *cells, int c, int from, int colour);

/* The legal moves of the side to move in s, in the order of their action
 * ids (from, then to, then the man removed); the count, or TV_ELIMIT past cap. */
int tv_mills_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err);

/* Whether the side to move has a move (1) or none (0): no list. */
int tv_mills_any(const tv_rules *r, const tv_state *s);

/* Plays the legal move m (cells, hand, undo record u when not NULL). */
int tv_mills_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_error *err);

/* "d3", "d3xf4", "d2-d3", "d2-d3xf4"; and back (TV_EINVAL naming the text). */
int tv_mills_text(const tv_rules *r, tv_move m, char *buf, size_t size);
int tv_mills_parse(const tv_rules *r, const char *text, tv_move *m, tv_error *err);

#endif
