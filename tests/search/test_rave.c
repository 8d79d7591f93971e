/* MCTS with RAVE ("mcts:rave=K", core/players/tv_mcts.c): where the option is
 * taken and where it is refused, the AMAF counts of hand-built tic-tac-toe
 * positions (each side's moves counted for that side only), the two ways a
 * playout's moves are read (off the final board, or listed ply by ply)
 * agreeing, reproducibility, and legal play to the end of random games on
 * placement rulesets, with proofs and decisive playouts too. */
#include <check.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_mcts.h"
#include "tv_player.h"

#define MAX_KIDS 16

/* An mcts engine made directly (not through tv_player), so that its tree
 * can be read with tv_mcts_children. */
typedef struct engine {
    void *self;
    tv_budget budget;
    tv_rng rng;
} engine;

/* "k=v,k=v" as the parameters of a spec. */
static tv_params params_of(const char *text)
{
    tv_params p = {0};
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *save = NULL, *kv = strtok_r(buf, ",", &save); kv && p.n < TV_PARAMS_MAX;
         kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '=');
        ck_assert_ptr_nonnull(eq);
        *eq = '\0';
        snprintf(p.key[p.n], sizeof p.key[p.n], "%s", kv);
        snprintf(p.value[p.n], sizeof p.value[p.n], "%s", eq + 1);
        p.n++;
    }
    return p;
}

static engine make(const tv_ruleset *rs, const char *params, uint64_t seed)
{
    engine e = {0};
    tv_params p = params_of(params);
    tv_error err = {0};
    e.self = tv_engine_mcts.create(tv_ruleset_rules(rs), &p, &e.budget, &err);
    ck_assert_msg(e.self != NULL, "mcts:%s: %s", params, err.msg);
    tv_rng_seed(&e.rng, seed);
    return e;
}

static tv_move search(engine *e, const tv_game *g)
{
    atomic_int stop;
    atomic_init(&stop, 0);
    tv_search_info info = {0};
    tv_move best = TV_MOVE_NONE;
    tv_error err = {0};
    int rc = tv_engine_mcts.choose(e->self, g, &e->budget, &e->rng, &stop, &info, &best, &err);
    ck_assert_msg(rc == TV_OK, "search: %s", err.msg);
    return best;
}

/* The children of the node reached by path[0..npath) (a node that must exist). */
static int kids(const engine *e, const tv_move *path, int npath, tv_mcts_child *out)
{
    int n = tv_mcts_children(e->self, path, npath, out, MAX_KIDS);
    ck_assert_int_ge(n, 0);
    return n;
}

/* The spec's error message, which must be a refusal. */
static const char *refused(const tv_ruleset *rs, const char *spec, char *msg)
{
    tv_error err = {0};
    tv_player *p = tv_player_new(tv_ruleset_rules(rs), spec, 1, &err);
    ck_assert_msg(p == NULL, "%s was taken", spec);
    ck_assert_int_eq(err.code, TV_EINVAL);
    snprintf(msg, 512, "%s", err.msg);
    return msg;
}

START_TEST(rave_parses_and_refuses)
{
    /* Placements: the place, groups (Go) and flip (Othello) families. */
    static const char *const fits[][2] = {{"hex", "size=5"}, {"gomoku", "size=9"}, {"pente", "size=9"},
                                          {"go", "size=5"},  {"othello", "size=6"}, {"connect6", "size=9"},
                                          {"notakto_hooks", NULL}}; /* an ends hook leaves moves alone */
    for (size_t i = 0; i < sizeof fits / sizeof fits[0]; i++) {
        tv_ruleset *rs = must_load(fits[i][0], fits[i][1]);
        tv_player_free(player(rs, "mcts:iterations=10,rave=300", 1));
        tv_player_free(player(rs, "mcts:iterations=10,rave=1,prove=1,playout=antidecisive", 1));
        tv_ruleset_free(rs);
    }
    /* Other moves, and a moves and play hook's: refused with the family
     * named; rave=0 (off) is taken anywhere. */
    static const char *const refuse[][3] = {{"connect4", NULL, "drop"},
                                            {"checkers", NULL, "pieces"},
                                            {"kalah", NULL, "sow"},
                                            {"pentago", NULL, "rotate"},
                                            {"nine_mens_morris", NULL, "mills"},
                                            {"tests/bench/pahtum_hooks.lua", NULL, "hooks"}};
    char msg[512];
    for (size_t i = 0; i < sizeof refuse / sizeof refuse[0]; i++) {
        tv_ruleset *rs = load_variant(refuse[i][0], refuse[i][1]);
        refused(rs, "mcts:iterations=10,rave=300", msg);
        ck_assert_msg(strstr(msg, "rave=300") && strstr(msg, refuse[i][2]), "%s: %s", refuse[i][0], msg);
        tv_player_free(player(rs, "mcts:iterations=10,rave=0", 1));
        tv_ruleset_free(rs);
    }
    tv_ruleset *rs = must_load("hex", "size=5");
    static const char *const bad[] = {"mcts:rave=-1", "mcts:rave=x", "mcts:rave=", "mcts:rave=1.5",
                                      "mcts:rave=2000000000"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tv_error err = {0};
        tv_player *p = tv_player_new(tv_ruleset_rules(rs), bad[i], 1, &err);
        ck_assert_msg(p == NULL, "%s was taken", bad[i]);
    }
    ck_assert_msg(strstr(refused(rs, "mcts:rave=-1", msg), "rave=-1"), "%s", msg);
    tv_ruleset_free(rs);
}
END_TEST

/* X to move with the middle row empty, and no line any filling can make:
 * every simulation is X, O, X and a draw. */
#define NO_LINE "xox/.../oxo 1 - 6"

/* At a node where O is to move, O plays exactly one stone, its tree move:
 * each child's AMAF counts are its own (a count of X's later stone there
 * for O would break this). Then the nodes below, X's last stone: the same. */
static void check_one_stone_each(const engine *e, const tv_mcts_child *root, int nroot)
{
    for (int i = 0; i < nroot; i++) {
        tv_mcts_child o[MAX_KIDS];
        int n = kids(e, &root[i].move, 1, o);
        for (int j = 0; j < n; j++) {
            ck_assert_int_eq(o[j].amaf_visits, o[j].visits);
            ck_assert_int_eq(o[j].amaf_half, o[j].half);
            tv_move path[2] = {root[i].move, o[j].move};
            tv_mcts_child x[MAX_KIDS];
            int nx = kids(e, path, 2, x);
            for (int k = 0; k < nx; k++) {
                ck_assert_int_eq(x[k].amaf_visits, x[k].visits);
                ck_assert_int_eq(x[k].amaf_half, x[k].half);
            }
        }
    }
}

START_TEST(rave_counts_the_right_side)
{
    tv_ruleset *rs = ttt();
    tv_game *g = game_at(rs, NO_LINE);
    engine e = make(rs, "iterations=200,rave=100", 7);
    search(&e, g);
    tv_mcts_child root[MAX_KIDS];
    int n = kids(&e, NULL, 0, root);
    ck_assert_int_eq(n, 3);
    uint32_t sims = 0, amaf = 0;
    for (int i = 0; i < n; i++) {
        sims += root[i].visits;
        amaf += root[i].amaf_visits;
        ck_assert_int_ge(root[i].amaf_visits, root[i].visits);
        ck_assert_int_eq(root[i].half, root[i].visits);           /* all draws */
        ck_assert_int_eq(root[i].amaf_half, root[i].amaf_visits); /* all draws */
    }
    ck_assert_int_eq(sims, 200);
    /* X puts two stones in each simulation: 2 a simulation, less the
     * children not yet made in the first two (1 in the first, 0 or 1 in
     * the second); O's stone counted for X would make it about 3. */
    ck_assert_msg(amaf >= 2 * sims - 2 && amaf <= 2 * sims - 1, "%u AMAF counts for %u simulations", amaf, sims);
    check_one_stone_each(&e, root, n);
    tv_engine_mcts.destroy(e.self);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The same where the games end in wins of either side and draws: O's
 * children still count exactly O's one stone, with its reward for O. */
START_TEST(rave_counts_with_wins)
{
    tv_ruleset *rs = ttt();
    tv_game *g = game_at(rs, "xxo/ox./..o 1 - 6");
    for (uint64_t seed = 1; seed <= 3; seed++) {
        engine e = make(rs, "iterations=300,rave=50", seed);
        search(&e, g);
        tv_mcts_child root[MAX_KIDS];
        int n = kids(&e, NULL, 0, root);
        ck_assert_int_eq(n, 3);
        for (int i = 0; i < n; i++) {
            ck_assert_int_ge(root[i].amaf_visits, root[i].visits);
            ck_assert_int_le(root[i].amaf_visits, 300);
            ck_assert_int_le(root[i].amaf_half, 2 * root[i].amaf_visits);
        }
        check_one_stone_each(&e, root, n);
        tv_engine_mcts.destroy(e.self);
    }
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The moves of a random playout read off the final board and those of a
 * listed playout (playout=decisive, which in a position with no win to take
 * draws as the random one does, number for number) give the same tree. */
START_TEST(rave_board_and_listed_agree)
{
    tv_ruleset *rs = ttt();
    tv_game *g = game_at(rs, NO_LINE);
    engine a = make(rs, "iterations=150,rave=100", 3), b = make(rs, "iterations=150,rave=100,playout=decisive", 3);
    ck_assert_int_eq(search(&a, g), search(&b, g));
    tv_mcts_child ka[MAX_KIDS], kb[MAX_KIDS];
    int n = kids(&a, NULL, 0, ka);
    ck_assert_int_eq(kids(&b, NULL, 0, kb), n);
    for (int i = 0; i < n; i++) {
        ck_assert(memcmp(&ka[i], &kb[i], sizeof ka[i]) == 0);
        tv_mcts_child ca[MAX_KIDS], cb[MAX_KIDS];
        int nc = kids(&a, &ka[i].move, 1, ca);
        ck_assert_int_eq(kids(&b, &kb[i].move, 1, cb), nc);
        ck_assert(nc == 0 || memcmp(ca, cb, (size_t)nc * sizeof ca[0]) == 0);
    }
    tv_engine_mcts.destroy(a.self);
    tv_engine_mcts.destroy(b.self);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Without rave the counts stay 0 (and the nodes have no room for them). */
START_TEST(rave_off_counts_nothing)
{
    tv_ruleset *rs = ttt();
    tv_game *g = game_at(rs, NO_LINE);
    engine e = make(rs, "iterations=50", 3);
    search(&e, g);
    tv_mcts_child root[MAX_KIDS];
    int n = kids(&e, NULL, 0, root);
    ck_assert_int_eq(n, 3);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(root[i].amaf_visits + root[i].amaf_half, 0);
    tv_engine_mcts.destroy(e.self);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Tic-tac-toe as in test_mcts.c: the win at once, the threat blocked. */
START_TEST(rave_wins_and_blocks)
{
    tv_ruleset *rs = ttt();
    static const char *const specs[] = {"mcts:iterations=3000,rave=100", "mcts:iterations=3000,rave=1000,prove=1",
                                        "mcts:iterations=3000,rave=300,playout=antidecisive"};
    char m[16];
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            tv_game *g = game_at(rs, "x.o/.xo/... 1 - 4");
            tv_player *p = player(rs, specs[i], seed);
            ck_assert_msg(strcmp(choose(p, g, NULL, m), "c1") == 0, "%s: %s, not the win c1", specs[i], m);
            tv_player_free(p);
            tv_game_free(g);
            g = game_at(rs, "xxo/.o./... 1 - 4");
            p = player(rs, specs[i], seed);
            ck_assert_msg(strcmp(choose(p, g, NULL, m), "a1") == 0, "%s: %s, not the block a1", specs[i], m);
            tv_player_free(p);
            tv_game_free(g);
        }
    tv_ruleset_free(rs);
}
END_TEST

/* Two players of one seed play the same moves with the same figures, move
 * after move (their trees, AMAF counts included, reused alike). */
START_TEST(rave_reproducible)
{
    static const char *const games[][3] = {{"gomoku", "size=9", "mcts:iterations=800,rave=300"},
                                           {"pente", "size=9", "mcts:iterations=400,rave=300,prove=1"},
                                           {"hex", "size=7,swap=true", "mcts:iterations=800,rave=1000"}};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        tv_ruleset *rs = must_load(games[i][0], games[i][1]);
        tv_game *g = game_at(rs, NULL);
        tv_player *a = player(rs, games[i][2], 42), *b = player(rs, games[i][2], 42);
        for (int ply = 0; ply < 8 && g->state->status == TV_ONGOING; ply++) {
            char m1[16], m2[16];
            choose(a, g, NULL, m1);
            choose(b, g, NULL, m2);
            ck_assert_msg(strcmp(m1, m2) == 0, "%s ply %d: %s and %s", games[i][0], ply, m1, m2);
            const tv_search_info *ia = tv_player_info(a), *ib = tv_player_info(b);
            ck_assert_int_eq(ia->nodes, ib->nodes);
            ck_assert_int_eq(ia->depth, ib->depth);
            ck_assert_int_eq(ia->score, ib->score);
            must_play(g, m1);
        }
        tv_player_free(a);
        tv_player_free(b);
        tv_game_free(g);
        tv_ruleset_free(rs);
    }
}
END_TEST

/* Whole games against random, rave's side alternating, every move checked
 * legal (choose) and played through the game: on placement rulesets of
 * every kind the option reads -- the board read (Hex, Gomoku, Connect6's
 * two stones, Pahtum's holes), the listed playouts (Pente's captures, a
 * swap to come, blocks placed by the players, Go, Othello), an ends hook --
 * with proofs and decisive playouts. */
START_TEST(rave_legal_games)
{
    static const char *const games[][2] = {
        {"hex", "size=7"},        {"hex", "size=5,swap=true"}, {"gomoku", "size=9"},
        {"gomoku", "size=9,opening=swap"}, {"pahtum", NULL},   {"pahtum", "holes=placed,count=3,swap=true"},
        {"connect6", "size=9"},   {"pente", "size=9"},         {"y", "size=6"},
        {"havannah", "base=4"},   {"go", "size=5"},            {"othello", "size=6"},
        {"notakto_hooks", NULL},
    };
    static const char *const specs[] = {"mcts:iterations=60,rave=300", "mcts:iterations=60,rave=1000,prove=1",
                                        "mcts:iterations=30,rave=100,playout=antidecisive"};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        tv_ruleset *rs = must_load(games[i][0], games[i][1]);
        for (int k = 0; k < 3; k++) {
            tv_game *g = game_at(rs, NULL);
            tv_player *p[2] = {player(rs, specs[k], 10 + (uint64_t)k), player(rs, "random", 20 + (uint64_t)k)};
            int second = k % 2, plies = 0; /* rave moves second in the odd games */
            for (; g->state->status == TV_ONGOING && plies < 2000; plies++) {
                char m[16];
                tv_player *who = p[(g->state->to_move + second) % 2];
                ck_assert_msg(tv_game_play_text(g, choose(who, g, NULL, m), &(tv_error){0}) == TV_OK,
                              "%s: %s refused", games[i][0], m);
            }
            ck_assert_msg(g->state->status == TV_OVER, "%s: not over after %d plies", games[i][0], plies);
            tv_player_free(p[0]);
            tv_player_free(p[1]);
            tv_game_free(g);
        }
        tv_ruleset_free(rs);
    }
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"rave", rave_parses_and_refuses, 600, 0},
        {"rave", rave_counts_the_right_side, 600, 0},
        {"rave", rave_counts_with_wins, 600, 0},
        {"rave", rave_board_and_listed_agree, 600, 0},
        {"rave", rave_off_counts_nothing, 600, 0},
        {"rave", rave_wins_and_blocks, 600, 0},
        {"rave", rave_reproducible, 600, 0},
        {"rave", rave_legal_games, 600, 0},
    };
    return tv_check_run("rave", tests, TV_CHECK_COUNT(tests));
}
