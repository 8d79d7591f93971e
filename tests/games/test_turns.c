/* The turns of placement games (core/play/tv_turns.h) through the rulesets a
 * player loads: Connect6's one stone, then two a turn; the Pro and Swap
 * openings of gomoku.lua; and the combinations a ruleset may not ask for. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_perft.h"

/* The player to move, 1 or 2. */
static int mover(const tv_game *g) { return g->state->to_move + 1; }

/* The position string of g written and read back gives the same state. */
static void reads_back(const tv_game *g)
{
    char text[TV_POSITION_MAX];
    tv_position_write(g->rules, g->state, text, sizeof text);
    tv_state_buf back;
    tv_error err = {0};
    ck_assert_msg(tv_position_read(g->rules, text, &back.state, &err) == TV_OK, "%s: %s", text, err.msg);
    ck_assert_int_eq(back.state.to_move, g->state->to_move);
    ck_assert_int_eq(back.state.status, g->state->status);
    ck_assert_uint_eq(back.state.hash, g->state->hash);
}

START_TEST(connect6_first_turn_one_stone_then_two)
{
    tv_ruleset *rs = must_load("connect6", NULL);
    tv_game *g = new_game(rs);
    const char *moves[] = {"j10", "k10", "k11", "j11", "j12", "a1"};
    const int after[] = {2, 2, 1, 1, 2, 2}; /* to move after each stone */
    for (int i = 0; i < 6; i++) {
        must_play(g, moves[i]);
        ck_assert_msg(mover(g) == after[i], "after %s: player %d to move, expected %d", moves[i], mover(g), after[i]);
        reads_back(g);
    }
    ck_assert_int_eq(cell_at(g, "j10"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "k10"), TV_STONE2);
    ck_assert_int_eq(cell_at(g, "k11"), TV_STONE2);
    ck_assert_int_eq(cell_at(g, "j12"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "a1"), TV_STONE2);
    ck_assert_int_eq(g->state->ply, 6);
    /* Undo goes back stone by stone, the turn with it. */
    tv_error err = {0};
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert_int_eq(mover(g), 2);
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert_int_eq(mover(g), 1);
    ck_assert_uint_eq(g->state->hash, tv_state_hash(g->rules, g->state));
    tv_game_free(g);

    /* A position whose side to move the stones contradict is refused: after
     * j10 k10 White places its second stone. */
    g = new_game(rs);
    char text[TV_POSITION_MAX];
    must_play(g, "j10 k10");
    tv_position_write(g->rules, g->state, text, sizeof text);
    char *side = strstr(text, " 2 - 2");
    ck_assert_msg(side != NULL, "%s", text);
    side[1] = '1';
    ck_assert_int_eq(tv_game_set_position(g, text, &err), TV_EINVAL);
    ck_assert_msg(strstr(err.msg, "player 1 cannot be to move here (player 2 is)"), "%s", err.msg);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(connect6_the_first_stone_of_a_pair_wins_at_once)
{
    tv_ruleset *rs = must_load("connect6", NULL);
    tv_game *g = new_game(rs);
    must_play(g, "j10 a1 a2 k10 l10 a4 a5 m10 n10 c1 c2"); /* Black j10-n10: five */
    expect_ongoing(g, "five of six");
    must_play(g, "o10"); /* the sixth, first stone of Black's pair */
    expect_winner(g, 1, "six in a row by the first stone of a pair");
    ck_assert_int_eq(g->state->ply, 12);
    tv_game_free(g);

    /* Seven (an overline) wins too; five does not, at the end of a turn. */
    g = new_game(rs);
    must_play(g, "j10 a1 a2 k10 l10 a4 a5 n10 o10 c1 c2 p10");
    expect_ongoing(g, "j-l and n-p: no six");
    must_play(g, "m10");
    expect_winner(g, 1, "j10-p10: seven");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Perft counts stones (plies): 36, 36*35, 36*35*34 on 6x6; no line of six
 * can be made in three stones. */
START_TEST(connect6_perft_counts_stones)
{
    tv_ruleset *rs = must_load("connect6", "size=6");
    tv_game *g = new_game(rs);
    tv_error err = {0};
    const int64_t want[] = {36, 36 * 35, 36 * 35 * 34, 36 * 35 * 34 * 33};
    for (int d = 1; d <= 4; d++)
        ck_assert_int_eq(tv_perft(g->rules, g->state, d, &err), want[d - 1]);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(pro_opening_refuses_with_the_rule)
{
    tv_ruleset *rs = must_load("gomoku", "opening=pro");
    tv_game *g = new_game(rs);
    tv_error err = {0};
    tv_move moves[TV_MAX_MOVES];
    ck_assert_int_eq(tv_legal_moves(g->rules, g->state, moves, TV_MAX_MOVES, &err), 1);
    ck_assert_int_eq(tv_game_play_text(g, "h9", &err), TV_EILLEGAL);
    ck_assert_str_eq(err.msg, "h9: the first stone goes on the centre, h8 (the Pro opening)");
    must_play(g, "h8 i9"); /* White anywhere: next to the centre */
    ck_assert_int_eq(tv_legal_moves(g->rules, g->state, moves, TV_MAX_MOVES, &err), 225 - 25);
    /* j10 is two cells from h8, f6 two the other way, h10 two up: inside the 5x5. */
    const char *near[] = {"j10", "f6", "h10", "g7", "j6"};
    for (int i = 0; i < 5; i++) {
        ck_assert_int_eq(tv_game_play_text(g, near[i], &err), TV_EILLEGAL);
        char want[200];
        snprintf(want, sizeof want,
                 "%s: the first player's second stone goes at least 3 cells from the centre h8, outside the "
                 "central 5x5 (the Pro opening)",
                 near[i]);
        ck_assert_str_eq(err.msg, want);
    }
    ck_assert_int_eq(tv_game_play_text(g, "i9", &err), TV_EILLEGAL);
    ck_assert_str_eq(err.msg, "i9: the cell is occupied");
    must_play(g, "k11"); /* three cells away on both axes: allowed */
    must_play(g, "g7 h9"); /* later stones anywhere, the centre's neighbours too */
    ck_assert_int_eq(tv_legal_moves(g->rules, g->state, moves, TV_MAX_MOVES, &err), 225 - 5);
    reads_back(g);
    tv_game_free(g);

    /* k8 is three cells from h8 along the row: allowed. */
    g = new_game(rs);
    must_play(g, "h8 a1 k8");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(swap_opening_three_stones_then_a_choice)
{
    tv_ruleset *rs = must_load("gomoku", "opening=swap");
    tv_game *g = new_game(rs);
    tv_error err = {0};
    must_play(g, "h8");
    ck_assert_int_eq(mover(g), 1);
    must_play(g, "i9");
    ck_assert_int_eq(mover(g), 1);
    ck_assert_int_eq(tv_game_play_text(g, "swap", &err), TV_EILLEGAL); /* not yet */
    must_play(g, "g9");
    ck_assert_int_eq(mover(g), 2);
    ck_assert_int_eq(cell_at(g, "h8"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "i9"), TV_STONE2); /* the first player's white stone */
    ck_assert_int_eq(cell_at(g, "g9"), TV_STONE1);
    reads_back(g);

    /* White takes Black: the stones stay; the first player, now White, moves. */
    tv_game *taken = tv_game_new(g->rules, 1, &err);
    must_play(taken, "h8 i9 g9 swap");
    ck_assert(taken->state->flags & TV_FLAG_SWAPPED);
    ck_assert_int_eq(mover(taken), 1);
    must_play(taken, "a1");
    ck_assert_int_eq(cell_at(taken, "a1"), TV_STONE2);
    ck_assert_int_eq(mover(taken), 2);
    must_play(taken, "a2");
    ck_assert_int_eq(cell_at(taken, "a2"), TV_STONE1); /* the second player plays Black now */
    ck_assert_int_eq(tv_game_play_text(taken, "swap", &err), TV_EILLEGAL); /* once only */
    reads_back(taken);
    tv_game_free(taken);

    /* White keeps White: a white stone, then Black. */
    must_play(g, "a1");
    ck_assert_int_eq(cell_at(g, "a1"), TV_STONE2);
    ck_assert_int_eq(mover(g), 1);
    ck_assert_int_eq(tv_game_play_text(g, "swap", &err), TV_EILLEGAL);
    tv_game_free(g);

    /* Perft: 225 * 224 * 223 opening stones, then 222 cells and the swap. */
    g = new_game(rs);
    ck_assert_int_eq(tv_perft(g->rules, g->state, 2, &err), 225 * 224);
    must_play(g, "h8 i9");
    ck_assert_int_eq(tv_perft(g->rules, g->state, 2, &err), 223 * 223);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* What a ruleset may not ask for, with the reason at its line. */
START_TEST(turn_rules_that_cannot_be)
{
    static const struct {
        const char *moves, *board, *why;
    } bad[] = {
        {"place { stones = { 1, 2 }, opening = 'pro' }", "15", "several stones a turn take no opening rule"},
        {"place { stones = { 0, 2 } }", "15", "stones[1]: expected an integer 1..6, got 0"},
        {"place { stones = { 1, 2, 3 } }", "15", "place.stones"},
        {"place { stones = 'two' }", "15", "expected stones a turn"},
        {"place { opening = 'long' }", "15", "opening: 'long' is not none, pro or swap"},
        {"place { opening = 'swap', swap_after = 2 }", "15", "the swap opening takes no swap_after"},
        {"place { opening = 'pro' }", "14", "Pro needs a board of odd sides, 7 or more"},
        {"drop { opening = 'pro' }", "15", "drop: unknown field 'opening'"},
        {"place { stones = { 1, 2 }, swap_after = 1 }", "15", "several stones a turn take no opening rule or swap_after"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char src[512];
        snprintf(src, sizeof src,
                 "return game { name = 'T', board = grid { width = %s, height = %s },\n"
                 "  moves = %s, goal = line { length = 5 }, ends = 'board_full' }\n",
                 bad[i].board, bad[i].board, bad[i].moves);
        tv_error err = {0};
        tv_ruleset *rs = load_source("t.lua", src, NULL, &err);
        ck_assert_msg(rs == NULL, "%s loaded", bad[i].moves);
        ck_assert_msg(strstr(err.msg, bad[i].why), "%s: %s", bad[i].moves, err.msg);
    }
    /* A play hook does not mix with the turn rules (it says who moves again). */
    tv_error err = {0};
    ck_assert_ptr_null(load_source("t.lua",
                                   "return game { name = 'T', board = grid { width = 5, height = 5 },\n"
                                   "  moves = place { stones = { 1, 2 } }, play = function(s, m) s:place(m) end,\n"
                                   "  ends = 'board_full' }\n",
                                   NULL, &err));
    ck_assert_msg(strstr(err.msg, "without flips, moves or play hooks"), "%s", err.msg);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"turns", connect6_first_turn_one_stone_then_two, 60, 0},
        {"turns", connect6_the_first_stone_of_a_pair_wins_at_once, 60, 0},
        {"turns", connect6_perft_counts_stones, 60, 0},
        {"turns", pro_opening_refuses_with_the_rule, 60, 0},
        {"turns", swap_opening_three_stones_then_a_choice, 60, 0},
        {"turns", turn_rules_that_cannot_be, 60, 0},
    };
    return tv_check_run("turns", tests, TV_CHECK_COUNT(tests));
}
