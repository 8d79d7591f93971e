/* Go's chains kept as they change (tv_chains.h). */
#include "tv_chains.h"

#include <string.h>


static inline void add_lib(tv_chains *c, int h, int cell)
{
    c->libs[h]++;
    c->sum[h] += cell;
    c->sumsq[h] += (int64_t)cell * cell;
}

static inline void drop_lib(tv_chains *c, int h, int cell)
{
    c->libs[h]--;
    c->sum[h] -= cell;
    c->sumsq[h] -= (int64_t)cell * cell;
}

/* `cell` was filled: its sides have one empty side fewer. */
static inline void filled(const tv_rules *r, tv_chains *c, int cell)
{
    for (int k = 0; k < 4; k++) {
        int nb = r->nb[cell][tv_chains_sides[k]];
        if (nb >= 0 && --c->open[nb] == 0)
            c->crowded[nb >> 6] |= 1ull << (nb & 63);
    }
}

/* `cell` was emptied: its sides have one more. */
static inline void emptied(const tv_rules *r, tv_chains *c, int cell)
{
    for (int k = 0; k < 4; k++) {
        int nb = r->nb[cell][tv_chains_sides[k]];
        if (nb >= 0 && c->open[nb]++ == 0)
            c->crowded[nb >> 6] &= ~(1ull << (nb & 63));
    }
}

void tv_chains_of(const tv_rules *r, const tv_state *s, tv_chains *c)
{
    memset(c->empty, 0, sizeof c->empty);
    memset(c->crowded, 0, sizeof c->crowded);
    for (int i = 0; i < r->ncells; i++) {
        c->head[i] = -1;
        if (s->cells[i] == TV_EMPTY)
            c->empty[i >> 6] |= 1ull << (i & 63);
    }
    for (int i = 0; i < r->ncells; i++) {
        int open = 0;
        for (int k = 0; k < 4; k++) {
            int nb = r->nb[i][tv_chains_sides[k]];
            open += nb >= 0 && s->cells[nb] == TV_EMPTY;
        }
        c->open[i] = (uint8_t)open;
        if (!open)
            c->crowded[i >> 6] |= 1ull << (i & 63);
    }
    for (int i = 0; i < r->ncells; i++) {
        if (!tv_cell_is_piece(s->cells[i]) || c->head[i] >= 0)
            continue;
        /* a new chain headed by i: its stones by a walk along the ring it builds */
        int v = s->cells[i], tail = i;
        c->head[i] = (int16_t)i, c->next[i] = (int16_t)i;
        c->size[i] = 0, c->libs[i] = 0, c->sum[i] = 0, c->sumsq[i] = 0;
        int at = i;
        do {
            c->size[i]++;
            for (int k = 0; k < 4; k++) {
                int nb = r->nb[at][tv_chains_sides[k]];
                if (nb < 0)
                    continue;
                if (s->cells[nb] == TV_EMPTY)
                    add_lib(c, i, nb);
                else if (s->cells[nb] == v && c->head[nb] < 0) { /* into the ring after the tail */
                    c->head[nb] = (int16_t)i;
                    c->next[nb] = c->next[tail];
                    c->next[tail] = (int16_t)nb;
                    tail = nb;
                }
            }
            at = c->next[at];
        } while (at != i);
    }
}

/* The stone on `cell` leaves the board: its sides become liberties of the
 * chains beside it (but the one being removed). */
static void lift(const tv_rules *r, tv_state *s, tv_chains *c, int cell, int gone)
{
    int v = s->cells[cell];
    s->hash ^= r->zcell[cell][v] ^ r->zcell[cell][TV_EMPTY];
    s->cells[cell] = TV_EMPTY;
    c->empty[cell >> 6] |= 1ull << (cell & 63);
    emptied(r, c, cell);
    s->empty++;
    s->stones--;
    s->owned[tv_cell_colour(v) - 1]--;
    c->head[cell] = -1;
    for (int k = 0; k < 4; k++) {
        int nb = r->nb[cell][tv_chains_sides[k]];
        if (nb >= 0 && c->head[nb] >= 0 && c->head[nb] != gone)
            add_lib(c, c->head[nb], cell);
    }
}

/* Removes the chain headed by h; returns its size. */
static int take(const tv_rules *r, tv_state *s, tv_chains *c, int h)
{
    int n = c->size[h], at = h;
    int16_t stones[TV_MAX_CELLS];
    for (int i = 0; i < n; i++, at = c->next[at])
        stones[i] = (int16_t)at;
    for (int i = 0; i < n; i++)
        lift(r, s, c, stones[i], h);
    return n;
}

/* Joins the chain headed by b into the one headed by a (a != b). */
static void join(tv_chains *c, int a, int b)
{
    int at = b;
    do {
        c->head[at] = (int16_t)a;
        at = c->next[at];
    } while (at != b);
    int16_t t = c->next[a]; /* splice the rings */
    c->next[a] = c->next[b];
    c->next[b] = t;
    c->size[a] = (int16_t)(c->size[a] + c->size[b]);
    c->libs[a] += c->libs[b];
    c->sum[a] += c->sum[b];
    c->sumsq[a] += c->sumsq[b];
}

void tv_chains_place(const tv_rules *r, tv_state *s, tv_chains *c, int cell, int colour, int *taken, int *ko)
{
    *taken = 0;
    *ko = -1;
    s->hash ^= r->zcell[cell][TV_EMPTY] ^ r->zcell[cell][colour];
    s->cells[cell] = (uint8_t)colour;
    c->empty[cell >> 6] &= ~(1ull << (cell & 63));
    filled(r, c, cell);
    s->empty--;
    s->stones++;
    s->owned[colour - 1]++;
    c->head[cell] = (int16_t)cell, c->next[cell] = (int16_t)cell;
    c->size[cell] = 1, c->libs[cell] = 0, c->sum[cell] = 0, c->sumsq[cell] = 0;
    int h = cell, last = -1;
    for (int k = 0; k < 4; k++) { /* the sides: a liberty, or one fewer for the chain there */
        int nb = r->nb[cell][tv_chains_sides[k]];
        if (nb < 0)
            continue;
        if (s->cells[nb] == TV_EMPTY)
            add_lib(c, cell, nb);
        else if (tv_cell_is_piece(s->cells[nb]))
            drop_lib(c, c->head[nb], cell);
    }
    for (int k = 0; k < 4; k++) { /* own chains join it: the larger keeps its head */
        int nb = r->nb[cell][tv_chains_sides[k]];
        if (nb < 0 || s->cells[nb] != colour || c->head[nb] == h)
            continue;
        int other = c->head[nb];
        if (c->size[other] > c->size[h]) {
            join(c, other, h);
            h = other;
        } else {
            join(c, h, other);
        }
    }
    for (int k = 0; k < 4; k++) { /* enemy chains left without a liberty */
        int nb = r->nb[cell][tv_chains_sides[k]];
        if (nb < 0 || !tv_cell_is_piece(s->cells[nb]) || tv_cell_colour(s->cells[nb]) == colour ||
            c->libs[c->head[nb]] != 0)
            continue;
        *taken += take(r, s, c, c->head[nb]);
        last = nb;
    }
    if (c->libs[h] == 0) { /* a suicide the rules allow */
        take(r, s, c, h);
        return;
    }
    if (*taken == 1 && c->size[h] == 1 && tv_chains_atari(c, h))
        *ko = last;
}
