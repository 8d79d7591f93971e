/* Every call of tavola.h that takes a buffer, a text or an out-pointer,
 * given NULL: with a non-zero size it is refused the same way, TAVOLA_EINVAL
 * (NULL for the calls that return a handle) with a message that names the
 * call and the argument, and the game is left as it was; with size 0 it is a
 * question about the size only. The test walks the whole table: every slot
 * of tavola_api is listed below, either with its probe or as taking no
 * buffer, so a call added to the table without a row here fails. */
#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tavola.h"
#include "tv_check.h"

static const tavola_api *t;
static tavola_ruleset *rs;
static tavola_game *g;
static char err[512];

/* A game of tic-tac-toe one move in (so that history has a move to copy);
 * each test makes its own (tv_check runs each in a process of its own). */
static void setup(void)
{
    t = tavola_get_api(TAVOLA_ABI_VERSION);
    ck_assert_ptr_nonnull(t);
    rs = t->ruleset_load("tictactoe", "", err, sizeof err);
    ck_assert_msg(rs != NULL, "%s", err);
    g = t->game_new(rs, 1);
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(t->play_text(g, "b2"), TAVOLA_OK);
}

static void teardown(void)
{
    t->game_free(g);
    t->ruleset_free(rs);
}

/* ---- the probes: each passes NULL where the call wants memory ------------ */

static int p_add_path(void) { return t->add_path(NULL); }
static int p_list(void) { return t->list(NULL, 5); }
static int p_legal_moves(void) { return t->legal_moves(g, NULL, 5); }
static int p_play_text(void) { return t->play_text(g, NULL); }
static int p_move_text(void) { return t->move_text(g, 4, NULL, 5); }
static int p_move_parse_text(void) { tavola_move m; return t->move_parse(g, NULL, &m); }
static int p_move_parse_out(void) { return t->move_parse(g, "a1", NULL); }
static int p_history(void) { return t->history(g, NULL, 5); }
static int p_position(void) { return t->position(g, NULL, 5); }
static int p_set_position(void) { return t->set_position(g, NULL); }
static int p_draw_rows(void) { return t->draw(g, TAVOLA_DRAW_ROWS, NULL, 5); }
static int p_draw_board(void) { return t->draw(g, TAVOLA_DRAW_BOARD, NULL, 5); }
static int p_draw_svg(void) { return t->draw(g, TAVOLA_DRAW_SVG, NULL, 5); }
static int p_choose_player(void) { tavola_move m; return t->choose(g, NULL, 1, &m); }
static int p_choose_out(void) { return t->choose(g, "random", 1, NULL); }
static int p_random_rng(void) { tavola_move m; return t->random_move(g, NULL, &m); }
static int p_var_get(void) { return t->var_get(g, 0, 1, NULL); }
static int p_fen(void) { return t->fen(g, NULL, 5); }
static int p_mask_null(void) { uint64_t rng = 1; return t->mask_sample(NULL, 5, &rng); }
static int p_mask_rng(void) { static const uint8_t mask[5] = {1, 1, 1, 1, 1}; return t->mask_sample(mask, 5, NULL); }
static int p_random_out(void)
{
    uint64_t rng = 7;
    return t->random_move(g, &rng, NULL);
}

static int p_player_choose_out(void)
{
    tavola_player *p = t->player_new(rs, "random", 1, err, sizeof err);
    ck_assert_ptr_nonnull(p);
    int rc = t->player_choose(p, g, 0, 0, 0, NULL);
    t->player_free(p);
    return rc;
}

static int p_solve_moves(void)
{
    int64_t values[9];
    return t->solve(g, 100000, NULL, NULL, NULL, NULL, NULL, values, 5);
}

static int p_solve_values(void)
{
    tavola_move moves[9];
    return t->solve(g, 100000, NULL, NULL, NULL, NULL, moves, NULL, 5);
}

static int p_action_move(void) { return t->action_move(rs, 0, NULL); }
static int p_legal_actions(void) { return t->legal_actions(g, NULL, 5); }
static int p_legal_mask(void) { return t->legal_mask(g, NULL, 9); }
static int p_observation_shape(void) { return t->observation_shape(rs, NULL); }
static int p_observation(void) { return t->observation(g, 0, NULL, 5); }

/* The calls that return a handle refuse with NULL and say why in err. */
static int p_ruleset_load(void)
{
    tavola_ruleset *r = t->ruleset_load(NULL, "", err, sizeof err);
    t->ruleset_free(r);
    return r ? TAVOLA_OK : TAVOLA_EINVAL;
}

static int p_player_new(void)
{
    tavola_player *p = t->player_new(rs, NULL, 1, err, sizeof err);
    t->player_free(p);
    return p ? TAVOLA_OK : TAVOLA_EINVAL;
}

/* ---- the table ----------------------------------------------------------- */

typedef struct {
    size_t slot;           /* offsetof(tavola_api, the call) */
    int (*probe)(void);    /* NULL: the call takes no buffer */
    const char *arg;       /* the argument the message must name (the game's, or err) */
    int on_game;           /* the message is kept on the game handle (else in err) */
} call_row;

#define SLOT(f) offsetof(tavola_api, f)
static const call_row calls[] = {
    {SLOT(add_path), p_add_path, NULL, 0},
    {SLOT(list), p_list, NULL, 0},
    {SLOT(ruleset_load), p_ruleset_load, "name", 0},
    {SLOT(ruleset_free), NULL, NULL, 0},
    {SLOT(ruleset_name), NULL, NULL, 0},
    {SLOT(ruleset_title), NULL, NULL, 0},
    {SLOT(ruleset_description), NULL, NULL, 0},
    {SLOT(ruleset_options), NULL, NULL, 0},
    {SLOT(ruleset_option_count), NULL, NULL, 0},
    {SLOT(ruleset_option), NULL, NULL, 0}, /* out-pointers that may each be NULL */
    {SLOT(ruleset_player), NULL, NULL, 0},
    {SLOT(ruleset_error), NULL, NULL, 0},
    {SLOT(game_new), NULL, NULL, 0},
    {SLOT(game_clone), NULL, NULL, 0},
    {SLOT(game_free), NULL, NULL, 0},
    {SLOT(error), NULL, NULL, 0},
    {SLOT(legal_moves), p_legal_moves, "moves", 1},
    {SLOT(play), NULL, NULL, 0},
    {SLOT(play_text), p_play_text, "text", 1},
    {SLOT(undo), NULL, NULL, 0},
    {SLOT(move_text), p_move_text, "buf", 1},
    {SLOT(move_parse), p_move_parse_text, "text", 1},
    {SLOT(move_parse), p_move_parse_out, "m", 1},
    {SLOT(to_move), NULL, NULL, 0},
    {SLOT(status), NULL, NULL, 0},
    {SLOT(winner), NULL, NULL, 0},
    {SLOT(score), NULL, NULL, 0},
    {SLOT(ply), NULL, NULL, 0},
    {SLOT(history), p_history, "moves", 1},
    {SLOT(seed), NULL, NULL, 0},
    {SLOT(position), p_position, "buf", 1},
    {SLOT(set_position), p_set_position, "text", 1},
    {SLOT(draw), p_draw_rows, "buf", 1},
    {SLOT(draw), p_draw_board, "buf", 1},
    {SLOT(draw), p_draw_svg, "buf", 1},
    {SLOT(perft), NULL, NULL, 0},
    {SLOT(choose), p_choose_player, "player", 1},
    {SLOT(choose), p_choose_out, "m", 1},
    {SLOT(game_ruleset), NULL, NULL, 0},
    {SLOT(player_new), p_player_new, "spec", 0},
    {SLOT(player_free), NULL, NULL, 0},
    {SLOT(player_choose), p_player_choose_out, "m", 1},
    {SLOT(player_stop), NULL, NULL, 0},
    {SLOT(player_info), NULL, NULL, 0}, /* out-pointers that may each be NULL */
    {SLOT(solve), p_solve_moves, "moves", 1},
    {SLOT(solve), p_solve_values, "values", 1},
    {SLOT(set_limits), NULL, NULL, 0},
    {SLOT(num_actions), NULL, NULL, 0},
    {SLOT(move_action), NULL, NULL, 0},
    {SLOT(action_move), p_action_move, NULL, 0},
    {SLOT(legal_actions), p_legal_actions, "actions", 1},
    {SLOT(legal_mask), p_legal_mask, "mask", 1},
    {SLOT(play_action), NULL, NULL, 0},
    {SLOT(observation_shape), p_observation_shape, NULL, 0},
    {SLOT(observation), p_observation, "out", 1},
    {SLOT(playouts), NULL, NULL, 0}, /* results and mean_plies may be NULL */
    {SLOT(max_moves), NULL, NULL, 0},
    {SLOT(ruleset_family), NULL, NULL, 0}, /* out-pointers that may each be NULL */
    {SLOT(ruleset_option_type), NULL, NULL, 0},
    {SLOT(ruleset_option_range), NULL, NULL, 0}, /* out-pointers that may each be NULL */
    {SLOT(random_move), p_random_rng, "rng", 1},
    {SLOT(random_move), p_random_out, "m", 1},
    {SLOT(var_count), NULL, NULL, 0},
    {SLOT(var_info), NULL, NULL, 0}, /* out-pointers that may each be NULL */
    {SLOT(var_get), p_var_get, "value", 1},
    {SLOT(hand_kinds), NULL, NULL, 0},
    {SLOT(hand), NULL, NULL, 0}, /* letter may be NULL */
    {SLOT(fen), p_fen, "buf", 1},
    {SLOT(mask_sample), p_mask_null, NULL, 0}, /* no handle: the code alone */
    {SLOT(mask_sample), p_mask_rng, NULL, 0},
};
#define NCALLS (int)(sizeof calls / sizeof *calls)

START_TEST(every_slot_of_the_table_is_listed)
{
    setup();
    /* Every field after `version` is a function pointer. */
    for (size_t slot = SLOT(add_path); slot < t->size; slot += sizeof(void (*)(void))) {
        int found = 0;
        for (int i = 0; i < NCALLS; i++)
            found |= calls[i].slot == slot;
        ck_assert_msg(found, "the call at offset %zu of tavola_api has no row in this test", slot);
    }
    teardown();
}
END_TEST

START_TEST(null_with_a_size_is_refused_with_einval)
{
    const call_row *c = &calls[_i];
    if (!c->probe)
        return;
    setup();
    char before[256], after[256];
    ck_assert_int_ge(t->position(g, before, sizeof before), 0);
    err[0] = '\0';
    int rc = c->probe();
    ck_assert_msg(rc == TAVOLA_EINVAL, "row %d (offset %zu): %d, expected TAVOLA_EINVAL", _i, c->slot, rc);
    ck_assert_int_ge(t->position(g, after, sizeof after), 0);
    ck_assert_str_eq(before, after);
    ck_assert_int_eq(t->ply(g), 1);
    if (c->arg) {
        const char *msg = c->on_game ? t->error(g) : err;
        ck_assert_msg(strstr(msg, c->arg) && strstr(msg, "NULL"), "row %d: message '%s' names no NULL %s", _i,
                      msg, c->arg);
    }
    teardown();
}
END_TEST

/* NULL with size 0 asks for the count or the length: never a crash. */
START_TEST(null_with_size_zero_asks_the_size)
{
    setup();
    ck_assert_int_eq(t->history(g, NULL, 0), 1);
    char pos[64];
    ck_assert_int_eq(t->position(g, NULL, 0), t->position(g, pos, sizeof pos));
    ck_assert_int_eq(t->position(g, NULL, 0), (int)strlen(pos));
    int len = t->draw(g, TAVOLA_DRAW_SVG, NULL, 0);
    ck_assert_int_gt(len, 0);
    ck_assert_int_eq(t->move_text(g, 4, NULL, 0), 2);
    ck_assert_int_eq(t->legal_moves(g, NULL, 0), TAVOLA_ELIMIT);
    ck_assert_int_eq(t->legal_actions(g, NULL, 0), TAVOLA_ELIMIT);
    ck_assert_int_eq(t->observation(g, 0, NULL, 0), TAVOLA_ELIMIT);
    tavola_move m;
    ck_assert_int_ge(t->solve(g, 100000, NULL, NULL, NULL, NULL, NULL, NULL, 0), 0);
    ck_assert_int_eq(t->move_parse(g, "a1", &m), TAVOLA_OK);
    teardown();
}
END_TEST

/* A history smaller than the game gets the first moves and the whole count. */
START_TEST(history_fills_what_it_has_room_for)
{
    setup();
    ck_assert_int_eq(t->play_text(g, "a1"), TAVOLA_OK);
    tavola_move h[1] = {-99};
    ck_assert_int_eq(t->history(g, h, 1), 2);
    char text[8];
    ck_assert_int_eq(t->move_text(g, h[0], text, sizeof text), 2);
    ck_assert_str_eq(text, "b2");
    teardown();
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"table", every_slot_of_the_table_is_listed, 60, 0},
        {"null", null_with_a_size_is_refused_with_einval, 60, NCALLS},
        {"null", null_with_size_zero_asks_the_size, 60, 0},
        {"null", history_fills_what_it_has_room_for, 60, 0},
    };
    return tv_check_run("ABI buffers", tests, TV_CHECK_COUNT(tests));
}
