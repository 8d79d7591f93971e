/* Havannah's winning shapes (tv_rules.h tv_shapes): whether the stone just
 * placed made a ring, a bridge or a fork, and which player's stones show one
 * on a board read from text. A bridge or fork is found by a flood fill of the
 * placed stone's group (its corners and edges); a ring by the cells beside
 * the stone: one enclosed by the stone's colour all round (whatever it
 * holds), or, where the stone joins its colour from two sides or more, a
 * region of other cells beside it that reaches no border of the board. */
#ifndef TV_SHAPES_H
#define TV_SHAPES_H

#include "tv_rules.h"

/* Whether the stone now on `cell` makes one of the shapes that win. */
int tv_shapes_made(const tv_rules *r, const uint8_t *cells, int cell);

/* The player (1, 2) whose stones show a winning shape on s's board, -1 none,
 * -2 both. */
int tv_shapes_on_board(const tv_rules *r, const tv_state *s);

#endif
