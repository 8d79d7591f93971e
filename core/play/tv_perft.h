/* Perft: the number of move sequences of a given length from a state; a game
 * that has ended is a leaf and is not extended. Used to check move generation
 * against independent implementations and published counts. */
#ifndef TV_PERFT_H
#define TV_PERFT_H

#include <stdint.h>

#include "tv_rules.h"

#define TV_PERFT_MAX_DEPTH 64

/* Sequences of exactly `depth` moves from s (s is restored); the repetition
 * rule sees the positions from s on. Returns the count,
 * or -1 with err set when a move fails (a hook error). */
int64_t tv_perft(const tv_rules *r, tv_state *s, int depth, tv_error *err);

#endif
