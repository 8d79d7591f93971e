/* Custodial capture (tv_custodial.h): runs of enemy pieces bracketed by the
 * piece that just moved or was placed and another piece of its owner. Runs
 * are looked for only from the mover's piece outwards, so a piece that moves
 * or is placed between enemies is never taken by that move, and runs along
 * different directions are disjoint (each cell is taken once). */
#include "tv_custodial.h"
#include "tv_bits.h"

#include "tv_pmove.h"
#include "tv_cells.h"

static inline int is_enemy(int v, int colour) { return tv_cell_is_piece(v) && tv_cell_colour(v) != colour; }
static inline int is_own(int v, int colour) { return tv_cell_is_piece(v) && tv_cell_colour(v) == colour; }

/* The length of the enemy run from `cell` along d when the mover's piece
 * closes it and the length is min..max; else 0. Walks at most max + 1 cells. */
static int bracketed(const tv_rules *r, const uint8_t *cells, int cell, int d, int colour)
{
    const tv_custodial *c = &r->custodial;
    int len = 0, at = r->nb[cell][d];
    while (at >= 0 && len <= c->max && is_enemy(cells[at], colour)) {
        at = r->nb[at][d];
        len++;
    }
    return at >= 0 && len >= c->min && len <= c->max && is_own(cells[at], colour) ? len : 0;
}

/* The corner rule: an enemy piece on the corner next to `cell` along the
 * orthogonal direction d, whose other orthogonal neighbour holds a piece of
 * the mover; returns that corner or -1. */
static int corner_taken(const tv_rules *r, const uint8_t *cells, int cell, int d, int colour)
{
    int y = r->nb[cell][d];
    if (y < 0 || !is_enemy(cells[y], colour) || r->nb[y][d] >= 0)
        return -1;
    int a = r->nb[y][(d + 2) & 7], b = r->nb[y][(d + 6) & 7];
    if ((a >= 0) == (b >= 0)) /* on an edge, not in a corner */
        return -1;
    int z = a >= 0 ? a : b;
    return is_own(cells[z], colour) ? y : -1;
}

int tv_custodial_capture(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int owner, int16_t *taken,
                         tv_error *err)
{
    const tv_custodial *c = &r->custodial;
    int colour = tv_cell_colour(s->cells[cell]), n = 0, rc;
    if (!tv_cell_is_piece(s->cells[cell]))
        return 0;
    for (unsigned dirs = (unsigned)c->dirs; dirs; dirs &= dirs - 1) {
        int d = tv_bits_lowest32(dirs), len = bracketed(r, s->cells, cell, d, colour);
        for (int k = 0, at = r->nb[cell][d]; k < len; k++, at = r->nb[at][d]) {
            if ((rc = tv_state_set(r, s, u, at, TV_EMPTY, err)))
                return rc;
            if (taken)
                taken[n] = (int16_t)at;
            n++;
        }
    }
    for (int d = 0; c->corners && d < 8; d += 2) {
        int y = corner_taken(r, s->cells, cell, d, colour);
        if (y < 0)
            continue;
        if ((rc = tv_state_set(r, s, u, y, TV_EMPTY, err)))
            return rc;
        if (taken)
            taken[n] = (int16_t)y;
        n++;
    }
    s->score[owner] += n;
    return n;
}
