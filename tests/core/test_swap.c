/* The swap rule: colours and scores exchanged, undone, and whole games with
 * swaps.
 * Core only: the rules are built in C (tests/support/tv_fixture.h), no Lua. */
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "tv_check.h"
#include "tv_error.h"
#include "tv_fixture.h"
#include "tv_position.h"

START_TEST(swap_exchanges_colours_and_scores)
{
    tv_rules *r = swap_rules();
    tv_state_buf a, before;
    tv_state *s = start(r, &a, 0);
    ck_assert(!is_legal(r, s, TV_MOVE_SWAP));
    play_ok(r, s, c7("a1"), NULL); /* player 1, White */
    ck_assert(!is_legal(r, s, TV_MOVE_SWAP));
    play_ok(r, s, c7("g7"), NULL); /* player 2, Black */
    ck_assert(!is_legal(r, s, TV_MOVE_SWAP));
    play_ok(r, s, c7("b1"), NULL); /* player 1: a1-b1 scores 1 */
    ck_assert_int_eq(s->score[0], 1);
    ck_assert_int_eq(s->score[1], 0);
    ck_assert_int_eq(s->to_move, 1);

    /* Swap is offered exactly once in the list, as the last move. */
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
    ck_assert_int_eq(n, 46 + 1);
    ck_assert_int_eq(moves[n - 1], TV_MOVE_SWAP);
    for (int i = 0; i < n - 1; i++)
        ck_assert_int_ge(moves[i], 0);

    tv_state_copy(r, &before.state, s);
    tv_undo u;
    play_ok(r, s, TV_MOVE_SWAP, &u);
    ck_assert_int_eq(s->flags, TV_FLAG_SWAPPED);
    ck_assert_int_eq(s->score[0], 0); /* player 1 now owns Black's lone g7 */
    ck_assert_int_eq(s->score[1], 1); /* player 2 owns a1-b1 */
    ck_assert_int_eq(s->to_move, 0);
    ck_assert_int_eq(s->stones, 3);
    ck_assert_int_eq(s->ply, 4);
    ck_assert_int_eq(s->last, TV_MOVE_SWAP);
    ck_assert_int_eq(tv_colour_of(s, 0), TV_STONE2);
    ck_assert_int_eq(tv_colour_of(s, 1), TV_STONE1);
    ck_assert_uint_eq(s->hash, tv_state_hash(r, s));
    ck_assert_uint_ne(s->hash, before.state.hash);
    char text[TV_POSITION_MAX];
    tv_position_write(r, s, text, sizeof text);
    ck_assert_str_eq(text, "......o/......./......./......./......./......./xx..... 1 s 4");

    /* Undo of the swap restores everything. */
    tv_state_buf swapped;
    tv_state_copy(r, &swapped.state, s);
    tv_unplay(r, s, &u);
    ck_assert_int_eq(memcmp(s, &before.state, (size_t)r->state_size), 0);
    tv_state_copy(r, s, &swapped.state);

    /* Player 1 places Black next to g7: f7-g7 scores 1 for player 1. */
    play_ok(r, s, c7("f7"), NULL);
    ck_assert_int_eq(s->cells[c7("f7")], TV_STONE2);
    ck_assert_int_eq(s->score[0], 1);
    ck_assert_int_eq(s->score[1], 1);
    /* Player 2 places White: a1-b1-c1 is a 3 (3 points, 2 more). */
    play_ok(r, s, c7("c1"), NULL);
    ck_assert_int_eq(s->cells[c7("c1")], TV_STONE1);
    ck_assert_int_eq(s->score[0], 1);
    ck_assert_int_eq(s->score[1], 3);
    ck_assert(!is_legal(r, s, TV_MOVE_SWAP));
    check_consistent(r, s, 0);
    free(r);
}
END_TEST

/* Whole games with the swap rule (taken in odd games), with and without
 * random blocks: the board always fills up and the winner matches. */
START_TEST(swap_full_games)
{
    tv_rules *r = swap_rules();
    random_games_consistent(r, 300, 1);
    free(r);

    r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->swap_after = 3;
    r->blocks.mode = TV_BLOCKS_RANDOM;
    r->blocks.min = 3;
    r->blocks.max = 13;
    r->blocks.odd = 1;
    rules_finish_ok(r);
    int winners[3] = {0, 0, 0};
    for (int g = 0; g < 300; g++) {
        tv_state_buf buf;
        tv_state *s = start(r, &buf, (uint64_t)g);
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)g + 77);
        int swapped = 0;
        while (s->status == TV_ONGOING) {
            tv_move m = random_move(r, s, &rng);
            if ((g & 1) && is_legal(r, s, TV_MOVE_SWAP))
                m = TV_MOVE_SWAP;
            swapped |= m == TV_MOVE_SWAP;
            play_ok(r, s, m, NULL);
        }
        REQUIRE(s->empty == 0 && s->status == TV_OVER, "game %d: empty %u", g,
                (unsigned)s->empty);
        /* Odd games take the swap; even ones may pick it at random. */
        REQUIRE(swapped || !(g & 1), "game %d did not swap", g);
        int w = s->score[0] > s->score[1] ? 1 : s->score[0] < s->score[1] ? 2 : 0;
        REQUIRE(s->winner == w, "game %d: winner %d, scores %d-%d", g, s->winner, s->score[0],
                s->score[1]);
        winners[w]++;
        check_consistent(r, s, (unsigned long)g);
    }
    /* Random play: both players win some games. */
    ck_assert_int_gt(winners[1], 30);
    ck_assert_int_gt(winners[2], 30);
    free(r);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"swap", swap_exchanges_colours_and_scores, 60, 0},
        {"swap", swap_full_games, 60, 0},
    };
    return tv_check_run("core swap", tests, TV_CHECK_COUNT(tests));
}
