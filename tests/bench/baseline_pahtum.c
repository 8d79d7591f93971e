/* Pahtum hard-coded in C, the baseline of make bench (see baseline.h).
 * The board carries a border of blocked cells, so walking a run needs no
 * bounds test; a placement adds the change of the two runs through the new
 * stone (row and column) to the mover's score. */
#include <string.h>

#include "baseline.h"

#define N BL_PAHTUM_SIDE
#define W BL_PAHTUM_PAD

/* Points of a run by its length (0 for no run). */
static const int32_t points[N + 1] = {0, 0, 0, 3, 10, 25, 56, 119};

static int pad(int cell) { return (cell / N + 1) * W + cell % N + 1; }

void bl_pahtum_setup(bl_pahtum *g, uint64_t seed)
{
    memset(g->board, 3, sizeof g->board);
    for (int c = 0; c < BL_PAHTUM_CELLS; c++)
        g->board[pad(c)] = 0;
    /* An odd count 3..13, then a partial shuffle picks the cells. */
    bl_rng rng = {seed};
    int count = 3 + 2 * (int)bl_below(&rng, 6);
    uint8_t order[BL_PAHTUM_CELLS];
    for (int c = 0; c < BL_PAHTUM_CELLS; c++)
        order[c] = (uint8_t)c;
    for (int i = 0; i < count; i++) {
        int j = i + (int)bl_below(&rng, (uint32_t)(BL_PAHTUM_CELLS - i));
        uint8_t t = order[i];
        order[i] = order[j];
        order[j] = t;
        g->board[pad(order[i])] = 3;
    }
    g->nempty = 0;
    for (int c = 0; c < BL_PAHTUM_CELLS; c++)
        if (g->board[pad(c)] == 0) {
            g->where[c] = g->nempty;
            g->empty[g->nempty++] = (uint8_t)c;
        }
    g->to_move = 0;
    g->ply = 0;
    g->score[0] = g->score[1] = 0;
}

/* Stones of colour v next to p, stepping by d. */
static inline int run(const uint8_t *b, int p, int d, int v)
{
    int n = 0;
    for (p += d; b[p] == v; p += d)
        n++;
    return n;
}

void bl_pahtum_play(bl_pahtum *g, int cell)
{
    int p = pad(cell), v = g->to_move + 1;
    uint8_t *b = g->board;
    b[p] = (uint8_t)v;
    int l = run(b, p, -1, v), r = run(b, p, 1, v), d = run(b, p, -W, v), u = run(b, p, W, v);
    g->score[g->to_move] += points[l + r + 1] - points[l] - points[r] + points[d + u + 1] - points[d] - points[u];
    /* Out of the empty list: the last entry takes its place. */
    int i = g->where[cell], last = g->empty[--g->nempty];
    g->empty[i] = (uint8_t)last;
    g->where[last] = (uint8_t)i;
    g->to_move ^= 1;
    g->ply++;
}

void bl_pahtum_playout(bl_pahtum *g, bl_rng *rng)
{
    while (g->nempty)
        bl_pahtum_play(g, g->empty[bl_below(rng, g->nempty)]);
}

int bl_pahtum_winner(const bl_pahtum *g)
{
    return g->score[0] > g->score[1] ? 1 : g->score[0] < g->score[1] ? 2 : 0;
}

int bl_pahtum_cell(const bl_pahtum *g, int cell) { return g->board[pad(cell)]; }
