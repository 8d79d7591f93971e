/* The connection goal, connect { sides } (tv_rules.h, tv_join): whether a
 * colour's stones join its sides (two in Hex, three in Y). The kernel asks
 * after each placement whether the stone just placed did it (a flood fill of
 * its group, no state kept between moves); a position read from text is
 * checked over the whole board. */
#ifndef TV_JOIN_H
#define TV_JOIN_H

#include "tv_rules.h"

/* Whether the group of the stone now on `cell` touches all the sides of its
 * colour. Visits each stone of the group at most once, and stops as soon as
 * every side is touched. */
int tv_join_made(const tv_rules *r, const uint8_t *cells, int cell);

/* Whether `colour` (TV_STONE1/2) joins its sides anywhere on the board. */
int tv_join_anywhere(const tv_rules *r, const uint8_t *cells, int colour);

/* For random playouts, the groups kept as stones are added (a union-find:
 * each stone's parent, and each root's sides touched), so a placement costs
 * its few unions instead of a flood fill of its group. Stones are never
 * taken off where it is used (no custodial capture). */
typedef struct tv_join_uf {
    int16_t parent[TV_MAX_CELLS];
    uint8_t sides[TV_MAX_CELLS]; /* by root: the sides (tv_join.edge bits) its group touches */
} tv_join_uf;

/* The groups of the stones on the board. */
void tv_join_uf_of(const tv_rules *r, const uint8_t *cells, tv_join_uf *u);

/* The stone now on `cell` joins its neighbours' groups; whether its group
 * touches all the sides of its colour (tv_join_made's answer). */
int tv_join_uf_place(const tv_rules *r, const uint8_t *cells, tv_join_uf *u, int cell);

/* The player (1, 2) whose colour joins its sides on s's board, -1 when
 * none does (or the game has no connection goal), -2 when both do (which
 * a hex board cannot hold, a square one can). */
int tv_join_on_board(const tv_rules *r, const tv_state *s);

#endif
