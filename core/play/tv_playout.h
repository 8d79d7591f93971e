/* Random playouts: a game played to its end by uniformly random legal moves,
 * the same game, random number for random number, as drawing
 * moves[tv_rng_below(rng, n)] from tv_legal_moves and playing each with
 * tv_play_hist, only faster. Amazons' shape draws its turns by (piece,
 * landing) pairs instead, as uniform and the same from the kernel's list
 * grouped by pair (tv_shoot.h), since counting its 2,000 turns a ply costs
 * more than playing one. Reached through tv_play.h. */
#ifndef TV_PLAYOUT_H
#define TV_PLAYOUT_H

#include "tv_family.h"
#include "tv_rng.h"
#include "tv_rules.h"

/* Plays uniformly random legal moves until the game is over, keeping the
 * history the repetition rule needs (in a per-thread buffer that only grows,
 * so steady-state playouts do not allocate). */
int tv_random_playout(const tv_rules *r, tv_state *s, tv_rng *rng, tv_error *err);

/* tv_random_playout that asks halt(ctx) now and then (every ply of a ruleset
 * with hooks, every 64 plies of a mancala game; a grid game without hooks
 * ends within its cells and is not asked): when it says so the playout stops
 * after a whole ply, the game not over, with TV_PLAYOUT_HALTED. A search
 * keeps to its stop flag and time this way even when one playout is long
 * (the move limit bounds it, but thousands of plies of hook calls may take
 * seconds). TV_PLAYOUT_HALTED is in tv_family.h. */
int tv_random_playout_halt(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *ctx), void *ctx,
                           tv_error *err);

/* One legal move of s drawn uniformly: the move moves[tv_rng_below(rng, n)]
 * of tv_legal_moves, with the same random numbers, found without listing
 * every move where the family can (Amazons' thousands of turns). Returns n,
 * 0 when the game is over or has no move, or an error code. */
int tv_random_move(const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m, tv_error *err);
/* tv_random_move among tv_legal_moves_hist's moves (positional superko:
 * not the stones that recreate a board of hist[0..nhist)). */
int tv_random_move_hist(const tv_rules *r, const tv_state *s, const uint64_t *hist, int nhist, tv_rng *rng, tv_move *m,
                        tv_error *err);

#endif
