/* Havannah's winning shapes (tv_shapes.h). */
#include "tv_shapes.h"

#include <string.h>


static int popcount8(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* The neighbour of cell c along side i that is on the board (no block), or -1. */
static inline int side(const tv_rules *r, const uint8_t *cells, int c, int i)
{
    int n = r->nb[c][tv_hex_around(i)];
    return n >= 0 && cells[n] != TV_BLOCK ? n : -1;
}

/* The group of `cell` (colour v): its corners and edges touched. */
static void group_touch(const tv_rules *r, const uint8_t *cells, int cell, uint8_t *seen, unsigned *corners,
                        unsigned *edges)
{
    int16_t stack[TV_MAX_CELLS];
    int n = 0, v = cells[cell];
    stack[n++] = (int16_t)cell;
    seen[cell] = 1;
    while (n) {
        int c = stack[--n];
        *corners |= r->shapes.corner[c];
        *edges |= r->shapes.edge[c];
        for (int i = 0; i < 6; i++) {
            int d = side(r, cells, c, i);
            if (d >= 0 && cells[d] == v && !seen[d]) {
                seen[d] = 1;
                stack[n++] = (int16_t)d;
            }
        }
    }
}

/* Whether the region of cells not of colour v that holds `start` reaches a
 * border of the board (a cell with a side off it); marks it in seen. */
static int open_region(const tv_rules *r, const uint8_t *cells, int start, int v, uint8_t *seen)
{
    int16_t stack[TV_MAX_CELLS];
    int n = 0, open = 0;
    stack[n++] = (int16_t)start;
    seen[start] = 1;
    while (n) {
        int c = stack[--n];
        open |= !r->shapes.inside[c];
        for (int i = 0; i < 6; i++) {
            int d = side(r, cells, c, i);
            if (d >= 0 && cells[d] != v && !seen[d]) {
                seen[d] = 1;
                stack[n++] = (int16_t)d;
            }
        }
    }
    return open;
}

/* A cell inside the board with all six neighbours of colour v. */
static int enclosed(const tv_rules *r, const uint8_t *cells, int c, int v)
{
    if (!r->shapes.inside[c])
        return 0;
    for (int i = 0; i < 6; i++)
        if (cells[r->nb[c][tv_hex_around(i)]] != v)
            return 0;
    return 1;
}

static int ring_made(const tv_rules *r, const uint8_t *cells, int cell)
{
    int v = cells[cell], arcs = 0, own[6];
    if (enclosed(r, cells, cell, v))
        return 1;
    for (int i = 0; i < 6; i++) {
        int d = side(r, cells, cell, i);
        own[i] = d >= 0 && cells[d] == v;
        if (own[i] && enclosed(r, cells, d, v))
            return 1;
    }
    for (int i = 0; i < 6; i++)
        arcs += own[i] && !own[(i + 5) % 6];
    if (arcs < 2) /* one run of its colour round it (or none): nothing newly closed */
        return 0;
    uint8_t seen[TV_MAX_CELLS];
    memset(seen, 0, (size_t)r->ncells);
    for (int i = 0; i < 6; i++) {
        int d = side(r, cells, cell, i);
        if (d >= 0 && !own[i] && !seen[d] && !open_region(r, cells, d, v, seen))
            return 1;
    }
    return 0;
}

int tv_shapes_made(const tv_rules *r, const uint8_t *cells, int cell)
{
    const tv_shapes *k = &r->shapes;
    if (!tv_cell_is_piece(cells[cell]))
        return 0;
    if (k->bridge || k->fork) {
        uint8_t seen[TV_MAX_CELLS];
        unsigned corners = 0, edges = 0;
        memset(seen, 0, (size_t)r->ncells);
        group_touch(r, cells, cell, seen, &corners, &edges);
        if ((k->bridge && popcount8(corners) >= 2) || (k->fork && popcount8(edges) >= 3))
            return 1;
    }
    return k->ring && ring_made(r, cells, cell);
}

/* Whether colour v shows a shape anywhere on the board. */
static int shown(const tv_rules *r, const uint8_t *cells, int v)
{
    const tv_shapes *k = &r->shapes;
    uint8_t seen[TV_MAX_CELLS];
    memset(seen, 0, (size_t)r->ncells);
    for (int c = 0; c < r->ncells; c++) {
        if ((k->bridge || k->fork) && cells[c] == v && !seen[c]) {
            unsigned corners = 0, edges = 0;
            group_touch(r, cells, c, seen, &corners, &edges);
            if ((k->bridge && popcount8(corners) >= 2) || (k->fork && popcount8(edges) >= 3))
                return 1;
        }
        if (k->ring && enclosed(r, cells, c, v))
            return 1;
    }
    if (!k->ring)
        return 0;
    memset(seen, 0, (size_t)r->ncells); /* a region of other cells closed in by v */
    for (int c = 0; c < r->ncells; c++)
        if (cells[c] != TV_BLOCK && cells[c] != v && !seen[c] && !open_region(r, cells, c, v, seen))
            return 1;
    return 0;
}

int tv_shapes_on_board(const tv_rules *r, const tv_state *s)
{
    const tv_shapes *k = &r->shapes;
    int who = -1;
    if (!k->ring && !k->bridge && !k->fork)
        return -1;
    for (int p = 0; p < 2; p++)
        if (shown(r, s->cells, tv_colour_of(s, p))) {
            if (who > 0)
                return -2;
            who = p + 1;
        }
    return who;
}


static int uf_find(tv_shapes_uf *u, int c)
{
    while (u->parent[c] != c) { /* path halving: the board bounds the walk */
        u->parent[c] = u->parent[u->parent[c]];
        c = u->parent[c];
    }
    return c;
}

/* Joins the groups of the stone on `cell` and its neighbours of its colour
 * (the stone in its own set already); returns the root. */
static int uf_join(const tv_rules *r, const uint8_t *cells, tv_shapes_uf *u, int cell)
{
    int v = cells[cell], root = uf_find(u, cell);
    for (int i = 0; i < 6; i++) {
        int d = side(r, cells, cell, i);
        if (d < 0 || cells[d] != v)
            continue;
        int other = uf_find(u, d);
        if (other == root)
            continue;
        u->parent[root] = (int16_t)other;
        u->corners[other] |= u->corners[root];
        u->edges[other] |= u->edges[root];
        root = other;
    }
    return root;
}

void tv_shapes_uf_of(const tv_rules *r, const uint8_t *cells, tv_shapes_uf *u)
{
    for (int c = 0; c < r->ncells; c++) {
        u->parent[c] = (int16_t)c;
        u->corners[c] = r->shapes.corner[c];
        u->edges[c] = r->shapes.edge[c];
    }
    for (int c = 0; c < r->ncells; c++)
        if (tv_cell_is_piece(cells[c]))
            uf_join(r, cells, u, c);
}

/* A ring by the stone on `cell`: closed in all round, or a region closed
 * where the stone meets one group from two sides (roots before the union). */
static int uf_ring(const tv_rules *r, const uint8_t *cells, tv_shapes_uf *u, int cell)
{
    int v = cells[cell], own[6], root[6], twice = 0;
    if (enclosed(r, cells, cell, v))
        return 1;
    for (int i = 0; i < 6; i++) {
        int d = side(r, cells, cell, i);
        own[i] = d >= 0 && cells[d] == v;
        root[i] = own[i] ? uf_find(u, d) : -1;
        if (own[i] && enclosed(r, cells, d, v))
            return 1;
    }
    for (int i = 0; i < 6 && !twice; i++) { /* the first stone of each run of its colour round it */
        if (!own[i] || own[(i + 5) % 6])
            continue;
        for (int j = 0; j < i; j++)
            twice |= own[j] && !own[(j + 5) % 6] && root[j] == root[i];
    }
    return twice && ring_made(r, cells, cell);
}

int tv_shapes_uf_place(const tv_rules *r, const uint8_t *cells, tv_shapes_uf *u, int cell)
{
    const tv_shapes *k = &r->shapes;
    int ring = k->ring && uf_ring(r, cells, u, cell);
    u->parent[cell] = (int16_t)cell;
    u->corners[cell] = k->corner[cell];
    u->edges[cell] = k->edge[cell];
    int root = uf_join(r, cells, u, cell);
    return ring || (k->bridge && popcount8(u->corners[root]) >= 2) || (k->fork && popcount8(u->edges[root]) >= 3);
}
