/* Custodial capture (tv_rules.custodial): the enemy pieces a moved or placed
 * piece brackets against another piece of its owner leave the board, and the
 * mover's score counts them. Called by the placement and the piece-move
 * effects (tv_place, tv_pieces_apply) and by the random-playout fast path.
 * Nothing here allocates; each run is walked at most max + 1 cells. */
#ifndef TV_CUSTODIAL_H
#define TV_CUSTODIAL_H

#include "tv_error.h"
#include "tv_rules.h"

/* The most pieces one capture can take on any board: four corners aside,
 * a run per direction (room a caller gives for the cells taken). */
#define TV_CUSTODIAL_MAX_TAKEN (8 * (TV_MAX_SIDE - 2) + 2)

/* Captures what the piece on `cell` (just moved or placed) brackets: cells,
 * hash, counts and the undo record (u may be NULL) through tv_state_set, and
 * the score of player index owner (the mover, whose piece it is). The cells
 * taken go into taken[0..) when it is not NULL (room for
 * TV_CUSTODIAL_MAX_TAKEN). Returns how many were taken, or an error code. */
int tv_custodial_capture(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int owner, int16_t *taken,
                         tv_error *err);

#endif
