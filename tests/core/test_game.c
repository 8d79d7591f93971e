/* tv_game: play by text and undo to the start, a history longer than its
 * first allocation, and setting a position.
 * Core only: the rules are built in C (tests/support/tv_fixture.h), no Lua. */
#include <check.h>

#include <stdlib.h>
#include <string.h>

#include "tv_check.h"
#include "tv_error.h"
#include "tv_fixture.h"
#include "tv_game.h"
#include "tv_grid.h"
#include "tv_position.h"

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

int main(void)
{
    const tv_check_test tests[] = {
        {"game", game_play_undo_to_start, 30, 0},
        {"game", game_long_history, 30, 0},
        {"game", game_set_position_clears_history, 30, 0},
    };
    return tv_check_run("core game", tests, TV_CHECK_COUNT(tests));
}
