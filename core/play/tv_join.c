#include "tv_join.h"

#define SEEN_WORDS ((TV_MAX_CELLS + 63) / 64)

/* Flood fill of colour's stones from `cell` (marked in seen); returns the
 * sides touched (bits of tv_join.edge), stopping as soon as they are all
 * of need. */
static unsigned fill(const tv_rules *r, const uint8_t *cells, int cell, int colour, unsigned need, uint64_t *seen)
{
    const tv_join *k = &r->join;
    int16_t stack[TV_MAX_CELLS];
    int n = 0;
    unsigned got = k->edge[cell] & need;
    seen[cell >> 6] |= 1ull << (cell & 63);
    stack[n++] = (int16_t)cell;
    while (n && got != need) {
        const int16_t *link = k->link[stack[--n]];
        for (int i = 0; i < k->ndirs; i++) {
            int d = link[i]; /* the cell itself past the board's edge: seen already */
            if ((cells[d] & 3) != colour || (seen[d >> 6] >> (d & 63) & 1))
                continue;
            seen[d >> 6] |= 1ull << (d & 63); /* each cell goes on the stack once: n < TV_MAX_CELLS */
            got |= k->edge[d] & need;
            stack[n++] = (int16_t)d;
        }
    }
    return got;
}

int tv_join_made(const tv_rules *r, const uint8_t *cells, int cell)
{
    int colour = cells[cell] & 3;
    if (colour != TV_STONE1 && colour != TV_STONE2)
        return 0;
    uint64_t seen[SEEN_WORDS] = {0};
    unsigned need = r->join.need[colour - 1];
    return fill(r, cells, cell, colour, need, seen) == need;
}

int tv_join_anywhere(const tv_rules *r, const uint8_t *cells, int colour)
{
    uint64_t seen[SEEN_WORDS] = {0};
    unsigned need = r->join.need[colour - 1], first = need & (0u - need); /* the first of its sides */
    for (int c = 0; c < r->ncells; c++)
        if ((cells[c] & 3) == colour && (r->join.edge[c] & first) && !(seen[c >> 6] >> (c & 63) & 1) &&
            fill(r, cells, c, colour, need, seen) == need)
            return 1;
    return 0;
}

int tv_join_on_board(const tv_rules *r, const tv_state *s)
{
    int joined = -1;
    for (int p = 0; p < 2 && r->join.sides[0]; p++) {
        if (!tv_join_anywhere(r, s->cells, tv_colour_of(s, p)))
            continue;
        if (joined > 0)
            return -2;
        joined = p + 1;
    }
    return joined;
}

static int uf_find(tv_join_uf *u, int c)
{
    while (u->parent[c] != c) { /* path halving: the board bounds the walk */
        u->parent[c] = u->parent[u->parent[c]];
        c = u->parent[c];
    }
    return c;
}

/* Joins the stone on `cell` (in its own group or one already) with its
 * neighbours of its colour; returns its group's root. */
static int uf_join(const tv_rules *r, const uint8_t *cells, tv_join_uf *u, int cell)
{
    const tv_join *k = &r->join;
    int colour = cells[cell] & 3, root = uf_find(u, cell);
    for (int i = 0; i < k->ndirs; i++) {
        int d = k->link[cell][i]; /* the cell itself past the board's edge */
        if (d == cell || (cells[d] & 3) != colour)
            continue;
        int other = uf_find(u, d);
        if (other == root)
            continue;
        u->parent[root] = (int16_t)other;
        u->sides[other] |= u->sides[root];
        root = other;
    }
    return root;
}

int tv_join_uf_place(const tv_rules *r, const uint8_t *cells, tv_join_uf *u, int cell)
{
    int colour = cells[cell] & 3;
    u->parent[cell] = (int16_t)cell;
    u->sides[cell] = r->join.edge[cell];
    int root = uf_join(r, cells, u, cell);
    unsigned need = colour == TV_STONE1 || colour == TV_STONE2 ? r->join.need[colour - 1] : 0xffu;
    return (u->sides[root] & need) == need;
}

void tv_join_uf_of(const tv_rules *r, const uint8_t *cells, tv_join_uf *u)
{
    for (int c = 0; c < r->ncells; c++) {
        u->parent[c] = (int16_t)c;
        u->sides[c] = r->join.edge[c];
    }
    for (int c = 0; c < r->ncells; c++)
        if (tv_cell_is_piece(cells[c]))
            uf_join(r, cells, u, c);
}
