/* Unit tests for core/ (libcheck): the PRNG, cell names, line scoring, the
 * play/undo kernel, blocks, the swap rule, position strings, tv_game and
 * option strings. The rules are built in C directly (no Lua).
 *
 * Build and run (out of tree):
 *   gcc -std=c11 -Wall -Wextra -Wpedantic -g -fsanitize=address,undefined \
 *       -Icore tests/test_core.c core/tv_*.c $(pkg-config --cflags --libs check) \
 *       -o /tmp/test_core && /tmp/test_core
 *
 * Hot loops (thousands of random games) test with REQUIRE instead of
 * ck_assert: in fork mode every passing ck_assert reports its location to the
 * parent process, which is far too slow for millions of checks. */
#include <check.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tv_error.h"
#include "tv_game.h"
#include "tv_grid.h"
#include "tv_lines.h"
#include "tv_options.h"
#include "tv_play.h"
#include "tv_position.h"
#include "tv_rng.h"
#include "tv_rules.h"
#include "tv_state.h"

#define REQUIRE(cond, ...)                                                                     \
    do {                                                                                       \
        if (!(cond))                                                                           \
            ck_abort_msg(__VA_ARGS__);                                                         \
    } while (0)

/* ------------------------------------------------------------------------ */
/* Rules and board helpers                                                   */
/* ------------------------------------------------------------------------ */

/* Pahtum's run table: 3 -> 3, 4 -> 10, 5 -> 25, 6 -> 56, 7 -> 119; runs of 1
 * and 2 score nothing. */
static const int32_t pahtum_points[8] = {0, 0, 0, 3, 10, 25, 56, 119};

/* A heap tv_rules (it holds the Zobrist tables: too big for tight stacks),
 * set up but not finished: Pahtum scoring on a w x h board, game ends when
 * the board is full, the higher score wins. */
static tv_rules *rules_new(int w, int h, int dirs)
{
    tv_rules *r = malloc(sizeof *r);
    ck_assert_ptr_nonnull(r);
    tv_rules_init(r);
    r->grid = (tv_grid){w, h};
    r->lines.dirs = dirs;
    for (int i = 3; i <= 7; i++)
        r->lines.points[i] = pahtum_points[i];
    r->ends = TV_END_BOARD_FULL;
    return r;
}

static tv_rules *rules_finish_ok(tv_rules *r)
{
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_rules_finish(r, &err);
    ck_assert_msg(rc == TV_OK, "tv_rules_finish failed (%d): %s", rc, err.msg);
    return r;
}

/* Plain Pahtum: 7x7, rows and columns, no blocks, no swap. */
static tv_rules *pahtum(void) { return rules_finish_ok(rules_new(7, 7, TV_DIR_H | TV_DIR_V)); }

/* Pahtum with its black holes: an odd number of random blocks, 3..13. */
static tv_rules *pahtum_holes(int w, int h, int dirs)
{
    tv_rules *r = rules_new(w, h, dirs);
    r->blocks.mode = TV_BLOCKS_RANDOM;
    r->blocks.min = 3;
    r->blocks.max = 13;
    r->blocks.odd = 1;
    return rules_finish_ok(r);
}

/* A 7x7 cell by name, computed independently of tv_grid_parse_cell:
 * index = (row - 1) * 7 + col, column 'a' = 0. */
static int c7(const char *name) { return (atoi(name + 1) - 1) * 7 + (name[0] - 'a'); }

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

/* A fresh start state of r in a stack buffer. */
static tv_state *start(const tv_rules *r, tv_state_buf *buf, uint64_t seed)
{
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_state_new(r, seed, &buf->state, &err);
    REQUIRE(rc == TV_OK, "tv_state_new(seed %llu): %s", (unsigned long long)seed, err.msg);
    return &buf->state;
}

static void play_ok(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u)
{
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_play(r, s, m, u, &err);
    REQUIRE(rc == TV_OK, "tv_play(%d) failed (%d): %s", (int)m, rc, err.msg);
}

static int count_cells(const tv_rules *r, const tv_state *s, int value)
{
    int n = 0;
    for (int c = 0; c < r->ncells; c++)
        n += s->cells[c] == value;
    return n;
}

/* A uniformly random legal move of an ongoing game. */
static tv_move random_move(const tv_rules *r, const tv_state *s, tv_rng *rng)
{
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    tv_error_clear(&err);
    int n = tv_legal_moves(r, s, moves, TV_MAX_MOVES, &err);
    REQUIRE(n > 0, "no legal move in an ongoing game (n = %d: %s)", n, err.msg);
    return moves[tv_rng_below(rng, (uint32_t)n)];
}

static int is_legal(const tv_rules *r, const tv_state *s, tv_move m)
{
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    int n = tv_legal_moves(r, s, moves, TV_MAX_MOVES, &err);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return 1;
    return 0;
}

/* Every derived field of s agrees with a recount from its cells: scores (by
 * player: player 1 owns White, TV_STONE1, until a swap gives it Black), hash,
 * empty and stone counts, and status/winner. */
static void check_consistent(const tv_rules *r, const tv_state *s, unsigned long game)
{
    int32_t pts[2];
    tv_lines_count(r, s->cells, pts);
    int sw = (s->flags & TV_FLAG_SWAPPED) ? 1 : 0;
    int32_t want0 = pts[sw], want1 = pts[sw ^ 1];
    REQUIRE(s->score[0] == want0 && s->score[1] == want1,
            "game %lu ply %u: incremental scores %d,%d but the recount gives %d,%d", game,
            (unsigned)s->ply, s->score[0], s->score[1], want0, want1);
    uint64_t h = tv_state_hash(r, s);
    REQUIRE(s->hash == h, "game %lu ply %u: incremental hash %016llx, recomputed %016llx", game,
            (unsigned)s->ply, (unsigned long long)s->hash, (unsigned long long)h);
    int empty = count_cells(r, s, TV_EMPTY);
    int stones = count_cells(r, s, TV_STONE1) + count_cells(r, s, TV_STONE2);
    REQUIRE(s->empty == empty, "game %lu ply %u: empty %u, board has %d", game,
            (unsigned)s->ply, (unsigned)s->empty, empty);
    REQUIRE(s->stones == stones, "game %lu ply %u: stones %u, board has %d", game,
            (unsigned)s->ply, (unsigned)s->stones, stones);
    if (s->status == TV_OVER) {
        int w = s->score[0] > s->score[1] ? 1 : s->score[0] < s->score[1] ? 2 : 0;
        REQUIRE(s->winner == w, "game %lu: winner %d with scores %d,%d", game, s->winner,
                s->score[0], s->score[1]);
    } else {
        REQUIRE(s->status == TV_ONGOING && s->winner == -1,
                "game %lu ply %u: status %u winner %d", game, (unsigned)s->ply,
                (unsigned)s->status, s->winner);
    }
}

/* ------------------------------------------------------------------------ */
/* 1. PRNG                                                                   */
/* ------------------------------------------------------------------------ */

/* splitmix64 reference vectors: the sequence must be the same everywhere,
 * because seeds name games (random blocks) in records. */
START_TEST(rng_reference_vectors)
{
    tv_rng g;
    tv_rng_seed(&g, 0);
    ck_assert_uint_eq(tv_rng_next(&g), 0xE220A8397B1DCDAFull);
    ck_assert_uint_eq(tv_rng_next(&g), 0x6E789E6AA1B965F4ull);
    ck_assert_uint_eq(tv_rng_next(&g), 0x06C45D188009454Full);
    tv_rng_seed(&g, 1234567);
    ck_assert_uint_eq(tv_rng_next(&g), 0x599ED017FB08FC85ull);
}
END_TEST

START_TEST(rng_same_seed_same_sequence)
{
    tv_rng a, b;
    tv_rng_seed(&a, 42);
    tv_rng_seed(&b, 42);
    for (int i = 0; i < 1000; i++)
        REQUIRE(tv_rng_next(&a) == tv_rng_next(&b), "draw %d differs for the same seed", i);
    /* tv_rng is one word: a copy continues the same sequence. */
    tv_rng c = a;
    ck_assert_uint_eq(tv_rng_next(&a), tv_rng_next(&c));
    ck_assert_uint_eq(tv_rng_below(&a, 1000), tv_rng_below(&c, 1000));
}
END_TEST

START_TEST(rng_different_seeds_differ)
{
    tv_rng a, b;
    tv_rng_seed(&a, 1);
    tv_rng_seed(&b, 2);
    int same = 0;
    for (int i = 0; i < 1000; i++)
        same += tv_rng_next(&a) == tv_rng_next(&b);
    ck_assert_int_eq(same, 0);
    /* Neighbouring seeds must not give shifted copies of one sequence. */
    tv_rng_seed(&a, 7);
    tv_rng_seed(&b, 8);
    uint64_t first_b = tv_rng_next(&b);
    for (int i = 0; i < 100; i++)
        ck_assert_uint_ne(tv_rng_next(&a), first_b);
}
END_TEST

START_TEST(rng_below_range_and_coverage)
{
    static const uint32_t ns[] = {1, 2, 3, 7, 10, 49};
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        uint32_t n = ns[k];
        int hits[64] = {0};
        tv_rng g;
        tv_rng_seed(&g, 99 + k);
        int draws = 2000 * (int)n;
        for (int i = 0; i < draws; i++) {
            uint32_t v = tv_rng_below(&g, n);
            REQUIRE(v < n, "tv_rng_below(%u) gave %u", n, v);
            hits[v]++;
        }
        /* Every value occurs, roughly uniformly (expected 2000 each). */
        for (uint32_t v = 0; v < n; v++)
            REQUIRE(hits[v] > 1600 && hits[v] < 2400, "tv_rng_below(%u): value %u drawn %d times",
                    n, v, hits[v]);
    }
    /* A bound that is not a power of two and near 2^32 stays in range too. */
    tv_rng g;
    tv_rng_seed(&g, 5);
    for (int i = 0; i < 10000; i++)
        REQUIRE(tv_rng_below(&g, 3000000019u) < 3000000019u, "draw out of range");
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 2. Cell names and move text                                               */
/* ------------------------------------------------------------------------ */

START_TEST(grid_name_round_trip)
{
    static const int sides[] = {7, 19, 26};
    for (size_t k = 0; k < 3; k++) {
        tv_grid g = {sides[k], sides[k]};
        for (int c = 0; c < tv_grid_cells(&g); c++) {
            char name[8];
            int len = tv_grid_cell_name(&g, c, name, sizeof name);
            REQUIRE(len == (int)strlen(name) && (len == 2 || len == 3), "cell %d: name '%s'", c,
                    name);
            REQUIRE(tv_grid_parse_cell(&g, name) == c, "%dx%d: '%s' parses to %d, not %d",
                    g.width, g.height, name, tv_grid_parse_cell(&g, name), c);
        }
    }
}
END_TEST

START_TEST(grid_known_names)
{
    tv_grid g7 = {7, 7}, g19 = {19, 19}, g26 = {26, 26};
    char name[8];
    ck_assert_int_eq(tv_grid_parse_cell(&g7, "a1"), 0);
    ck_assert_int_eq(tv_grid_parse_cell(&g7, "g1"), 6);
    ck_assert_int_eq(tv_grid_parse_cell(&g7, "a2"), 7);
    ck_assert_int_eq(tv_grid_parse_cell(&g7, "d4"), 24);
    ck_assert_int_eq(tv_grid_parse_cell(&g7, "g7"), 48);
    ck_assert_int_eq(tv_grid_parse_cell(&g19, "s19"), 18 * 19 + 18);
    ck_assert_int_eq(tv_grid_parse_cell(&g19, "a10"), 9 * 19);
    ck_assert_int_eq(tv_grid_parse_cell(&g26, "z26"), 675);
    ck_assert_int_eq(tv_grid_cell_name(&g7, 48, name, sizeof name), 2);
    ck_assert_str_eq(name, "g7");
    tv_grid_cell_name(&g19, 360, name, sizeof name);
    ck_assert_str_eq(name, "s19");
    tv_grid_cell_name(&g26, 675, name, sizeof name);
    ck_assert_str_eq(name, "z26");
    tv_grid_cell_name(&g26, 26, name, sizeof name);
    ck_assert_str_eq(name, "a2");
}
END_TEST

START_TEST(grid_rejects_bad_names)
{
    tv_grid g7 = {7, 7}, g19 = {19, 19};
    static const char *bad7[] = {"",   "a",  "a0", "a8",  "h1",  "A1", "a01", "a1x",
                                 "1a", "a-1", " a1", "a1 ", "aa1", "a10", "a100"};
    for (size_t i = 0; i < sizeof bad7 / sizeof bad7[0]; i++)
        REQUIRE(tv_grid_parse_cell(&g7, bad7[i]) == -1, "7x7 accepted '%s' as cell %d", bad7[i],
                tv_grid_parse_cell(&g7, bad7[i]));
    ck_assert_int_eq(tv_grid_parse_cell(&g19, "t1"), -1);
    ck_assert_int_eq(tv_grid_parse_cell(&g19, "a20"), -1);
    ck_assert_int_eq(tv_grid_parse_cell(&g19, "s019"), -1);
}
END_TEST

START_TEST(grid_dirs_parse)
{
    ck_assert_int_eq(tv_dirs_parse(""), 0);
    ck_assert_int_eq(tv_dirs_parse("h"), TV_DIR_H);
    ck_assert_int_eq(tv_dirs_parse("hv"), TV_DIR_H | TV_DIR_V);
    ck_assert_int_eq(tv_dirs_parse("d"), TV_DIR_D1 | TV_DIR_D2);
    ck_assert_int_eq(tv_dirs_parse("vdh"), TV_DIR_ALL);
    ck_assert_int_eq(tv_dirs_parse("hx"), -1);
    ck_assert_int_eq(tv_dirs_parse("H"), -1);
    int dc, dr;
    tv_dir_step(TV_DIR_H, &dc, &dr);
    ck_assert(dc == 1 && dr == 0);
    tv_dir_step(TV_DIR_V, &dc, &dr);
    ck_assert(dc == 0 && dr == 1);
    tv_dir_step(TV_DIR_D1, &dc, &dr);
    ck_assert(dc == 1 && dr == 1);
    tv_dir_step(TV_DIR_D2, &dc, &dr);
    ck_assert(dc == 1 && dr == -1);
}
END_TEST

START_TEST(move_text_and_parse)
{
    tv_rules *r = pahtum();
    char buf[16];
    tv_move m = 0;
    tv_error err;
    ck_assert_int_eq(tv_move_text(r, TV_MOVE_PASS, buf, sizeof buf), 4);
    ck_assert_str_eq(buf, "pass");
    tv_move_text(r, TV_MOVE_SWAP, buf, sizeof buf);
    ck_assert_str_eq(buf, "swap");
    tv_move_text(r, c7("e5"), buf, sizeof buf);
    ck_assert_str_eq(buf, "e5");
    ck_assert_int_eq(tv_move_parse(r, "e5", &m, &err), TV_OK);
    ck_assert_int_eq(m, c7("e5"));
    ck_assert_int_eq(tv_move_parse(r, "swap", &m, &err), TV_OK);
    ck_assert_int_eq(m, TV_MOVE_SWAP);
    ck_assert_int_eq(tv_move_parse(r, "pass", &m, &err), TV_OK);
    ck_assert_int_eq(m, TV_MOVE_PASS);
    m = 17;
    tv_error_clear(&err);
    ck_assert_int_eq(tv_move_parse(r, "h8", &m, &err), TV_EINVAL);
    ck_assert_int_eq(m, 17); /* untouched on error */
    ck_assert_ptr_nonnull(strstr(err.msg, "g7")); /* names the last cell */
    ck_assert_int_eq(tv_move_parse(r, "Swap", &m, &err), TV_EINVAL);
    free(r);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Rules validation                                                          */
/* ------------------------------------------------------------------------ */

START_TEST(rules_derived_fields)
{
    tv_rules *r = pahtum();
    ck_assert_int_eq(r->ncells, 49);
    ck_assert_int_eq(r->state_size % 8, 0);
    ck_assert_int_ge(r->state_size, (int)TV_STATE_HEAD + 49);
    ck_assert_int_lt(r->state_size, (int)TV_STATE_HEAD + 49 + 8);
    /* Empty cells hash to 0; every other key is a distinct non-zero word. */
    ck_assert_uint_eq(r->zcell[10][TV_EMPTY], 0);
    ck_assert_uint_ne(r->zcell[10][TV_STONE1], 0);
    ck_assert_uint_ne(r->zcell[10][TV_STONE1], r->zcell[10][TV_STONE2]);
    ck_assert_uint_ne(r->zcell[10][TV_STONE1], r->zcell[11][TV_STONE1]);
    ck_assert_uint_ne(r->zside, r->zswapped);
    /* Keys are fixed: finishing the same rules again gives the same tables. */
    tv_rules *r2 = pahtum();
    ck_assert_int_eq(memcmp(r->zcell, r2->zcell, sizeof r->zcell), 0);
    ck_assert_uint_eq(r->zsetup, r2->zsetup);
    free(r);
    free(r2);
}
END_TEST

/* Each broken description is refused with TV_ERULES and a message. */
START_TEST(rules_rejects_broken)
{
    for (int k = 0; k < 12; k++) {
        tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
        switch (k) {
        case 0: r->grid = (tv_grid){0, 7}; break;
        case 1: r->grid = (tv_grid){27, 7}; break;
        case 2: r->ends = 0; break;
        case 3: r->swap_after = 49; break;
        case 4: r->swap_after = -1; break;
        case 5: r->lines.dirs = 16; break;
        case 6:
            r->blocks.mode = TV_BLOCKS_RANDOM;
            r->blocks.min = 3;
            r->blocks.max = 49;
            break;
        case 7:
            r->blocks.mode = TV_BLOCKS_RANDOM;
            r->blocks.min = r->blocks.max = 4;
            r->blocks.odd = 1;
            break;
        case 8:
            r->blocks.mode = TV_BLOCKS_LIST;
            r->blocks.count = 2;
            r->blocks.cells[0] = r->blocks.cells[1] = 5;
            break;
        case 9:
            r->blocks.mode = TV_BLOCKS_LIST;
            r->blocks.count = 1;
            r->blocks.cells[0] = 49;
            break;
        case 10:
            r->blocks.mode = TV_BLOCKS_PLACED;
            r->blocks.count = 0;
            break;
        case 11:
            r->blocks.mode = TV_BLOCKS_RANDOM;
            r->blocks.min = 5;
            r->blocks.max = 3;
            break;
        }
        tv_error err;
        tv_error_clear(&err);
        int rc = tv_rules_finish(r, &err);
        REQUIRE(rc == TV_ERULES, "broken rules %d accepted (rc %d)", k, rc);
        REQUIRE(err.code == TV_ERULES && err.msg[0] != '\0', "broken rules %d: no message", k);
        free(r);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 3. Line scoring: the worked examples                                      */
/* ------------------------------------------------------------------------ */

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

/* ------------------------------------------------------------------------ */
/* 4. Incremental scores and hash == full recount                            */
/* ------------------------------------------------------------------------ */

/* Plays `games` seeded random games (start seed g, move seed g ^ salt) and
 * checks every state against the full recount. Returns the total of the final
 * scores, so the callers can check that scoring actually happened. */
static long random_games_consistent(const tv_rules *r, int games, int force_swap)
{
    long total = 0;
    int swaps = 0;
    for (int g = 0; g < games; g++) {
        tv_state_buf buf;
        tv_state *s = start(r, &buf, (uint64_t)g);
        check_consistent(r, s, (unsigned long)g);
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)g ^ 0x5DEECE66Dull);
        while (s->status == TV_ONGOING) {
            tv_move m = random_move(r, s, &rng);
            if (force_swap && (g & 1) && is_legal(r, s, TV_MOVE_SWAP))
                m = TV_MOVE_SWAP;
            swaps += m == TV_MOVE_SWAP;
            play_ok(r, s, m, NULL);
            check_consistent(r, s, (unsigned long)g);
        }
        /* Board-full rule: the game ends exactly when no empty cell is left. */
        REQUIRE(s->empty == 0 && s->status == TV_OVER, "game %d ended with %u empty cells", g,
                (unsigned)s->empty);
        total += s->score[0] + s->score[1];
    }
    if (force_swap)
        REQUIRE(swaps >= games / 2, "only %d swaps in %d games", swaps, games);
    return total;
}

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

/* ------------------------------------------------------------------------ */
/* 5. Play / undo                                                            */
/* ------------------------------------------------------------------------ */

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
            tv_move moves[TV_MAX_MOVES];
            tv_error err;
            int nm = tv_legal_moves(r, s, moves, TV_MAX_MOVES, &err);
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

/* ------------------------------------------------------------------------ */
/* 6. Illegal moves                                                          */
/* ------------------------------------------------------------------------ */

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
    tv_move moves[TV_MAX_MOVES];
    ck_assert_int_eq(tv_legal_moves(r, s, moves, TV_MAX_MOVES, &err), 0);
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

/* ------------------------------------------------------------------------ */
/* 7. Blocks                                                                 */
/* ------------------------------------------------------------------------ */

START_TEST(blocks_random_counts)
{
    tv_rules *r = pahtum_holes(7, 7, TV_DIR_H | TV_DIR_V);
    int seen[50] = {0}, cell_hits[49] = {0}, same_as_previous = 0;
    tv_state_buf prev;
    memset(&prev, 0, sizeof prev);
    for (int seed = 0; seed < 500; seed++) {
        tv_state_buf a, b;
        tv_state *s = start(r, &a, (uint64_t)seed);
        int n = count_cells(r, s, TV_BLOCK);
        REQUIRE(n % 2 == 1 && n >= 3 && n <= 13, "seed %d: %d blocks", seed, n);
        REQUIRE(s->empty == 49 - n, "seed %d: empty %u with %d blocks", seed,
                (unsigned)s->empty, n);
        REQUIRE(count_cells(r, s, TV_EMPTY) == 49 - n, "seed %d: stray cell values", seed);
        REQUIRE(s->hash == tv_state_hash(r, s), "seed %d: start hash", seed);
        seen[n]++;
        for (int c = 0; c < 49; c++)
            cell_hits[c] += s->cells[c] == TV_BLOCK;
        /* Same seed, same blocks (and the same whole state). */
        tv_state *t = start(r, &b, (uint64_t)seed);
        REQUIRE(memcmp(s, t, (size_t)r->state_size) == 0, "seed %d: not reproducible", seed);
        if (seed > 0 && memcmp(s->cells, prev.state.cells, 49) == 0)
            same_as_previous++;
        tv_state_copy(r, &prev.state, s);
    }
    /* Both ends of the range occur, and every odd count in between. */
    for (int n = 3; n <= 13; n += 2)
        REQUIRE(seen[n] >= 40, "%d blocks drawn only %d times in 500 seeds", n, seen[n]);
    ck_assert_int_gt(seen[3], 0);
    ck_assert_int_gt(seen[13], 0);
    /* Different seeds give different boards, and every cell can be a hole. */
    ck_assert_int_le(same_as_previous, 2);
    for (int c = 0; c < 49; c++)
        REQUIRE(cell_hits[c] > 20, "cell %d blocked only %d times", c, cell_hits[c]);
    free(r);
}
END_TEST

/* Without the odd rule both parities occur. */
START_TEST(blocks_random_any_parity)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_RANDOM;
    r->blocks.min = 2;
    r->blocks.max = 4;
    rules_finish_ok(r);
    int seen[5] = {0};
    for (int seed = 0; seed < 300; seed++) {
        tv_state_buf a;
        int n = count_cells(r, start(r, &a, (uint64_t)seed), TV_BLOCK);
        REQUIRE(n >= 2 && n <= 4, "seed %d: %d blocks", seed, n);
        seen[n]++;
    }
    ck_assert_int_gt(seen[2], 50);
    ck_assert_int_gt(seen[3], 50);
    ck_assert_int_gt(seen[4], 50);
    free(r);
}
END_TEST

START_TEST(blocks_list)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_LIST;
    r->blocks.count = 3;
    r->blocks.cells[0] = (uint16_t)c7("c3");
    r->blocks.cells[1] = (uint16_t)c7("e5");
    r->blocks.cells[2] = (uint16_t)c7("d4");
    rules_finish_ok(r);
    for (int seed = 0; seed < 5; seed++) {
        tv_state_buf a;
        tv_state *s = start(r, &a, (uint64_t)seed * 977);
        for (int c = 0; c < 49; c++) {
            int want = (c == c7("c3") || c == c7("e5") || c == c7("d4")) ? TV_BLOCK : TV_EMPTY;
            REQUIRE(s->cells[c] == want, "seed %d cell %d: %d", seed, c, s->cells[c]);
        }
        ck_assert_int_eq(s->empty, 46);
        ck_assert_uint_eq(s->hash, tv_state_hash(r, s));
        ck_assert_int_eq(s->flags, 0);
    }
    free(r);
}
END_TEST

/* PLACED: the players put down the blocks in turn (1, 2, 1) as moves, then
 * player 1 places the first stone. */
START_TEST(blocks_placed)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_PLACED;
    r->blocks.count = 3;
    rules_finish_ok(r);
    tv_state_buf a;
    tv_state *s = start(r, &a, 0);
    static const char *cells[3] = {"a1", "d4", "g7"};
    static const int players[3] = {0, 1, 0};
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    ck_assert_int_eq(s->empty, 49);
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(s->flags, TV_FLAG_SETUP);
        ck_assert_int_eq(s->setup_left, 3 - i);
        ck_assert_int_eq(s->to_move, players[i]);
        ck_assert_int_eq(tv_legal_moves(r, s, moves, TV_MAX_MOVES, &err), 49 - i);
        play_ok(r, s, c7(cells[i]), NULL);
        ck_assert_int_eq(s->cells[c7(cells[i])], TV_BLOCK);
        ck_assert_int_eq(s->stones, 0);
        ck_assert_int_eq(s->score[0], 0);
        ck_assert_int_eq(s->ply, i + 1);
        ck_assert_uint_eq(s->hash, tv_state_hash(r, s));
    }
    ck_assert_int_eq(s->flags, 0);
    ck_assert_int_eq(s->setup_left, 0);
    ck_assert_int_eq(s->to_move, 0);
    ck_assert_int_eq(s->empty, 46);
    ck_assert_int_eq(count_cells(r, s, TV_BLOCK), 3);
    play_ok(r, s, c7("b2"), NULL);
    ck_assert_int_eq(s->cells[c7("b2")], TV_STONE1);
    ck_assert_int_eq(s->stones, 1);
    ck_assert_int_eq(s->to_move, 1);
    play_ok(r, s, c7("c2"), NULL);
    ck_assert_int_eq(s->cells[c7("c2")], TV_STONE2);
    ck_assert_uint_eq(s->hash, tv_state_hash(r, s));
    free(r);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 8. Swap                                                                   */
/* ------------------------------------------------------------------------ */

/* Runs of 2 score 1 here, so the scores at the swap are not both zero. */
static tv_rules *swap_rules(void)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->swap_after = 3;
    r->lines.points[2] = 1;
    return rules_finish_ok(r);
}

START_TEST(swap_exchanges_colours_and_scores)
{
    tv_rules *r = swap_rules();
    tv_state_buf a, before;
    tv_state *s = start(r, &a, 0);
    ck_assert(!is_legal(r, s, TV_MOVE_SWAP));
    play_ok(r, s, c7("a1"), NULL); /* player 1, White */
    ck_assert(!is_legal(r, s, TV_MOVE_SWAP));
    play_ok(r, s, c7("g7"), NULL); /* player 2, Black */
    ck_assert(!is_legal(r, s, TV_MOVE_SWAP));
    play_ok(r, s, c7("b1"), NULL); /* player 1: a1-b1 scores 1 */
    ck_assert_int_eq(s->score[0], 1);
    ck_assert_int_eq(s->score[1], 0);
    ck_assert_int_eq(s->to_move, 1);

    /* Swap is offered exactly once in the list, as the last move. */
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    int n = tv_legal_moves(r, s, moves, TV_MAX_MOVES, &err);
    ck_assert_int_eq(n, 46 + 1);
    ck_assert_int_eq(moves[n - 1], TV_MOVE_SWAP);
    for (int i = 0; i < n - 1; i++)
        ck_assert_int_ge(moves[i], 0);

    tv_state_copy(r, &before.state, s);
    tv_undo u;
    play_ok(r, s, TV_MOVE_SWAP, &u);
    ck_assert_int_eq(s->flags, TV_FLAG_SWAPPED);
    ck_assert_int_eq(s->score[0], 0); /* player 1 now owns Black's lone g7 */
    ck_assert_int_eq(s->score[1], 1); /* player 2 owns a1-b1 */
    ck_assert_int_eq(s->to_move, 0);
    ck_assert_int_eq(s->stones, 3);
    ck_assert_int_eq(s->ply, 4);
    ck_assert_int_eq(s->last, TV_MOVE_SWAP);
    ck_assert_int_eq(tv_colour_of(s, 0), TV_STONE2);
    ck_assert_int_eq(tv_colour_of(s, 1), TV_STONE1);
    ck_assert_uint_eq(s->hash, tv_state_hash(r, s));
    ck_assert_uint_ne(s->hash, before.state.hash);
    char text[TV_POSITION_MAX];
    tv_position_write(r, s, text, sizeof text);
    ck_assert_str_eq(text, "......o/......./......./......./......./......./xx..... 1 s 4");

    /* Undo of the swap restores everything. */
    tv_state_buf swapped;
    tv_state_copy(r, &swapped.state, s);
    tv_unplay(r, s, &u);
    ck_assert_int_eq(memcmp(s, &before.state, (size_t)r->state_size), 0);
    tv_state_copy(r, s, &swapped.state);

    /* Player 1 places Black next to g7: f7-g7 scores 1 for player 1. */
    play_ok(r, s, c7("f7"), NULL);
    ck_assert_int_eq(s->cells[c7("f7")], TV_STONE2);
    ck_assert_int_eq(s->score[0], 1);
    ck_assert_int_eq(s->score[1], 1);
    /* Player 2 places White: a1-b1-c1 is a 3 (3 points, 2 more). */
    play_ok(r, s, c7("c1"), NULL);
    ck_assert_int_eq(s->cells[c7("c1")], TV_STONE1);
    ck_assert_int_eq(s->score[0], 1);
    ck_assert_int_eq(s->score[1], 3);
    ck_assert(!is_legal(r, s, TV_MOVE_SWAP));
    check_consistent(r, s, 0);
    free(r);
}
END_TEST

/* Whole games with the swap rule (taken in odd games), with and without
 * random blocks: the board always fills up and the winner matches. */
START_TEST(swap_full_games)
{
    tv_rules *r = swap_rules();
    random_games_consistent(r, 300, 1);
    free(r);

    r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->swap_after = 3;
    r->blocks.mode = TV_BLOCKS_RANDOM;
    r->blocks.min = 3;
    r->blocks.max = 13;
    r->blocks.odd = 1;
    rules_finish_ok(r);
    int winners[3] = {0, 0, 0};
    for (int g = 0; g < 300; g++) {
        tv_state_buf buf;
        tv_state *s = start(r, &buf, (uint64_t)g);
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)g + 77);
        int swapped = 0;
        while (s->status == TV_ONGOING) {
            tv_move m = random_move(r, s, &rng);
            if ((g & 1) && is_legal(r, s, TV_MOVE_SWAP))
                m = TV_MOVE_SWAP;
            swapped |= m == TV_MOVE_SWAP;
            play_ok(r, s, m, NULL);
        }
        REQUIRE(s->empty == 0 && s->status == TV_OVER, "game %d: empty %u", g,
                (unsigned)s->empty);
        /* Odd games take the swap; even ones may pick it at random. */
        REQUIRE(swapped || !(g & 1), "game %d did not swap", g);
        int w = s->score[0] > s->score[1] ? 1 : s->score[0] < s->score[1] ? 2 : 0;
        REQUIRE(s->winner == w, "game %d: winner %d, scores %d-%d", g, s->winner, s->score[0],
                s->score[1]);
        winners[w]++;
        check_consistent(r, s, (unsigned long)g);
    }
    /* Random play: both players win some games. */
    ck_assert_int_gt(winners[1], 30);
    ck_assert_int_gt(winners[2], 30);
    free(r);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 9. Position strings                                                       */
/* ------------------------------------------------------------------------ */

/* write -> read gives the same state. Position strings do not record the
 * last move (like FEN), so that one field reads back as TV_MOVE_NONE. */
static void check_round_trip(const tv_rules *r, const tv_state *s)
{
    char text[TV_POSITION_MAX], again[TV_POSITION_MAX];
    int n = tv_position_write(r, s, text, sizeof text);
    REQUIRE(n > 0 && n < (int)sizeof text && n == (int)strlen(text), "write returned %d", n);
    tv_state_buf back, want;
    memset(&back, 0xA5, sizeof back);
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_position_read(r, text, &back.state, &err);
    REQUIRE(rc == TV_OK, "'%s' does not read back: %s", text, err.msg);
    tv_state_copy(r, &want.state, s);
    want.state.last = TV_MOVE_NONE;
    REQUIRE(back.state.last == TV_MOVE_NONE, "'%s': last %d", text, back.state.last);
    REQUIRE(memcmp(&back.state, &want.state, (size_t)r->state_size) == 0,
            "'%s' reads back as a different state (score %d,%d vs %d,%d, hash %d, status %u/%u,"
            " setup_left %u/%u)",
            text, back.state.score[0], back.state.score[1], s->score[0], s->score[1],
            back.state.hash == s->hash, (unsigned)back.state.status, (unsigned)s->status,
            (unsigned)back.state.setup_left, (unsigned)s->setup_left);
    tv_position_write(r, &back.state, again, sizeof again);
    REQUIRE(strcmp(text, again) == 0, "'%s' rewrites as '%s'", text, again);
}

static void round_trip_games(const tv_rules *r, int games, int force_swap)
{
    for (int g = 0; g < games; g++) {
        tv_state_buf buf;
        tv_state *s = start(r, &buf, (uint64_t)g);
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)g + 4242);
        check_round_trip(r, s);
        while (s->status == TV_ONGOING) {
            tv_move m = random_move(r, s, &rng);
            if (force_swap && (g & 1) && is_legal(r, s, TV_MOVE_SWAP))
                m = TV_MOVE_SWAP;
            play_ok(r, s, m, NULL);
            check_round_trip(r, s);
        }
    }
}

START_TEST(position_known_strings)
{
    tv_rules *r = pahtum();
    tv_state_buf a;
    tv_state *s = start(r, &a, 0);
    char text[TV_POSITION_MAX];
    int n = tv_position_write(r, s, text, sizeof text);
    ck_assert_str_eq(text, "......./......./......./......./......./......./....... 1 - 0");
    ck_assert_int_eq(n, (int)strlen(text));
    play_ok(r, s, c7("d4"), NULL);
    play_ok(r, s, c7("a1"), NULL);
    play_ok(r, s, c7("g7"), NULL);
    tv_position_write(r, s, text, sizeof text);
    ck_assert_str_eq(text, "......x/......./......./...x.../......./......./o...... 2 - 3");
    /* A short buffer gets a truncated, terminated copy and the full length. */
    char small[10];
    ck_assert_int_eq(tv_position_write(r, s, small, sizeof small), (int)strlen(text));
    ck_assert_str_eq(small, "......x/.");
    free(r);
}
END_TEST

/* Reading derives the scores, counts and status: the Italian figure gives
 * 10 to 6, a full board is over with a winner. */
START_TEST(position_read_derives)
{
    tv_rules *r = pahtum();
    tv_state_buf a;
    tv_error err;
    tv_state *s = &a.state;
    ck_assert_int_eq(tv_position_read(r,
                                      "......./......./.ooo.../..oxxxx/..o..x./......x/......."
                                      " 2 - 11",
                                      s, &err),
                     TV_OK);
    ck_assert_int_eq(s->score[0], 10);
    ck_assert_int_eq(s->score[1], 6);
    ck_assert_int_eq(s->stones, 11);
    ck_assert_int_eq(s->empty, 38);
    ck_assert_int_eq(s->to_move, 1);
    ck_assert_int_eq(s->ply, 11);
    ck_assert_int_eq(s->status, TV_ONGOING);
    ck_assert_int_eq(s->winner, -1);
    ck_assert_uint_eq(s->hash, tv_state_hash(r, s));
    ck_assert_int_eq(s->cells[c7("g2")], TV_STONE1);
    ck_assert_int_eq(s->cells[c7("c3")], TV_STONE2);

    /* A full checkerboard (25 x, 24 o) has no runs: a draw. */
    const char *full = "xoxoxox/oxoxoxo/xoxoxox/oxoxoxo/xoxoxox/oxoxoxo/xoxoxox 2 - 49";
    ck_assert_int_eq(tv_position_read(r, full, s, &err), TV_OK);
    ck_assert_int_eq(s->status, TV_OVER);
    ck_assert_int_eq(s->score[0], 0);
    ck_assert_int_eq(s->score[1], 0);
    ck_assert_int_eq(s->winner, 0);
    ck_assert_int_eq(s->empty, 0);
    /* Full rows: White rows 7, 5, 3 (3 x 119) and a1-d1 (10) = 367; Black
     * rows 6, 4, 2 (3 x 119) and e1-g1 (3) = 360. The columns alternate
     * except e1-e2, f1-f2, g1-g2 (runs of 2: nothing). White wins. */
    const char *rows = "xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxooo 2 - 49";
    ck_assert_int_eq(tv_position_read(r, rows, s, &err), TV_OK);
    ck_assert_int_eq(s->status, TV_OVER);
    ck_assert_int_eq(s->score[0], 367);
    ck_assert_int_eq(s->score[1], 360);
    ck_assert_int_eq(s->winner, 1);
    free(r);
}
END_TEST

START_TEST(position_round_trip_holes)
{
    tv_rules *r = pahtum_holes(7, 7, TV_DIR_H | TV_DIR_V);
    round_trip_games(r, 200, 0);
    free(r);
}
END_TEST

START_TEST(position_round_trip_swap)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_ALL);
    r->swap_after = 3;
    r->blocks.mode = TV_BLOCKS_RANDOM;
    r->blocks.min = 3;
    r->blocks.max = 13;
    r->blocks.odd = 1;
    rules_finish_ok(r);
    round_trip_games(r, 200, 1);
    free(r);
}
END_TEST

/* Placed blocks: includes the setup phase (flag 'p') and the swap. */
START_TEST(position_round_trip_setup)
{
    tv_rules *r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_PLACED;
    r->blocks.count = 3;
    r->swap_after = 2;
    rules_finish_ok(r);
    tv_state_buf a;
    tv_state *s = start(r, &a, 0);
    char text[TV_POSITION_MAX];
    tv_position_write(r, s, text, sizeof text);
    ck_assert_str_eq(text, "......./......./......./......./......./......./....... 1 p 0");
    play_ok(r, s, c7("a1"), NULL);
    tv_position_write(r, s, text, sizeof text);
    ck_assert_str_eq(text, "......./......./......./......./......./......./#...... 2 p 1");
    round_trip_games(r, 200, 1);
    free(r);
}
END_TEST

START_TEST(position_round_trip_large)
{
    tv_rules *r = pahtum_holes(26, 26, TV_DIR_ALL);
    round_trip_games(r, 3, 0);
    free(r);
}
END_TEST

/* text must be refused with TV_EINVAL and a message, and *target (holding a
 * mid-game state) left exactly as it was. */
static void expect_bad_position(const tv_rules *r, const char *text, const char *why)
{
    tv_state_buf target, copy;
    tv_state *t = start(r, &target, 5);
    tv_rng rng;
    tv_rng_seed(&rng, 5);
    for (int i = 0; i < 5; i++)
        play_ok(r, t, random_move(r, t, &rng), NULL);
    tv_state_copy(r, &copy.state, t);
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_position_read(r, text, t, &err);
    REQUIRE(rc == TV_EINVAL, "%s: '%.80s' gave %d (%s)", why, text, rc, err.msg);
    REQUIRE(err.code == TV_EINVAL && err.msg[0] != '\0', "%s: no message", why);
    REQUIRE(memcmp(t, &copy.state, (size_t)r->state_size) == 0, "%s: target changed", why);
}

static void expect_good_position(const tv_rules *r, const char *text)
{
    tv_state_buf a;
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_position_read(r, text, &a.state, &err);
    REQUIRE(rc == TV_OK, "'%s' refused: %s", text, err.msg);
}

START_TEST(position_rejects_corrupt)
{
    tv_rules *r = pahtum();
#define E "......./"
    /* The base string is valid: every case below breaks one thing. */
    expect_good_position(r, E E E "...x.../" E E "....... 2 - 1");
    static const struct {
        const char *text, *why;
    } bad[] = {
        {E E E "...x.../" E "....... 2 - 1", "6 rows"},
        {E E E E "...x.../" E E "....... 2 - 1", "8 rows"},
        {E E E "...x.../" E E "....... 2 - 1 9", "5 fields"},
        {E E E "...x.../" E E "....... 2", "2 fields"},
        {E E E "...x.../" E E "....... 2 -", "3 fields"},
        {"", "empty string"},
        {"   ", "blanks only"},
        {E E E "...x.../" E E E " 2 - 1", "trailing slash (an 8th, empty row)"},
        {E E E "...x../" E E "........ 2 - 1", "rows of 6 and 8"},
        {E E E "...x..../" E E "...... 2 - 1", "rows of 8 and 6"},
        {E E E "...x.../" E E "...... 2 - 1", "last row of 6"},
        {E E E "...x.../" E E "........ 2 - 1", "last row of 8"},
        {E E "//" "...x.../" E E "....... 2 - 1", "empty row"},
        {E E E "...X.../" E E "....... 2 - 1", "bad char X"},
        {E E E "...x.0./" E E "....... 2 - 1", "bad char 0"},
        {E E E "...x.../" E E "....... 3 - 1", "side 3"},
        {E E E "...x.../" E E "....... 0 - 1", "side 0"},
        {E E E "...x.../" E E "....... 22 - 1", "side 22"},
        {E E E "...x.../" E E "....... b - 1", "side b"},
        {E E E "...x.../" E E "....... 1 - 1", "wrong side for the stones"},
        {E E E "...x.../" E E "....... 2 q 1", "flag q"},
        {E E E "...x.../" E E "....... 2 -s 1", "flags -s"},
        {E E E "...x.../" E E "....... 1 s 2", "flag s without a swap rule"},
        {E E E "...x.../" E E "....... 2 p 1", "flag p without placed blocks"},
        {E E E "...x.../" E E "....... 2 - -1", "ply -1"},
        {E E E "...x.../" E E "....... 2 - abc", "ply abc"},
        {E E E "...x.../" E E "....... 2 - 1x", "ply 1x"},
        {E E E "...x.../" E E "....... 2 - +1", "ply +1"},
        {E E E "...x.../" E E "....... 2 - 2", "ply 2 for one stone"},
        {E E E "...x.../" E E "....... 2 - 0", "ply 0 for one stone"},
        {E E E "...x.../" E E "....... 2 - 65537", "ply 65537"},
        {E E E "xxx..../" E E "....... 2 - 3", "3 x and 0 o"},
        {E E E "ooo..../" E E "....... 2 - 3", "0 x and 3 o"},
        {E E E "o....../" E E "....... 2 - 1", "0 x and 1 o"},
        {E E E "...#.../" E E "....... 1 - 0", "a block without a block rule"},
    };
#undef E
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_bad_position(r, bad[i].text, bad[i].why);

    /* Far too long. */
    char *longtext = malloc(10001);
    ck_assert_ptr_nonnull(longtext);
    memset(longtext, '.', 10000);
    memcpy(longtext + 9994, " 1 - 0", 6);
    longtext[10000] = '\0';
    expect_bad_position(r, longtext, "10000 characters");
    /* Long, but just under the length limit: the board is wrong. */
    longtext[TV_POSITION_MAX - 7] = '\0';
    memcpy(longtext + TV_POSITION_MAX - 13, " 1 - 0", 6);
    expect_bad_position(r, longtext, "a board of 700-odd dots");
    free(longtext);
    free(r);
}
END_TEST

/* The blocks on the board must be possible under the block rule. */
START_TEST(position_rejects_impossible_blocks)
{
    tv_rules *r = pahtum_holes(7, 7, TV_DIR_H | TV_DIR_V);
    expect_good_position(r, "#.#.#../......./......./......./......./......./....... 1 - 0");
    expect_bad_position(r, "#.#..../......./......./......./......./......./....... 1 - 0",
                        "2 blocks, odd required");
    expect_bad_position(r, "#....../......./......./......./......./......./....... 1 - 0",
                        "1 block, 3 at least");
    expect_bad_position(r, "#######/########/......./......./......./......./....... 1 - 0",
                        "bad row with many blocks");
    expect_bad_position(r, "#######/#######/#....../......./......./......./....... 1 - 0",
                        "15 blocks");
    expect_bad_position(r, "#.#.#../......./......./......./......./......./....... 1 p 0",
                        "flag p with random blocks");
    free(r);

    r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_PLACED;
    r->blocks.count = 3;
    rules_finish_ok(r);
    expect_good_position(r, "#.#..../......./......./......./......./......./....... 1 p 2");
    expect_good_position(r, "#.#.#../......./......./......./......./......./x...... 2 - 4");
    expect_bad_position(r, "#.#.#../......./......./......./......./......./....... 2 p 3",
                        "flag p with all blocks placed");
    expect_bad_position(r, "#.#..../......./......./......./......./......./....... 1 - 2",
                        "no flag p with blocks left to place");
    expect_bad_position(r, "#.#.#.#/......./......./......./......./......./....... 1 - 4",
                        "4 blocks of 3");
    expect_bad_position(r, "#.#..../......./......./......./......./......./x...... 1 p 3",
                        "a stone during the setup");
    expect_bad_position(r, "#.#..../......./......./......./......./......./....... 2 p 2",
                        "wrong side in the setup");
    expect_bad_position(r, "#.#..../......./......./......./......./......./....... 1 pp 2",
                        "flags pp");
    free(r);

    /* LIST: exactly the ruleset's cells (c3, e5, d4), no more, no fewer. */
    r = rules_new(7, 7, TV_DIR_H | TV_DIR_V);
    r->blocks.mode = TV_BLOCKS_LIST;
    r->blocks.count = 3;
    r->blocks.cells[0] = (uint16_t)c7("c3");
    r->blocks.cells[1] = (uint16_t)c7("e5");
    r->blocks.cells[2] = (uint16_t)c7("d4");
    rules_finish_ok(r);
    expect_good_position(r, "......./......./....#../...#.../..#..../......./....... 1 - 0");
    expect_bad_position(r, "......./......./....#../...#.../..#..../......./#...... 1 - 0",
                        "a block more than listed");
    expect_bad_position(r, "......./......./....#../...#.../......./......./....... 1 - 0",
                        "a listed block missing");
    expect_bad_position(r, "......./......./....#../...#.../.#...../......./....... 1 - 0",
                        "a block on the wrong cell");
    expect_bad_position(r, "......./......./....#../...#.../..x..../......./....... 2 - 1",
                        "a stone on a listed block");
    free(r);

    r = swap_rules();
    expect_good_position(r, "......o/......./......./......./......./......./xx..... 1 s 4");
    expect_bad_position(r, "......o/......./......./......./......./......./x...... 2 s 3",
                        "flag s before the swap point");
    expect_bad_position(r, "......o/......./......./......./......./......./xx..... 2 s 4",
                        "wrong side after a swap");
    expect_bad_position(r, "......o/......./......./......./......./......./xx..... 1 ss 4",
                        "flags ss");
    expect_bad_position(r, "......o/......./......./......./......./......./xx..... 1 s 3",
                        "ply not counting the swap");
    free(r);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 10. tv_game                                                               */
/* ------------------------------------------------------------------------ */

START_TEST(game_play_undo_to_start)
{
    tv_rules *r = pahtum_holes(7, 7, TV_DIR_H | TV_DIR_V);
    tv_error err;
    tv_game *g = tv_game_new(r, 21, &err);
    ck_assert_ptr_nonnull(g);
    tv_state_buf fresh;
    start(r, &fresh, 21);
    ck_assert_int_eq(memcmp(g->state, &fresh.state, (size_t)r->state_size), 0);

    /* Play by text the first empty cells in order. */
    char name[8];
    int played = 0;
    for (int c = 0; c < 49 && played < 10; c++) {
        if (g->state->cells[c] != TV_EMPTY)
            continue;
        tv_grid_cell_name(&r->grid, c, name, sizeof name);
        ck_assert_int_eq(tv_game_play_text(g, name, &err), TV_OK);
        ck_assert_int_eq(g->history[played], c);
        played++;
    }
    ck_assert_int_eq(g->nply, 10);
    for (int i = 1; i < 10; i++) /* the history is the cells in order */
        ck_assert_int_gt(g->history[i], g->history[i - 1]);
    ck_assert_int_eq(g->state->cells[g->history[0]], TV_STONE1);
    ck_assert_int_eq(g->state->cells[g->history[9]], TV_STONE2);
    ck_assert_int_eq(g->state->ply, 10);
    ck_assert_int_eq(g->state->stones, 10);

    /* Refused moves leave the game as it was. */
    tv_state_buf mid;
    tv_state_copy(r, &mid.state, g->state);
    ck_assert_int_eq(tv_game_play_text(g, "h8", &err), TV_EINVAL);
    ck_assert_int_eq(tv_game_play_text(g, "swap", &err), TV_EILLEGAL);
    tv_grid_cell_name(&r->grid, g->history[0], name, sizeof name);
    ck_assert_int_eq(tv_game_play_text(g, name, &err), TV_EILLEGAL);
    ck_assert_int_eq(g->nply, 10);
    ck_assert_int_eq(memcmp(g->state, &mid.state, (size_t)r->state_size), 0);

    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert_int_eq(g->nply, 0);
    ck_assert_int_eq(memcmp(g->state, &fresh.state, (size_t)r->state_size), 0);
    tv_error_clear(&err);
    ck_assert_int_eq(tv_game_undo(g, &err), TV_EINVAL);
    ck_assert(err.msg[0] != '\0');
    ck_assert_int_eq(memcmp(g->state, &fresh.state, (size_t)r->state_size), 0);
    tv_game_free(g);
    tv_game_free(NULL);
    free(r);
}
END_TEST

/* More moves than the first history allocation (64): the arrays grow. */
START_TEST(game_long_history)
{
    tv_rules *r = rules_finish_ok(rules_new(10, 10, TV_DIR_H | TV_DIR_V));
    tv_error err;
    tv_game *g = tv_game_new(r, 1, &err);
    ck_assert_ptr_nonnull(g);
    tv_state_buf fresh;
    tv_state_copy(r, &fresh.state, g->state);
    /* states[i] = the state before move i (r->state_size bytes each). */
    unsigned char *states = malloc((size_t)r->state_size * 101);
    ck_assert_ptr_nonnull(states);
    tv_rng rng;
    tv_rng_seed(&rng, 3);
    int n = 0;
    while (g->state->status == TV_ONGOING) {
        memcpy(states + (size_t)n * (size_t)r->state_size, g->state, (size_t)r->state_size);
        tv_move m = random_move(r, g->state, &rng);
        ck_assert_int_eq(tv_game_play(g, m, &err), TV_OK);
        n++;
    }
    ck_assert_int_eq(n, 100);
    ck_assert_int_eq(g->nply, 100);
    ck_assert_int_eq(g->state->status, TV_OVER);
    /* The history replays to the same final state. */
    tv_state_buf replay;
    tv_state *t = start(r, &replay, 1);
    for (int i = 0; i < 100; i++)
        play_ok(r, t, g->history[i], NULL);
    ck_assert_int_eq(memcmp(t, g->state, (size_t)r->state_size), 0);
    while (n > 0) {
        ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
        n--;
        REQUIRE(memcmp(g->state, states + (size_t)n * (size_t)r->state_size,
                       (size_t)r->state_size) == 0,
                "undo to ply %d differs", n);
    }
    ck_assert_int_eq(memcmp(g->state, &fresh.state, (size_t)r->state_size), 0);
    free(states);
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(game_set_position_clears_history)
{
    tv_rules *r = pahtum();
    tv_error err;
    tv_game *g = tv_game_new(r, 0, &err);
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(tv_game_play_text(g, "d4", &err), TV_OK);
    ck_assert_int_eq(tv_game_play_text(g, "e4", &err), TV_OK);
    ck_assert_int_eq(g->nply, 2);

    /* A refused position keeps both state and history. */
    tv_state_buf before;
    tv_state_copy(r, &before.state, g->state);
    ck_assert_int_eq(tv_game_set_position(g, "nonsense", &err), TV_EINVAL);
    ck_assert_int_eq(g->nply, 2);
    ck_assert_int_eq(memcmp(g->state, &before.state, (size_t)r->state_size), 0);

    const char *pos = "......./......./......./xxx..../ooo..../......./....... 1 - 6";
    ck_assert_int_eq(tv_game_set_position(g, pos, &err), TV_OK);
    ck_assert_int_eq(g->nply, 0);
    ck_assert_int_eq(g->state->score[0], 3);
    ck_assert_int_eq(g->state->score[1], 3);
    tv_state_buf want;
    ck_assert_int_eq(tv_position_read(r, pos, &want.state, &err), TV_OK);
    ck_assert_int_eq(memcmp(g->state, &want.state, (size_t)r->state_size), 0);
    ck_assert_int_eq(tv_game_undo(g, &err), TV_EINVAL);
    /* Play on from the position, and take that back. */
    ck_assert_int_eq(tv_game_play_text(g, "d4", &err), TV_OK);
    ck_assert_int_eq(g->state->score[0], 10);
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert_int_eq(memcmp(g->state, &want.state, (size_t)r->state_size), 0);
    tv_game_free(g);
    free(r);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* 11. Option strings                                                        */
/* ------------------------------------------------------------------------ */

static void parse_ok(tv_options *o, const char *text)
{
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_options_parse(o, text, &err);
    ck_assert_msg(rc == TV_OK, "'%s' refused: %s", text, err.msg);
}

START_TEST(options_simple)
{
    tv_options o;
    memset(&o, 0, sizeof o);
    parse_ok(&o, "holes=7,swap=true");
    ck_assert_int_eq(o.n, 2);
    ck_assert_str_eq(o.key[0], "holes");
    ck_assert_str_eq(o.value[0], "7");
    ck_assert_str_eq(tv_options_get(&o, "holes"), "7");
    ck_assert_str_eq(tv_options_get(&o, "swap"), "true");
    ck_assert_ptr_null(tv_options_get(&o, "size"));
    ck_assert_ptr_null(tv_options_get(&o, "hole"));
}
END_TEST

/* A piece without '=' continues the value before it. */
START_TEST(options_commas_in_values)
{
    tv_options o;
    memset(&o, 0, sizeof o);
    parse_ok(&o, "holes=c3,e5,d4,swap=true");
    ck_assert_int_eq(o.n, 2);
    ck_assert_str_eq(tv_options_get(&o, "holes"), "c3,e5,d4");
    ck_assert_str_eq(tv_options_get(&o, "swap"), "true");

    memset(&o, 0, sizeof o);
    parse_ok(&o, "holes=c3,e5");
    ck_assert_int_eq(o.n, 1);
    ck_assert_str_eq(tv_options_get(&o, "holes"), "c3,e5");

    memset(&o, 0, sizeof o);
    parse_ok(&o, "a=,b=x=y,c_2=");
    ck_assert_int_eq(o.n, 3);
    ck_assert_str_eq(tv_options_get(&o, "a"), "");
    ck_assert_str_eq(tv_options_get(&o, "b"), "x=y");
    ck_assert_str_eq(tv_options_get(&o, "c_2"), "");

    memset(&o, 0, sizeof o);
    parse_ok(&o, "");
    ck_assert_int_eq(o.n, 0);
}
END_TEST

START_TEST(options_errors)
{
    static const char *bad[] = {"=7", "holes", "Holes=1", ",a=1", "a=1,B=2", "9a=1",
                                "a b=1", "a-b=1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tv_options o;
        memset(&o, 0, sizeof o);
        tv_error err;
        tv_error_clear(&err);
        int rc = tv_options_parse(&o, bad[i], &err);
        REQUIRE(rc == TV_EINVAL, "'%s' gave %d", bad[i], rc);
        REQUIRE(err.msg[0] != '\0', "'%s': no message", bad[i]);
    }
    /* Key and value lengths. */
    tv_options o;
    memset(&o, 0, sizeof o);
    tv_error err;
    char key[TV_OPTION_KEY_MAX + 1], value[TV_OPTION_VALUE_MAX + 1];
    memset(key, 'k', sizeof key - 1);
    key[sizeof key - 1] = '\0';
    memset(value, 'v', sizeof value - 1);
    value[sizeof value - 1] = '\0';
    ck_assert_int_eq(tv_options_set(&o, key, "1", &err), TV_EINVAL);
    ck_assert_int_eq(tv_options_set(&o, "k", value, &err), TV_EINVAL);
    key[TV_OPTION_KEY_MAX - 1] = '\0';
    value[TV_OPTION_VALUE_MAX - 1] = '\0';
    ck_assert_int_eq(tv_options_set(&o, key, value, &err), TV_OK);
    ck_assert_str_eq(tv_options_get(&o, key), value);
    ck_assert_int_eq(o.n, 1);
}
END_TEST

START_TEST(options_later_key_replaces)
{
    tv_options o;
    memset(&o, 0, sizeof o);
    parse_ok(&o, "holes=7,swap=true,holes=9");
    ck_assert_int_eq(o.n, 2);
    ck_assert_str_eq(tv_options_get(&o, "holes"), "9");
    /* A later parse keeps what o had and replaces what it names again. */
    parse_ok(&o, "swap=false,size=9");
    ck_assert_int_eq(o.n, 3);
    ck_assert_str_eq(tv_options_get(&o, "holes"), "9");
    ck_assert_str_eq(tv_options_get(&o, "swap"), "false");
    ck_assert_str_eq(tv_options_get(&o, "size"), "9");
    tv_error err;
    ck_assert_int_eq(tv_options_add_pair(&o, "holes=c3,e5", &err), TV_OK);
    ck_assert_str_eq(tv_options_get(&o, "holes"), "c3,e5");
    ck_assert_int_eq(tv_options_add_pair(&o, "holes", &err), TV_EINVAL);
    ck_assert_int_eq(o.n, 3);
}
END_TEST

START_TEST(options_capacity)
{
    tv_options o;
    memset(&o, 0, sizeof o);
    tv_error err;
    char key[16];
    for (int i = 0; i < TV_OPTIONS_MAX; i++) {
        snprintf(key, sizeof key, "k%d", i);
        ck_assert_int_eq(tv_options_set(&o, key, "v", &err), TV_OK);
    }
    ck_assert_int_eq(tv_options_set(&o, "one_more", "v", &err), TV_ELIMIT);
    ck_assert_int_eq(tv_options_set(&o, "k0", "replaced", &err), TV_OK); /* still fine */
    ck_assert_str_eq(tv_options_get(&o, "k0"), "replaced");
    ck_assert_int_eq(o.n, TV_OPTIONS_MAX);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Suites                                                                    */
/* ------------------------------------------------------------------------ */

static TCase *tcase(const char *name, int timeout)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, timeout);
    return tc;
}

static Suite *core_suite(void)
{
    Suite *s = suite_create("core");
    TCase *tc;

    tc = tcase("rng", 10);
    tcase_add_test(tc, rng_reference_vectors);
    tcase_add_test(tc, rng_same_seed_same_sequence);
    tcase_add_test(tc, rng_different_seeds_differ);
    tcase_add_test(tc, rng_below_range_and_coverage);
    suite_add_tcase(s, tc);

    tc = tcase("grid", 10);
    tcase_add_test(tc, grid_name_round_trip);
    tcase_add_test(tc, grid_known_names);
    tcase_add_test(tc, grid_rejects_bad_names);
    tcase_add_test(tc, grid_dirs_parse);
    tcase_add_test(tc, move_text_and_parse);
    suite_add_tcase(s, tc);

    tc = tcase("rules", 10);
    tcase_add_test(tc, rules_derived_fields);
    tcase_add_test(tc, rules_rejects_broken);
    suite_add_tcase(s, tc);

    tc = tcase("lines", 10);
    tcase_add_test(tc, lines_run_of_four);
    tcase_add_test(tc, lines_shared_stone);
    tcase_add_test(tc, lines_italian_figure);
    tcase_add_test(tc, lines_english_example);
    tcase_add_test(tc, lines_full_row_and_column);
    tcase_add_test(tc, lines_broken_runs);
    tcase_add_test(tc, lines_diagonals);
    tcase_add_test(tc, lines_delta_joins_runs);
    suite_add_tcase(s, tc);

    tc = tcase("incremental", 120);
    tcase_add_test(tc, incremental_7x7_holes);
    tcase_add_test(tc, incremental_9x9_holes);
    tcase_add_test(tc, incremental_diagonals);
    tcase_add_test(tc, incremental_with_swap);
    suite_add_tcase(s, tc);

    tc = tcase("undo", 120);
    tcase_add_test(tc, undo_holes);
    tcase_add_test(tc, undo_placed_blocks_and_swap);
    tcase_add_test(tc, undo_record_optional);
    suite_add_tcase(s, tc);

    tc = tcase("illegal", 10);
    tcase_add_test(tc, illegal_moves_in_play);
    tcase_add_test(tc, illegal_moves_after_game_over);
    tcase_add_test(tc, illegal_swap_timing);
    suite_add_tcase(s, tc);

    tc = tcase("blocks", 30);
    tcase_add_test(tc, blocks_random_counts);
    tcase_add_test(tc, blocks_random_any_parity);
    tcase_add_test(tc, blocks_list);
    tcase_add_test(tc, blocks_placed);
    suite_add_tcase(s, tc);

    tc = tcase("swap", 60);
    tcase_add_test(tc, swap_exchanges_colours_and_scores);
    tcase_add_test(tc, swap_full_games);
    suite_add_tcase(s, tc);

    tc = tcase("position", 120);
    tcase_add_test(tc, position_known_strings);
    tcase_add_test(tc, position_read_derives);
    tcase_add_test(tc, position_round_trip_holes);
    tcase_add_test(tc, position_round_trip_swap);
    tcase_add_test(tc, position_round_trip_setup);
    tcase_add_test(tc, position_round_trip_large);
    tcase_add_test(tc, position_rejects_corrupt);
    tcase_add_test(tc, position_rejects_impossible_blocks);
    suite_add_tcase(s, tc);

    tc = tcase("game", 30);
    tcase_add_test(tc, game_play_undo_to_start);
    tcase_add_test(tc, game_long_history);
    tcase_add_test(tc, game_set_position_clears_history);
    suite_add_tcase(s, tc);

    tc = tcase("options", 10);
    tcase_add_test(tc, options_simple);
    tcase_add_test(tc, options_commas_in_values);
    tcase_add_test(tc, options_errors);
    tcase_add_test(tc, options_later_key_replaces);
    tcase_add_test(tc, options_capacity);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(core_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
