/* Tihbat hard-coded in C, the baseline of make bench (see baseline.h):
 * 2x2 holes, 7 seeds each; a move lifts an own hole, puts the first seed
 * back and sows the rest counter-clockwise (a1 b1 b2 a2); the last seed in
 * an own hole that then holds 2, 4, 6 or 8 captures it. A player with no
 * seeds passes. The game ends when the board is empty or a position (holes
 * and side to move) repeats one since the last capture; the seeds left are
 * split equally (an odd one stays), and more captured seeds wins. */
#include "baseline.h"

static const int track[4] = {0, 1, 3, 2};     /* sowing order */
static const int track_pos[4] = {0, 1, 3, 2}; /* a hole's place on it */

/* The position as one word: the four counts (at most 28) and the side. */
static uint32_t key(const bl_tihbat *g)
{
    return (uint32_t)g->hole[0] | (uint32_t)g->hole[1] << 8 | (uint32_t)g->hole[2] << 16 |
           (uint32_t)g->hole[3] << 24 | (uint32_t)g->to_move << 31;
}

void bl_tihbat_setup(bl_tihbat *g, bl_tihbat_hist *h)
{
    for (int i = 0; i < 4; i++)
        g->hole[i] = 7;
    g->stones = 28;
    g->to_move = 0;
    g->over = 0;
    g->winner = -1;
    g->ply = g->quiet = 0;
    g->score[0] = g->score[1] = 0;
    h->n = 0;
}

int bl_tihbat_moves(const bl_tihbat *g, int moves[2])
{
    int first = 2 * g->to_move, n = 0;
    if (g->hole[first])
        moves[n++] = first;
    if (g->hole[first + 1])
        moves[n++] = first + 1;
    if (n == 0)
        moves[n++] = -1;
    return n;
}

void bl_tihbat_play(bl_tihbat *g, bl_tihbat_hist *h, int m)
{
    /* The position before the move; a capture starts a new history. */
    if (g->quiet == 0)
        h->n = 0;
    h->key[h->n++] = key(g);

    int mover = g->to_move, captured = 0;
    if (m >= 0) {
        int seeds = g->hole[m] - 1, pos = track_pos[m], last = m;
        g->hole[m] = 1; /* the first seed goes back into the lifted hole */
        for (; seeds > 0; seeds--) {
            pos = (pos + 1) & 3;
            last = track[pos];
            g->hole[last]++;
        }
        int n = g->hole[last];
        if (last >> 1 == mover && (n == 2 || n == 4 || n == 6 || n == 8)) {
            g->score[mover] += n;
            g->stones = (uint8_t)(g->stones - n);
            g->hole[last] = 0;
            captured = 1;
        }
    }
    g->to_move ^= 1;
    g->ply++;
    g->quiet = captured ? 0 : (uint16_t)(g->quiet + 1);

    int over = g->stones == 0;
    if (!over) {
        uint32_t k = key(g);
        for (int i = 1; i <= g->quiet && i <= h->n && !over; i++)
            over = h->key[h->n - i] == k;
    }
    if (over) {
        int half = g->stones / 2;
        g->score[0] += half;
        g->score[1] += half;
        g->hole[0] = (uint8_t)(g->stones - 2 * half);
        g->hole[1] = g->hole[2] = g->hole[3] = 0;
        g->stones = g->hole[0];
        g->over = 1;
        g->winner = (int8_t)(g->score[0] > g->score[1] ? 1 : g->score[0] < g->score[1] ? 2 : 0);
    }
}

void bl_tihbat_playout(bl_tihbat *g, bl_tihbat_hist *h, bl_rng *rng)
{
    int moves[2];
    while (!g->over) {
        int n = bl_tihbat_moves(g, moves);
        bl_tihbat_play(g, h, moves[bl_below(rng, (uint32_t)n)]);
    }
}
