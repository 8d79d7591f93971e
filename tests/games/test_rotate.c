/* Place, then rotate (core/play/tv_rotate.h) through rulesets/pentago.lua:
 * where a turned block's stones go, a line that counts only after the turn,
 * both colours' lines at once (a draw), the move text and what a ruleset may
 * not ask for. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_lines.h"
#include "tv_perft.h"

START_TEST(a_turn_moves_the_block)
{
    tv_ruleset *rs = must_load("pentago", NULL);
    tv_game *g = new_game(rs);
    must_play(g, "a1/1cw"); /* a1 is block 1's bottom-left: clockwise, its top-left */
    ck_assert_int_eq(cell_at(g, "a1"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "a3"), TV_STONE1);
    must_play(g, "c1/1ccw"); /* counter-clockwise: a3 back to a1, c1 up to c3 */
    ck_assert_int_eq(cell_at(g, "a1"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "c3"), TV_STONE2);
    ck_assert_int_eq(cell_at(g, "c1"), TV_EMPTY);
    must_play(g, "e5/2cw"); /* another block: block 1 stays */
    ck_assert_int_eq(cell_at(g, "e5"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "c3"), TV_STONE2);
    ck_assert_uint_eq(g->state->hash, tv_state_hash(g->rules, g->state));
    tv_error err = {0};
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    tv_state_buf start;
    tv_state_new(g->rules, 1, &start.state, &err);
    ck_assert(memcmp(&start, g->state, (size_t)g->rules->state_size) == 0);
    /* 36 cells x 4 blocks x 2 ways; no line before nine stones. */
    ck_assert_int_eq(tv_perft(g->rules, g->state, 2, &err), 288 * 280);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(the_line_counts_after_the_turn)
{
    tv_ruleset *rs = must_load("pentago", NULL);
    tv_game *g = new_game(rs);
    /* White fills column a; every turn is of block 4, which holds none of it. */
    must_play(g, "a1/4cw f1/4cw a2/4cw f2/4cw a3/4cw f3/4cw a4/4cw e1/4cw");
    expect_ongoing(g, "four");
    must_play(g, "a5/4cw");
    expect_winner(g, 1, "a1-a5 after the turn");
    tv_game_free(g);

    /* The fifth stone's own turn takes a4 and a5 away: no line. */
    g = new_game(rs);
    must_play(g, "a1/4cw f1/4cw a2/4cw f2/4cw a3/4cw f3/4cw a4/4cw e1/4cw a5/3cw");
    expect_ongoing(g, "a4, a5 turned to a6, b6");
    ck_assert_int_eq(cell_at(g, "a6"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "b6"), TV_STONE1);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Block 3 turned clockwise: c4, b4 go to a4, a5 (White's column a1-a5) and
 * a4, a5, a6 to a6, b6, c6 (Black's row a6-e6). */
START_TEST(both_lines_at_once_is_a_draw)
{
    tv_ruleset *rs = must_load("pentago", NULL);
    tv_game *g = game_at(rs, "o..oo./o...../oxx.../x...../x...../x..... 1 - 10");
    must_play(g, "c1/3cw");
    expect_winner(g, 0, "both colours have five");
    char text[TV_POSITION_MAX];
    tv_position_write(g->rules, g->state, text, sizeof text);
    tv_game_free(g);
    g = game_at(rs, text); /* read back: still a draw, not refused */
    expect_winner(g, 0, text);
    tv_game_free(g);

    /* Without White's a3 the turn makes Black's line alone: the mover loses. */
    g = game_at(rs, "o..oo./o...../oxx.../....../x...../x....x 1 - 10");
    must_play(g, "c1/3cw");
    expect_winner(g, 2, "only the opponent's five");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(move_text_and_refusals)
{
    tv_ruleset *rs = must_load("pentago", NULL);
    tv_game *g = new_game(rs);
    tv_error err = {0};
    const char *bad[] = {"a1", "a1/5cw", "a1/1up", "g1/1cw", "a1/cw", "a1/1cwx", "/1cw"};
    for (int i = 0; i < 7; i++) {
        ck_assert_int_eq(tv_game_play_text(g, bad[i], &err), TV_EINVAL);
        ck_assert_msg(strstr(err.msg, "expected a cell, a block 1..4 and cw or ccw, as a1/1cw"), "%s: %s", bad[i],
                      err.msg);
    }
    must_play(g, "B2/1CCW"); /* any case */
    ck_assert_int_eq(cell_at(g, "b2"), TV_STONE1); /* the centre of its block stays */
    ck_assert_int_eq(tv_game_play_text(g, "b2/4cw", &err), TV_EILLEGAL);
    ck_assert_str_eq(err.msg, "b2/4cw: the cell is occupied");
    char text[16];
    tv_move_text(g->rules, g->state->last, text, sizeof text);
    ck_assert_str_eq(text, "b2/1ccw");
    tv_game_free(g);

    static const char *const wrong[][2] = {
        {"place { rotate = 4 }", "blocks of 4 cells a side do not tile the 6x6 board"},
        {"place { rotate = 3, stones = 2 }", "rotate: for place { ... } alone"},
        {"place { rotate = 3, swap_after = 1 }", "rotate: for place { ... } alone"},
        {"place { rotate = 9 }", "expected an integer 2..7"},
        {"drop { rotate = 3 }", "drop: unknown field 'rotate'"},
    };
    for (int i = 0; i < 5; i++) {
        char src[512];
        snprintf(src, sizeof src,
                 "return game { name = 'P', board = grid { width = 6, height = 6 },\n"
                 "  moves = %s, goal = line { length = 5 }, ends = 'board_full' }\n",
                 wrong[i][0]);
        ck_assert_ptr_null(load_source("p.lua", src, NULL, &err));
        ck_assert_msg(strstr(err.msg, wrong[i][1]), "%s: %s", wrong[i][0], err.msg);
    }
    ck_assert_ptr_null(load_source("p.lua",
                                   "return game { name = 'P', board = grid { width = 9, height = 9 },\n"
                                   "  moves = place { rotate = 3 }, ends = 'board_full' }\n",
                                   NULL, &err));
    ck_assert_msg(strstr(err.msg, "81 cells x 18 turns is more than 676 moves"), "%s", err.msg);
    tv_ruleset_free(rs);
}
END_TEST

/* Random games: after every move the game is over exactly when a line of
 * either colour is on the board (or it is full), and the winner is as the
 * lines say, by a full scan (tv_goal_anywhere) -- the engine looks only
 * through the cells a move changed, as bit masks on small boards. */
static void lines_by_full_scan(const char *src, int games)
{
    tv_error err = {0};
    tv_ruleset *rs = load_source("rot.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_rng rng;
    tv_rng_seed(&rng, 5);
    int won = 0, drawn = 0;
    for (int game = 0; game < games; game++) {
        tv_state_buf b;
        tv_state *s = &b.state;
        ck_assert_int_eq(tv_state_new(r, 0, s, &err), TV_OK);
        while (s->status == TV_ONGOING) {
            tv_move moves[TV_MAX_MOVES];
            int n = tv_legal_moves(r, s, moves, TV_MAX_MOVES, &err);
            ck_assert_int_gt(n, 0);
            ck_assert_int_eq(tv_play(r, s, moves[tv_rng_below(&rng, (uint32_t)n)], NULL, &err), TV_OK);
            int mover = s->to_move ^ 1, mine = tv_goal_anywhere(r, s->cells, tv_colour_of(s, mover));
            int theirs = tv_goal_anywhere(r, s->cells, tv_colour_of(s, mover ^ 1));
            int over = mine || theirs || s->empty == 0;
            int winner = mine && theirs ? 0 : mine ? mover + 1 : theirs ? (mover ^ 1) + 1 : 0;
            ck_assert_msg(s->status == (over ? TV_OVER : TV_ONGOING), "game %d ply %d: status %d, lines %d %d",
                          game, s->ply, s->status, mine, theirs);
            if (over)
                ck_assert_msg(s->winner == winner, "%s game %d ply %d: winner %d, expected %d", src, game, s->ply, s->winner, winner);
        }
        won += s->winner > 0;
        drawn += s->winner == 0;
    }
    ck_assert_int_gt(won, 0);
    tv_ruleset_free(rs);
}

START_TEST(lines_as_a_full_scan_finds_them)
{
    /* Pentago (bit masks); exactly five (the changed cells); a 14x7 board
     * of two 7x7 blocks (the changed cells, more than 64 cells); 2x2 blocks. */
    lines_by_full_scan("return game { name = 'P', board = grid { width = 6, height = 6 },\n"
                       "  moves = place { rotate = 3 }, goal = line { length = 5 }, ends = 'board_full' }\n",
                       300);
    lines_by_full_scan("return game { name = 'P', board = grid { width = 6, height = 6 },\n"
                       "  moves = place { rotate = 3 }, goal = line { length = 5, exact = true }, ends = 'board_full' }\n",
                       300);
    lines_by_full_scan("return game { name = 'P', board = grid { width = 14, height = 7 },\n"
                       "  moves = place { rotate = 7 }, goal = line { length = 5 }, ends = 'board_full' }\n",
                       100);
    lines_by_full_scan("return game { name = 'P', board = grid { width = 6, height = 6 },\n"
                       "  moves = place { rotate = 2 }, goal = line { length = 4, directions = 'hv' }, ends = 'board_full' }\n",
                       300);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"rotate", a_turn_moves_the_block, 60, 0},
        {"rotate", the_line_counts_after_the_turn, 60, 0},
        {"rotate", both_lines_at_once_is_a_draw, 60, 0},
        {"rotate", move_text_and_refusals, 60, 0},
        {"rotate", lines_as_a_full_scan_finds_them, 60, 0},
    };
    return tv_check_run("rotate", tests, TV_CHECK_COUNT(tests));
}
