/* The solver against brute force: a plain minimax over move sequences that
 * keeps the real history, so a repeated position ends the game exactly as
 * the rules say (the seeds split), on positions small enough to search. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_player.h"
#include "tv_solver.h"

/* The first player's margin still to come from s, with hist[0..n) the
 * positions of the game so far (s last). */
static int64_t brute(const tv_rules *r, const tv_state *s, uint64_t *hist, int n, long *nodes)
{
    tv_move moves[TV_MOVES_LIMIT];
    int k = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, NULL);
    int p1 = s->to_move == 0;
    int64_t best = 0;
    (*nodes)++;
    if (*nodes > 50000000)
        ck_abort_msg("brute force: too many nodes");
    for (int i = 0; i < k; i++) {
        tv_state_buf c;
        tv_state_copy(r, &c.state, s);
        if (tv_play_hist(r, &c.state, moves[i], NULL, hist, n, NULL))
            ck_abort_msg("brute force: a move failed");
        int64_t u = ((int64_t)c.state.score[0] - c.state.score[1]) - ((int64_t)s->score[0] - s->score[1]);
        if (c.state.status == TV_OVER) {
            int by_score = c.state.score[0] > c.state.score[1] ? 1 : c.state.score[0] < c.state.score[1] ? 2 : 0;
            if (c.state.winner > 0 && c.state.winner != by_score)
                u += c.state.winner == 1 ? TV_SCORE_WIN : -TV_SCORE_WIN;
        } else {
            hist[n] = c.state.hash;
            u += brute(r, &c.state, hist, n + 1, nodes);
        }
        if (i == 0 || (p1 ? u > best : u < best))
            best = u;
    }
    return best;
}

static void compare(const tv_rules *r, const tv_state *root, const char *what)
{
    tv_error err;
    tv_solution *sol = tv_solve(r, root, 10000000, NULL, NULL, &err);
    ck_assert_msg(sol != NULL, "%s: %s", what, err.msg);
    int64_t v;
    ck_assert_int_eq(tv_solution_value(sol, root, &v), TV_OK);
    uint64_t hist[4096];
    hist[0] = root->hash;
    long nodes = 0;
    int64_t b = brute(r, root, hist, 1, &nodes);
    ck_assert_msg(v == b, "%s: solver %lld, brute force %lld (%ld nodes)", what, (long long)v, (long long)b, nodes);
    tv_solution_free(sol);
}

START_TEST(tictactoe_is_a_draw)
{
    tv_ruleset *rs = must_load("tictactoe", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = tv_game_new(r, 0, NULL);
    compare(r, g->state, "tic-tac-toe");
    tv_error err;
    tv_solution *sol = tv_solve(r, g->state, 1000000, NULL, NULL, &err);
    int64_t v;
    tv_solution_value(sol, g->state, &v);
    ck_assert_int_eq(v, 0);
    ck_assert_uint_eq(tv_solution_positions(sol), 4520); /* non-final positions reachable */
    tv_solution_free(sol);
    /* After a1 b1 (a mistake by O), X wins. */
    ck_assert_int_eq(play_moves(g, "a1 b1", &err), TV_OK);
    compare(r, g->state, "tic-tac-toe a1 b1");
    sol = tv_solve(r, g->state, 1000000, NULL, NULL, &err);
    tv_solution_value(sol, g->state, &v);
    ck_assert_int_eq(v, TV_SCORE_WIN);
    tv_solution_free(sol);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Tihbat from every position with few seeds left (cycles, passes, splits),
 * both sides to move, with and without chains. */
START_TEST(tihbat_small_positions)
{
    static const char *const opts[] = {"chain=false", "chain=true"};
    int compared = 0;
    for (int o = 0; o < 2; o++) {
        tv_ruleset *rs = must_load("tihbat", opts[o]);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_game *g = tv_game_new(r, 0, NULL);
        for (int a = 0; a <= 3; a++)
            for (int b = 0; b <= 3; b++)
                for (int c = 0; c <= 3; c++)
                    for (int d = 0; d <= 3; d++)
                        for (int side = 1; side <= 2; side++) {
                            int left = a + b + c + d;
                            if (left == 0 || left > 7 || (left % 2))
                                continue; /* captures are even: odd totals do not occur */
                            char pos[128];
                            snprintf(pos, sizeof pos, "%d,%d/%d,%d %d,%d %d 0", c, d, a, b, (28 - left) / 2,
                                     28 - left - (28 - left) / 2, side);
                            tv_error err;
                            if (tv_game_set_position(g, pos, &err) != TV_OK)
                                ck_abort_msg("%s: %s", pos, err.msg);
                            if (g->state->status == TV_OVER)
                                continue;
                            compare(r, g->state, pos);
                            compared++;
                        }
        tv_game_free(g);
        tv_ruleset_free(rs);
    }
    ck_assert_int_gt(compared, 100);
}
END_TEST

START_TEST(small_kalah_and_notakto)
{
    tv_ruleset *rs = must_load("kalah", "holes=2,seeds=2");
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 0, NULL);
    compare(tv_ruleset_rules(rs), g->state, "kalah(2,2)");
    tv_game_free(g);
    tv_ruleset_free(rs);
    rs = must_load("kalah", "holes=3,seeds=2");
    g = tv_game_new(tv_ruleset_rules(rs), 0, NULL);
    compare(tv_ruleset_rules(rs), g->state, "kalah(3,2)");
    tv_game_free(g);
    tv_ruleset_free(rs);
    rs = must_load("notakto_hooks", NULL); /* a hook game */
    g = tv_game_new(tv_ruleset_rules(rs), 0, NULL);
    compare(tv_ruleset_rules(rs), g->state, "notakto");
    tv_game_free(g);
    tv_ruleset_free(rs);
    rs = must_load("connect4", "width=4,height=3,connect=3");
    g = tv_game_new(tv_ruleset_rules(rs), 0, NULL);
    compare(tv_ruleset_rules(rs), g->state, "connect 3 on 4x3");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The solver player keeps the solved value against random play. */
START_TEST(solver_player_keeps_the_value)
{
    tv_ruleset *rs = must_load("tihbat", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_game *g = tv_game_new(r, 0, NULL);
    tv_solution *sol = tv_solve(r, g->state, 10000000, NULL, NULL, &err);
    int64_t v;
    tv_solution_value(sol, g->state, &v);
    tv_solution_free(sol);
    tv_game_free(g);
    for (int side = 0; side < 2; side++)
        for (int game = 0; game < 100; game++) {
            tv_player *solver = tv_player_new(r, "solver", (uint64_t)game, &err);
            tv_player *other = tv_player_new(r, game % 2 ? "random" : "greedy", (uint64_t)game, &err);
            g = tv_game_new(r, 0, NULL);
            while (g->state->status == TV_ONGOING) {
                tv_move m;
                tv_player *p = g->state->to_move == side ? solver : other;
                if (tv_player_choose(p, g, NULL, &m, &err) || tv_game_play(g, m, &err))
                    ck_abort_msg("%s", err.msg);
            }
            int64_t margin = (int64_t)g->state->score[0] - g->state->score[1];
            int64_t mine = side == 0 ? margin : -margin, solved = side == 0 ? v : -v;
            if (mine < solved)
                ck_abort_msg("game %d: the solver as player %d got %lld, the solved value is %lld", game, side + 1,
                             (long long)mine, (long long)solved);
            tv_game_free(g);
            tv_player_free(solver);
            tv_player_free(other);
        }
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(too_large_is_refused)
{
    tv_ruleset *rs = must_load("pahtum", NULL);
    tv_error err;
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 0, NULL);
    ck_assert_ptr_null(tv_solve(tv_ruleset_rules(rs), g->state, 100000, NULL, NULL, &err));
    ck_assert_int_eq(err.code, TV_ELIMIT);
    ck_assert_msg(strstr(err.msg, "too large") != NULL, "%s", err.msg);
    tv_player *p = tv_player_new(tv_ruleset_rules(rs), "solver:positions=1000", 0, &err);
    tv_move m;
    ck_assert_int_eq(tv_player_choose(p, g, NULL, &m, &err), TV_ELIMIT);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"brute force", tictactoe_is_a_draw, 300, 0},
        {"brute force", tihbat_small_positions, 300, 0},
        {"brute force", small_kalah_and_notakto, 300, 0},
        {"brute force", solver_player_keeps_the_value, 300, 0},
        {"brute force", too_large_is_refused, 300, 0},
    };
    return tv_check_run("solver", tests, TV_CHECK_COUNT(tests));
}
