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

/* For random playouts, the groups kept as stones are added (a union-find,
 * each root with the corners and edges its group touches): a bridge or a
 * fork costs the new stone's few unions, and the ring's flood fills run only
 * where the stone joins one group from two sides (the only way a region can
 * be newly closed in). The same answers as tv_shapes_made. */
typedef struct tv_shapes_uf {
    int16_t parent[TV_MAX_CELLS];
    uint8_t corners[TV_MAX_CELLS], edges[TV_MAX_CELLS]; /* by root */
} tv_shapes_uf;

void tv_shapes_uf_of(const tv_rules *r, const uint8_t *cells, tv_shapes_uf *u);
int tv_shapes_uf_place(const tv_rules *r, const uint8_t *cells, tv_shapes_uf *u, int cell);

/* The player (1, 2) whose stones show a winning shape on s's board, -1 none,
 * -2 both. */
int tv_shapes_on_board(const tv_rules *r, const tv_state *s);

#endif
