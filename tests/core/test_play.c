/* The play/undo kernel (tv_play): incremental scores and hash against a full
 * recount in random games, undo restoring the state byte for byte, and
 * illegal moves refused without a change.
 * Core only: the rules are built in C (tests/support/tv_fixture.h), no Lua. */
#include <check.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tv_check.h"
#include "tv_error.h"
#include "tv_fixture.h"

/* ---- Incremental scores and hash == full recount --------------------------- */

START_TEST(incremental_7x7_holes)
{
    tv_rules *r = pahtum_holes(7, 7, TV_DIR_H | TV_DIR_V);
    long total = random_games_consistent(r, 2000, 0);
    ck_assert_int_gt(total, 2000 * 10); /* random full boards score well */
    free(r);
}
END_TEST

START_TEST(incremental_9x9_holes)
{
    tv_rules *r = rules_new(9, 9, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_RANDOM;
    r->blocks.min = 3;
    r->blocks.max = 13;
    r->blocks.odd = 1;
    r->lines.points[8] = 250; /* make the longer runs count too */
    r->lines.points[9] = 500;
    rules_finish_ok(r);
    ck_assert_int_gt(random_games_consistent(r, 500, 0), 0);
    free(r);
}
END_TEST

START_TEST(incremental_diagonals)
{
    tv_rules *r = pahtum_holes(7, 7, TV_DIR_ALL);
    ck_assert_int_gt(random_games_consistent(r, 1000, 0), 0);
    free(r);
    r = pahtum_holes(9, 9, TV_DIR_ALL);
    ck_assert_int_gt(random_games_consistent(r, 300, 0), 0);
    free(r);
    /* Non-square, no blocks, both diagonals only. */
    r = rules_finish_ok(rules_new(8, 5, TV_DIR_D1 | TV_DIR_D2));
    r->lines.points[2] = 1; /* after finishing: the table is plain data */
    ck_assert_int_gt(random_games_consistent(r, 300, 0), 0);
    free(r);
}
END_TEST

/* With swaps the scores are by player, the recount by colour. */
START_TEST(incremental_with_swap)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_RANDOM;
    r->blocks.min = 3;
    r->blocks.max = 13;
    r->blocks.odd = 1;
    r->swap_after = 3;
    r->lines.points[2] = 1; /* so the swap exchanges non-zero scores */
    rules_finish_ok(r);
    ck_assert_int_gt(random_games_consistent(r, 500, 1), 0);
    free(r);
}
END_TEST

/* ---- Play / undo ----------------------------------------------------------- */

/* In random games, every legal move of every position is played and taken
 * back, which must restore the state byte for byte; then the whole game is
 * taken back move by move down to the start state. */
static void undo_games(const tv_rules *r, int games, int force_swap)
{
    tv_undo *stack = malloc(sizeof *stack * (size_t)(TV_MAX_CELLS + 8));
    ck_assert_ptr_nonnull(stack);
    for (int g = 0; g < games; g++) {
        tv_state_buf buf, first, before;
        tv_state *s = start(r, &buf, (uint64_t)g + 1000);
        tv_state_copy(r, &first.state, s);
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)g * 31 + 7);
        int n = 0;
        while (s->status == TV_ONGOING) {
            tv_move moves[TV_MOVES_LIMIT];
            tv_error err;
            int nm = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
            REQUIRE(nm > 0, "game %d: no legal moves", g);
            tv_state_copy(r, &before.state, s);
            for (int i = 0; i < nm; i++) {
                tv_undo u;
                play_ok(r, s, moves[i], &u);
                REQUIRE(memcmp(s, &before.state, (size_t)r->state_size) != 0,
                        "game %d: move %d changed nothing", g, (int)moves[i]);
                tv_unplay(r, s, &u);
                REQUIRE(memcmp(s, &before.state, (size_t)r->state_size) == 0,
                        "game %d ply %u: undo of move %d does not restore the state", g,
                        (unsigned)before.state.ply, (int)moves[i]);
            }
            tv_move m = moves[tv_rng_below(&rng, (uint32_t)nm)];
            if (force_swap && is_legal(r, s, TV_MOVE_SWAP) && (g & 1))
                m = TV_MOVE_SWAP;
            play_ok(r, s, m, &stack[n++]);
        }
        /* Back to the start, one record at a time. */
        while (n > 0)
            tv_unplay(r, s, &stack[--n]);
        REQUIRE(memcmp(s, &first.state, (size_t)r->state_size) == 0,
                "game %d: unplaying the whole game does not give the start state", g);
    }
    free(stack);
}

START_TEST(undo_holes)
{
    tv_rules *r = pahtum_holes(7, 7, TV_DIR_H | TV_DIR_V);
    undo_games(r, 150, 0);
    free(r);
}
END_TEST

START_TEST(undo_placed_blocks_and_swap)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_ALL);
    r->blocks.mode = TV_BLOCKS_PLACED;
    r->blocks.count = 3;
    r->swap_after = 3;
    rules_finish_ok(r);
    undo_games(r, 100, 1);
    free(r);
}
END_TEST

/* tv_play with a NULL undo record still plays (the record is optional). */
START_TEST(undo_record_optional)
{
    tv_rules *r = pahtum();
    tv_state_buf a, b;
    tv_state *s = start(r, &a, 3), *t = start(r, &b, 3);
    tv_undo u;
    play_ok(r, s, c7("d4"), NULL);
    play_ok(r, t, c7("d4"), &u);
    ck_assert_int_eq(memcmp(s, t, (size_t)r->state_size), 0);
    ck_assert_int_eq(u.n, 1);
    ck_assert_int_eq(u.cell[0], c7("d4"));
    ck_assert_int_eq(u.old[0], TV_EMPTY);
    free(r);
}
END_TEST

/* ---- A move that changes the whole largest board ---------------------------- */

/* A C play hook, writing as a ruleset's does (tv_state_set): every cell of
 * the board turns 0 -> 1 -> 2 -> 0, `writes` times over (once, every cell
 * changes; three times, every cell is written three times and ends as it
 * was but the one played), then fails when told to, after all its writes. */
typedef struct whole_board {
    int writes, fail;
} whole_board;

static int play_whole_board(void *ctx, const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_error *err)
{
    const whole_board *w = ctx;
    (void)m;
    for (int k = 0; k < w->writes; k++)
        for (int c = 0; c < r->ncells; c++) {
            int rc = tv_state_set(r, s, u, c, (s->cells[c] + 1) % 3, err);
            if (rc)
                return rc;
        }
    return w->fail ? tv_error_set(err, TV_ERULES, "the hook fails after its writes") : 0;
}

/* On the largest board, moves that write every cell (once, or three times
 * each) are each taken back byte for byte, one by one in reverse order; the
 * record keeps each cell once however often it was written (a record of 64
 * cells refused them with TV_ELIMIT); a hook failing after all its writes
 * leaves the state as it was, with or without a record. */
START_TEST(undo_whole_largest_board)
{
    for (int writes = 1; writes <= 3; writes += 2) {
        whole_board w = {writes, 0};
        tv_rules *r = rules_new(TV_MAX_SIDE, TV_MAX_SIDE, TV_DIR_H | TV_DIR_V);
        r->hooks.ctx = &w;
        r->hooks.play = play_whole_board;
        rules_finish_ok(r);
        ck_assert_int_eq(r->ncells, TV_MAX_CELLS);
        tv_state_buf buf, after, *before = malloc(4 * sizeof *before);
        ck_assert_ptr_nonnull(before);
        tv_state *s = start(r, &buf, 1);
        tv_error err;
        for (int c = 0; c < r->ncells; c++) /* 0, 1 and 2 everywhere: a third of the cells stay empty */
            ck_assert_int_eq(tv_state_set(r, s, NULL, c, c % 3, &err), TV_OK);
        static tv_undo u[4], failed; /* 10.8 KB: off the test's stack */
        tv_rng rng;
        tv_rng_seed(&rng, 5);
        for (int i = 0; i < 4; i++) {
            tv_state_copy(r, &before[i].state, s);
            tv_move m = random_move(r, s, &rng);
            play_ok(r, s, m, &u[i]);
            int changed = 0;
            for (int c = 0; c < r->ncells; c++)
                changed += s->cells[c] != before[i].state.cells[c];
            ck_assert_int_eq(changed, writes == 1 ? r->ncells : 0);
            ck_assert_int_eq(u[i].n, r->ncells); /* each cell once, however often written */
            ck_assert(s->hash == tv_state_hash(r, s));
            char why[128];
            ck_assert_msg(tv_state_ok(r, s, why, (int)sizeof why), "%s", why);
        }
        tv_state_copy(r, &after.state, s);
        w.fail = 1;
        tv_move m = random_move(r, s, &rng);
        ck_assert_int_eq(tv_play(r, s, m, &failed, &err), TV_ERULES);
        ck_assert_mem_eq(s, &after.state, (size_t)r->state_size);
        ck_assert_int_eq(tv_play(r, s, m, NULL, &err), TV_ERULES); /* the kernel's own record */
        ck_assert_mem_eq(s, &after.state, (size_t)r->state_size);
        for (int i = 3; i >= 0; i--) {
            tv_unplay(r, s, &u[i]);
            ck_assert_msg(memcmp(s, &before[i].state, (size_t)r->state_size) == 0,
                          "writes %d: undo of move %d is not byte for byte", writes, i);
        }
        free(before);
        free(r);
    }
}
END_TEST

/* ---- Illegal moves --------------------------------------------------------- */

/* m must be refused with TV_EILLEGAL and a message, leaving s as it was;
 * tv_check_move must agree. */
static void expect_illegal(const tv_rules *r, tv_state *s, tv_move m, const char *what)
{
    tv_state_buf copy;
    tv_state_copy(r, &copy.state, s);
    tv_error err;
    tv_error_clear(&err);
    tv_undo u;
    int rc = tv_play(r, s, m, &u, &err);
    REQUIRE(rc == TV_EILLEGAL, "%s (move %d): tv_play returned %d", what, (int)m, rc);
    REQUIRE(err.code == TV_EILLEGAL && err.msg[0] != '\0', "%s: no message", what);
    REQUIRE(memcmp(s, &copy.state, (size_t)r->state_size) == 0, "%s: the state changed", what);
    tv_error_clear(&err);
    rc = tv_play(r, s, m, NULL, &err);
    REQUIRE(rc == TV_EILLEGAL && err.msg[0] != '\0', "%s (no undo record): rc %d", what, rc);
    REQUIRE(memcmp(s, &copy.state, (size_t)r->state_size) == 0, "%s: the state changed", what);
    tv_error_clear(&err);
    REQUIRE(tv_check_move(r, s, m, &err) == TV_EILLEGAL && err.msg[0] != '\0',
            "%s: tv_check_move disagrees", what);
    REQUIRE(!is_legal(r, s, m), "%s: listed among the legal moves", what);
}

START_TEST(illegal_moves_in_play)
{
    tv_rules *r = pahtum_holes(7, 7, TV_DIR_H | TV_DIR_V);
    tv_state_buf buf;
    tv_state *s = start(r, &buf, 11);
    int block = -1, free_cell = -1;
    for (int c = 0; c < 49; c++) {
        if (s->cells[c] == TV_BLOCK && block < 0)
            block = c;
        if (s->cells[c] == TV_EMPTY && free_cell < 0)
            free_cell = c;
    }
    ck_assert_int_ge(block, 0);
    ck_assert_int_ge(free_cell, 0);
    play_ok(r, s, free_cell, NULL);

    expect_illegal(r, s, free_cell, "occupied cell");
    expect_illegal(r, s, block, "blocked cell");
    expect_illegal(r, s, 999, "cell 999");
    expect_illegal(r, s, 49, "cell 49 (one past the end)");
    expect_illegal(r, s, TV_MOVE_NONE, "TV_MOVE_NONE");
    expect_illegal(r, s, TV_MOVE_PASS, "pass without a pass rule");
    expect_illegal(r, s, TV_MOVE_SWAP, "swap without a swap rule");
    expect_illegal(r, s, INT32_MIN, "INT32_MIN");
    free(r);
}
END_TEST

START_TEST(illegal_moves_after_game_over)
{
    tv_rules *r = pahtum_holes(7, 7, TV_DIR_H | TV_DIR_V);
    tv_state_buf buf;
    tv_state *s = start(r, &buf, 12);
    tv_rng rng;
    tv_rng_seed(&rng, 12);
    tv_error err;
    ck_assert_int_eq(tv_random_playout(r, s, &rng, &err), TV_OK);
    ck_assert_int_eq(s->status, TV_OVER);
    tv_move moves[TV_MOVES_LIMIT];
    ck_assert_int_eq(tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err), 0);
    for (int c = 0; c < 49; c++)
        expect_illegal(r, s, c, "a cell after the end");
    expect_illegal(r, s, TV_MOVE_SWAP, "swap after the end");
    expect_illegal(r, s, TV_MOVE_PASS, "pass after the end");
    free(r);
}
END_TEST

/* The swap rule exists but it is not the moment: before the 3rd stone, after
 * the 4th, a second time. */
START_TEST(illegal_swap_timing)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->swap_after = 3;
    rules_finish_ok(r);
    tv_state_buf buf;
    tv_state *s = start(r, &buf, 0);
    expect_illegal(r, s, TV_MOVE_SWAP, "swap at 0 stones");
    play_ok(r, s, c7("a1"), NULL);
    expect_illegal(r, s, TV_MOVE_SWAP, "swap at 1 stone");
    play_ok(r, s, c7("b1"), NULL);
    expect_illegal(r, s, TV_MOVE_SWAP, "swap at 2 stones");
    play_ok(r, s, c7("c1"), NULL);
    tv_state_buf at3;
    tv_state_copy(r, &at3.state, s);
    play_ok(r, s, TV_MOVE_SWAP, NULL);
    expect_illegal(r, s, TV_MOVE_SWAP, "a second swap");
    play_ok(r, s, c7("d1"), NULL);
    expect_illegal(r, s, TV_MOVE_SWAP, "swap after the swap and a stone");
    /* Declined: once the 4th stone is down the chance is gone. */
    tv_state_copy(r, s, &at3.state);
    play_ok(r, s, c7("d1"), NULL);
    expect_illegal(r, s, TV_MOVE_SWAP, "swap at 4 stones");
    free(r);
}
END_TEST

/* ---- tv_state_ok: the check the sanitizer build runs at every hand-over --- */

START_TEST(state_ok_finds_what_a_wrong_write_breaks)
{
    tv_rules *r = pahtum();
    tv_state_buf b;
    tv_state *s = &b.state;
    char why[160];
    ck_assert_int_eq(tv_state_new(r, 1, s, NULL), TV_OK);
    play_ok(r, s, c7("d4"), NULL);
    ck_assert_msg(tv_state_ok(r, s, why, (int)sizeof why), "%s", why);
    s->cells[c7("a1")] = TV_STONE2; /* written behind the floor's back: hash and counts are stale */
    ck_assert(!tv_state_ok(r, s, why, (int)sizeof why));
    ck_assert_ptr_nonnull(strstr(why, "hash"));
    s->hash = tv_state_hash(r, s); /* the hash mended, the counts still wrong */
    ck_assert(!tv_state_ok(r, s, why, (int)sizeof why));
    ck_assert_ptr_nonnull(strstr(why, "counts"));
    tv_state_count(r, s);
    ck_assert_msg(tv_state_ok(r, s, why, (int)sizeof why), "%s", why);
    s->to_move ^= 1; /* the side to move is hashed */
    ck_assert(!tv_state_ok(r, s, why, (int)sizeof why));
    free(r);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"incremental", incremental_7x7_holes, 120, 0},
        {"incremental", incremental_9x9_holes, 120, 0},
        {"incremental", incremental_diagonals, 120, 0},
        {"incremental", incremental_with_swap, 120, 0},
        {"undo", undo_holes, 120, 0},
        {"undo", undo_placed_blocks_and_swap, 120, 0},
        {"undo", undo_record_optional, 120, 0},
        {"undo", undo_whole_largest_board, 120, 0},
        {"illegal", illegal_moves_in_play, 10, 0},
        {"illegal", illegal_moves_after_game_over, 10, 0},
        {"illegal", illegal_swap_timing, 10, 0},
        {"state ok", state_ok_finds_what_a_wrong_write_breaks, 10, 0},
    };
    return tv_check_run("core play", tests, TV_CHECK_COUNT(tests));
}
