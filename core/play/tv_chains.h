/* Go's groups kept as they change, for the random-playout fast path of the
 * groups family (tv_family_groups.c): each group ("chain") a ring of its
 * stones with a head, and its pseudo-liberties -- every (stone, empty
 * neighbour) side counted once -- with their sum and sum of squares, so a
 * chain has no liberty when the count is 0 and exactly one (is in atari)
 * when all the sides name one cell: n * sum of squares == sum squared. A
 * placement updates only the chains beside it; a capture gives its cells
 * back as liberties to the chains around. The same game, move for move, as
 * tv_groups.c's scans (test_playout compares the two). Nothing allocates;
 * every walk is bounded by the board. */
#ifndef TV_CHAINS_H
#define TV_CHAINS_H

#include "tv_bits.h"
#include "tv_cells.h"

typedef struct tv_chains {
    int16_t head[TV_MAX_CELLS]; /* a stone's chain (its head's cell), -1 empty */
    int16_t next[TV_MAX_CELLS]; /* the ring of a chain's stones */
    /* by head: */
    int16_t size[TV_MAX_CELLS];
    int32_t libs[TV_MAX_CELLS];
    int64_t sum[TV_MAX_CELLS], sumsq[TV_MAX_CELLS];
    uint64_t empty[TV_BITS_WORDS(TV_MAX_CELLS)]; /* the empty cells (bit c % 64 of word c / 64) */
    /* Every cell's empty sides, and the cells with none ("crowded"): an
     * empty cell with an empty side is a legal placement whatever the
     * chains, so a ply asks the chains only about the empty crowded ones. */
    uint8_t open[TV_MAX_CELLS];
    uint64_t crowded[TV_BITS_WORDS(TV_MAX_CELLS)];
} tv_chains;

/* The chains of s's stones. */
void tv_chains_of(const tv_rules *r, const tv_state *s, tv_chains *c);

static const int tv_chains_sides[4] = {0, 2, 4, 6}; /* N, E, S, W (tv_compass.h) */

/* Whether the chain headed by h has exactly one liberty. */
static inline int tv_chains_atari(const tv_chains *c, int h)
{
    return c->libs[h] > 0 && c->libs[h] * c->sumsq[h] == c->sum[h] * c->sum[h];
}

/* Whether `colour` may place on the empty `cell`: not a suicide (unless the
 * rules allow one); the same answer as tv_groups_placement. Inline: the
 * fast path asks it of every empty cell every ply. */
static inline int tv_chains_legal(const tv_rules *r, const tv_state *s, const tv_chains *c, int cell, int colour)
{
    const int16_t *nb = r->nb[cell];
    if (r->groups.suicide)
        return 1;
    for (int k = 0; k < 4; k++) { /* an empty side first: the common case */
        int at = nb[tv_chains_sides[k]];
        if (at >= 0 && s->cells[at] == TV_EMPTY)
            return 1;
    }
    for (int k = 0; k < 4; k++) {
        int at = nb[tv_chains_sides[k]], v = at < 0 ? TV_EMPTY : s->cells[at];
        if (!tv_cell_is_piece(v))
            continue;
        int atari = tv_chains_atari(c, c->head[at]); /* its one liberty is `cell`, beside it */
        if (tv_cell_colour(v) == colour ? !atari : atari)
            return 1;
    }
    return 0;
}

/* The legal placements of `colour` into legal[0..TV_BITS_WORDS(ncells)),
 * but `ko` (-1: none); their count. */
static inline int tv_chains_legal_set(const tv_rules *r, const tv_state *s, const tv_chains *c, int colour, int ko,
                                      uint64_t *legal)
{
    int n = 0;
    for (int w = 0; w < TV_BITS_WORDS(r->ncells); w++) {
        uint64_t set = c->empty[w] & ~c->crowded[w];
        for (uint64_t hard = c->empty[w] & c->crowded[w]; hard; hard &= hard - 1) {
            int cell = 64 * w + tv_bits_lowest(hard);
            if (tv_chains_legal(r, s, c, cell, colour))
                set |= hard & -hard;
        }
        if (ko >> 6 == w && ko >= 0)
            set &= ~(1ull << (ko & 63));
        legal[w] = set;
        n += tv_bits_count(set);
    }
    return n;
}

/* Places the stone and takes what it takes, as tv_groups_place does (the
 * cells, hash and counts of s written directly: a playout keeps no undo
 * record); *taken, *ko as there. */
void tv_chains_place(const tv_rules *r, tv_state *s, tv_chains *c, int cell, int colour, int *taken, int *ko);

#endif
