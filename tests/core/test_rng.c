/* The PRNG (tv_rng): the splitmix64 reference vectors, reproducibility,
 * tv_rng_below's range and spread.
 * Core only: the rules are built in C (tests/support/tv_fixture.h), no Lua. */
#include <check.h>

#include <stdint.h>

#include "tv_check.h"
#include "tv_fixture.h"

/* splitmix64 reference vectors: the sequence must be the same everywhere,
 * because seeds name games (random blocks) in records. */
START_TEST(rng_reference_vectors)
{
    tv_rng g;
    tv_rng_seed(&g, 0);
    ck_assert_uint_eq(tv_rng_next(&g), 0xE220A8397B1DCDAFull);
    ck_assert_uint_eq(tv_rng_next(&g), 0x6E789E6AA1B965F4ull);
    ck_assert_uint_eq(tv_rng_next(&g), 0x06C45D188009454Full);
    tv_rng_seed(&g, 1234567);
    ck_assert_uint_eq(tv_rng_next(&g), 0x599ED017FB08FC85ull);
}
END_TEST

START_TEST(rng_same_seed_same_sequence)
{
    tv_rng a, b;
    tv_rng_seed(&a, 42);
    tv_rng_seed(&b, 42);
    for (int i = 0; i < 1000; i++)
        REQUIRE(tv_rng_next(&a) == tv_rng_next(&b), "draw %d differs for the same seed", i);
    /* tv_rng is one word: a copy continues the same sequence. */
    tv_rng c = a;
    ck_assert_uint_eq(tv_rng_next(&a), tv_rng_next(&c));
    ck_assert_uint_eq(tv_rng_below(&a, 1000), tv_rng_below(&c, 1000));
}
END_TEST

START_TEST(rng_different_seeds_differ)
{
    tv_rng a, b;
    tv_rng_seed(&a, 1);
    tv_rng_seed(&b, 2);
    int same = 0;
    for (int i = 0; i < 1000; i++)
        same += tv_rng_next(&a) == tv_rng_next(&b);
    ck_assert_int_eq(same, 0);
    /* Neighbouring seeds must not give shifted copies of one sequence. */
    tv_rng_seed(&a, 7);
    tv_rng_seed(&b, 8);
    uint64_t first_b = tv_rng_next(&b);
    for (int i = 0; i < 100; i++)
        ck_assert_uint_ne(tv_rng_next(&a), first_b);
}
END_TEST

START_TEST(rng_below_range_and_coverage)
{
    static const uint32_t ns[] = {1, 2, 3, 7, 10, 49};
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        uint32_t n = ns[k];
        int hits[64] = {0};
        tv_rng g;
        tv_rng_seed(&g, 99 + k);
        int draws = 2000 * (int)n;
        for (int i = 0; i < draws; i++) {
            uint32_t v = tv_rng_below(&g, n);
            REQUIRE(v < n, "tv_rng_below(%u) gave %u", n, v);
            hits[v]++;
        }
        /* Every value occurs, roughly uniformly (expected 2000 each). */
        for (uint32_t v = 0; v < n; v++)
            REQUIRE(hits[v] > 1600 && hits[v] < 2400, "tv_rng_below(%u): value %u drawn %d times",
                    n, v, hits[v]);
    }
    /* A bound that is not a power of two and near 2^32 stays in range too. */
    tv_rng g;
    tv_rng_seed(&g, 5);
    for (int i = 0; i < 10000; i++)
        REQUIRE(tv_rng_below(&g, 3000000019u) < 3000000019u, "draw out of range");
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"rng", rng_reference_vectors, 10, 0},
        {"rng", rng_same_seed_same_sequence, 10, 0},
        {"rng", rng_different_seeds_differ, 10, 0},
        {"rng", rng_below_range_and_coverage, 10, 0},
    };
    return tv_check_run("core rng", tests, TV_CHECK_COUNT(tests));
}
