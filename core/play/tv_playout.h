/* Random playouts: a game played to its end by uniformly random legal moves,
 * the same game, random number for random number, as drawing
 * moves[tv_rng_below(rng, n)] from tv_legal_moves and playing each with
 * tv_play_hist, only faster. Reached through tv_play.h. */
#ifndef TV_PLAYOUT_H
#define TV_PLAYOUT_H

#include "tv_rng.h"
#include "tv_rules.h"

/* Plays uniformly random legal moves until the game is over, keeping the
 * history the repetition rule needs (in a per-thread buffer that only grows,
 * so steady-state playouts do not allocate). */
int tv_random_playout(const tv_rules *r, tv_state *s, tv_rng *rng, tv_error *err);

#endif
