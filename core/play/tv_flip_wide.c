/* Flips on multiword bit boards (tv_flip_wide.h). */
#include "tv_flip_wide.h"

#include <string.h>

#include "tv_bits.h"

enum { WORDS = TV_FLIP_WORDS };

/* The four-word path in AVX2 where the compiler can build it; chosen when
 * the processor has it (tv_flip_wide_moves_of). */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(TV_FLIP_NO_AVX2)
#define TV_FLIP_AVX2 1
#else
#define TV_FLIP_AVX2 0
#endif

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
void tv_flip_wide_sets(const tv_rules *r, const uint8_t *cells, uint64_t stones[2][TV_FLIP_WORDS], uint64_t *empty)
{
    int ncells = r->ncells, nw = TV_BITS_WORDS(ncells);
    for (int w = 0; w < WORDS; w++)
        stones[0][w] = stones[1][w] = empty[w] = 0;
    for (int w = 0; w < nw; w++) {
        uint64_t b0 = 0, b1 = 0, on = 0;
        for (int j = 0; j < 64 && 64 * w + j < ncells; j += 8) {
            int at = 64 * w + j, left = ncells - at;
            uint64_t x = eight(cells, at, left);
            b0 |= low_bits(x) << j;
            b1 |= low_bits(x >> 1) << j;
            on |= (left < 8 ? (1ull << left) - 1 : 0xffull) << j; /* not the cells past the board */
        }
        stones[0][w] = b0 & ~b1;
        stones[1][w] = b1 & ~b0;
        empty[w] = ~(b0 | b1) & on;
    }
}

/* The empty cells where a stone of the colour of `mine` closes a run of
 * `theirs`, into moves; whether there is one. Each direction's frontier (the
 * enemy stones a run from an own one has reached) steps on until it is
 * empty; the directions step side by side, a round each, so that their
 * chains of shifts overlap in the processor. A frontier leaves the board
 * within its side, so the loop is bounded by the board. */
static inline __attribute__((always_inline)) int moves_in(const tv_flip *f, const uint64_t *mine,
                                                           const uint64_t *theirs, const uint64_t *empty,
                                                           uint64_t *moves, int nw)
{
    uint64_t run[8][WORDS], found = 0;
    unsigned live = 0; /* the directions whose frontier is not empty */
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

int tv_flip_wide_moves_plain(const tv_rules *r, const uint64_t *mine, const uint64_t *theirs,
                             const uint64_t *empty, uint64_t *moves)
{
    const tv_flip *f = &r->flip;
    switch (TV_BITS_WORDS(r->ncells)) { /* built for the usual sizes, the words unrolled: 9x9 to 16x16 */
    case 2:
        return moves_in(f, mine, theirs, empty, moves, 2);
    case 3:
        return moves_in(f, mine, theirs, empty, moves, 3);
    case 4:
        return moves_in(f, mine, theirs, empty, moves, 4);
    default:
        return moves_in(f, mine, theirs, empty, moves, TV_BITS_WORDS(r->ncells));
    }
}

#if TV_FLIP_AVX2
#include <immintrin.h>

/* moves_in for boards of up to four words (256 cells: 16x16) in one AVX2
 * register: a step is two shifts of the four words and a move of the words
 * one place up (or down) for the bits that cross into the next word. */
#define AVX2 __attribute__((target("avx2")))

static inline AVX2 __m256i step4(__m256i x, int up, __m128i by, __m128i back, __m256i m)
{
    /* The words moved one place up (down) carry their top (bottom) bits
     * into the next word. The word that takes its own bits instead (the
     * lowest going up, the highest going down) gets them only on cells no
     * step of that direction lands on, which m clears. */
    if (up)
        return _mm256_and_si256(
            _mm256_or_si256(_mm256_sll_epi64(x, by),
                            _mm256_srl_epi64(_mm256_permute4x64_epi64(x, _MM_SHUFFLE(2, 1, 0, 0)), back)),
            m);
    return _mm256_and_si256(
        _mm256_or_si256(_mm256_srl_epi64(x, by),
                        _mm256_sll_epi64(_mm256_permute4x64_epi64(x, _MM_SHUFFLE(3, 3, 2, 1)), back)),
        m);
}

static AVX2 int moves_avx2(const tv_flip *f, const uint64_t *mine, const uint64_t *theirs, const uint64_t *empty,
                           uint64_t *moves)
{
    __m256i me = _mm256_loadu_si256((const void *)mine), th = _mm256_loadu_si256((const void *)theirs);
    __m256i em = _mm256_loadu_si256((const void *)empty), found = _mm256_setzero_si256();
    __m256i run[8], mask[8];
    __m128i by[8], back[8];
    int up[8];
    unsigned live = 0;
    for (int d = 0; d < 8; d++) {
        if (!(f->dirs >> d & 1))
            continue;
        int shift = f->shift[d], n = shift > 0 ? shift : -shift;
        up[d] = shift > 0;
        by[d] = _mm_cvtsi32_si128(n);
        back[d] = _mm_cvtsi32_si128(64 - n);
        mask[d] = _mm256_loadu_si256((const void *)f->wmask[d]);
        run[d] = _mm256_and_si256(step4(me, up[d], by[d], back[d], mask[d]), th);
        live |= _mm256_testz_si256(run[d], run[d]) ? 0 : 1u << d;
    }
    while (live) {
        for (int d = 0; d < 8; d++) {
            if (!(live >> d & 1))
                continue;
            __m256i x = step4(run[d], up[d], by[d], back[d], mask[d]);
            found = _mm256_or_si256(found, _mm256_and_si256(x, em));
            run[d] = _mm256_and_si256(x, th);
            live &= _mm256_testz_si256(run[d], run[d]) ? ~(1u << d) : ~0u;
        }
    }
    _mm256_storeu_si256((void *)moves, found);
    return !_mm256_testz_si256(found, found);
}
#endif

int tv_flip_wide_moves_of(const tv_rules *r, const uint64_t *mine, const uint64_t *theirs, const uint64_t *empty,
                          uint64_t *moves)
{
#if TV_FLIP_AVX2
    if (r->ncells <= 256 && __builtin_cpu_supports("avx2"))
        return moves_avx2(&r->flip, mine, theirs, empty, moves);
#endif
    return tv_flip_wide_moves_plain(r, mine, theirs, empty, moves);
}

static int wide_moves(const tv_rules *r, const uint8_t *cells, int own, uint64_t *moves)
{
    uint64_t stones[2][WORDS], empty[WORDS];
    tv_flip_wide_sets(r, cells, stones, empty);
    return tv_flip_wide_moves_of(r, stones[own - 1], stones[2 - own], empty, moves);
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
