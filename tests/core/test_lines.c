/* Line scoring (tv_lines): the worked examples of the Pahtum rules, counted
 * on boards written by hand, and what one placement adds.
 * Core only: the rules are built in C (tests/support/tv_fixture.h), no Lua. */
#include <check.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tv_check.h"
#include "tv_fixture.h"
#include "tv_lines.h"

/* Writes `colour` on every 7x7 cell of a space-separated list ("d4 e4"). */
static void put7(tv_state *s, int colour, const char *names)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", names);
    for (char *p = buf; *p;) {
        char *end = strchr(p, ' ');
        if (end)
            *end = '\0';
        s->cells[c7(p)] = (uint8_t)colour;
        if (!end)
            break;
        p = end + 1;
    }
}


/* Recounts a board built by hand on a fresh 7x7 state. (A tv_state_buf
 * cannot be a struct member under -Wpedantic: it holds a flexible array.) */
typedef struct board7 {
    tv_rules *r;
    tv_state_buf *buf;
    tv_state *s;
} board7;

static void board7_init(board7 *b, int dirs)
{
    b->r = rules_finish_ok(rules_new(7, 7, dirs));
    b->buf = malloc(sizeof *b->buf);
    ck_assert_ptr_nonnull(b->buf);
    b->s = start(b->r, b->buf, 0);
}

static void board7_clear(board7 *b) { start(b->r, b->buf, 0); }

static void board7_free(board7 *b)
{
    free(b->buf);
    free(b->r);
}

static void board7_count(board7 *b, int32_t *white, int32_t *black)
{
    int32_t pts[2] = {-1, -1};
    tv_lines_count(b->r, b->s->cells, pts);
    *white = pts[0];
    *black = pts[1];
}

START_TEST(lines_run_of_four)
{
    board7 b;
    board7_init(&b, TV_DIR_H | TV_DIR_V);
    put7(b.s, TV_STONE1, "d4 e4 f4 g4");
    int32_t w, k;
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 10);
    ck_assert_int_eq(k, 0);
    board7_free(&b);
}
END_TEST

/* c5 is in a row run (b5 c5 d5) and a column run (c3 c4 c5): 3 + 3. */
START_TEST(lines_shared_stone)
{
    board7 b;
    board7_init(&b, TV_DIR_H | TV_DIR_V);
    put7(b.s, TV_STONE2, "b5 c5 d5 c4 c3");
    int32_t w, k;
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 0);
    ck_assert_int_eq(k, 6);
    board7_free(&b);
}
END_TEST

/* The Italian figure: f4-f3 is a run of 2 (nothing) and the diagonal
 * e4-f3-g2 does not count in Pahtum. With all four directions it would. */
START_TEST(lines_italian_figure)
{
    board7 b;
    board7_init(&b, TV_DIR_H | TV_DIR_V);
    put7(b.s, TV_STONE1, "d4 e4 f4 g4 f3 g2");
    put7(b.s, TV_STONE2, "b5 c5 d5 c4 c3");
    int32_t w, k;
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 10);
    ck_assert_int_eq(k, 6);

    /* Same board, diagonals on: White gains e4-f3-g2 (3; f3-g4 is only 2),
     * Black's diagonals b5-c4 and c4-d5 are runs of 2. */
    b.r->lines.dirs = TV_DIR_ALL;
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 13);
    ck_assert_int_eq(k, 6);
    board7_free(&b);
}
END_TEST

/* The English/Spanish example: White a run of 3 and a run of 4 (3 + 10),
 * Black two runs of 2 and a run of 3 (0 + 0 + 3). */
START_TEST(lines_english_example)
{
    board7 b;
    board7_init(&b, TV_DIR_H | TV_DIR_V);
    put7(b.s, TV_STONE1, "a1 b1 c1 a7 b7 c7 d7");
    put7(b.s, TV_STONE2, "a3 b3 a5 b5 e3 e4 e5");
    int32_t w, k;
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 13);
    ck_assert_int_eq(k, 3);
    board7_free(&b);
}
END_TEST

START_TEST(lines_full_row_and_column)
{
    board7 b;
    int32_t w, k;
    board7_init(&b, TV_DIR_H | TV_DIR_V);
    put7(b.s, TV_STONE1, "a1 b1 c1 d1 e1 f1 g1");
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 119);
    ck_assert_int_eq(k, 0);

    board7_clear(&b);
    put7(b.s, TV_STONE2, "g1 g2 g3 g4 g5 g6 g7");
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 0);
    ck_assert_int_eq(k, 119);

    /* Both at once: White row 7 (119), Black a1-a6 under it (56). */
    board7_clear(&b);
    put7(b.s, TV_STONE1, "a7 b7 c7 d7 e7 f7 g7");
    put7(b.s, TV_STONE2, "a1 a2 a3 a4 a5 a6");
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 119);
    ck_assert_int_eq(k, 56);
    board7_free(&b);
}
END_TEST

/* A block or an opponent stone in the middle of a row splits it in two. */
START_TEST(lines_broken_runs)
{
    board7 b;
    int32_t w, k;
    board7_init(&b, TV_DIR_H | TV_DIR_V);
    put7(b.s, TV_STONE1, "a1 b1 c1 e1 f1 g1");
    put7(b.s, TV_BLOCK, "d1");
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 3 + 3);
    ck_assert_int_eq(k, 0);

    board7_clear(&b);
    put7(b.s, TV_STONE1, "a1 b1 c1 e1 f1 g1");
    put7(b.s, TV_STONE2, "d1");
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 6);
    ck_assert_int_eq(k, 0);

    /* Uneven split in a column: 4 + 2. */
    board7_clear(&b);
    put7(b.s, TV_STONE2, "c1 c2 c3 c4 c6 c7");
    put7(b.s, TV_BLOCK, "c5");
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 0);
    ck_assert_int_eq(k, 10);
    board7_free(&b);
}
END_TEST

/* Each diagonal direction on its own: a1-b2-c3 is D1, a3-b2-c1 is D2. */
START_TEST(lines_diagonals)
{
    board7 b;
    int32_t w, k;
    board7_init(&b, TV_DIR_D1);
    put7(b.s, TV_STONE1, "a1 c3 d4");
    put7(b.s, TV_STONE2, "a3 b2 c1 e1 f2 g3");
    board7_count(&b, &w, &k);
    /* Black b2 cuts White's a1 off c3-d4 (1 + 2: nothing); Black e1-f2-g3
     * is a D1 run of 3. */
    ck_assert_int_eq(w, 0);
    ck_assert_int_eq(k, 3);
    b.r->lines.dirs = TV_DIR_D2;
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 0);
    ck_assert_int_eq(k, 3); /* a3-b2-c1 */
    b.r->lines.dirs = TV_DIR_H | TV_DIR_V;
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 0);
    ck_assert_int_eq(k, 0);
    /* The long diagonals: a1..g7 (D1) and a7..g1 (D2), 7 each. */
    board7_clear(&b);
    put7(b.s, TV_STONE1, "a1 b2 c3 d4 e5 f6 g7");
    b.r->lines.dirs = TV_DIR_D1;
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 119);
    b.r->lines.dirs = TV_DIR_D2;
    board7_count(&b, &w, &k);
    ck_assert_int_eq(w, 0);
    board7_clear(&b);
    put7(b.s, TV_STONE2, "a7 b6 c5 d4 e3 f2 g1");
    board7_count(&b, &w, &k);
    ck_assert_int_eq(k, 119);
    b.r->lines.dirs = TV_DIR_D1;
    board7_count(&b, &w, &k);
    ck_assert_int_eq(k, 0);
    board7_free(&b);
}
END_TEST

/* tv_lines_delta is what a placement adds: joining 2 + 1 + 2 into 5 gains
 * 25 (the parts scored nothing). */
START_TEST(lines_delta_joins_runs)
{
    board7 b;
    board7_init(&b, TV_DIR_H | TV_DIR_V);
    put7(b.s, TV_STONE1, "a4 b4 d4 e4");
    ck_assert_int_eq(tv_lines_delta(b.r, b.s->cells, c7("a4")), 0);
    put7(b.s, TV_STONE1, "c4");
    ck_assert_int_eq(tv_lines_delta(b.r, b.s->cells, c7("c4")), 25);
    /* Extending 3 to 4 in a column: 10 - 3. */
    put7(b.s, TV_STONE2, "g1 g2 g3 g4");
    ck_assert_int_eq(tv_lines_delta(b.r, b.s->cells, c7("g4")), 7);
    board7_free(&b);
}
END_TEST

/* The goal's test by bit-set windows (grids of 64 cells or fewer) against
 * a walk of the runs written here: random boards of every shape up to 64
 * cells, every length, every set of directions, exact and not. */
static int walked_goal(const tv_rules *r, const uint8_t *cells, int cell)
{
    int w = r->grid.width, h = r->grid.height, colour = cells[cell];
    for (int dir = TV_DIR_H; dir <= TV_DIR_D2; dir <<= 1) {
        if (!(r->goal.dirs & dir))
            continue;
        int dc, dr, n = 1;
        tv_dir_step(dir, &dc, &dr);
        for (int sign = -1; sign <= 1; sign += 2)
            for (int c = cell % w + sign * dc, row = cell / w + sign * dr;
                 c >= 0 && c < w && row >= 0 && row < h && cells[row * w + c] == colour; c += sign * dc, row += sign * dr)
                n++;
        if (r->goal.exact ? n == r->goal.length : n >= r->goal.length)
            return 1;
    }
    return 0;
}

START_TEST(goal_windows_agree_with_the_walk)
{
    static const int shapes[][2] = {{3, 3}, {1, 1}, {1, 9}, {9, 1}, {7, 6}, {8, 8}, {5, 5}, {4, 16}, {16, 4},
                                    {2, 26}, {26, 2}, {26, 1}, {6, 6}, {8, 7}};
    uint64_t x = 12345;
    long checked = 0, windowed = 0;
    tv_state_buf *buf = malloc(sizeof *buf);
    ck_assert_ptr_nonnull(buf);
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        int w = shapes[k][0], h = shapes[k][1], side = w > h ? w : h;
        for (int len = 2; len <= side + 1 && len <= TV_MAX_SIDE; len++)
            for (int dirs = 1; dirs <= TV_DIR_ALL; dirs++)
                for (int exact = 0; exact <= 1; exact++) {
                    tv_rules *r = rules_new(w, h, 0);
                    r->goal.length = len;
                    r->goal.dirs = dirs;
                    r->goal.exact = exact;
                    rules_finish_ok(r);
                    windowed += r->goal.windowed;
                    tv_state *s = start(r, buf, 0);
                    for (int game = 0; game < 6; game++) {
                        for (int c = 0; c < r->ncells; c++) { /* denser boards make longer runs */
                            x = x * 6364136223846793005ull + 1442695040888963407ull;
                            unsigned v = (unsigned)(x >> 60);
                            s->cells[c] = (uint8_t)(v < 2 * (unsigned)game + 3 ? TV_STONE1 : v < 13 ? TV_STONE2 : v == 13 ? TV_BLOCK : TV_EMPTY);
                        }
                        for (int c = 0; c < r->ncells; c++)
                            if (s->cells[c] == TV_STONE1 || s->cells[c] == TV_STONE2) {
                                ck_assert_msg(tv_goal_made(r, s, c) == walked_goal(r, s->cells, c),
                                              "%dx%d, line of %d, dirs %d, exact %d, cell %d: %d, walked %d", w, h, len,
                                              dirs, exact, c, tv_goal_made(r, s, c), walked_goal(r, s->cells, c));
                                checked++;
                            }
                    }
                    free(r);
                }
    }
    free(buf);
    ck_assert_int_gt(windowed, 1000); /* the bit sets were tried, not only the walk */
    ck_assert_int_gt(checked, 100000);
}
END_TEST

/* Every grid of 64 cells or fewer gets its windows: the longest list,
 * 520, is an 8x8 board's lines of four in all four directions. */
START_TEST(goal_windows_fit_every_small_board)
{
    int most = 0;
    for (int w = 1; w <= TV_MAX_SIDE; w++)
        for (int h = 1; h <= TV_MAX_SIDE && w * h <= 64; h++)
            for (int len = 2; len <= TV_MAX_SIDE; len++) {
                tv_rules *r = rules_new(w, h, 0);
                r->goal.length = len;
                r->goal.dirs = TV_DIR_ALL;
                rules_finish_ok(r);
                ck_assert_int_eq(r->goal.windowed, 1);
                if (r->goal.win_first[r->ncells] > most)
                    most = r->goal.win_first[r->ncells];
                free(r);
            }
    ck_assert_int_eq(most, 520);
    tv_rules *r = rules_new(9, 8, 0); /* 72 cells: walked */
    r->goal.length = 4;
    r->goal.dirs = TV_DIR_ALL;
    rules_finish_ok(r);
    ck_assert_int_eq(r->goal.windowed, 0);
    free(r);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"lines", lines_run_of_four, 10, 0},
        {"lines", lines_shared_stone, 10, 0},
        {"lines", lines_italian_figure, 10, 0},
        {"lines", lines_english_example, 10, 0},
        {"lines", lines_full_row_and_column, 10, 0},
        {"lines", lines_broken_runs, 10, 0},
        {"lines", lines_diagonals, 10, 0},
        {"lines", lines_delta_joins_runs, 10, 0},
        {"goal", goal_windows_agree_with_the_walk, 120, 0},
        {"goal", goal_windows_fit_every_small_board, 120, 0},
    };
    return tv_check_run("core lines", tests, TV_CHECK_COUNT(tests));
}
