/* Cell names (tv_grid: a1 .. z26, parsed and written), line directions, and
 * move text (tv_move_text, tv_move_parse).
 * Core only: the rules are built in C (tests/support/tv_fixture.h), no Lua. */
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "tv_check.h"
#include "tv_error.h"
#include "tv_fixture.h"
#include "tv_grid.h"

START_TEST(grid_name_round_trip)
{
    static const int sides[] = {7, 19, 26};
    for (size_t k = 0; k < 3; k++) {
        tv_grid g = {sides[k], sides[k], 0};
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
    tv_grid g7 = {7, 7, 0}, g19 = {19, 19, 0}, g26 = {26, 26, 0};
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
    tv_grid g7 = {7, 7, 0}, g19 = {19, 19, 0};
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

/* The geometry derived once in core/board: neighbours and, on small boards,
 * the bit set of cells with a neighbour each way. */
START_TEST(neighbours_and_direction_sets)
{
    tv_grid sq = {.width = 3, .height = 3}, hx = {.width = 3, .height = 3, .hex = 1};
    int16_t nb[TV_MAX_CELLS][8];
    tv_grid_neighbours(&sq, nb);
    ck_assert_int_eq(nb[0][0], 3);  /* a1 north: a2 */
    ck_assert_int_eq(nb[0][1], 4);  /* a1 north-east: b2 */
    ck_assert_int_eq(nb[0][6], -1); /* a1 west: off the board */
    ck_assert_int_eq(nb[8][4], 5);  /* c3 south: c2 */
    uint64_t from[8];
    tv_grid_dir_sources(&sq, from);
    ck_assert(from[0] == 0x3f);  /* rows 1 and 2 have a cell to the north */
    ck_assert(from[2] == 0xdb);  /* columns a and b: a cell to the east */
    ck_assert_int_eq(tv_grid_offset(&sq, 1), 4);     /* north-east: a row and a column on */
    tv_grid_neighbours(&hx, nb);
    ck_assert_int_eq(nb[0][1], -1); /* a1-b2 is no side of a hexagon */
    ck_assert_int_eq(nb[3][3], 1);  /* a2 south-east: b1 is */
    tv_grid_dir_sources(&hx, from);
    ck_assert(from[1] == 0);
    ck_assert(from[3] == 0xd8); /* a2, b2, a3, b3 have b1, c1, b2, c2 to the south-east */
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"grid", grid_name_round_trip, 10, 0},
        {"grid", grid_known_names, 10, 0},
        {"grid", grid_rejects_bad_names, 10, 0},
        {"grid", grid_dirs_parse, 10, 0},
        {"grid", move_text_and_parse, 10, 0},
        {"grid", neighbours_and_direction_sets, 10, 0},
    };
    return tv_check_run("core grid", tests, TV_CHECK_COUNT(tests));
}
