/* The searches keep to their budget on games that never end: MCTS and
 * alpha-beta return at their time and at a stop flag, also one raised before
 * the search starts; the solver refuses a board it cannot finish at once,
 * and stops at its time and at a stop flag. Nothing else could end these
 * searches, so that they return at all is the test (the tcase's timeout
 * catches one that does not); how soon they return is not checked, since
 * that depends on the machine. What is checked is what no machine changes:
 * the result, the message, and that a time budget was not cut short. */
#include <check.h>

#include "tv_check.h"
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "test_util.h"
#include "tv_player.h"
#include "tv_solver.h"

/* Hooks whose game never ends: two moves that change nothing, no end. */
static const char *never_hooks =
    "return game { name = 'NeverHooks', board = grid { width = 3, height = 3 },\n"
    "  moves = function(s) return { 1, 2 } end,\n"
    "  play = function(s, m) end,\n"
    "  ends = function(s) return nil end }\n";

/* Data whose game never ends: the seeds go round, nothing is captured. */
static const char *never_data =
    "return game { name = 'NeverData', board = mancala { holes = 4, seeds = 3 },\n"
    "  moves = sow {}, no_move = 'pass', ends = 'board_empty' }\n";

/* Too many positions to solve, but not so many that it is refused. */
static const char *big_grid =
    "return game { name = 'Big', board = grid { width = 5, height = 4 },\n"
    "  moves = place {}, goal = line { length = 5, directions = 'hvd' }, ends = 'board_full' }\n";

/* Pahtum's size: refused before starting. */
static const char *pahtum_size =
    "return game { name = 'Huge', board = grid { width = 7, height = 7 },\n"
    "  moves = place {}, score = runs { directions = 'hvd', points = { 0, 0, 3, 10, 25, 56, 119 } },\n"
    "  ends = 'board_full' }\n";

static tv_ruleset *load(const char *source)
{
    tv_error err = {0};
    tv_ruleset *rs = load_source("budget.lua", source, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    return rs;
}

static tv_game *start(const tv_ruleset *rs)
{
    tv_error err = {0};
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_msg(g != NULL, "%s", err.msg);
    return g;
}

/* The player's move; returns its result code (a move, if TV_OK, is legal). */
static int choose_rc(tv_player *p, const tv_game *g, tv_error *err)
{
    tv_move m;
    int rc = tv_player_choose(p, g, NULL, &m, err);
    if (rc == TV_OK)
        ck_assert_msg(tv_check_move(g->rules, g->state, m, err) == TV_OK, "an illegal move: %s", err->msg);
    return rc;
}

/* A search by spec returns a legal move; the search info it left, through
 * info (may be NULL). */
static void budget_returns(const char *source, const char *spec, tv_search_info *info)
{
    tv_ruleset *rs = load(source);
    tv_game *g = start(rs);
    tv_player *p = player(rs, spec, 5);
    tv_error err = {0};
    ck_assert_msg(choose_rc(p, g, &err) == TV_OK, "%s: %s", spec, err.msg);
    if (info)
        *info = *tv_player_info(p);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}

/* On a game that never ends, only MCTS's time ends its first playout, so it
 * cannot return before its 100 ms (a lower bound holds on any machine). */
START_TEST(mcts_keeps_its_time_on_endless_hooks)
{
    tv_search_info info;
    budget_returns(never_hooks, "mcts:ms=100", &info);
    ck_assert_msg(info.ms >= 100, "returned after %ld ms of 100", info.ms);
}
END_TEST

START_TEST(mcts_keeps_its_time_on_endless_data)
{
    tv_search_info info;
    budget_returns(never_data, "mcts:ms=100", &info);
    ck_assert_msg(info.ms >= 100, "returned after %ld ms of 100", info.ms);
}
END_TEST

START_TEST(alphabeta_keeps_its_time_on_endless_games)
{
    budget_returns(never_hooks, "alphabeta:ms=100", NULL);
    budget_returns(never_data, "alphabeta:ms=100", NULL);
}
END_TEST

/* ---- stop flags ---------------------------------------------------------- */

typedef struct stopper {
    tv_player *p;
    long after_ms;
} stopper;

static void *stop_later(void *arg)
{
    stopper *st = arg;
    struct timespec ts = {st->after_ms / 1000, (st->after_ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
    tv_player_stop(st->p);
    return NULL;
}

/* A search with a day's budget, stopped from another thread after 100 ms. */
static int stopped_search(const char *source, const char *spec, tv_error *err)
{
    tv_ruleset *rs = load(source);
    tv_game *g = start(rs);
    tv_player *p = player(rs, spec, 5);
    stopper st = {p, 100};
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, stop_later, &st), 0);
    int rc = choose_rc(p, g, err);
    pthread_join(t, NULL);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
    return rc;
}

START_TEST(mcts_stops_when_told)
{
    tv_error err = {0};
    ck_assert_msg(stopped_search(never_hooks, "mcts:ms=86400000", &err) == TV_OK, "%s", err.msg);
    ck_assert_msg(stopped_search(never_data, "mcts:ms=86400000", &err) == TV_OK, "%s", err.msg);
}
END_TEST

START_TEST(alphabeta_stops_when_told)
{
    tv_error err = {0};
    ck_assert_msg(stopped_search(never_hooks, "alphabeta:ms=86400000", &err) == TV_OK, "%s", err.msg);
    ck_assert_msg(stopped_search(never_data, "alphabeta:ms=86400000", &err) == TV_OK, "%s", err.msg);
}
END_TEST

START_TEST(a_stop_before_the_search_is_kept)
{
    /* A host that starts the search on a thread may stop it before it runs
     * (UGI "go infinite", "stop"): the search ends at once, and the next one
     * is not stopped. */
    tv_ruleset *rs = load(never_hooks);
    tv_game *g = start(rs);
    tv_player *p = player(rs, "mcts:ms=86400000", 5);
    tv_error err = {0};
    tv_player_stop(p);
    ck_assert_msg(choose_rc(p, g, &err) == TV_OK, "%s", err.msg); /* a day's budget: only the stop ends it */
    ck_assert_int_eq(tv_player_info(p)->nodes, 0);
    tv_player_free(p);
    p = player(rs, "mcts:iterations=30", 5);
    tv_player_stop(p);
    ck_assert_msg(choose_rc(p, g, &err) == TV_OK, "%s", err.msg);
    ck_assert_msg(choose_rc(p, g, &err) == TV_OK, "%s", err.msg);
    ck_assert_int_eq(tv_player_info(p)->nodes, 30); /* the stop was for the search before */
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- the solver ---------------------------------------------------------- */

static void count_progress(void *ctx, const char *phase, uint64_t done)
{
    (void)phase, (void)done;
    ++*(int *)ctx;
}

START_TEST(solver_refuses_a_board_it_cannot_finish)
{
    tv_ruleset *rs = load(pahtum_size);
    tv_game *g = start(rs);
    tv_error err = {0};
    int reports = 0; /* progress is reported every 65536 positions: none means nothing was built */
    tv_solution *sol = tv_solve(tv_ruleset_rules(rs), g->state, 20000000, count_progress, &reports, &err);
    ck_assert_ptr_null(sol);
    ck_assert_int_eq(err.code, TV_ELIMIT);
    ck_assert_msg(strstr(err.msg, "refused before starting"), "%s", err.msg);
    ck_assert_int_eq(reports, 0);
    ck_assert_double_gt(tv_solve_estimate_log10(tv_ruleset_rules(rs), g->state), 15);
    /* As a player: refused too, at once. */
    tv_player *p = player(rs, "solver", 5);
    ck_assert_int_eq(choose_rc(p, g, &err), TV_ELIMIT);
    ck_assert_msg(strstr(err.msg, "refused before starting"), "%s", err.msg);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(solver_estimate_is_an_upper_bound)
{
    /* Tic-tac-toe reaches 5478 positions: the board bound is 6046. */
    tv_ruleset *rs = load("return game { name = 'ttt', board = grid { width = 3, height = 3 },\n"
                          "  moves = place {}, goal = line { length = 3, directions = 'hvd' }, ends = 'board_full' }\n");
    tv_game *g = start(rs);
    tv_error err = {0};
    double b = tv_solve_estimate_log10(tv_ruleset_rules(rs), g->state);
    tv_solution *sol = tv_solve(tv_ruleset_rules(rs), g->state, 1000000, NULL, NULL, &err);
    ck_assert_msg(sol != NULL, "%s", err.msg);
    ck_assert_double_ge(b, log10((double)tv_solution_positions(sol)));
    ck_assert_double_lt(b, 4.0);
    tv_solution_free(sol);
    tv_game_free(g);
    tv_ruleset_free(rs);
    /* With hooks the board says nothing: no estimate, no refusal up front. */
    rs = load(never_hooks);
    g = start(rs);
    ck_assert_double_lt(tv_solve_estimate_log10(tv_ruleset_rules(rs), g->state), 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(solver_keeps_its_time)
{
    tv_ruleset *rs = load(big_grid);
    tv_game *g = start(rs);
    tv_error err = {0};
    /* The positions are out of reach; the default memory (2 GiB) is too, in
     * the 100 ms that this board's billions of positions leave any machine. */
    tv_solve_limits limits = {.max_positions = 1000000000, .ms = 100};
    tv_solution *sol = tv_solve_within(tv_ruleset_rules(rs), g->state, &limits, NULL, NULL, &err);
    ck_assert_ptr_null(sol);
    ck_assert_int_eq(err.code, TV_ELIMIT);
    ck_assert_msg(strstr(err.msg, "out of time"), "%s", err.msg);
    /* And its memory: a small budget ends it with a clear error. */
    tv_solve_limits small = {.max_positions = 1000000000, .max_bytes = 4u << 20};
    sol = tv_solve_within(tv_ruleset_rules(rs), g->state, &small, NULL, NULL, &err);
    ck_assert_ptr_null(sol);
    ck_assert_int_eq(err.code, TV_ELIMIT);
    ck_assert_msg(strstr(err.msg, "MiB of memory"), "%s", err.msg);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(solver_stops_when_told)
{
    tv_ruleset *rs = load(big_grid);
    tv_game *g = start(rs);
    tv_error err = {0};
    /* The player's time, then a stop from another thread. */
    tv_player *p = player(rs, "solver:positions=1000000000", 5);
    tv_budget budget = {.ms = 100};
    tv_move m;
    ck_assert_int_eq(tv_player_choose(p, g, &budget, &m, &err), TV_ELIMIT);
    ck_assert_msg(strstr(err.msg, "out of time"), "%s", err.msg);
    tv_player_free(p);
    ck_assert_int_eq(stopped_search(big_grid, "solver:positions=1000000000", &err), TV_ELIMIT);
    ck_assert_msg(strstr(err.msg, "stopped"), "%s", err.msg);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"time and stop", mcts_keeps_its_time_on_endless_hooks, 300, 0},
        {"time and stop", mcts_keeps_its_time_on_endless_data, 300, 0},
        {"time and stop", alphabeta_keeps_its_time_on_endless_games, 300, 0},
        {"time and stop", mcts_stops_when_told, 300, 0},
        {"time and stop", alphabeta_stops_when_told, 300, 0},
        {"time and stop", a_stop_before_the_search_is_kept, 300, 0},
        {"solver", solver_refuses_a_board_it_cannot_finish, 300, 0},
        {"solver", solver_estimate_is_an_upper_bound, 300, 0},
        {"solver", solver_keeps_its_time, 300, 0},
        {"solver", solver_stops_when_told, 300, 0},
    };
    return tv_check_run("budget", tests, TV_CHECK_COUNT(tests));
}
