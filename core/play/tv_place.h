/* Placing a stone, the step every placement family shares (place, drop,
 * several stones a turn, rotate before its turn of a block) and the grid's
 * random-playout fast path, and the play hooks' s:place: the stone's runs
 * scored, its custodial captures, and whether it made the goal. */
#ifndef TV_PLACE_H
#define TV_PLACE_H

#include "tv_cells.h"
#include "tv_custodial.h"
#include "tv_join.h"
#include "tv_lines.h"
#include "tv_shapes.h"

/* What a stone just written on `cell` (for player index owner) does: its
 * runs' points, its custodial captures (with u, the undo record, may be
 * NULL; the cells taken into taken[] when not NULL, their count into
 * *ntaken), then whether it made a line that meets the goal or a winning
 * connection or shape (from the playout's union-finds uf and su when not
 * NULL, else by flood fills): 1, 0, or an error code. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int tv_place_effects(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int owner, int16_t *taken,
                                   int *ntaken, tv_join_uf *uf, tv_shapes_uf *su, tv_error *err)
{
    if (r->lines.dirs)
        s->score[owner] += tv_lines_delta(r, s->cells, cell);
    if (r->custodial.dirs) {
        int n = tv_custodial_capture(r, s, u, cell, owner, taken, err);
        if (n < 0)
            return n;
        if (ntaken)
            *ntaken = n;
    }
    return (r->goal.length && tv_goal_made(r, s, cell)) ||
           (r->join.sides[0] && (uf ? tv_join_uf_place(r, s->cells, uf, cell) : tv_join_made(r, s->cells, cell))) ||
           ((r->shapes.ring | r->shapes.bridge | r->shapes.fork) &&
            (su ? tv_shapes_uf_place(r, s->cells, su, cell) : tv_shapes_made(r, s->cells, cell)));
}

/* The mover's stone on an empty cell, with its effects; returns 1 when it
 * makes a line that meets the goal, 0 if not, or an error code. */
int tv_place(const tv_rules *r, tv_state *s, tv_undo *u, int cell, tv_error *err);
/* tv_place of a stone of `colour`, its runs scored for player index owner. */
int tv_place_colour(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int colour, int owner, tv_error *err);

/* TV_OK when m names an empty cell of the board, else TV_EILLEGAL naming the
 * move and why (not a move, the cell blocked or occupied): the check every
 * placement starts with. */
int tv_place_check_cell(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err);

/* Whether the swap (pie) move is legal in s. */
static inline int tv_place_swap_allowed(const tv_rules *r, const tv_state *s)
{
    return r->swap_after > 0 && s->stones == r->swap_after && !(s->flags & (TV_FLAG_SWAPPED | TV_FLAG_SETUP));
}

/* The lowest empty cell of a column (the column is not full). */
static inline int tv_place_landing(const tv_rules *r, const tv_state *s, int col)
{
    int cell = col;
    while (s->cells[cell] != TV_EMPTY)
        cell += r->grid.width;
    return cell;
}

#endif
