/* The search engines against each other and their specs, through the player
 * interface (tv_player.h) only: alpha-beta against MCTS in whole games on
 * every kind of ruleset (data, mancala, hooks), and bad specs refused. The
 * engines one by one: test_mcts.c, test_alphabeta.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_player.h"

/* ---- whole games ------------------------------------------------------- */

/* alphabeta against mcts, both ways, to the end; every move checked legal by
 * choose(). */
static void whole_games(const char *name, const char *options, const char *ab_spec, const char *mcts_spec)
{
    tv_ruleset *rs = must_load(name, options);
    for (int side = 0; side < 2; side++) {
        tv_game *g = game_at(rs, NULL);
        tv_player *ab = player(rs, ab_spec, 3), *mc = player(rs, mcts_spec, 4);
        char m[16];
        while (g->state->status == TV_ONGOING) {
            ck_assert_msg(g->nply < 2000, "%s: no end after %d moves", name, g->nply);
            must_play(g, choose(g->state->to_move == side ? ab : mc, g, NULL, m));
        }
        ck_assert_msg(g->state->winner >= 0 && g->state->winner <= 2, "%s: winner %d", name, g->state->winner);
        tv_player_free(ab);
        tv_player_free(mc);
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}

START_TEST(games_pahtum) { whole_games("pahtum", "holes=a1,b2,c3", "alphabeta:depth=2", "mcts:iterations=200"); }
END_TEST
START_TEST(games_tihbat) { whole_games("tihbat", NULL, "alphabeta:depth=6", "mcts:iterations=300"); }
END_TEST
START_TEST(games_kalah) { whole_games("kalah", NULL, "alphabeta:depth=4", "mcts:iterations=300"); }
END_TEST
START_TEST(games_oware) { whole_games("oware", NULL, "alphabeta:depth=4", "mcts:iterations=200"); }
END_TEST
START_TEST(games_connect4) { whole_games("connect4", NULL, "alphabeta:depth=4", "mcts:iterations=300"); }
END_TEST
START_TEST(games_notakto) { whole_games("notakto", NULL, "alphabeta:depth=9", "mcts:iterations=300"); }
END_TEST

/* ---- specs ------------------------------------------------------------- */

static void refused(const char *spec, const char *words)
{
    tv_ruleset *rs = ttt();
    tv_error err = {0};
    tv_player *p = tv_player_new(tv_ruleset_rules(rs), spec, 1, &err);
    ck_assert_msg(p == NULL, "%s was accepted", spec);
    ck_assert_msg(strstr(err.msg, words) != NULL, "%s: message '%s' lacks '%s'", spec, err.msg, words);
    tv_ruleset_free(rs);
}

START_TEST(bad_specs)
{
    refused("mcts:iterations=0", "mcts: iterations=0: expected an integer 1..");
    refused("mcts:foo=1", "mcts: unknown parameter 'foo'");
    refused("mcts:c=-1", "mcts: c=-1: expected a number");
    refused("alphabeta:depth=x", "alphabeta: depth=x: expected an integer 1..");
    refused("alphabeta:tt=0", "alphabeta: tt=0");
    refused("alphabeta:iterations=5", "alphabeta: unknown parameter 'iterations'");
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"games", games_pahtum, 120, 0},
        {"games", games_tihbat, 120, 0},
        {"games", games_kalah, 120, 0},
        {"games", games_oware, 120, 0},
        {"games", games_connect4, 120, 0},
        {"games", games_notakto, 120, 0},
        {"specs", bad_specs, 120, 0},
    };
    return tv_check_run("search", tests, TV_CHECK_COUNT(tests));
}
