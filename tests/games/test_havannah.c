/* Havannah as data (rulesets/havannah.lua; the primitive: core/play/
 * tv_shapes.c, core/rules/tv_shapes_rules.c): on base 4 (37 cells), a
 * bridge along an edge, a fork, a chain from a corner and two edges' worth
 * of cells that is no fork (a corner belongs to no edge), a ring round an
 * enemy stone, round an empty cell and round an own stone, a triangle that
 * is no ring, a ring read from a position string, and perft by hand. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_perft.h"

/* The game after `moves` from the start of base 4. */
static tv_game *after(const tv_ruleset *rs, const char *moves)
{
    tv_game *g = new_game(rs);
    must_play(g, moves);
    return g;
}

START_TEST(bridge_and_fork)
{
    tv_ruleset *rs = must_load("havannah", "base=4");
    tv_game *g = after(rs, "a4 g1 a5 g2 a6 g3");
    expect_ongoing(g, "three of a column");
    must_play(g, "a7"); /* a4 and a7 are corners */
    expect_winner(g, 1, "a bridge");
    tv_game_free(g);
    /* edges a5 (column a), b3 (the short diagonal), e1 (row 1) */
    g = after(rs, "a5 g1 b4 g2 b3 g3 c3 f2 d2 e3 e1");
    expect_winner(g, 1, "a fork");
    tv_game_free(g);
    /* the corner a4 is on no edge: a4 to e1 touches one edge */
    g = after(rs, "a4 g1 b4 g2 c3 g3 d2 f2 e1");
    expect_ongoing(g, "a corner and an edge");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(rings)
{
    tv_ruleset *rs = must_load("havannah", "base=4");
    /* round Black's c4 */
    tv_game *g = after(rs, "d4 c4 d3 a4 c3 a5 b4 g2 b5 g1");
    expect_ongoing(g, "five round c4");
    must_play(g, "c5");
    expect_winner(g, 1, "a ring round an enemy stone");
    tv_game_free(g);
    /* round the empty c4 */
    g = after(rs, "d4 a4 d3 a5 c3 a6 b4 g2 b5 g1 c5");
    expect_winner(g, 1, "a ring round an empty cell");
    tv_game_free(g);
    /* round White's own c4, placed first */
    g = after(rs, "c4 a4 d4 a5 d3 a6 c3 g1 b4 g2 b5 g3 c5");
    expect_winner(g, 1, "a ring round an own stone");
    tv_game_free(g);
    /* three stones round a corner of theirs: no cell inside */
    g = after(rs, "c3 g1 d3 g2 c4");
    expect_ongoing(g, "a triangle");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A ring already on the board of a position string: over when read. */
START_TEST(ring_read_from_text)
{
    tv_ruleset *rs = must_load("havannah", "base=4");
    tv_game *g = game_at(rs, "....###/.....##/.xx...#/.xox.../#.xx.../##..o.o/###o..o 2 - 11");
    expect_winner(g, 1, "read");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* No shape can be made in fewer than four stones of one colour: the first
 * plies are every empty cell in turn (37, 37 x 36, 37 x 36 x 35). */
START_TEST(perft_by_hand)
{
    tv_ruleset *rs = must_load("havannah", "base=4");
    tv_game *g = new_game(rs);
    tv_error err;
    ck_assert_int_eq(tv_perft(g->rules, g->state, 3, &err), 37 * 36 * 35);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"shapes", bridge_and_fork, 30, 0},
        {"shapes", rings, 30, 0},
        {"shapes", ring_read_from_text, 30, 0},
        {"perft", perft_by_hand, 60, 0},
    };
    return tv_check_run("havannah", tests, TV_CHECK_COUNT(tests));
}
