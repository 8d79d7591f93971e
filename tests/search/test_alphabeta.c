/* Alpha-beta through the player interface (tv_player.h) only: positions with
 * a known best move, forced wins, exact values against a plain minimax, extra
 * turns, a time budget, and never losing at tic-tac-toe. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_player.h"

#define WIN (TV_SCORE_WIN / 2) /* alpha-beta's value of a won game, before the ply and margin terms */

static int64_t ab_score(const tv_ruleset *rs, const char *spec, const char *pos, char *move)
{
    tv_game *g = game_at(rs, pos);
    tv_player *p = player(rs, spec, 1);
    choose(p, g, NULL, move);
    int64_t score = tv_player_info(p)->score;
    tv_player_free(p);
    tv_game_free(g);
    return score;
}

START_TEST(alphabeta_tictactoe)
{
    tv_ruleset *rs = ttt();
    char m[16];
    /* Win in 1 (c1), found at depth 1: the win, one ply away. */
    ck_assert_int_eq(ab_score(rs, "alphabeta:depth=9", "x.o/.xo/... 1 - 4", m), WIN - 1);
    ck_assert_str_eq(m, "c1");
    /* Win in 3: b2 threatens b1 (b3 b2 b1) and a2 (a2 b2 c2); O can stop
     * only one. Nothing wins sooner. */
    ck_assert_int_eq(ab_score(rs, "alphabeta:depth=9", "oxo/..x/... 1 - 4", m), WIN - 3);
    ck_assert_str_eq(m, "b2");
    /* Depth 2 cannot see it; depth 3 can. */
    ck_assert_int_lt(ab_score(rs, "alphabeta:depth=2", "oxo/..x/... 1 - 4", m), WIN / 2);
    ck_assert_int_eq(ab_score(rs, "alphabeta:depth=3", "oxo/..x/... 1 - 4", m), WIN - 3);
    /* The only defence against a1. */
    ck_assert_int_eq(ab_score(rs, "alphabeta:depth=9", "xxo/.o./... 1 - 4", m), 0);
    ck_assert_str_eq(m, "a1");
    /* Lost: X to move, no win, and O threatens c1 and b2. */
    int64_t lost = ab_score(rs, "alphabeta:depth=9", "xxo/x.o/o.. 1 - 6", m);
    ck_assert_int_eq(lost, -(WIN - 2));
    /* The empty board is a draw. */
    int64_t v = ab_score(rs, "alphabeta:depth=9", NULL, m);
    ck_assert_msg(v > -WIN / 2 && v < WIN / 2, "empty board: score %lld", (long long)v);
    ck_assert_int_eq(v, 0);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(alphabeta_connect4_win_in_3)
{
    tv_ruleset *rs = must_load("connect4", NULL);
    char m[16];
    /* x c1 d1, o c2 d2: b1 or e1 makes an open three on row 1. */
    int64_t v = ab_score(rs, "alphabeta:depth=7", "......./......./......./......./..oo.../..xx... 1 - 4", m);
    ck_assert_int_eq(v, WIN - 3);
    ck_assert_msg(strcmp(m, "b") == 0 || strcmp(m, "e") == 0, "chose %s", m);
    /* o to move must stop x's open three at once, and cannot. */
    v = ab_score(rs, "alphabeta:depth=6", "......./......./......./......./...oo../..xxx.. 2 - 5", m);
    ck_assert_int_eq(v, -(WIN - 2));
    /* The same with no depth limit, deepening until a node budget (a time
     * budget would find it or not by the machine's speed). */
    tv_game *g = game_at(rs, "......./......./......./......./..oo.../..xx... 1 - 4");
    tv_player *p = player(rs, "alphabeta", 1);
    tv_budget nodes = {.iterations = 20000};
    choose(p, g, &nodes, m);
    ck_assert_int_eq(tv_player_info(p)->score, WIN - 3);
    ck_assert_int_ge(tv_player_info(p)->depth, 3);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A plain negamax with the engine's values (no pruning, no table): the exact
 * value of a small game, which alpha-beta must match. */
static int64_t minimax(const tv_rules *r, tv_state *s, int ply)
{
    int me = s->to_move;
    int64_t margin = s->score[me] - s->score[me ^ 1];
    if (s->status == TV_OVER)
        return margin + (s->winner == me + 1 ? WIN - ply : s->winner == 2 - me ? -(WIN - ply) : 0);
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
    int64_t best = INT64_MIN;
    for (int i = 0; i < n; i++) {
        tv_undo u;
        if (tv_play(r, s, moves[i], &u, &err))
            ck_abort_msg("%s", err.msg);
        int64_t v = s->to_move == me ? minimax(r, s, ply + 1) : -minimax(r, s, ply + 1);
        tv_unplay(r, s, &u);
        if (v > best)
            best = v;
    }
    return best;
}

/* Exact values on Kalah(3, 3) (extra turns) and Notakto (a hook), from
 * positions a few random moves in. */
START_TEST(alphabeta_exact_values)
{
    static const char *const games[][2] = {{"kalah", "holes=3,seeds=3"}, {"notakto", NULL}};
    for (int k = 0; k < 2; k++) {
        tv_ruleset *rs = must_load(games[k][0], games[k][1]);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_rng rng;
        tv_rng_seed(&rng, 99);
        tv_player *p = player(rs, "alphabeta:depth=100", 1); /* one player: its table is kept between */
        for (int t = 0; t < 12; t++) {
            tv_game *g = game_at(rs, NULL);
            tv_error err;
            int skip = k == 0 ? 3 + (int)tv_rng_below(&rng, 5) : 2 + (int)tv_rng_below(&rng, 3);
            for (int i = 0; i < skip && g->state->status == TV_ONGOING; i++) {
                tv_move moves[TV_MOVES_LIMIT];
                int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
                ck_assert_int_eq(tv_game_play(g, moves[tv_rng_below(&rng, (uint32_t)n)], &err), TV_OK);
            }
            if (g->state->status != TV_ONGOING) {
                tv_game_free(g);
                continue;
            }
            tv_state_buf b;
            tv_state_copy(r, &b.state, g->state);
            int64_t want = minimax(r, &b.state, 0);
            char m[16], pos[TV_POSITION_MAX];
            tv_position_write(r, g->state, pos, sizeof pos);
            choose(p, g, NULL, m);
            ck_assert_msg(tv_player_info(p)->score == want, "%s %s: alphabeta %lld, minimax %lld", games[k][0],
                          pos, (long long)tv_player_info(p)->score, (long long)want);
            /* The chosen move has that value. */
            tv_move mv;
            ck_assert_int_eq(tv_move_parse(r, m, &mv, &err), TV_OK);
            int me = b.state.to_move;
            ck_assert_int_eq(tv_play(r, &b.state, mv, NULL, &err), TV_OK);
            int64_t got = b.state.to_move == me ? minimax(r, &b.state, 1) : -minimax(r, &b.state, 1);
            ck_assert_msg(got == want, "%s %s: %s is worth %lld, best %lld", games[k][0], pos, m, (long long)got,
                          (long long)want);
            tv_game_free(g);
        }
        tv_player_free(p);
        tv_ruleset_free(rs);
    }
}
END_TEST

START_TEST(alphabeta_extra_turns)
{
    tv_ruleset *rs = must_load("kalah", "holes=3,seeds=3");
    char m[16];
    ck_assert_int_gt(ab_score(rs, "alphabeta:depth=100", "0,1,6/5,1,1 2,2 1 4", m), WIN / 2);
    ck_assert_str_eq(m, "c1");
    ck_assert_int_gt(ab_score(rs, "alphabeta:depth=100", "1,1,5/1,3,0 4,3 2 7", m), WIN / 2);
    ck_assert_str_eq(m, "a2");
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(alphabeta_time_budget)
{
    tv_ruleset *rs = must_load("connect4", NULL);
    tv_game *g = game_at(rs, NULL);
    tv_player *p = player(rs, "alphabeta:ms=50", 1);
    char m[16];
    choose(p, g, NULL, m);
    const tv_search_info *info = tv_player_info(p);
    /* A legal move (choose checks it), after the whole budget: no depth
     * limit, and Connect Four is far too big to see to the end sooner. How
     * deep it got, and how soon it returned after 50 ms, depend on the
     * machine: not checked. */
    ck_assert_msg(info->ms >= 50, "alphabeta:ms=50 returned after %ld ms", info->ms);
    ck_assert_int_ge(info->depth, 0);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Never loses to random, as either side. */
START_TEST(alphabeta_never_loses_tictactoe)
{
    tv_ruleset *rs = ttt();
    char m[16];
    for (int i = 0; i < 50; i++) {
        tv_game *g = game_at(rs, NULL);
        tv_player *ab = player(rs, "alphabeta:depth=9", 1), *rnd = player(rs, "random", (uint64_t)i + 1);
        int ab_side = i % 2; /* player index */
        while (g->state->status == TV_ONGOING)
            must_play(g, choose(g->state->to_move == ab_side ? ab : rnd, g, NULL, m));
        ck_assert_msg(g->state->winner == 0 || g->state->winner == ab_side + 1,
                      "game %d: alphabeta (player %d) lost", i, ab_side + 1);
        tv_player_free(ab);
        tv_player_free(rnd);
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"alphabeta", alphabeta_tictactoe, 120, 0},
        {"alphabeta", alphabeta_connect4_win_in_3, 120, 0},
        {"alphabeta", alphabeta_exact_values, 120, 0},
        {"alphabeta", alphabeta_extra_turns, 120, 0},
        {"alphabeta", alphabeta_time_budget, 120, 0},
        {"alphabeta", alphabeta_never_loses_tictactoe, 120, 0},
    };
    return tv_check_run("alphabeta", tests, TV_CHECK_COUNT(tests));
}
