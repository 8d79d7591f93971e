/* Flips (Othello, Reversi): a stone may go only on an empty cell from which,
 * along one of the rule's directions, a run of enemy stones ends at an own
 * stone; placing it turns every such run, in every direction at once. A
 * player without such a cell passes while the opponent has one (no_move =
 * "pass"); when neither has, nothing is legal and the no-move rule ends the
 * game. The rays are the grid's neighbour table (tv_rules.nb); nothing is
 * allocated. Called by the kernel (tv_play.c) and the playouts. */
#ifndef TV_FLIP_H
#define TV_FLIP_H

#include "tv_rules.h"

/* Legal moves of s into out[0..cap): the cells that flip, or the pass.
 * Returns the count (0: neither player can place). */
int tv_flip_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap);

/* TV_OK when m is legal in s, else TV_EILLEGAL with the reason. */
int tv_flip_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err);

/* The mover's stone on the legal cell `cell` and the runs it turns, through
 * tv_state_set (hash, undo record u, counts). Returns TV_OK or an error. */
int tv_flip_apply(const tv_rules *r, tv_state *s, tv_undo *u, int cell, tv_error *err);

/* A random playout of a flip game without hooks, the same game as the
 * kernel's random for random (tv_playout.h), faster: the moves found for the
 * no-move rule are the next ply's, a placement writes the cells directly. */
int tv_flip_playout(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err);

/* A host's loop at the playout's speed (tv_family.h keep_*): the sets a
 * playout keeps, from ply to ply of a game. */
typedef struct tv_flip_keep {
    uint64_t stones[2][TV_FLIP_WORDS]; /* by colour index */
    uint64_t empty[TV_FLIP_WORDS];
    uint64_t moves[TV_FLIP_WORDS]; /* the mover's placements */
    int own;                       /* the mover's colour index */
    int any, pass;                 /* the mover has a placement; else the pass is the move */
} tv_flip_keep;

size_t tv_flip_keep_size(const tv_rules *r);
int tv_flip_keep_start(const tv_rules *r, const tv_state *s, tv_flip_keep *k);
int tv_flip_keep_draw(const tv_rules *r, const tv_flip_keep *k, tv_rng *rng, tv_move *m, tv_error *err);
int tv_flip_keep_play(const tv_rules *r, tv_state *s, tv_flip_keep *k, tv_move m, tv_error *err);

#endif
