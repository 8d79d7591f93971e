/* Rules validation (tv_rules_finish): the derived fields and Zobrist keys,
 * every broken description refused, and the matrix of what each family of
 * moves accepts (tv_accepts.c).
 * Core only: the rules are built in C (tests/support/tv_fixture.h), no Lua. */
#include <check.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tv_hmove.h"
#include "tv_accepts.h"
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

/* ---- what each family accepts (core/rules/tv_accepts.c) ------------------ */

static int no_moves(void *ctx, const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    (void)ctx, (void)r, (void)s, (void)out, (void)cap, (void)err;
    return 0;
}

/* A description of family f that loads, not yet finished: place, drop and
 * rotate on empty grids, flips from Othello's start, pieces that step, a
 * mancala, and a moves hook over placement. */
static tv_rules *family_base(int f)
{
    tv_rules *r = f == TV_FAMILY_SOW ? mancala_rules_new(6, 4) : rules_new(f == TV_FAMILY_FLIP ? 8 : 7, 7, 0);
    switch (f) {
    case TV_FAMILY_DROP: r->moves = TV_MOVES_DROP; break;
    case TV_FAMILY_ROTATE: r->grid = (tv_grid){.width = 6, .height = 6}, r->rotate.side = 3; break;
    case TV_FAMILY_FLIP:
        r->flip.dirs = TV_COMPASS_ALL;
        r->ends |= TV_END_NO_MOVE;
        r->setup.given = 1;
        r->setup.cells[27] = r->setup.cells[36] = TV_STONE1;
        r->setup.cells[28] = r->setup.cells[35] = TV_STONE2;
        break;
    case TV_FAMILY_PIECES:
        r->moves = TV_MOVES_PIECES;
        r->ends |= TV_END_NO_MOVE;
        r->setup.given = 1;
        for (int c = 0; c < 7; c++)
            r->setup.cells[c] = TV_STONE1, r->setup.cells[42 + c] = TV_STONE2;
        r->pieces.ngens = 1;
        r->pieces.gen[0] = (tv_gen){.type = TV_GEN_STEP, .kinds = 1, .dirs = TV_N, .to = TV_TO_EMPTY};
        break;
    case TV_FAMILY_GROUPS: r->groups.on = 1, r->groups.pass = 1; break;
    case TV_FAMILY_MILLS: /* one line, a1 b1 c1, three men a side */
        r->graph = (tv_graph){.on = 1, .nlines = 1, .line_len = {3}, .line = {{0, 1, 2}}};
        r->mills = (tv_mills){.on = 1, .fly = 0};
        r->vars.hands = 1;
        r->vars.hand_start[0][0] = r->vars.hand_start[1][0] = 3;
        r->ends |= TV_END_NO_MOVE;
        break;
    case TV_FAMILY_HOOKS: r->hooks.moves = no_moves; break;
    }
    return r;
}

/* Gives r the feature of the matrix row named `name`; 0 for a name this
 * test does not know (a new row needs its line here). */
static int give_feature(tv_rules *r, const char *name)
{
    static const char *const names[] = {
        "move { }", "drop { }", "flips", "rotate", "hex board", "blocks = { cells }", "blocks = { random }",
        "blocks = { placed }", "setup", "swap_after", "stones", "opening", "runs", "line",
        "line { loses, colours = 'any' }", "connect", "custodial", "winner most_pieces", "margin",
        "kinds of pieces", "pieces", "no_move = 'pass'", "groups { }", "no_move = 'loses'", "shapes",
        "mills { }", "graph board", "pieces_left",
    };
    int k = 0;
    while (k < (int)(sizeof names / sizeof names[0]) && strcmp(names[k], name) != 0)
        k++;
    switch (k) {
    case 0: r->moves = TV_MOVES_PIECES; break;
    case 1: r->moves = TV_MOVES_DROP; break;
    case 2: r->flip.dirs = TV_COMPASS_ALL; break;
    case 3: r->rotate.side = 2; break;
    case 4: r->grid.hex = 1; break;
    case 5: r->blocks = (tv_blocks){.mode = TV_BLOCKS_LIST, .count = 1, .cells = {8}}; break;
    case 6: r->blocks = (tv_blocks){.mode = TV_BLOCKS_RANDOM, .min = 1, .max = 2}; break;
    case 7: r->blocks = (tv_blocks){.mode = TV_BLOCKS_PLACED, .count = 2}; break;
    case 8: r->setup.given = 1; break;
    case 9: r->swap_after = 1; break;
    case 10: r->turns.later = 2; break;
    case 11: r->turns.opening = TV_OPENING_SWAP; break;
    case 12: r->lines.dirs = TV_DIR_H, r->lines.points[3] = 1; break;
    case 13: r->goal = (tv_goal){.length = 3, .dirs = TV_DIR_ALL}; break;
    case 14: r->goal.loses = 1; break;
    case 15: r->join.sides[0] = TV_SIDES_ROWS, r->join.sides[1] = TV_SIDES_COLUMNS; break;
    case 16: r->custodial = (tv_custodial){.dirs = TV_N | TV_E | TV_S | TV_W, .min = 1, .max = 1}; break;
    case 17: r->most_pieces = 1; break;
    case 18: r->margin = 2; break;
    case 19: r->pieces.nkinds = 2; break;
    case 20: r->ends |= TV_END_REACH; break;
    case 21: r->flip.pass = 1; break;
    case 22: r->groups.on = 1; break;
    case 23: r->no_move_loses = 1, r->ends |= TV_END_NO_MOVE; break;
    case 24: r->shapes.ring = 1; break;
    case 25: r->mills.on = 1; break;
    case 26: r->graph.on = 1; break;
    case 27: r->pieces_left = 1; break;
    default: return 0;
    }
    return 1;
}

/* Every row of the matrix, added to a description of each family: where
 * the family (or, under a hook, the hooks family) does not accept it, the
 * description is refused with the row's name and reason and the family's
 * name and words; where it does, not for that reason. */
START_TEST(every_row_refuses_the_families_that_do_not_accept_it)
{
    int refusals = 0;
    for (int i = 0; i < tv_accepts_count(); i++) {
        const tv_accepts_row *w = tv_accepts_row_at(i);
        int refused_here = 0;
        for (int f = 0; f < TV_FAMILIES; f++) {
            free(rules_finish_ok(family_base(f)));
            tv_rules *r = family_base(f);
            REQUIRE(give_feature(r, w->name), "row '%s' has no line in give_feature", w->name);
            tv_error err;
            tv_error_clear(&err);
            int rc = tv_rules_finish(r, &err);
            /* The feature may name another family (flips with place { }):
             * what refuses is the family finish chose, then the hooks'. */
            int by = -1;
            if (tv_hmove_rules(r) && (w->families & 1u << TV_FAMILY_HOOKS))
                by = -1; /* a moves hook's whole moves move pieces, from a setup */
            else if (!(w->families & 1u << r->data_family))
                by = r->data_family;
            else if (r->family == TV_FAMILY_HOOKS && !(w->families & 1u << TV_FAMILY_HOOKS))
                by = TV_FAMILY_HOOKS;
            char want[TV_ERROR_MAX];
            snprintf(want, sizeof want, "%s: %s (not for the %s family; %s)", w->name, w->why,
                     tv_family_info_of(by < 0 ? 0 : by)->name, tv_accepts_family_is(by));
            if (by >= 0) {
                REQUIRE(rc == TV_ERULES, "%s on the %s family: loaded", w->name, tv_family_info_of(f)->name);
                REQUIRE(strcmp(err.msg, want) == 0, "%s on the %s family: '%s', expected '%s'", w->name,
                        tv_family_info_of(f)->name, err.msg, want);
                refused_here++;
            } else {
                REQUIRE(rc == TV_OK || !strstr(err.msg, w->why), "%s on the %s family, which accepts it: %s", w->name,
                        tv_family_info_of(f)->name, err.msg);
            }
            free(r);
        }
        REQUIRE(refused_here > 0, "row '%s' refused no family here", w->name);
        refusals += refused_here;
    }
    ck_assert_int_ge(refusals, 70);
}
END_TEST

/* The refusals read as the feature, its reason, then the family and its
 * words; flips and rotations say they take place { } alone. */
START_TEST(the_matrix_names_the_feature_and_the_family)
{
    static const struct {
        int family;
        const char *feature, *says;
    } cases[] = {
        {TV_FAMILY_DROP, "custodial", "custodial: a capture takes stones placed or pieces moved on a grid"},
        {TV_FAMILY_DROP, "custodial", "(not for the drop family; drop: a stone that falls"},
        {TV_FAMILY_PLACE, "setup",
         "setup: a start position is for games whose pieces move or flip (not for the place family"},
        {TV_FAMILY_FLIP, "swap_after",
         "(not for the flip family; flips: a placement that flips needs a grid and place {} alone)"},
        {TV_FAMILY_ROTATE, "stones", "stones: several stones a turn"},
        {TV_FAMILY_ROTATE, "stones", "(not for the rotate family; rotate: for place { ... } alone"},
        {TV_FAMILY_HOOKS, "opening", "opening: an opening rule is the engine's turns"},
        {TV_FAMILY_HOOKS, "opening", "(not for the hooks family; hooks: "},
        {TV_FAMILY_HOOKS, "flips", "flips: the flip family lists and plays the placements that flip"},
        {TV_FAMILY_SOW, "pieces",
         "pieces: generators and piece ends need moves = move { ... } (not for the sow family"},
        {TV_FAMILY_PIECES, "runs", "runs: scored as each stone is placed"},
        {TV_FAMILY_DROP, "hex board", "hex board: only stones placed on cells (place { }) fit it"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tv_rules *r = family_base(cases[i].family);
        ck_assert(give_feature(r, cases[i].feature));
        tv_error err;
        tv_error_clear(&err);
        ck_assert_int_eq(tv_rules_finish(r, &err), TV_ERULES);
        ck_assert_msg(strstr(err.msg, cases[i].says), "case %zu: '%s' lacks '%s'", i, err.msg, cases[i].says);
        free(r);
    }
    /* A hook takes most features along: custodial capture and runs under a
     * moves hook over placement load, as they did before the matrix. */
    tv_rules *r = family_base(TV_FAMILY_HOOKS);
    give_feature(r, "custodial");
    free(rules_finish_ok(r));
    r = family_base(TV_FAMILY_HOOKS);
    give_feature(r, "runs");
    free(rules_finish_ok(r));
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"rules", rules_derived_fields, 10, 0},
        {"rules", rules_rejects_broken, 10, 0},
        {"accepts", every_row_refuses_the_families_that_do_not_accept_it, 10, 0},
        {"accepts", the_matrix_names_the_feature_and_the_family, 10, 0},
    };
    return tv_check_run("core rules", tests, TV_CHECK_COUNT(tests));
}
