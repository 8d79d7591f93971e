/* Nine Men's Morris as data (rulesets/nine_mens_morris.lua; the family:
 * core/play/tv_mills.c on a graph board): perft against OpenSpiel's counts,
 * a mill made by a placement and its removals (men in a mill kept while
 * another can go, any when all are in mills), two mills at once removing one
 * man, moves along the links only, flying at three men (and not with
 * flying=false), a side left with two men or no move losing, the turn limit,
 * and position strings whose hands do not fit the ply refused. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_movetext.h"
#include "tv_perft.h"
#include "tv_play.h"

/* The legal moves of g whose text starts with prefix, as listed, joined by spaces. */
static const char *moves_from(const tv_game *g, const char *prefix, char *buf, size_t size)
{
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    int n = tv_legal_moves(g->rules, g->state, moves, TV_MOVES_LIMIT, &err);
    ck_assert_msg(n >= 0, "legal moves: %s", err.msg);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char t[24];
        tv_move_text(g->rules, moves[i], t, sizeof t);
        if (strncmp(t, prefix, strlen(prefix)) == 0)
            len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? " " : "", t);
    }
    return buf;
}

/* OpenSpiel's counts (a removal is its own action there) agree with whole
 * turns until the first mill can be made, at ply 5. */
START_TEST(perft_start)
{
    tv_ruleset *rs = must_load("nine_mens_morris", NULL);
    tv_game *g = new_game(rs);
    tv_error err;
    const int64_t published[] = {24, 552, 12144, 255024};
    for (int d = 1; d <= 4; d++)
        ck_assert_int_eq(tv_perft(g->rules, g->state, d, &err), published[d - 1]);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(mill_by_placement)
{
    char buf[4096];
    tv_error err;
    tv_ruleset *rs = must_load("nine_mens_morris", NULL);
    tv_game *g = new_game(rs);
    must_play(g, "a1 a4 d1 b4");
    ck_assert_str_eq(moves_from(g, "g1", buf, sizeof buf), "g1xa4 g1xb4");
    ck_assert_ptr_nonnull(strstr(refusal(g, "g1", &err), "names the enemy man it removes"));
    ck_assert_ptr_nonnull(strstr(refusal(g, "d2xa4", &err), "only by a move that completes a line"));
    must_play(g, "g1xa4");
    ck_assert_int_eq(cell_at(g, "a4"), TV_EMPTY);
    ck_assert_int_eq(g->state->owned[1], 1);
    tv_game_free(g);
    /* Black's a4 b4 c4 (its mill took f2): all Black's men in a mill, any goes. */
    g = new_game(rs);
    must_play(g, "a1 a4 d1 b4 f2 c4xf2");
    ck_assert_str_eq(moves_from(g, "g1", buf, sizeof buf), "g1xa4 g1xb4 g1xc4");
    tv_game_free(g);
    /* ... but with e4 beside them, only e4; then f4 and g4, not the mill. */
    g = new_game(rs);
    must_play(g, "a1 a4 d1 b4 f2 c4xf2 d2 e4");
    ck_assert_str_eq(moves_from(g, "g1", buf, sizeof buf), "g1xe4");
    ck_assert_ptr_nonnull(strstr(refusal(g, "g1xa4", &err), "in a line, and another is not"));
    must_play(g, "g1xe4 f4");
    ck_assert_int_eq(g->state->to_move, 0);
    must_play(g, "b2 g4");
    ck_assert_str_eq(moves_from(g, "f2", buf, sizeof buf), "f2xf4 f2xg4"); /* b2 d2 f2 */
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* a1 completes a1 d1 g1 and a1 a4 a7 at once: one removal, each man once. */
START_TEST(two_mills_at_once)
{
    char buf[4096];
    tv_ruleset *rs = must_load("nine_mens_morris", NULL);
    tv_game *g = new_game(rs);
    must_play(g, "d1 b2 g1 c3 a4 e3 a7 f4");
    ck_assert_str_eq(moves_from(g, "a1", buf, sizeof buf), "a1xb2 a1xc3 a1xe3 a1xf4");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* After the placements: along links (c4 and e4 face each other across the
 * middle, unlinked), flying at three men unless flying=false. */
#define MOVING "M##.##m/#.#.#.#/##...##/..M#..m/##...##/#M#.#.#/M##.##m 1 - 18 hand=-/-"
#define FLYING "M##.##m/#.#.#.#/##...##/..M#..m/##...##/#.#.#.#/.##M##m 1 - 18 hand=-/-"
START_TEST(moving_and_flying)
{
    char buf[4096];
    tv_error err;
    tv_ruleset *rs = must_load("nine_mens_morris", NULL);
    tv_game *g = game_at(rs, MOVING);
    ck_assert_str_eq(moves_from(g, "c4", buf, sizeof buf), "c4-c3 c4-b4 c4-c5");
    ck_assert_ptr_nonnull(strstr(refusal(g, "c4-e4", &err), "along a link"));
    ck_assert_ptr_nonnull(strstr(refusal(g, "d2", &err), "no man is left in hand"));
    tv_game_free(g);
    g = game_at(rs, FLYING); /* three men: each flies to any of the 18 empty points */
    ck_assert_int_eq(tv_legal_moves(g->rules, g->state, (tv_move[TV_MOVES_LIMIT]){0}, TV_MOVES_LIMIT, &err), 3 * 18);
    must_play(g, "c4-e4");
    tv_game_free(g);
    tv_ruleset_free(rs);
    rs = must_load("nine_mens_morris", "flying=false");
    g = game_at(rs, FLYING);
    ck_assert_ptr_nonnull(strstr(refusal(g, "c4-e4", &err), "along a link"));
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(ends)
{
    tv_ruleset *rs = must_load("nine_mens_morris", NULL);
    /* Black's b4-b6 completes b6 d6 f6 and takes White down to two men. */
    tv_game *g = game_at(rs, "M##.##./#.#m#m#/##...##/.m.#.../##...##/#.#.#.#/M##.##M 2 - 19 hand=-/-");
    expect_ongoing(g, "three men each");
    must_play(g, "b4-b6xa1");
    expect_winner(g, 2, "White down to two men");
    tv_game_free(g);
    /* White's four corner men are shut in: no move loses. */
    g = game_at(rs, "M##m##M/#.#.#.#/##...##/m..#..m/##...##/#.#.#.#/M##m##M 1 - 18 hand=-/-");
    expect_winner(g, 2, "White without a move");
    tv_game_free(g);
    tv_ruleset_free(rs);
    /* The turn limit draws. */
    rs = must_load("nine_mens_morris", "limit=6");
    g = new_game(rs);
    must_play(g, "a1 a4 d1 b4 f2 e4");
    expect_winner(g, 0, "the turn limit");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The ply fixes the side to move and the hands. */
START_TEST(positions_refused)
{
    tv_error err;
    tv_ruleset *rs = must_load("nine_mens_morris", NULL);
    tv_game *g = new_game(rs);
    const char *bad[][2] = {
        {".##.##./#.#.#.#/##...##/...#.../##...##/#.#.#.#/M##.##. 1 - 1 hand=M8/m9", "cannot be to move"},
        {".##.##./#.#.#.#/##...##/...#.../##...##/#.#.#.#/M##.##. 2 - 1 hand=M9/m9", "men in hand at ply"},
        {MOVING, NULL},
        {".##.##./#.#.#.#/##...##/...#.../##...##/#.#.#.#/M##.##. 2 - 1 hand=M8/m9", NULL},
        {"MMMMMMM/#.#.#.#/##...##/...#.../##...##/#.#.#.#/M##.##. 2 - 1 hand=M8/m9", "blocked cells differ"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = tv_game_set_position(g, bad[i][0], &err);
        if (!bad[i][1])
            ck_assert_msg(rc == TV_OK, "%s: %s", bad[i][0], err.msg);
        else
            ck_assert_msg(rc != TV_OK && strstr(err.msg, bad[i][1]), "%s: %s", bad[i][0], rc ? err.msg : "read");
    }
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"perft", perft_start, 60, 0},
        {"mills", mill_by_placement, 30, 0},
        {"mills", two_mills_at_once, 30, 0},
        {"moves", moving_and_flying, 30, 0},
        {"ends", ends, 30, 0},
        {"positions", positions_refused, 30, 0},
    };
    return tv_check_run("morris", tests, TV_CHECK_COUNT(tests));
}
