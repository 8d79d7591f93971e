/* Place, then rotate (Pentago): a move puts a stone of the mover on an empty
 * cell, then turns one of the square blocks that tile the board a quarter
 * turn, clockwise or counter-clockwise, as one move. A move is
 * turn * ncells + cell, turn = block * 2 + (0 clockwise, 1 counter-
 * clockwise), blocks numbered by rows from row 1, left to right; its text is
 * the cell, the block and the way: "d4/2cw". A line that meets the goal
 * counts after the rotation, for either colour: the mover's alone wins, the
 * opponent's alone loses, both is a draw. */
#ifndef TV_ROTATE_H
#define TV_ROTATE_H

#include <stddef.h>

#include "tv_rules.h"
#include "tv_rng.h"

/* The quarter turns a move may end with. */
static inline int tv_rotate_turns(const tv_rules *r) { return 2 * r->rotate.blocks; }

/* The legal moves: every empty cell with every turn, cells first. */
int tv_rotate_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap);

/* TV_OK, or TV_EILLEGAL naming the move and why. */
int tv_rotate_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err);

/* Plays the legal move m (u may be NULL); *line_winner is then -1 (no line),
 * 0 (both colours have one: a draw) or the player whose line it is. */
int tv_rotate_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *line_winner, tv_error *err);

/* A random playout of a rotation game without hooks: the kernel's game
 * (the same moves from the same random numbers), only faster. */
int tv_rotate_playout(const tv_rules *r, tv_state *s, tv_rng *rng, tv_error *err);

/* Its steps, for a host's loop too (tv_family.h, keep_*): the empty cells
 * and, on a board of 64 cells or fewer with a goal, each colour's stones as
 * bits, kept from ply to ply; a move drawn as the kernel draws it; that move
 * played, the hand-over and end rules included. */
typedef struct tv_rotate_keep {
    uint64_t set[(TV_MAX_CELLS + 63) / 64]; /* the empty cells */
    uint64_t bb[2];                          /* with rotate.win: the cells of each colour */
    int count;                               /* of set */
} tv_rotate_keep;
void tv_rotate_keep_start(const tv_rules *r, const tv_state *s, tv_rotate_keep *k);
int tv_rotate_keep_draw(const tv_rules *r, const tv_rotate_keep *k, tv_rng *rng, tv_move *m, tv_error *err);
int tv_rotate_keep_play(const tv_rules *r, tv_state *s, tv_rotate_keep *k, tv_move m, tv_error *err);

/* Where the stone m placed stands after its turn. */
int tv_rotate_where(const tv_rules *r, tv_move m);

/* Move text ("d4/2cw") as snprintf writes it, and back (TV_OK or TV_EINVAL). */
int tv_rotate_text(const tv_rules *r, tv_move m, char *buf, size_t size);
int tv_rotate_parse(const tv_rules *r, const char *text, tv_move *m, tv_error *err);

#endif
