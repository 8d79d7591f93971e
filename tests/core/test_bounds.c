/* Bounds on what a ruleset's data can make the engine do: a relay sowing
 * that never ends is an illegal move, every game ends at its move limit (in
 * the kernel and in every random-playout path), run points and seed counts
 * that could wrap are refused where they enter. core/ only: the rules are
 * built in C. Positions are "row2/row1 score1,score2 side ply" for mancala. */
#include <check.h>

#include "tv_check.h"
#include "tv_fixture.h"
#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include "tv_game.h"
#include "tv_lines.h"
#include "tv_perft.h"
#include "tv_sow.h"

static tv_rules *grid_new(int w, int h)
{
    tv_rules *r = malloc(sizeof *r);
    tv_rules_init(r);
    r->grid.width = w;
    r->grid.height = h;
    r->ends = TV_END_BOARD_FULL;
    return r;
}

/* tv_rules_finish must refuse r with a message containing `want`. */
static void refused(tv_rules *r, const char *want)
{
    tv_error err = {0};
    ck_assert_int_eq(tv_rules_finish(r, &err), TV_ERULES);
    ck_assert_msg(strstr(err.msg, want), "'%s' lacks '%s'", err.msg, want);
}

/* ---- relay sowing ------------------------------------------------------- */

START_TEST(endless_relay_is_an_illegal_move)
{
    /* One hole a row, the origin skipped: the last seed always lands on the
     * other hole, which then holds 2 and is lifted again, for ever. */
    tv_rules *r = mancala_rules_new(1, 1);
    r->sow.relay = r->sow.skip_origin = 1;
    r->sow.pass = 1;
    rules_finish_ok(r);
    tv_game *g = tv_game_new(r, 1, NULL);
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err = {0};
    ck_assert_int_eq(tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err), 1);
    ck_assert_int_eq(moves[0], TV_MOVE_PASS); /* the only sowing is not a move */
    tv_state_buf before;
    tv_state_copy(r, &before.state, g->state);
    ck_assert_int_eq(tv_game_play(g, 0, &err), TV_EILLEGAL);
    ck_assert_msg(strstr(err.msg, "a1: the relay sowing would never end"), "%s", err.msg);
    ck_assert_mem_eq(g->state, &before.state, (size_t)r->state_size);
    /* Asked for directly (as a play hook may): refused, s and u unchanged. */
    tv_undo u;
    tv_undo_start(r, &u, g->state);
    ck_assert_int_eq(tv_sow_apply(r, g->state, 0, &u), TV_EILLEGAL);
    ck_assert_int_eq(u.n, 0);
    ck_assert_mem_eq(g->state, &before.state, (size_t)r->state_size);
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(relay_that_ends_is_still_a_move)
{
    /* a1 (1): b1 held 1 -> 2, lift: b2, a2 -> a2 held 1 -> 2, lift: a1, b1 -> b1 was empty: stop. */
    tv_rules *r = mancala_rules_new(2, 1);
    r->sow.relay = 1;
    rules_finish_ok(r);
    tv_game *g = tv_game_new(r, 1, NULL);
    tv_error err = {0};
    ck_assert_msg(tv_game_play(g, 0, &err) == TV_OK, "%s", err.msg);
    char pos[TV_POSITION_MAX];
    tv_position_write(r, g->state, pos, sizeof pos);
    ck_assert_str_eq(pos, "0,2/1,1 0,0 2 1");
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(relay_perft_ends_from_every_position)
{
    /* mancala{holes=2, seeds=2} with relay hung perft from some positions. */
    tv_rules *r = mancala_rules_new(2, 2);
    r->sow.relay = 1;
    r->sow.pass = 1;
    rules_finish_ok(r);
    tv_state_buf b;
    tv_error err = {0};
    ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
    ck_assert_int_gt(tv_perft(r, &b.state, 12, &err), 0);
    /* Every position of the 8 seeds (those not in a hole are in a store):
     * each hole's sowing ends or is refused. */
    for (int code = 0; code < 9 * 9 * 9 * 9; code++) {
        int c[4] = {code % 9, code / 9 % 9, code / 81 % 9, code / 729};
        if (c[0] + c[1] + c[2] + c[3] > 8)
            continue;
        char pos[64];
        snprintf(pos, sizeof pos, "%d,%d/%d,%d 0,%d 1 0", c[3], c[2], c[0], c[1], 8 - (c[0] + c[1] + c[2] + c[3]));
        tv_game *g = game_from(r, pos);
        tv_move moves[TV_MOVES_LIMIT];
        int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
        ck_assert_int_ge(n, 0);
        for (int i = 0; i < n; i++) {
            tv_state_buf t;
            tv_state_copy(r, &t.state, g->state);
            ck_assert_msg(tv_play(r, &t.state, moves[i], NULL, &err) == TV_OK, "%s: %s", pos, err.msg);
        }
        for (int h = 0; h < 2; h++) /* what is not offered is refused, saying why */
            if (g->state->cells[h]) {
                int offered = 0;
                for (int i = 0; i < n; i++)
                    offered |= moves[i] == h;
                if (!offered) {
                    ck_assert_int_eq(tv_check_move(r, g->state, h, &err), TV_EILLEGAL);
                    ck_assert_msg(strstr(err.msg, "never end"), "%s", err.msg);
                }
            }
        tv_game_free(g);
    }
    free(r);
}
END_TEST

/* ---- the move limit ------------------------------------------------------ */

/* Seeds going round for ever: no capture, no store. */
static tv_rules *never_ending(int max_plies)
{
    tv_rules *r = mancala_rules_new(2, 2);
    r->sow.pass = 1;
    r->max_plies = max_plies;
    rules_finish_ok(r);
    return r;
}

static void assert_capped(const tv_rules *r, const tv_state *s, int plies)
{
    ck_assert_int_eq(s->status, TV_OVER);
    ck_assert_int_eq(s->winner, 0);
    ck_assert(s->flags & TV_FLAG_CAPPED);
    ck_assert_int_eq(s->ply, plies);
    ck_assert_int_eq(r->ply_cap, plies);
}

START_TEST(playout_ends_at_the_default_limit)
{
    tv_rules *r = never_ending(0);
    tv_rng rng;
    tv_rng_seed(&rng, 7);
    for (int i = 0; i < 5; i++) {
        tv_state_buf b;
        tv_error err = {0};
        ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
        ck_assert_int_eq(tv_random_playout(r, &b.state, &rng, &err), TV_OK);
        assert_capped(r, &b.state, TV_DEFAULT_MAX_PLIES);
    }
    free(r);
}
END_TEST

START_TEST(kernel_and_playout_agree_on_the_declared_limit)
{
    tv_rules *r = never_ending(37);
    tv_error err = {0};
    tv_game *g = tv_game_new(r, 1, &err);
    tv_rng rng;
    tv_rng_seed(&rng, 3);
    while (g->state->status == TV_ONGOING) {
        tv_move moves[TV_MOVES_LIMIT];
        int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
        ck_assert_int_gt(n, 0);
        ck_assert_int_eq(tv_game_play(g, moves[tv_rng_below(&rng, (uint32_t)n)], &err), TV_OK);
    }
    assert_capped(r, g->state, 37);
    ck_assert_int_eq(tv_legal_moves(r, g->state, NULL, 0, &err), 0);
    /* Taking back the last move takes back the end. */
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert_int_eq(g->state->status, TV_ONGOING);
    ck_assert(!(g->state->flags & TV_FLAG_CAPPED));
    tv_state_buf b;
    ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
    ck_assert_int_eq(tv_random_playout(r, &b.state, &rng, &err), TV_OK);
    assert_capped(r, &b.state, 37);
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(a_grid_limit_that_binds_leaves_the_fast_path)
{
    tv_rules *r = grid_new(4, 4);
    r->max_plies = 5;
    rules_finish_ok(r);
    ck_assert(r->cap_binds);
    tv_rng rng;
    tv_rng_seed(&rng, 1);
    tv_state_buf b;
    tv_error err = {0};
    ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
    ck_assert_int_eq(tv_random_playout(r, &b.state, &rng, &err), TV_OK);
    assert_capped(r, &b.state, 5);
    ck_assert_int_eq(b.state.empty, 11);
    r->max_plies = 0; /* the default is far above 16 cells */
    rules_finish_ok(r);
    ck_assert(!r->cap_binds);
    ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
    ck_assert_int_eq(tv_random_playout(r, &b.state, &rng, &err), TV_OK);
    ck_assert_int_eq(b.state.empty, 0);
    ck_assert(!(b.state.flags & TV_FLAG_CAPPED));
    free(r);
}
END_TEST

START_TEST(the_limit_fits_the_ply_count)
{
    tv_rules *r = grid_new(3, 3);
    r->max_plies = TV_MAX_MAX_PLIES + 1;
    refused(r, "max_plies");
    r->max_plies = -1;
    refused(r, "max_plies");
    r->max_plies = TV_MAX_MAX_PLIES;
    rules_finish_ok(r);
    ck_assert_int_lt(TV_MAX_MAX_PLIES, 65535); /* s->ply and s->quiet are 16 bits */
    free(r);
}
END_TEST

/* ---- scores and seeds that could wrap ------------------------------------ */

START_TEST(run_points_that_could_wrap_are_refused)
{
    tv_rules *r = grid_new(3, 3);
    r->lines.dirs = TV_DIR_H;
    r->lines.points[1] = INT32_MAX; /* runs{points={2^31-1,...}} gave [-2, 0] */
    refused(r, "2147483647 points for a run of 1");
    r->lines.points[1] = INT32_MIN;
    refused(r, "could make a score");
    /* 9 cells, one direction: 9 runs of 1 at most, so MAX/9 a run of 1 fits. */
    r->lines.points[1] = TV_MAX_SCORE / 9 + 1;
    refused(r, "could make a score");
    r->lines.points[1] = TV_MAX_SCORE / 9;
    r->lines.points[3] = TV_MAX_SCORE / 8 + 1; /* the placement's sum of entries */
    refused(r, "run of 3");
    r->lines.points[3] = -(TV_MAX_SCORE / 8);
    r->lines.points[2] = TV_MAX_SCORE / 8;
    rules_finish_ok(r);
    r->lines.points[0] = 1;
    refused(r, "a run of 0");
    r->lines.points[0] = 0;
    r->lines.points[20] = INT32_MAX; /* no run that long on a 3x3 board: unused */
    r->lines.dirs = TV_DIR_ALL; /* 4 directions of 9 cells: 36 stones' worth */
    r->lines.points[1] = TV_MAX_SCORE / 36;
    r->lines.points[2] = TV_MAX_SCORE / 18;
    r->lines.points[3] = -(TV_MAX_SCORE / 12);
    rules_finish_ok(r);
    /* The largest tables allowed: scores stay in range in every game (UBSan
     * would see a wrap), and the incremental score is the recount. */
    tv_rng rng;
    tv_rng_seed(&rng, 11);
    for (int i = 0; i < 300; i++) {
        tv_state_buf b;
        tv_error err = {0};
        ck_assert_int_eq(tv_state_new(r, (uint64_t)i, &b.state, &err), TV_OK);
        ck_assert_int_eq(tv_random_playout(r, &b.state, &rng, &err), TV_OK);
        int32_t recount[2];
        tv_lines_count(r, b.state.cells, recount);
        for (int p = 0; p < 2; p++) {
            ck_assert_int_le(b.state.score[p], TV_MAX_SCORE);
            ck_assert_int_ge(b.state.score[p], -TV_MAX_SCORE);
        }
        ck_assert_int_eq(b.state.score[0], recount[0]);
        ck_assert_int_eq(b.state.score[1], recount[1]);
    }
    free(r);
}
END_TEST

START_TEST(seeds_never_exceed_a_hole)
{
    tv_rules *r = mancala_rules_new(8, 16); /* 256 seeds */
    refused(r, "more than 255");
    free(r);
    r = mancala_rules_new(2, 1);
    rules_finish_ok(r);
    tv_error err = {0};
    tv_game *g = tv_game_new(r, 1, &err);
    /* A play hook's s:set piling seeds on: refused before a hole can wrap. */
    tv_state_buf b;
    tv_state_copy(r, &b.state, g->state);
    ck_assert_int_eq(tv_state_set(r, &b.state, NULL, 0, 255, &err), TV_EINVAL);
    ck_assert_msg(strstr(err.msg, "more than 255"), "%s", err.msg);
    ck_assert_mem_eq(&b.state, g->state, (size_t)r->state_size);
    ck_assert_int_eq(tv_state_set(r, &b.state, NULL, 0, 252, &err), TV_OK); /* 255 in all */
    ck_assert_int_eq(tv_state_set(r, &b.state, NULL, 1, 2, &err), TV_EINVAL);
    ck_assert_int_eq(tv_state_set(r, &b.state, NULL, 1, 0, &err), TV_OK);
    ck_assert_int_eq(tv_state_set(r, &b.state, NULL, 3, 2, &err), TV_OK);
    ck_assert_int_eq(b.state.stones, 255);
    /* Sowing 252 seeds round a board of 4 holes: no hole passes 255. */
    int again = tv_sow_apply(r, &b.state, 0, NULL);
    ck_assert_int_ge(again, 0);
    int total = 0;
    for (int h = 0; h < r->ncells; h++)
        total += b.state.cells[h];
    ck_assert_int_eq(total + b.state.score[0] + b.state.score[1], 255);
    /* A position with more seeds than a board holds is refused. */
    ck_assert_int_ne(tv_game_set_position(g, "200,200/200,200 0,0 1 0", &err), TV_OK);
    ck_assert_int_eq(tv_game_set_position(g, "0,4/0,0 0,0 1 0", &err), TV_OK);
    tv_game_free(g);
    free(r);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"sowing", endless_relay_is_an_illegal_move, 120, 0},
        {"sowing", relay_that_ends_is_still_a_move, 120, 0},
        {"sowing", relay_perft_ends_from_every_position, 120, 0},
        {"move limit", playout_ends_at_the_default_limit, 120, 0},
        {"move limit", kernel_and_playout_agree_on_the_declared_limit, 120, 0},
        {"move limit", a_grid_limit_that_binds_leaves_the_fast_path, 120, 0},
        {"move limit", the_limit_fits_the_ply_count, 120, 0},
        {"wrap", run_points_that_could_wrap_are_refused, 120, 0},
        {"wrap", seeds_never_exceed_a_hole, 120, 0},
    };
    return tv_check_run("core bounds", tests, TV_CHECK_COUNT(tests));
}
