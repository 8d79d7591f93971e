/* Issue 29's players: alpha-beta's node budget (nodes=N), CPU-time budgets
 * (cpu_ms=N) for alpha-beta and MCTS, MCTS with proven values (prove=1) and
 * MCTS's decisive and anti-decisive playouts (playout=...). Every result
 * checked here is fixed by the seed and a node or iteration budget; the CPU
 * budgets are checked by what no machine changes (a sleeping thread uses no
 * CPU time; a search ends at its CPU budget, not before). */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_movetext.h"
#include "tv_play.h"
#include "tv_player.h"
#include "tv_solver.h"

#define WIN (TV_SCORE_WIN / 2)

/* tv_player_new's error for a spec, which must be refused. */
static const char *refused(const tv_ruleset *rs, const char *spec, tv_error *err)
{
    tv_player *p = tv_player_new(tv_ruleset_rules(rs), spec, 1, err);
    ck_assert_msg(p == NULL, "%s was accepted", spec);
    return err->msg;
}

/* ---- alphabeta:nodes=N -------------------------------------------------- */

/* nodes=N is the host budget {.iterations = N}: the same move, score, depth
 * and node count; the count never passes N; with no depth limit the search
 * deepens until the nodes run out (here to a forced win: x's open two on
 * the bottom row, o having played elsewhere). */
START_TEST(alphabeta_node_budget)
{
    tv_ruleset *rs = must_load("connect4", NULL);
    tv_game *g = game_at(rs, "......./......./......./......./..oo.../..xx... 1 - 4");
    char m1[16], m2[16];
    tv_player *spec = player(rs, "alphabeta:nodes=20000", 1), *host = player(rs, "alphabeta", 1);
    tv_budget nodes = {.iterations = 20000};
    choose(spec, g, NULL, m1);
    choose(host, g, &nodes, m2);
    const tv_search_info *a = tv_player_info(spec), *b = tv_player_info(host);
    ck_assert_str_eq(m1, m2);
    ck_assert_int_eq(a->score, WIN - 3);
    ck_assert_int_eq(a->score, b->score);
    ck_assert_int_eq(a->depth, b->depth);
    ck_assert_int_eq(a->nodes, b->nodes);
    ck_assert_uint_le(a->nodes, 20000);
    tv_player_free(spec);
    tv_player_free(host);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* An open board: the budget is spent exactly (the search stops at the N-th
 * node, not at the next check), more nodes reach deeper, and the same
 * budget gives the same move and depth on any machine. */
START_TEST(alphabeta_node_budget_exact)
{
    tv_ruleset *rs = must_load("gomoku", "size=9");
    tv_game *g = game_at(rs, NULL);
    must_play(g, "e5");
    char m[16], again[16];
    static const long budgets[] = {500, 3000, 40000};
    int depth[3];
    for (int i = 0; i < 3; i++) {
        char spec[64];
        snprintf(spec, sizeof spec, "alphabeta:nodes=%ld", budgets[i]);
        tv_player *p = player(rs, spec, 1), *q = player(rs, spec, 99);
        choose(p, g, NULL, m);
        choose(q, g, NULL, again);
        ck_assert_str_eq(m, again);
        ck_assert_int_eq(tv_player_info(p)->nodes, budgets[i]);
        ck_assert_int_eq(tv_player_info(p)->depth, tv_player_info(q)->depth);
        depth[i] = tv_player_info(p)->depth;
        ck_assert_int_ge(depth[i], 1);
        tv_player_free(p);
        tv_player_free(q);
    }
    ck_assert_int_lt(depth[0], depth[2]);
    /* A depth limit reached first ends the search before the nodes. */
    tv_player *p = player(rs, "alphabeta:nodes=40000,depth=1", 1);
    choose(p, g, NULL, m);
    ck_assert_int_eq(tv_player_info(p)->depth, 1);
    ck_assert_uint_lt(tv_player_info(p)->nodes, 40000);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(bad_budgets_refused)
{
    tv_ruleset *rs = ttt();
    tv_error err;
    ck_assert_ptr_nonnull(strstr(refused(rs, "alphabeta:nodes=0", &err), "nodes=0"));
    ck_assert_ptr_nonnull(strstr(refused(rs, "alphabeta:nodes=1e6", &err), "expected an integer"));
    ck_assert_ptr_nonnull(strstr(refused(rs, "alphabeta:cpu_ms=-5", &err), "cpu_ms=-5"));
    ck_assert_ptr_nonnull(strstr(refused(rs, "mcts:cpu_ms=0", &err), "cpu_ms=0"));
    ck_assert_ptr_nonnull(strstr(refused(rs, "mcts:nodes=10", &err), "unknown parameter 'nodes'"));
    ck_assert_ptr_nonnull(strstr(refused(rs, "mcts:prove=2", &err), "prove=2"));
    ck_assert_ptr_nonnull(strstr(refused(rs, "mcts:playout=smart", &err), "random, decisive or antidecisive"));
    ck_assert_ptr_nonnull(strstr(refused(rs, "random:cpu_ms=5", &err), "unknown parameter"));
    tv_ruleset_free(rs);
}
END_TEST

/* ---- cpu_ms=N ----------------------------------------------------------- */

/* The thread's CPU clock does not run while the thread sleeps. */
START_TEST(cpu_clock_ignores_sleep)
{
    long c0 = tv_cpu_now_ms(), w0 = tv_now_ms();
    struct timespec ts = {0, 200 * 1000000L};
    while (nanosleep(&ts, &ts) != 0)
        ;
    long c1 = tv_cpu_now_ms(), w1 = tv_now_ms();
    ck_assert_int_ge(w1 - w0, 200);
    ck_assert_msg(c1 - c0 < 100, "%ld CPU ms in a 200 ms sleep", c1 - c0);
}
END_TEST

/* A CPU budget alone ends a search that nothing else would (an open 15x15
 * board, no iteration or depth limit): it returns with a legal move after
 * at least its CPU time (never cut short), whatever the machine's load. */
static void spends_its_cpu_time(const char *spec)
{
    tv_ruleset *rs = must_load("gomoku", NULL);
    tv_game *g = game_at(rs, NULL);
    must_play(g, "j10");
    tv_player *p = player(rs, spec, 3);
    char m[16];
    long c0 = tv_cpu_now_ms();
    choose(p, g, NULL, m);
    long used = tv_cpu_now_ms() - c0;
    ck_assert_msg(used >= 150, "%s: returned after %ld CPU ms", spec, used);
    ck_assert_uint_gt(tv_player_info(p)->nodes, 0);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}

START_TEST(alphabeta_cpu_budget) { spends_its_cpu_time("alphabeta:cpu_ms=150"); }
END_TEST

START_TEST(mcts_cpu_budget) { spends_its_cpu_time("mcts:cpu_ms=150"); }
END_TEST

/* A CPU budget beside an iteration budget: the iterations, reached first,
 * end the search, and the result is the one without cpu_ms. */
START_TEST(cpu_budget_with_iterations)
{
    tv_ruleset *rs = must_load("connect4", NULL);
    tv_game *g = game_at(rs, NULL);
    char m1[16], m2[16];
    tv_player *a = player(rs, "mcts:iterations=800,cpu_ms=600000", 4), *b = player(rs, "mcts:iterations=800", 4);
    choose(a, g, NULL, m1);
    choose(b, g, NULL, m2);
    ck_assert_str_eq(m1, m2);
    ck_assert_int_eq(tv_player_info(a)->nodes, 800);
    ck_assert_int_eq(tv_player_info(a)->score, tv_player_info(b)->score);
    tv_player_free(a);
    tv_player_free(b);
    tv_player *x = player(rs, "alphabeta:depth=5,cpu_ms=600000", 1), *y = player(rs, "alphabeta:depth=5", 1);
    choose(x, g, NULL, m1);
    choose(y, g, NULL, m2);
    ck_assert_str_eq(m1, m2);
    ck_assert_int_eq(tv_player_info(x)->nodes, tv_player_info(y)->nodes);
    tv_player_free(x);
    tv_player_free(y);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- mcts:prove=1 ------------------------------------------------------- */

/* X to move wins at once with c1: the proof is found at the first
 * expansion of c1 and the search ends there, long before its budget. */
START_TEST(prove_takes_a_proven_win)
{
    tv_ruleset *rs = ttt();
    tv_game *g = game_at(rs, "x.o/.xo/... 1 - 4");
    char m[16];
    for (uint64_t seed = 1; seed <= 5; seed++) {
        tv_player *p = player(rs, "mcts:iterations=100000,prove=1", seed);
        ck_assert_str_eq(choose(p, g, NULL, m), "c1");
        ck_assert_int_eq(tv_player_info(p)->score, WIN);
        ck_assert_uint_le(tv_player_info(p)->nodes, 6); /* six empty cells: c1 is among the first six expanded */
        tv_player_free(p);
    }
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* O to move against X's double threat (b3 and a2), with no win of its own:
 * every move is proven lost, and the search says so. */
START_TEST(prove_a_lost_position)
{
    tv_ruleset *rs = ttt();
    tv_game *g = game_at(rs, "x.x/.o./x.o 2 - 5");
    char m[16];
    for (uint64_t seed = 1; seed <= 3; seed++) {
        tv_player *p = player(rs, "mcts:iterations=100000,prove=1", seed);
        choose(p, g, NULL, m);
        ck_assert_int_eq(tv_player_info(p)->score, -WIN);
        ck_assert_uint_lt(tv_player_info(p)->nodes, 100000); /* it stopped at the proof */
        tv_player_free(p);
    }
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* X to move, O threatens a1: every other move is lost at O's next move.
 * With 20 iterations (four a move) the statistics cannot tell, and plain
 * MCTS plays another move for some seeds; the proofs leave only a1. */
START_TEST(prove_never_plays_a_proven_loss)
{
    tv_ruleset *rs = ttt();
    tv_game *g = game_at(rs, "xxo/.o./... 1 - 4");
    char m[16];
    int plain_missed = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        tv_player *p = player(rs, "mcts:iterations=20,prove=1", seed), *q = player(rs, "mcts:iterations=20", seed);
        ck_assert_str_eq(choose(p, g, NULL, m), "a1");
        plain_missed += strcmp(choose(q, g, NULL, m), "a1") != 0;
        tv_player_free(p);
        tv_player_free(q);
    }
    ck_assert_int_ge(plain_missed, 3);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Connect Four, X to move: b is the only winning move, a forced win in five
 * plies (alpha-beta at depth 9 finds it, 499995). Plain MCTS at 3000
 * iterations plays c for these seeds (b only from 20,000 iterations on);
 * the proving MCTS proves b a win within the same budget, stops there and
 * plays it. */
START_TEST(prove_finds_a_forced_win_plain_mcts_misses)
{
    tv_ruleset *rs = must_load("connect4", NULL);
    tv_game *g = game_at(rs, "......./......./......./x....../oxoo..o/xxoxo.x 1 - 12");
    char m[16];
    tv_player *ab = player(rs, "alphabeta:depth=9", 1);
    ck_assert_str_eq(choose(ab, g, NULL, m), "b");
    ck_assert_int_eq(tv_player_info(ab)->score, WIN - 5);
    tv_player_free(ab);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        tv_player *p = player(rs, "mcts:iterations=3000,prove=1", seed), *q = player(rs, "mcts:iterations=3000", seed);
        ck_assert_str_eq(choose(p, g, NULL, m), "b");
        ck_assert_int_eq(tv_player_info(p)->score, WIN);
        ck_assert_uint_lt(tv_player_info(p)->nodes, 3000);
        ck_assert_str_ne(choose(q, g, NULL, m), "b");
        ck_assert_int_eq(tv_player_info(q)->nodes, 3000);
        tv_player_free(p);
        tv_player_free(q);
    }
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Proofs are by player, so extra turns (Kalah) need nothing special: the
 * plain MCTS test's positions, proven. */
START_TEST(prove_extra_turns)
{
    tv_ruleset *rs = must_load("kalah", "holes=3,seeds=3");
    char m[16];
    static const char *const cases[][2] = {{"0,1,6/5,1,1 2,2 1 4", "c1"}, {"1,1,5/1,3,0 4,3 2 7", "a2"}};
    for (int i = 0; i < 2; i++) {
        tv_game *g = game_at(rs, cases[i][0]);
        tv_player *p = player(rs, "mcts:iterations=4000,prove=1", 11);
        ck_assert_msg(strcmp(choose(p, g, NULL, m), cases[i][1]) == 0, "%s: chose %s, expected %s", cases[i][0],
                      m, cases[i][1]);
        tv_player_free(p);
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* ---- playouts ----------------------------------------------------------- */

/* playout=random is the default: the same search, number for number. */
START_TEST(default_playout_unchanged)
{
    tv_ruleset *rs = must_load("connect4", NULL);
    tv_game *g = game_at(rs, NULL);
    must_play(g, "d");
    char m1[16], m2[16];
    tv_player *a = player(rs, "mcts:iterations=3000", 8), *b = player(rs, "mcts:iterations=3000,playout=random", 8);
    choose(a, g, NULL, m1);
    choose(b, g, NULL, m2);
    ck_assert_str_eq(m1, m2);
    ck_assert_int_eq(tv_player_info(a)->score, tv_player_info(b)->score);
    ck_assert_int_eq(tv_player_info(a)->depth, tv_player_info(b)->depth);
    tv_player_free(a);
    tv_player_free(b);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Decisive playouts are reproducible for a seed, and keep to the game's
 * repetition rule (Oware's history) and hooks (Notakto's end hook). */
START_TEST(decisive_playouts_reproducible)
{
    static const char *const games[][2] = {{"connect4", NULL}, {"oware", NULL}, {"notakto_hooks", NULL}};
    static const char *const specs[] = {"mcts:iterations=400,playout=decisive",
                                        "mcts:iterations=400,playout=antidecisive,prove=1"};
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 2; k++) {
            tv_ruleset *rs = must_load(games[i][0], games[i][1]);
            tv_game *g = game_at(rs, NULL);
            char m1[16], m2[16];
            tv_player *a = player(rs, specs[k], 21), *b = player(rs, specs[k], 21);
            for (int ply = 0; ply < 6 && g->state->status == TV_ONGOING; ply++) {
                choose(a, g, NULL, m1);
                choose(b, g, NULL, m2);
                ck_assert_str_eq(m1, m2);
                ck_assert_int_eq(tv_player_info(a)->score, tv_player_info(b)->score);
                must_play(g, m1);
            }
            tv_player_free(a);
            tv_player_free(b);
            tv_game_free(g);
            tv_ruleset_free(rs);
        }
}
END_TEST

/* ---- the solver's memory --------------------------------------------- */

/* solver:mb=N bounds the solve's memory: Connect Four 4x4 needs more than
 * 1 MiB and is refused with the bound named; the default (half the
 * machine's memory) solves it. */
START_TEST(solver_memory_bound)
{
    tv_ruleset *rs = must_load("connect4", "width=4,height=4");
    tv_game *g = game_at(rs, NULL);
    tv_error err = {0};
    tv_move m;
    tv_player *p = player(rs, "solver:mb=1", 1);
    ck_assert_int_eq(tv_player_choose(p, g, NULL, &m, &err), TV_ELIMIT);
    ck_assert_msg(strstr(err.msg, "more than 1 MiB of memory"), "%s", err.msg);
    tv_player_free(p);
    p = player(rs, "solver", 1);
    ck_assert_int_eq(tv_player_choose(p, g, NULL, &m, &err), TV_OK);
    ck_assert_uint_gt(tv_player_info(p)->nodes, 10000);
    tv_player_free(p);
    ck_assert_uint_ge(tv_solve_default_bytes(), 1u << 20);
    ck_assert_ptr_nonnull(strstr(refused(rs, "solver:mb=0", &err), "mb=0"));
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"nodes", alphabeta_node_budget, 120, 0},
        {"nodes", alphabeta_node_budget_exact, 120, 0},
        {"nodes", bad_budgets_refused, 120, 0},
        {"cpu", cpu_clock_ignores_sleep, 120, 0},
        {"cpu", alphabeta_cpu_budget, 120, 0},
        {"cpu", mcts_cpu_budget, 120, 0},
        {"cpu", cpu_budget_with_iterations, 120, 0},
        {"prove", prove_takes_a_proven_win, 120, 0},
        {"prove", prove_a_lost_position, 120, 0},
        {"prove", prove_never_plays_a_proven_loss, 120, 0},
        {"prove", prove_finds_a_forced_win_plain_mcts_misses, 120, 0},
        {"prove", prove_extra_turns, 120, 0},
        {"playouts", default_playout_unchanged, 120, 0},
        {"playouts", decisive_playouts_reproducible, 120, 0},
        {"solver", solver_memory_bound, 120, 0},
    };
    return tv_check_run("budgets_proofs", tests, TV_CHECK_COUNT(tests));
}
