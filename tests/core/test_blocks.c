/* Blocks (black holes): random counts and cells by seed, listed cells, and
 * blocks the players place before the first stone.
 * Core only: the rules are built in C (tests/support/tv_fixture.h), no Lua. */
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "tv_check.h"
#include "tv_error.h"
#include "tv_fixture.h"

START_TEST(blocks_random_counts)
{
    tv_rules *r = pahtum_holes(7, 7, TV_DIR_H | TV_DIR_V);
    int seen[50] = {0}, cell_hits[49] = {0}, same_as_previous = 0;
    tv_state_buf prev;
    memset(&prev, 0, sizeof prev);
    for (int seed = 0; seed < 500; seed++) {
        tv_state_buf a, b;
        tv_state *s = start(r, &a, (uint64_t)seed);
        int n = count_cells(r, s, TV_BLOCK);
        REQUIRE(n % 2 == 1 && n >= 3 && n <= 13, "seed %d: %d blocks", seed, n);
        REQUIRE(s->empty == 49 - n, "seed %d: empty %u with %d blocks", seed,
                (unsigned)s->empty, n);
        REQUIRE(count_cells(r, s, TV_EMPTY) == 49 - n, "seed %d: stray cell values", seed);
        REQUIRE(s->hash == tv_state_hash(r, s), "seed %d: start hash", seed);
        seen[n]++;
        for (int c = 0; c < 49; c++)
            cell_hits[c] += s->cells[c] == TV_BLOCK;
        /* Same seed, same blocks (and the same whole state). */
        tv_state *t = start(r, &b, (uint64_t)seed);
        REQUIRE(memcmp(s, t, (size_t)r->state_size) == 0, "seed %d: not reproducible", seed);
        if (seed > 0 && memcmp(s->cells, prev.state.cells, 49) == 0)
            same_as_previous++;
        tv_state_copy(r, &prev.state, s);
    }
    /* Both ends of the range occur, and every odd count in between. */
    for (int n = 3; n <= 13; n += 2)
        REQUIRE(seen[n] >= 40, "%d blocks drawn only %d times in 500 seeds", n, seen[n]);
    ck_assert_int_gt(seen[3], 0);
    ck_assert_int_gt(seen[13], 0);
    /* Different seeds give different boards, and every cell can be a hole. */
    ck_assert_int_le(same_as_previous, 2);
    for (int c = 0; c < 49; c++)
        REQUIRE(cell_hits[c] > 20, "cell %d blocked only %d times", c, cell_hits[c]);
    free(r);
}
END_TEST

/* Without the odd rule both parities occur. */
START_TEST(blocks_random_any_parity)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_RANDOM;
    r->blocks.min = 2;
    r->blocks.max = 4;
    rules_finish_ok(r);
    int seen[5] = {0};
    for (int seed = 0; seed < 300; seed++) {
        tv_state_buf a;
        int n = count_cells(r, start(r, &a, (uint64_t)seed), TV_BLOCK);
        REQUIRE(n >= 2 && n <= 4, "seed %d: %d blocks", seed, n);
        seen[n]++;
    }
    ck_assert_int_gt(seen[2], 50);
    ck_assert_int_gt(seen[3], 50);
    ck_assert_int_gt(seen[4], 50);
    free(r);
}
END_TEST

START_TEST(blocks_list)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_LIST;
    r->blocks.count = 3;
    r->blocks.cells[0] = (uint16_t)c7("c3");
    r->blocks.cells[1] = (uint16_t)c7("e5");
    r->blocks.cells[2] = (uint16_t)c7("d4");
    rules_finish_ok(r);
    for (int seed = 0; seed < 5; seed++) {
        tv_state_buf a;
        tv_state *s = start(r, &a, (uint64_t)seed * 977);
        for (int c = 0; c < 49; c++) {
            int want = (c == c7("c3") || c == c7("e5") || c == c7("d4")) ? TV_BLOCK : TV_EMPTY;
            REQUIRE(s->cells[c] == want, "seed %d cell %d: %d", seed, c, s->cells[c]);
        }
        ck_assert_int_eq(s->empty, 46);
        ck_assert_uint_eq(s->hash, tv_state_hash(r, s));
        ck_assert_int_eq(s->flags, 0);
    }
    free(r);
}
END_TEST

/* PLACED: the players put down the blocks in turn (1, 2, 1) as moves, then
 * player 1 places the first stone. */
START_TEST(blocks_placed)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_PLACED;
    r->blocks.count = 3;
    rules_finish_ok(r);
    tv_state_buf a;
    tv_state *s = start(r, &a, 0);
    static const char *cells[3] = {"a1", "d4", "g7"};
    static const int players[3] = {0, 1, 0};
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    ck_assert_int_eq(s->empty, 49);
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(s->flags, TV_FLAG_SETUP);
        ck_assert_int_eq(s->setup_left, 3 - i);
        ck_assert_int_eq(s->to_move, players[i]);
        ck_assert_int_eq(tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err), 49 - i);
        play_ok(r, s, c7(cells[i]), NULL);
        ck_assert_int_eq(s->cells[c7(cells[i])], TV_BLOCK);
        ck_assert_int_eq(s->stones, 0);
        ck_assert_int_eq(s->score[0], 0);
        ck_assert_int_eq(s->ply, i + 1);
        ck_assert_uint_eq(s->hash, tv_state_hash(r, s));
    }
    ck_assert_int_eq(s->flags, 0);
    ck_assert_int_eq(s->setup_left, 0);
    ck_assert_int_eq(s->to_move, 0);
    ck_assert_int_eq(s->empty, 46);
    ck_assert_int_eq(count_cells(r, s, TV_BLOCK), 3);
    play_ok(r, s, c7("b2"), NULL);
    ck_assert_int_eq(s->cells[c7("b2")], TV_STONE1);
    ck_assert_int_eq(s->stones, 1);
    ck_assert_int_eq(s->to_move, 1);
    play_ok(r, s, c7("c2"), NULL);
    ck_assert_int_eq(s->cells[c7("c2")], TV_STONE2);
    ck_assert_uint_eq(s->hash, tv_state_hash(r, s));
    free(r);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"blocks", blocks_random_counts, 30, 0},
        {"blocks", blocks_random_any_parity, 30, 0},
        {"blocks", blocks_list, 30, 0},
        {"blocks", blocks_placed, 30, 0},
    };
    return tv_check_run("core blocks", tests, TV_CHECK_COUNT(tests));
}
