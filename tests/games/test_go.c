/* Go and Atari Go as data (rulesets/go.lua, atari_go.lua; the primitive:
 * core/play/tv_groups.c, the groups family): captures of a group in the
 * corner, on the edge and of two groups by one stone, suicide refused and
 * (as an option) played, ko and its retake one move later, area scoring
 * with neutral points and komi after two passes, the ply limit, Atari Go's
 * first capture, and perft on 5x5 (its first two depths by hand: 25 points
 * and a pass, then 25 x 25 + 26). */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_perft.h"
#include "tv_play.h"
#include "tv_player.h"

START_TEST(perft_small)
{
    tv_ruleset *rs = must_load("go", "size=5");
    tv_game *g = new_game(rs);
    tv_error err;
    ck_assert_int_eq(tv_perft(g->rules, g->state, 1, &err), 26);
    ck_assert_int_eq(tv_perft(g->rules, g->state, 2, &err), 25 * 25 + 26);
    ck_assert_int_eq(tv_perft(g->rules, g->state, 3, &err), 15650);
    tv_game_free(g);
    tv_ruleset_free(rs);
    rs = must_load("atari_go", "size=5");
    g = new_game(rs);
    ck_assert_int_eq(tv_perft(g->rules, g->state, 2, &err), 25 * 24);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(captures)
{
    tv_ruleset *rs = must_load("go", "size=5");
    /* the corner */
    tv_game *g = game_at(rs, "...../...../...../...../ox... 1 - 2 ko=-;passes=0");
    must_play(g, "a2");
    ck_assert_int_eq(cell_at(g, "a1"), TV_EMPTY);
    tv_game_free(g);
    /* two stones on the edge */
    g = game_at(rs, "...../...../...../..x../.xoox 1 - 6 ko=-;passes=0");
    must_play(g, "d2");
    ck_assert_int_eq(cell_at(g, "c1"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "d1"), TV_EMPTY);
    tv_game_free(g);
    /* two groups by one stone */
    g = game_at(rs, "...../...../...../x.x../o.ox. 1 - 6 ko=-;passes=0");
    must_play(g, "b1");
    ck_assert_int_eq(cell_at(g, "a1"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "c1"), TV_EMPTY);
    ck_assert_int_eq(g->state->owned[1], 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(suicide)
{
    tv_error err;
    tv_ruleset *rs = must_load("go", "size=5");
    tv_game *g = game_at(rs, "...../...../...../o..../.o... 1 - 2 ko=-;passes=0");
    ck_assert_ptr_nonnull(strstr(refusal(g, "a1", &err), "suicide"));
    tv_game_free(g);
    tv_ruleset_free(rs);
    rs = must_load("go", "size=5,suicide=true");
    g = game_at(rs, "...../...../...../o..../.o... 1 - 2 ko=-;passes=0");
    must_play(g, "a1"); /* played, and taken off */
    ck_assert_int_eq(cell_at(g, "a1"), TV_EMPTY);
    ck_assert_int_eq(g->state->ply, 3);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Black c2 takes b2; White may not take back at once, but may after a move
 * elsewhere by each. */
START_TEST(ko)
{
    tv_error err;
    tv_ruleset *rs = must_load("go", "size=5");
    tv_game *g = game_at(rs, "...../...../.xo../xo.o./.xo.. 1 - 8 ko=-;passes=0");
    must_play(g, "c2");
    ck_assert_int_eq(cell_at(g, "b2"), TV_EMPTY);
    ck_assert_ptr_nonnull(strstr(refusal(g, "b2", &err), "ko"));
    must_play(g, "e5 e4 b2");
    ck_assert_int_eq(cell_at(g, "c2"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "b2"), TV_STONE2);
    /* now Black may not take back at once */
    ck_assert_ptr_nonnull(strstr(refusal(g, "c2", &err), "ko"));
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Columns a and e are each side's territory, c is neutral (it touches
 * both): 10 points each, komi decides. */
START_TEST(area_scoring)
{
    static const char *const p = ".x.o./.x.o./.x.o./.x.o./.x.o. 1 - 10 ko=-;passes=0";
    tv_ruleset *rs = must_load("go", "size=5");
    tv_game *g = game_at(rs, p);
    must_play(g, "pass");
    expect_ongoing(g, "one pass");
    must_play(g, "pass");
    expect_winner(g, 2, "komi 7.5");
    ck_assert_int_eq(g->state->score[0], 10);
    ck_assert_int_eq(g->state->score[1], 10);
    tv_game_free(g);
    tv_ruleset_free(rs);
    rs = must_load("go", "size=5,komi=0");
    g = game_at(rs, p);
    must_play(g, "c3 pass pass"); /* a stone in the neutral column: Black 11 */
    expect_winner(g, 1, "11 to 10");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* 2 x 9 x 9 plies end the game, scored as two passes would. */
START_TEST(ply_limit)
{
    tv_ruleset *rs = must_load("go", NULL);
    tv_game *g = game_at(rs, "........./........./........./........./........./........./........./........./x........ 2 - 161 ko=-;passes=0");
    must_play(g, "e5");
    expect_winner(g, 2, "one stone each and komi");
    ck_assert_int_eq(g->state->score[0], 1);
    ck_assert_int_eq(g->state->score[1], 1);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Positional superko (superko=true): with suicide allowed, a lone stone's
 * suicide would leave the board as it was: refused, and left out of the
 * legal moves every host and player sees; without superko it is played. */
#define CORNER "...../...../...../o..../.o... 1 - 2 ko=-;passes=0"
START_TEST(superko)
{
    tv_error err;
    tv_ruleset *rs = must_load("go", "size=5,suicide=true,superko=true");
    tv_game *g = game_at(rs, CORNER);
    ck_assert_ptr_nonnull(strstr(refusal(g, "a1", &err), "superko"));
    tv_move moves[TV_MOVES_LIMIT];
    int n = tv_legal_moves_hist(g->rules, g->state, g->hashes, g->nply + 1, moves, TV_MOVES_LIMIT, &err);
    ck_assert_int_eq(n, 23); /* 23 empty points less a1, and a pass */
    for (int i = 0; i < n; i++)
        ck_assert_int_ne(moves[i], 0);
    for (uint64_t seed = 0; seed < 200; seed++) { /* the players choose among those */
        char text[16];
        tv_player *p = player(rs, seed % 2 ? "random" : "mcts:iterations=20", seed);
        ck_assert_str_ne(choose(p, g, NULL, text), "a1");
        tv_player_free(p);
    }
    must_play(g, "b2 a1"); /* another board: a1 takes itself off, a new position */
    tv_game_free(g);
    tv_ruleset_free(rs);
    rs = must_load("go", "size=5,suicide=true");
    g = game_at(rs, CORNER);
    must_play(g, "a1");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(atari_go)
{
    tv_ruleset *rs = must_load("atari_go", "size=5");
    tv_game *g = game_at(rs, "...../...../...../...../ox... 1 - 2 0,0 ko=-");
    must_play(g, "a2");
    expect_winner(g, 1, "the first capture");
    ck_assert_int_eq(g->state->score[0], 1);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"perft", perft_small, 60, 0},
        {"rules", captures, 30, 0},
        {"rules", suicide, 30, 0},
        {"rules", ko, 30, 0},
        {"ends", area_scoring, 30, 0},
        {"ends", ply_limit, 30, 0},
        {"rules", superko, 30, 0},
        {"atari go", atari_go, 30, 0},
    };
    return tv_check_run("go", tests, TV_CHECK_COUNT(tests));
}
