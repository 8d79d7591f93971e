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

/* The player (1, 2) whose colour joins its sides on s's board, -1 when
 * none does (or the game has no connection goal), -2 when both do (which
 * a hex board cannot hold, a square one can). */
int tv_join_on_board(const tv_rules *r, const tv_state *s);

#endif
