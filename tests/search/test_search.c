/* The search engines, MCTS (UCT) and alpha-beta, through the player interface
 * (tv_player.h) only: positions with a known best move, forced wins, exact
 * values against a plain minimax, reproducibility, tree reuse, whole games on
 * every kind of ruleset (data, mancala, hooks) and bad specs. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_player.h"

#define WIN (TV_SCORE_WIN / 2) /* alpha-beta's value of a won game, before the ply and margin terms */

/* Tic-tac-toe written here as data, so the tests do not depend on rulesets/. */
static const char *ttt_source =
    "return game { name = 'ttt', players = { 'X', 'O' },\n"
    "  board = grid { width = 3, height = 3 },\n"
    "  moves = place {},\n"
    "  goal = line { length = 3, directions = 'hvd' },\n"
    "  ends = 'board_full', winner = 'higher_score' }\n";

static tv_ruleset *ttt(void)
{
    tv_error err = {0};
    tv_ruleset *rs = load_source("ttt.lua", ttt_source, NULL, &err);
    ck_assert_msg(rs != NULL, "ttt.lua: %s", err.msg);
    return rs;
}

/* A game at a position string (NULL: the start). */
static tv_game *game_at(const tv_ruleset *rs, const char *pos)
{
    tv_error err = {0};
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_msg(g != NULL, "tv_game_new: %s", err.msg);
    if (pos)
        ck_assert_msg(tv_game_set_position(g, pos, &err) == TV_OK, "%s: %s", pos, err.msg);
    return g;
}

static tv_player *player(const tv_ruleset *rs, const char *spec, uint64_t seed)
{
    tv_error err = {0};
    tv_player *p = tv_player_new(tv_ruleset_rules(rs), spec, seed, &err);
    ck_assert_msg(p != NULL, "%s: %s", spec, err.msg);
    return p;
}

/* The player's move in g, checked legal, as text. */
static const char *choose(tv_player *p, const tv_game *g, const tv_budget *budget, char *text)
{
    tv_error err = {0};
    tv_move m;
    int rc = tv_player_choose(p, g, budget, &m, &err);
    if (rc)
        ck_abort_msg("%s: %s", tv_player_name(p), err.msg);
    if (tv_check_move(g->rules, g->state, m, &err))
        ck_abort_msg("%s chose an illegal move: %s", tv_player_name(p), err.msg);
    tv_move_text(g->rules, m, text, 16);
    return text;
}

static void play(tv_game *g, const char *move)
{
    tv_error err = {0};
    ck_assert_msg(tv_game_play_text(g, move, &err) == TV_OK, "%s: %s", move, err.msg);
}

/* ---- MCTS -------------------------------------------------------------- */

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
    tv_ruleset *rs = must_load("notakto", NULL);
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
    play(g, "d4");
    play(g, "e4");
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
    play(g, m1);
    play(g, "f4");
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
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err), mask = 0;
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
    play(g, m);
    /* The first O reply that leaves X a win at once (there is one: X threatens). */
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err), wins = 0;
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
    play(g, m);
    play(g, "d"); /* the most natural reply, well explored */
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
    p = player(rs, "mcts:ms=40", 1);
    choose(p, g, NULL, m);
    ck_assert_int_gt(tv_player_info(p)->nodes, 0);
    ck_assert_msg(tv_player_info(p)->ms < 1000, "mcts:ms=40 took %ld ms", tv_player_info(p)->ms);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- alpha-beta -------------------------------------------------------- */

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
    /* The same with a time budget and no depth limit. */
    v = ab_score(rs, "alphabeta:ms=300", "......./......./......./......./..oo.../..xx... 1 - 4", m);
    ck_assert_int_eq(v, WIN - 3);
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
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    int n = tv_legal_moves(r, s, moves, TV_MAX_MOVES, &err);
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
                tv_move moves[TV_MAX_MOVES];
                int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err);
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
    ck_assert_int_ge(info->depth, 1);
    ck_assert_int_gt(info->nodes, 0);
    ck_assert_msg(info->ms < 1000, "alphabeta:ms=50 took %ld ms", info->ms);
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
            play(g, choose(g->state->to_move == ab_side ? ab : rnd, g, NULL, m));
        ck_assert_msg(g->state->winner == 0 || g->state->winner == ab_side + 1,
                      "game %d: alphabeta (player %d) lost", i, ab_side + 1);
        tv_player_free(ab);
        tv_player_free(rnd);
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

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
            play(g, choose(g->state->to_move == side ? ab : mc, g, NULL, m));
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
    Suite *s = suite_create("search");
    TCase *mc = tcase_create("mcts"), *ab = tcase_create("alphabeta"), *games = tcase_create("games"),
          *specs = tcase_create("specs");
    tcase_add_test(mc, mcts_takes_the_win);
    tcase_add_test(mc, mcts_blocks_the_threat);
    tcase_add_test(mc, mcts_hook_ruleset);
    tcase_add_test(mc, mcts_extra_turns);
    tcase_add_test(mc, mcts_reproducible);
    tcase_add_test(mc, mcts_tree_reuse);
    tcase_add_test(mc, mcts_tree_reuse_depth);
    tcase_add_test(mc, mcts_single_move_and_time);
    tcase_add_test(ab, alphabeta_tictactoe);
    tcase_add_test(ab, alphabeta_connect4_win_in_3);
    tcase_add_test(ab, alphabeta_exact_values);
    tcase_add_test(ab, alphabeta_extra_turns);
    tcase_add_test(ab, alphabeta_time_budget);
    tcase_add_test(ab, alphabeta_never_loses_tictactoe);
    tcase_add_test(games, games_pahtum);
    tcase_add_test(games, games_tihbat);
    tcase_add_test(games, games_kalah);
    tcase_add_test(games, games_oware);
    tcase_add_test(games, games_connect4);
    tcase_add_test(games, games_notakto);
    tcase_add_test(specs, bad_specs);
    TCase *all[] = {mc, ab, games, specs};
    for (int i = 0; i < 4; i++) {
        tcase_set_timeout(all[i], 120);
        suite_add_tcase(s, all[i]);
    }
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
