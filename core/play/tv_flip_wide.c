/* Flips on multiword bit boards (tv_flip_wide.h). */
#include "tv_flip_wide.h"

#include <string.h>

#include "tv_bits.h"

enum { WORDS = TV_FLIP_WORDS };

/* out = one step of every member of x along a direction: a shift of the
 * words by `by` cells (0 < |by| < 64), kept to m, the cells a step lands on
 * (out may be x: each word reads only words on the side not written yet). */
static inline __attribute__((always_inline)) void step(int nw, const uint64_t *x, int by, const uint64_t *m,
                                                       uint64_t *out)
{
    if (by > 0) { /* towards higher cells: each word takes the top bits of the one below */
        for (int i = nw - 1; i > 0; i--)
            out[i] = ((x[i] << by) | (x[i - 1] >> (64 - by))) & m[i];
        out[0] = (x[0] << by) & m[0];
    } else {
        int s = -by;
        for (int i = 0; i < nw - 1; i++)
            out[i] = ((x[i] >> s) | (x[i + 1] << (64 - s))) & m[i];
        out[nw - 1] = (x[nw - 1] >> s) & m[nw - 1];
    }
}

/* Bit 0 of each byte of x, byte i to bit i: one multiplication (its
 * partial products land on distinct bits, so nothing carries into the top
 * byte but the bits gathered). */
static inline uint64_t low_bits(uint64_t x) { return ((x & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56; }

/* Eight cells from `at` (fewer at the end: `left`) as a word, cell k in byte k. */
static inline uint64_t eight(const uint8_t *cells, int at, int left)
{
    uint64_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (left >= 8) {
        memcpy(&x, cells + at, 8);
        return x;
    }
#endif
    for (int k = 0; k < 8 && k < left; k++)
        x |= (uint64_t)cells[at + k] << 8 * k;
    return x;
}

/* The cells of each colour and the empty ones as sets, eight cells a step:
 * a cell's colour is its two low bits (tv_state.h; a flip game's cells are
 * stones, empty or blocked). */
static void sets_of(const uint8_t *cells, int ncells, int own, uint64_t *mine, uint64_t *theirs, uint64_t *empty)
{
    int nw = TV_BITS_WORDS(ncells);
    for (int w = 0; w < nw; w++) {
        uint64_t b0 = 0, b1 = 0, on = 0;
        for (int j = 0; j < 64 && 64 * w + j < ncells; j += 8) {
            int at = 64 * w + j, left = ncells - at;
            uint64_t x = eight(cells, at, left);
            b0 |= low_bits(x) << j;
            b1 |= low_bits(x >> 1) << j;
            on |= (left < 8 ? (1ull << left) - 1 : 0xffull) << j; /* not the cells past the board */
        }
        uint64_t one = b0 & ~b1, two = b1 & ~b0;
        mine[w] = own == TV_STONE1 ? one : two;
        theirs[w] = own == TV_STONE1 ? two : one;
        empty[w] = ~(b0 | b1) & on;
    }
}

/* The empty cells where a stone of `own` closes a run of enemy stones, into
 * moves; whether there is one. Each direction's frontier (the enemy stones
 * a run from an own one has reached) steps on until it is empty; the
 * directions step side by side, a round each, so that their chains of
 * shifts overlap in the processor. A frontier leaves the board within its
 * side, so the loop is bounded by the board. */
static inline __attribute__((always_inline)) int moves_in(const tv_rules *r, const uint8_t *cells, int own,
                                                           uint64_t *moves, int nw)
{
    const tv_flip *f = &r->flip;
    uint64_t mine[WORDS], theirs[WORDS], empty[WORDS], run[8][WORDS], found = 0;
    unsigned live = 0; /* the directions whose frontier is not empty */
    sets_of(cells, r->ncells, own, mine, theirs, empty);
    for (int i = 0; i < nw; i++)
        moves[i] = 0;
    for (int d = 0; d < 8; d++) {
        if (!(f->dirs >> d & 1))
            continue;
        uint64_t any = 0;
        step(nw, mine, f->shift[d], f->wmask[d], run[d]);
        for (int i = 0; i < nw; i++)
            any |= run[d][i] &= theirs[i];
        live |= any ? 1u << d : 0;
    }
    while (live) {
        for (int d = 0; d < 8; d++) {
            if (!(live >> d & 1))
                continue;
            uint64_t any = 0;
            step(nw, run[d], f->shift[d], f->wmask[d], run[d]);
            for (int i = 0; i < nw; i++) {
                uint64_t closed = run[d][i] & empty[i];
                moves[i] |= closed;
                found |= closed;
                any |= run[d][i] &= theirs[i];
            }
            live &= any ? ~0u : ~(1u << d);
        }
    }
    return found != 0;
}

/* moves_in built for the usual sizes, the words unrolled: 9x9 to 16x16. */
static int wide_moves(const tv_rules *r, const uint8_t *cells, int own, uint64_t *moves)
{
    switch (TV_BITS_WORDS(r->ncells)) {
    case 2:
        return moves_in(r, cells, own, moves, 2);
    case 3:
        return moves_in(r, cells, own, moves, 3);
    case 4:
        return moves_in(r, cells, own, moves, 4);
    default:
        return moves_in(r, cells, own, moves, TV_BITS_WORDS(r->ncells));
    }
}

int tv_flip_wide_moves(const tv_rules *r, const uint8_t *cells, int own, tv_move *out, int cap)
{
    uint64_t moves[WORDS];
    int n = 0;
    if (!wide_moves(r, cells, own, moves))
        return 0;
    for (int w = 0; w < TV_BITS_WORDS(r->ncells); w++)
        for (uint64_t b = moves[w]; b && n < cap; b &= b - 1)
            out[n++] = 64 * w + tv_bits_lowest(b);
    return n;
}

int tv_flip_wide_any(const tv_rules *r, const uint8_t *cells, int own)
{
    uint64_t moves[WORDS];
    return wide_moves(r, cells, own, moves);
}
