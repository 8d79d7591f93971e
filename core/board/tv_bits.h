/* Bit helpers for the bit boards and bit sets of the primitives: a count, the
 * lowest member, the k-th member. One copy, inline: every one is on a hot
 * path (the random playouts pick the k-th empty cell or move). */
#ifndef TV_BITS_H
#define TV_BITS_H

#include <stdint.h>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

/* The members of x. */
static inline int tv_bits_count(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
#endif
}

/* The place of the lowest member of x (x is not 0). */
static inline int tv_bits_lowest(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x >> n & 1))
        n++;
    return n;
#endif
}

/* tv_bits_lowest of a 32-bit mask (directions, generators): no widening. */
static inline int tv_bits_lowest32(unsigned x)
{
#if defined(__GNUC__)
    return __builtin_ctz(x);
#else
    int n = 0;
    while (!(x >> n & 1u))
        n++;
    return n;
#endif
}

/* The place of the k-th member of x, lowest first (k < tv_bits_count(x)).
 * PDEP does it in one step where it is fast (not on AMD before Zen 3). */
static inline int tv_bits_select(uint64_t x, unsigned k)
{
#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__)
    return tv_bits_lowest(_pdep_u64(1ull << k, x));
#elif !defined(__POPCNT__)
    while (k--) /* a count costs a loop of its own here: clear the k lowest instead */
        x &= x - 1;
    return tv_bits_lowest(x);
#else
    int base = 0; /* halves, quarters, eighths: unrolled, as a loop it costs a tenth of a playout */
    unsigned c = (unsigned)tv_bits_count(x & 0xffffffffu);
    if (k >= c) {
        k -= c;
        x >>= 32;
        base = 32;
    }
    c = (unsigned)tv_bits_count(x & 0xffffu);
    if (k >= c) {
        k -= c;
        x >>= 16;
        base += 16;
    }
    c = (unsigned)tv_bits_count(x & 0xffu);
    if (k >= c) {
        k -= c;
        x >>= 8;
        base += 8;
    }
    while (k--)
        x &= x - 1;
    return base + tv_bits_lowest(x);
#endif
}

/* Bit j set when byte j of x (counted from the low end of memory) is zero:
 * a zero byte's high bit is set in z, and one multiply gathers the eight
 * high bits into the top byte (every other product of the multiply lands
 * below it or past the word). A byte row read as a word, eight at a time:
 * a grid's colours (tv_cells.h), a mancala board's holes (tv_holes.h). */
static inline unsigned tv_bits_zero_bytes(uint64_t x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x); /* byte j of memory as the word's byte j from the low end */
#endif
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
    uint64_t z = ~(((x & low7) + low7) | x) & ~low7;
    return (unsigned)(((z >> 7) * 0x0102040810204080ull) >> 56);
}

/* Words of a bit set of every cell of a board. */
#define TV_BITS_WORDS(n) (((n) + 63) / 64)

/* The k-th member of the bit set set[], smallest first (k < its count). */
static inline int tv_bits_set_select(const uint64_t *set, unsigned k)
{
    for (int i = 0;; i++) {
        unsigned c = (unsigned)tv_bits_count(set[i]);
        if (k < c)
            return 64 * i + tv_bits_select(set[i], k);
        k -= c;
    }
}

#endif
