/* A host draws a random legal move through tavola.h (random_move) without
 * asking for the list: every move drawn is legal, every legal move is drawn,
 * the host's random state decides the draw and advances, a game over draws
 * nothing, and whole games of every family (Amazons' thousands of turns a
 * ply, a moves hook) are played this way. */
#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tavola.h"
#include "tv_check.h"

static const tavola_api *t;
static char err[1024];

static tavola_ruleset *load(const char *name)
{
    t = tavola_get_api(TAVOLA_ABI_VERSION);
    ck_assert_ptr_nonnull(t);
    tavola_ruleset *rs = t->ruleset_load(name, NULL, err, sizeof err);
    ck_assert_msg(rs != NULL, "%s: %s", name, err);
    return rs;
}

static int is_legal(tavola_game *g, tavola_move m)
{
    static tavola_move moves[TAVOLA_MAX_MOVES];
    int n = t->legal_moves(g, moves, TAVOLA_MAX_MOVES);
    ck_assert_int_ge(n, 0);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return 1;
    return 0;
}

START_TEST(every_move_drawn_is_legal_and_every_legal_move_is_drawn)
{
    tavola_ruleset *rs = load("tictactoe");
    tavola_game *g = t->game_new(rs, 1);
    int seen[9] = {0};
    uint64_t rng = 2026, before = rng;
    for (int i = 0; i < 3000; i++) {
        tavola_move m = -1;
        ck_assert_int_eq(t->random_move(g, &rng, &m), 9);
        ck_assert_msg(m >= 0 && m < 9 && is_legal(g, m), "drew %d", (int)m);
        seen[m]++;
    }
    ck_assert(rng != before);
    for (int c = 0; c < 9; c++) /* 3000 fair draws: each of 9 about 333 times */
        ck_assert_msg(seen[c] > 200 && seen[c] < 470, "cell %d drawn %d times in 3000", c, seen[c]);
    t->game_free(g);
    t->ruleset_free(rs);
}
END_TEST

START_TEST(the_random_state_decides_the_draw)
{
    tavola_ruleset *rs = load("amazons");
    tavola_game *a = t->game_new(rs, 1), *b = t->game_new(rs, 1);
    uint64_t ra = 99, rb = 99;
    tavola_move ma, mb;
    ck_assert_int_gt(t->random_move(a, &ra, &ma), 1000); /* Amazons opens with 2,176 turns */
    ck_assert_int_gt(t->random_move(b, &rb, &mb), 1000);
    ck_assert_int_eq(ma, mb);
    ck_assert(ra == rb);
    t->game_free(a);
    t->game_free(b);
    t->ruleset_free(rs);
}
END_TEST

/* Whole games: each move drawn is legal (checked against the list for the
 * first plies), played, until the game is over; then nothing is drawn. */
static const char *const games[] = {"amazons", "breakthrough", "kalah", "othello", "pentago", "connect4",
                                    "tests/cli/rulesets/near.lua"};
#define NGAMES (int)(sizeof games / sizeof *games)

START_TEST(whole_games_by_random_move)
{
    tavola_ruleset *rs = load(games[_i]);
    tavola_game *g = t->game_new(rs, 3);
    uint64_t rng = 5;
    int plies = 0;
    tavola_move m = -1;
    while (t->status(g) == TAVOLA_ONGOING) {
        int n = t->random_move(g, &rng, &m);
        ck_assert_msg(n > 0, "%s: ply %d: %d (%s)", games[_i], plies, n, t->error(g));
        ck_assert_msg(plies > 20 || is_legal(g, m), "%s: ply %d: drew an illegal move", games[_i], plies);
        ck_assert_msg(t->play(g, m) == TAVOLA_OK, "%s: ply %d: %s", games[_i], plies, t->error(g));
        ck_assert_int_lt(++plies, 100000);
    }
    tavola_move untouched = 12345;
    ck_assert_int_eq(t->random_move(g, &rng, &untouched), 0);
    ck_assert_int_eq(untouched, 12345);
    t->game_free(g);
    t->ruleset_free(rs);
}
END_TEST

/* mask_sample: only allowed indices, each about as often (a mask of 1,003
 * bytes, so the words and the tail are both walked), the same draws for the
 * same state, and refusals. */
START_TEST(a_mask_is_sampled_uniformly_in_c)
{
    t = tavola_get_api(TAVOLA_ABI_VERSION);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_ge(t->size, offsetof(tavola_api, mask_sample) + sizeof(void *));
    enum { N = 1003, DRAWS = 60000 };
    static uint8_t mask[N];
    static const int allowed[] = {0, 7, 8, 500, 999, 1002};
    for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++)
        mask[allowed[i]] = (uint8_t)(i + 1); /* any non-zero byte allows */
    static int seen[N];
    uint64_t rng = 99, again = 99;
    for (int d = 0; d < DRAWS; d++) {
        int i = t->mask_sample(mask, N, &rng);
        ck_assert_int_ge(i, 0);
        ck_assert_int_lt(i, N);
        ck_assert_msg(mask[i] != 0, "drew %d, not allowed", i);
        seen[i]++;
        ck_assert_int_eq(t->mask_sample(mask, N, &again), i);
    }
    for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++) /* 10,000 expected each; 6 sigma ~ 550 */
        ck_assert_msg(seen[allowed[i]] > 9000 && seen[allowed[i]] < 11000, "index %d drawn %d times", allowed[i],
                      seen[allowed[i]]);
    static const uint8_t none[17];
    ck_assert_int_eq(t->mask_sample(none, 17, &rng), TAVOLA_EINVAL);
    ck_assert_int_eq(t->mask_sample(none, 0, &rng), TAVOLA_EINVAL);
    ck_assert_int_eq(t->mask_sample(mask, -1, &rng), TAVOLA_EINVAL);
    ck_assert_int_eq(t->mask_sample(NULL, 5, &rng), TAVOLA_EINVAL);
    ck_assert_int_eq(t->mask_sample(mask, N, NULL), TAVOLA_EINVAL);
}
END_TEST

/* A game made after one was freed is a new game: game_new may restart the
 * freed one (its memory kept), and nothing of the old game shows. Against
 * the same game from a second load of the ruleset (which has none freed):
 * the position, the ply, no moves, no error, then the same random game
 * move for move (the fast path's kept structures start again). The freed
 * games end, or run past the moves a game's own block holds (Kalah's
 * 64), or stop in the middle with a move drawn and not played. */
START_TEST(a_game_after_one_freed_is_a_new_game)
{
    const char *names[] = {"tictactoe", "kalah", "amazons", "chess", "go"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        tavola_ruleset *rs = load(names[i]), *fresh = load(names[i]);
        for (int round = 0; round < 6; round++) {
            tavola_game *old = t->game_new(rs, (uint64_t)round);
            uint64_t rng = 100 + (uint64_t)round;
            tavola_move m = -1;
            int stop = round % 3 == 2 ? 5 : 100000; /* the third: stopped early, a move drawn */
            while (t->status(old) == TAVOLA_ONGOING && t->ply(old) < stop && t->random_move(old, &rng, &m) > 0)
                ck_assert_int_eq(t->play(old, m), TAVOLA_OK);
            t->random_move(old, &rng, &m);
            t->play(old, -12345); /* an illegal move: an error left on the handle */
            t->game_free(old);
            tavola_game *g = t->game_new(rs, 7 + (uint64_t)round), *want = t->game_new(fresh, 7 + (uint64_t)round);
            char a[4096], b[4096];
            ck_assert_int_eq(t->ply(g), 0);
            ck_assert_int_eq(t->history(g, NULL, 0), 0);
            ck_assert_str_eq(t->error(g), "");
            uint64_t r1 = 55, r2 = 55;
            for (int ply = 0;; ply++) {
                ck_assert_int_ge(t->position(g, a, sizeof a), 0);
                ck_assert_int_ge(t->position(want, b, sizeof b), 0);
                ck_assert_msg(strcmp(a, b) == 0, "%s, round %d, ply %d: '%s', new '%s'", names[i], round, ply, a, b);
                ck_assert_int_eq(t->status(g), t->status(want));
                if (t->status(g) != TAVOLA_ONGOING || ply == 300)
                    break;
                tavola_move x = -1, y = -1;
                ck_assert_int_eq(t->random_move(g, &r1, &x), t->random_move(want, &r2, &y));
                ck_assert_int_eq(x, y);
                ck_assert_int_eq(t->play(g, x), TAVOLA_OK);
                ck_assert_int_eq(t->play(want, y), TAVOLA_OK);
            }
            t->game_free(want);
            t->game_free(g);
        }
        t->ruleset_free(fresh);
        t->ruleset_free(rs);
    }
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"random move", every_move_drawn_is_legal_and_every_legal_move_is_drawn, 60, 0},
        {"random move", the_random_state_decides_the_draw, 60, 0},
        {"random games", whole_games_by_random_move, 120, NGAMES},
        {"mask", a_mask_is_sampled_uniformly_in_c, 60, 0},
        {"games", a_game_after_one_freed_is_a_new_game, 120, 0},
    };
    return tv_check_run("ABI random move", tests, TV_CHECK_COUNT(tests));
}
