/* A small, seeded, reproducible PRNG (splitmix64): one word of state, so it can
 * live inside flat structs and be copied freely. Same seed, same sequence, on
 * every platform. */
#ifndef TV_RNG_H
#define TV_RNG_H

#include <stdint.h>

typedef struct tv_rng {
    uint64_t s;
} tv_rng;

static inline void tv_rng_seed(tv_rng *r, uint64_t seed) { r->s = seed; }

static inline uint64_t tv_rng_next(tv_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform integer in [0, n), n > 0, without modulo bias (Lemire's method). */
static inline uint32_t tv_rng_below(tv_rng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(tv_rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (low < t) {
            m = (uint64_t)(uint32_t)(tv_rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#endif
