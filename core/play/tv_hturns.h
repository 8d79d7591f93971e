/* Turns of several parts from a moves hook: "d1-d7/g7" (an amazon's move,
 * then its arrow), "e2-e3/e3-e4/d4" (steps, then a placement). A move is one
 * 31-bit number with no room for a list, so a turn's parts are kept in a
 * table of the loaded ruleset and the move is its index there
 * (tv_hmove_turn, core/rules/tv_hmove.h). The same parts are always the same
 * index, so that a move compares, hashes and searches as a number and a
 * record holds its text.
 *
 * The table only grows, up to the cap it was made with (the host's
 * tv_limits.turns): a turn past it is the moves hook's error in that game.
 * Only the moves hook's own turns (and text it gives) enter it: a host's
 * text is looked up, never added (tv_hturns_find), so a client that types
 * turns cannot fill it. Adding and finding take its lock; reading an index
 * already handed out does not (its entry never moves or changes). */
#ifndef TV_HTURNS_H
#define TV_HTURNS_H

#include <stddef.h>

#include "tv_error.h"
#include "tv_state.h"

#define TV_HTURN_PARTS 8               /* parts of one turn, at most */
#define TV_HTURNS_DEFAULT (1ul << 20)  /* distinct turns of one loaded ruleset, by default */
#define TV_HTURNS_LIMIT (1ul << 20)    /* the most an index can say */

typedef struct tv_hturns tv_hturns;

/* An empty table for at most `cap` turns (0: the default); NULL when out of memory. */
tv_hturns *tv_hturns_new(unsigned long cap);
void tv_hturns_free(tv_hturns *t);

/* The index of the turn parts[0..n), added when new: TV_OK, or TV_ELIMIT
 * when the table is full (err names the cap) or TV_ENOMEM. The caller has
 * checked the parts (2..TV_HTURN_PARTS whole moves, none a turn). */
int tv_hturns_add(tv_hturns *t, const tv_move *parts, int n, int *index, tv_error *err);

/* The index of the turn parts[0..n), or -1 when no hook has listed it. */
int tv_hturns_find(tv_hturns *t, const tv_move *parts, int n);

/* The parts of the turn at index into parts[0..TV_HTURN_PARTS): their
 * count, or -1 when the index was never handed out. */
int tv_hturns_parts(const tv_hturns *t, int index, tv_move *parts);

/* How many turns the table holds. */
unsigned long tv_hturns_count(tv_hturns *t);

#endif
