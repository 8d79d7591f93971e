/* MCTS (UCT) through the player interface (tv_player.h) only: the win taken,
 * the threat blocked, hook and extra-turn rulesets, reproducibility, tree
 * reuse, a single move and a time budget. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_player.h"

/* X to move: c1 wins at once (a3 b2 c1); any other move lets O take c1
 * (c3 c2 c1). */
START_TEST(mcts_takes_the_win)
{
    tv_ruleset *rs = ttt();
    tv_game *g = game_at(rs, "x.o/.xo/... 1 - 4");
    char m[16];
    for (uint64_t seed = 1; seed <= 5; seed++) {
        tv_player *p = player(rs, "mcts:iterations=3000", seed);
        ck_assert_str_eq(choose(p, g, NULL, m), "c1");
        const tv_search_info *info = tv_player_info(p);
        ck_assert_int_eq(info->nodes, 3000);
        ck_assert_int_ge(info->depth, 1);
        ck_assert_msg(info->score > 900, "score %lld for a win at once", (long long)info->score);
        tv_player_free(p);
    }
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* X to move, no win for X; O threatens a1 (c3 b2 a1), and every other move
 * loses. The block draws. */
START_TEST(mcts_blocks_the_threat)
{
    tv_ruleset *rs = ttt();
    tv_game *g = game_at(rs, "xxo/.o./... 1 - 4");
    char m[16];
    for (uint64_t seed = 1; seed <= 5; seed++) {
        tv_player *p = player(rs, "mcts:iterations=3000", seed);
        ck_assert_str_eq(choose(p, g, NULL, m), "a1");
        tv_player_free(p);
    }
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Notakto (its end is a Lua hook): every empty cell but a1 completes a line,
 * and completing a line loses. */
START_TEST(mcts_hook_ruleset)
{
    tv_ruleset *rs = must_load("notakto_hooks", NULL);
    tv_game *g = game_at(rs, "xx./.oo/... 1 - 4");
    char m[16];
    tv_player *p = player(rs, "mcts:iterations=500", 3);
    ck_assert_str_eq(choose(p, g, NULL, m), "a1");
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Kalah(3, 3): c1 ends in player 1's store (an extra turn) and is the only
 * winning move. Rewards kept for "the other player" would get this wrong. */
START_TEST(mcts_extra_turns)
{
    tv_ruleset *rs = must_load("kalah", "holes=3,seeds=3");
    char m[16];
    static const char *const cases[][2] = {{"0,1,6/5,1,1 2,2 1 4", "c1"}, {"1,1,5/1,3,0 4,3 2 7", "a2"}};
    for (int i = 0; i < 2; i++) {
        tv_game *g = game_at(rs, cases[i][0]);
        tv_player *p = player(rs, "mcts:iterations=4000", 11);
        ck_assert_msg(strcmp(choose(p, g, NULL, m), cases[i][1]) == 0, "%s: chose %s, expected %s",
                      cases[i][0], m, cases[i][1]);
        tv_player_free(p);
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(mcts_reproducible)
{
    tv_ruleset *rs = must_load("pahtum", "holes=a1,b2,c3");
    tv_game *g = game_at(rs, NULL);
    must_play(g, "d4");
    must_play(g, "e4");
    char m1[16], m2[16], m3[16];
    tv_player *a = player(rs, "mcts:iterations=2000", 42), *b = player(rs, "mcts:iterations=2000", 42);
    choose(a, g, NULL, m1);
    choose(b, g, NULL, m2);
    ck_assert_str_eq(m1, m2);
    const tv_search_info *ia = tv_player_info(a), *ib = tv_player_info(b);
    ck_assert_int_eq(ia->nodes, 2000);
    ck_assert_int_eq(ia->nodes, ib->nodes);
    ck_assert_int_eq(ia->depth, ib->depth);
    ck_assert_int_eq(ia->score, ib->score);
    /* Both go on with the same history: still the same (their trees are reused alike). */
    must_play(g, m1);
    must_play(g, "f4");
    choose(a, g, NULL, m1);
    choose(b, g, NULL, m3);
    ck_assert_str_eq(m1, m3);
    ck_assert_int_eq(ia->score, ib->score);
    ck_assert_int_eq(ia->depth, ib->depth);
    tv_player_free(a);
    tv_player_free(b);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The moves that win at once for the player to move, as a mask of cells. */
static int immediate_wins(const tv_game *g)
{
    const tv_rules *r = g->rules;
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err), mask = 0;
    for (int i = 0; i < n; i++) {
        tv_state_buf b;
        tv_state_copy(r, &b.state, g->state);
        ck_assert_int_eq(tv_play(r, &b.state, moves[i], NULL, &err), TV_OK);
        if (b.state.status == TV_OVER && b.state.winner == g->state->to_move + 1)
            mask |= 1 << moves[i];
    }
    return mask;
}

/* The tree is kept: after the player's move and a reply, a search of one
 * iteration still picks the immediate win, from the statistics gathered in the
 * previous search (a fresh tree of one iteration has one random child). */
START_TEST(mcts_tree_reuse)
{
    tv_ruleset *rs = ttt();
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = game_at(rs, ".../.x./.o. 1 - 2"); /* X b2, O b1: X wins with best play */
    tv_player *p = player(rs, "mcts:iterations=20000", 5);
    char m[16], reply[16];
    choose(p, g, NULL, m);
    must_play(g, m);
    /* The first O reply that leaves X a win at once (there is one: X threatens). */
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err), wins = 0;
    for (int i = 0; i < n && !wins; i++) {
        ck_assert_int_eq(tv_game_play(g, moves[i], &err), TV_OK);
        if (g->state->status == TV_ONGOING && (wins = immediate_wins(g)))
            tv_move_text(r, moves[i], reply, sizeof reply);
        else
            ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    }
    ck_assert_msg(wins, "no O reply to %s leaves X a win", m);

    tv_budget one = {1, 0, 0};
    choose(p, g, &one, m);
    const tv_search_info *info = tv_player_info(p);
    ck_assert_int_eq(info->nodes, 1);
    tv_move best;
    ck_assert_int_eq(tv_move_parse(r, m, &best, &err), TV_OK);
    ck_assert_msg(wins & (1 << best), "after %s the reused tree chose %s, not a win", reply, m);
    /* Hundreds of won visits, not one lucky playout. */
    ck_assert_msg(info->score == 1000, "score %lld", (long long)info->score);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Tree reuse seen through the depth of the principal line: on an open board,
 * one iteration on a reused tree reports the depth of the old tree's line. */
START_TEST(mcts_tree_reuse_depth)
{
    tv_ruleset *rs = must_load("connect4", NULL);
    tv_game *g = game_at(rs, NULL);
    tv_player *p = player(rs, "mcts:iterations=20000", 9);
    char m[16];
    choose(p, g, NULL, m);
    int first = tv_player_info(p)->depth;
    ck_assert_int_ge(first, 4);
    must_play(g, m);
    must_play(g, "d"); /* the most natural reply, well explored */
    tv_budget one = {1, 0, 0};
    choose(p, g, &one, m);
    ck_assert_int_eq(tv_player_info(p)->nodes, 1);
    ck_assert_msg(tv_player_info(p)->depth >= 2, "depth %d after one iteration: the tree was not reused",
                  tv_player_info(p)->depth);
    /* A new player on the same position: one iteration, one move deep. */
    tv_player *fresh = player(rs, "mcts:iterations=1", 9);
    choose(fresh, g, NULL, m);
    ck_assert_int_eq(tv_player_info(fresh)->depth, 1);
    tv_player_free(fresh);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(mcts_single_move_and_time)
{
    tv_ruleset *rs = ttt();
    tv_game *g = game_at(rs, "xox/xoo/.xo 1 - 8"); /* a1 is the only cell */
    tv_player *p = player(rs, "mcts:iterations=100000", 1);
    char m[16];
    ck_assert_str_eq(choose(p, g, NULL, m), "a1");
    ck_assert_int_eq(tv_player_info(p)->nodes, 0);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = must_load("pahtum", "holes=a1,b2,c3");
    g = game_at(rs, NULL);
    /* A time budget: a legal move, after the whole budget (Pahtum is far
     * too big to finish sooner). How many iterations fit, and how soon it
     * returns after 40 ms, depend on the machine: not checked. */
    p = player(rs, "mcts:ms=40", 1);
    choose(p, g, NULL, m);
    ck_assert_msg(tv_player_info(p)->ms >= 40, "mcts:ms=40 returned after %ld ms", tv_player_info(p)->ms);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"mcts", mcts_takes_the_win, 120, 0},
        {"mcts", mcts_blocks_the_threat, 120, 0},
        {"mcts", mcts_hook_ruleset, 120, 0},
        {"mcts", mcts_extra_turns, 120, 0},
        {"mcts", mcts_reproducible, 120, 0},
        {"mcts", mcts_tree_reuse, 120, 0},
        {"mcts", mcts_tree_reuse_depth, 120, 0},
        {"mcts", mcts_single_move_and_time, 120, 0},
    };
    return tv_check_run("mcts", tests, TV_CHECK_COUNT(tests));
}
