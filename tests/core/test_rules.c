/* Rules validation (tv_rules_finish): the derived fields and Zobrist keys,
 * and every broken description refused.
 * Core only: the rules are built in C (tests/support/tv_fixture.h), no Lua. */
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "tv_check.h"
#include "tv_error.h"
#include "tv_fixture.h"

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
        case 0: r->grid = (tv_grid){.width = 0, .height = 7}; break;
        case 1: r->grid = (tv_grid){.width = 27, .height = 7}; break;
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

int main(void)
{
    const tv_check_test tests[] = {
        {"rules", rules_derived_fields, 10, 0},
        {"rules", rules_rejects_broken, 10, 0},
    };
    return tv_check_run("core rules", tests, TV_CHECK_COUNT(tests));
}
