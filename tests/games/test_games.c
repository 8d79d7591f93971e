/* Across the rulesets in rulesets/, loaded as a host would: Notakto (as an
 * ends hook and as data, line { colours = "any", loses = true }), which rulesets enter the Lua VM in play (hooks) and which do not
 * (data), and bad options refused by every ruleset with its file and word. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_perft.h"

/* ---- Notakto: an ends hook, and data ---------------------------------- */

static const char *const notakto_versions[] = {"notakto_hooks", "notakto"};

START_TEST(notakto_completing_a_line_loses)
{
    const char *name = notakto_versions[_i];
    tv_ruleset *rs = must_load(name, NULL);
    tv_game *g = new_game(rs);
    must_play(g, "a1 b1");
    expect_ongoing(g, "two stones");
    must_play(g, "c1"); /* a1 and c1 are the first player's, b1 the second's */
    expect_winner(g, 2, "the first player completes a1 b1 c1");
    tv_game_free(g);

    g = new_game(rs);
    must_play(g, "a1 c3 a3");
    expect_ongoing(g, "no line");
    must_play(g, "a2");
    expect_winner(g, 1, "the second player completes a1 a2 a3");
    tv_game_free(g);

    g = new_game(rs);
    must_play(g, "a1 b1 a2 c2 b3 c3");
    expect_ongoing(g, "six stones, no line");
    must_play(g, "b2");
    expect_winner(g, 2, "the seventh stone b2 completes a2 b2 c2 and b1 b2 b3");
    tv_game_free(g);

    /* Every game ends by the seventh stone, and never in a draw. */
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_state_buf b;
    ck_assert_int_eq(tv_state_new(r, 0, &b.state, &err), TV_OK);
    ck_assert(tv_perft(r, &b.state, 3, &err) == 504);
    ck_assert(tv_perft(r, &b.state, 4, &err) == (504 - 8 * 6) * 6);
    ck_assert(tv_perft(r, &b.state, 8, &err) == 0);
    tv_rng rng;
    tv_rng_seed(&rng, 11);
    for (int i = 0; i < 200; i++) {
        tv_state_new(r, 0, &b.state, &err);
        if (tv_random_playout(r, &b.state, &rng, &err))
            ck_abort_msg("playout: %s", err.msg);
        if (b.state.winner != 1 + b.state.ply % 2) /* the last mover lost */
            ck_abort_msg("game %d: winner %d after %d stones", i, b.state.winner, b.state.ply);
        if (b.state.ply < 3 || b.state.ply > 7)
            ck_abort_msg("game %d: %d stones", i, b.state.ply);
    }

    /* A position string with a line is judged as well (by the hook, or by
     * the goal: a line of either colour was made by the last mover). */
    g = new_game(rs);
    ck_assert_int_eq(tv_game_set_position(g, ".../.../xox 2 - 3", &err), TV_OK);
    expect_winner(g, 2, "position with a1 b1 c1");
    tv_game_free(g);
    tv_ruleset_free(rs);

    /* A larger board: still lines of three. */
    rs = must_load(name, "size=5");
    g = new_game(rs);
    must_play(g, "a1 e5 c1 a5 e1 c3");
    expect_ongoing(g, "5x5: no three");
    must_play(g, "d5 b1");
    expect_winner(g, 1, "5x5: b1 completes a1 b1 c1");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(hooks_enter_the_vm_data_does_not)
{
    tv_error err;
    tv_rng rng;
    tv_rng_seed(&rng, 5);

    tv_ruleset *rs = must_load("tictactoe", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    unsigned long before = tv_ruleset_vm_entries(rs);
    tv_state_buf b;
    for (int i = 0; i < 100; i++) {
        ck_assert_int_eq(tv_state_new(r, (uint64_t)i, &b.state, &err), TV_OK);
        ck_assert_int_eq(tv_random_playout(r, &b.state, &rng, &err), TV_OK);
    }
    ck_assert(tv_perft(r, &b.state, 9, &err) >= 0);
    tv_game *g = new_game(rs);
    must_play(g, "b2 a1 c3");
    tv_game_free(g);
    ck_assert_uint_eq(tv_ruleset_vm_entries(rs), before);
    tv_ruleset_free(rs);

    rs = must_load("notakto_hooks", NULL);
    r = tv_ruleset_rules(rs);
    before = tv_ruleset_vm_entries(rs);
    g = new_game(rs);
    unsigned long at_start = tv_ruleset_vm_entries(rs);
    must_play(g, "b2 a1 c3");
    ck_assert_uint_ge(tv_ruleset_vm_entries(rs), at_start + 3); /* one call per move at least */
    ck_assert_uint_gt(at_start, before); /* the start position asks the hook too */
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- options ------------------------------------------------------------ */

START_TEST(bad_options_are_refused)
{
    static const struct {
        const char *game, *options, *says;
    } bad[] = {
        {"connect4", "connect=9", "connect"},
        {"connect4", "connect=1", "connect"},
        {"connect4", "width=5,height=4,connect=6", "connect"},
        {"connect4", "width=27", "width"},
        {"connect4", "height=0", "height"},
        {"connect4", "width=x", "width"},
        {"connect4", "depth=3", "unknown option"},
        {"gomoku", "size=2", "size"},
        {"gomoku", "size=4", "size"},
        {"gomoku", "size=27", "size"},
        {"gomoku", "freestyle=maybe", "freestyle"},
        {"pahtum", "size=4", "size"},
        {"pahtum", "size=20", "size"},
        {"pahtum", "size=nine", "size"},
        {"pahtum", "diagonals=2", "diagonals"},
        {"pahtum", "size=9,holes=15", "holes"},
        {"pahtum", "holes=a9,b9,c9", "a9"}, /* not a cell of 7x7 */
        {"notakto", "size=2", "size"},
        {"notakto", "size=10", "size"},
        {"tictactoe", "size=4", "no options"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tv_error err = {0};
        tv_ruleset *rs = load_named(bad[i].game, bad[i].options, &err);
        ck_assert_msg(rs == NULL, "%s %s was accepted", bad[i].game, bad[i].options);
        char file[64];
        snprintf(file, sizeof file, "rulesets/%s.lua:", bad[i].game);
        ck_assert_msg(strstr(err.msg, file) != NULL, "%s %s: %s", bad[i].game, bad[i].options, err.msg);
        ck_assert_msg(strstr(err.msg, bad[i].says) != NULL, "%s %s: %s", bad[i].game, bad[i].options, err.msg);
    }
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"hooks", notakto_completing_a_line_loses, 60, 2},
        {"hooks", hooks_enter_the_vm_data_does_not, 60, 0},
        {"options", bad_options_are_refused, 0, 0},
    };
    return tv_check_run("games", tests, TV_CHECK_COUNT(tests));
}
