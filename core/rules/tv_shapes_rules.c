#include "tv_shapes_rules.h"

/* The neighbour of c along side i, when on the board and not blocked; or -1. */
static int on_board(const tv_rules *r, const uint8_t *cells, int c, int i)
{
    int n = r->nb[c][tv_hex_around(i)];
    return n >= 0 && cells[n] != TV_BLOCK ? n : -1;
}

int tv_shapes_derive(tv_rules *r, tv_error *err)
{
    tv_shapes *k = &r->shapes;
    if (!k->ring && !k->bridge && !k->fork)
        return TV_OK;
    if (!r->grid.hex)
        return tv_error_set(err, TV_ERULES, "shapes: rings, bridges and forks are for a hex board");
    uint8_t cells[TV_MAX_CELLS] = {0}, deg[TV_MAX_CELLS];
    for (int i = 0; r->blocks.mode == TV_BLOCKS_LIST && i < r->blocks.count; i++)
        cells[r->blocks.cells[i]] = TV_BLOCK;
    k->ncorners = k->nedges = 0;
    for (int c = 0; c < r->ncells; c++) {
        deg[c] = 0;
        for (int i = 0; i < 6; i++)
            deg[c] += cells[c] != TV_BLOCK && on_board(r, cells, c, i) >= 0;
        k->inside[c] = deg[c] == 6;
        k->corner[c] = k->edge[c] = 0;
        if (cells[c] != TV_BLOCK && deg[c] <= 3) {
            if (k->ncorners == TV_SHAPES_SIDES)
                return tv_error_set(err, TV_ERULES, "shapes: the board has more than %d corners", TV_SHAPES_SIDES);
            k->corner[c] = (uint8_t)(1u << k->ncorners++);
        }
    }
    for (int c = 0; c < r->ncells; c++) { /* each run of border cells between corners: an edge */
        if (cells[c] == TV_BLOCK || deg[c] != 4 || k->edge[c])
            continue;
        if (k->nedges == TV_SHAPES_SIDES)
            return tv_error_set(err, TV_ERULES, "shapes: the board has more than %d edges", TV_SHAPES_SIDES);
        uint8_t bit = (uint8_t)(1u << k->nedges++);
        int16_t stack[TV_MAX_CELLS];
        int n = 0;
        stack[n++] = (int16_t)c;
        k->edge[c] = bit;
        while (n) {
            int at = stack[--n];
            for (int i = 0; i < 6; i++) {
                int d = on_board(r, cells, at, i);
                if (d >= 0 && deg[d] == 4 && !k->edge[d]) {
                    k->edge[d] = bit;
                    stack[n++] = (int16_t)d;
                }
            }
        }
    }
    return TV_OK;
}
