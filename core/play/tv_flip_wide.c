/* Flips on multiword bit boards (tv_flip_wide.h). */
#include "tv_flip_wide.h"

#include <string.h>

#include "tv_bits.h"

enum { WORDS = TV_FLIP_WORDS };

/* out = one step of every member of x along direction d (out may be x). */
static inline void step(const tv_flip *f, int nw, const uint64_t *x, int d, uint64_t *out)
{
    int delta = f->delta[d];
    const uint64_t *m = f->wmask[d];
    if (delta > 0) { /* towards higher cells: each word takes the top bits of the one below */
        for (int i = nw - 1; i > 0; i--)
            out[i] = ((x[i] << delta) | (x[i - 1] >> (64 - delta))) & m[i];
        out[0] = (x[0] << delta) & m[0];
    } else {
        int s = -delta;
        for (int i = 0; i < nw - 1; i++)
            out[i] = ((x[i] >> s) | (x[i + 1] << (64 - s))) & m[i];
        out[nw - 1] = (x[nw - 1] >> s) & m[nw - 1];
    }
}

/* The bytes of x equal to v (one byte each side, v < 0x80 as cell values
 * are) as the 8 bits of the result, byte i to bit i: a byte of x ^ v is
 * zero where equal, seen exactly by ((y & 0x7f) + 0x7f) | y having its high
 * bit clear; the high bits gathered by one multiplication. */
static inline uint64_t bytes_equal(uint64_t x, uint64_t v)
{
    const uint64_t lo7 = 0x7f7f7f7f7f7f7f7full, high = 0x8080808080808080ull;
    uint64_t y = x ^ (v * 0x0101010101010101ull), nonzero = (((y & lo7) + lo7) | y) & high;
    return (((~nonzero & high) >> 7) * 0x0102040810204080ull) >> 56;
}

/* The cells of each kind as sets, eight cells a step (no branch a cell). */
static void sets_of(const uint8_t *cells, int ncells, int own, uint64_t *mine, uint64_t *theirs, uint64_t *empty)
{
    int nw = TV_BITS_WORDS(ncells);
    for (int w = 0; w < nw; w++) {
        uint64_t m = 0, t = 0, e = 0;
        for (int j = 0; j < 64 && 64 * w + j < ncells; j += 8) {
            int at = 64 * w + j, left = ncells - at;
            uint64_t x = 0;
            for (int k = 0; k < 8 && k < left; k++) /* byte k to bits 8k.. (one load where the compiler sees it) */
                x |= (uint64_t)cells[at + k] << 8 * k;
            uint64_t keep = left < 8 ? (1ull << left) - 1 : 0xff; /* not the bytes past the board */
            m |= (bytes_equal(x, (uint64_t)own) & keep) << j;
            t |= (bytes_equal(x, (uint64_t)(own ^ 3)) & keep) << j;
            e |= (bytes_equal(x, TV_EMPTY) & keep) << j;
        }
        mine[w] = m, theirs[w] = t, empty[w] = e;
    }
}

/* The empty cells where a stone of `own` closes a run of enemy stones, into
 * moves; whether there is one. Each ray's frontier leaves the board within
 * its side, so the loop is bounded by the board. */
static int wide_moves(const tv_rules *r, const uint8_t *cells, int own, uint64_t *moves)
{
    const tv_flip *f = &r->flip;
    int nw = TV_BITS_WORDS(r->ncells);
    uint64_t mine[WORDS], theirs[WORDS], empty[WORDS], run[WORDS], found = 0;
    sets_of(cells, r->ncells, own, mine, theirs, empty);
    for (int i = 0; i < nw; i++)
        moves[i] = 0;
    for (int d = 0; d < 8; d++) {
        if (!(f->dirs >> d & 1))
            continue;
        uint64_t any = 0;
        step(f, nw, mine, d, run);
        for (int i = 0; i < nw; i++)
            any |= run[i] &= theirs[i];
        while (any) {
            step(f, nw, run, d, run);
            any = 0;
            for (int i = 0; i < nw; i++) {
                uint64_t closed = run[i] & empty[i];
                moves[i] |= closed;
                found |= closed;
                any |= run[i] &= theirs[i];
            }
        }
    }
    return found != 0;
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
