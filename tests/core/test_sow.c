/* The sowing primitive, parameter by parameter, on hand-worked positions.
 * core/ only (no Lua): the rules are built in C. Positions are written in the
 * engine's notation "row2/row1 score1,score2 side ply" (see tv_position.h). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tv_check.h"
#include "tv_fixture.h"
#include "tv_game.h"
#include "tv_perft.h"
#include "tv_sow.h"

static void play(tv_game *g, const char *moves)
{
    tv_error err;
    char buf[256];
    strcpy(buf, moves);
    for (char *m = strtok(buf, " "); m; m = strtok(NULL, " "))
        ck_assert_msg(tv_game_play_text(g, m, &err) == TV_OK, "%s: %s", m, err.msg);
}

static void expect(const tv_game *g, const char *want)
{
    char pos[TV_POSITION_MAX];
    tv_position_write(g->rules, g->state, pos, sizeof pos);
    ck_assert_str_eq(pos, want);
}

static int legal(const tv_game *g, char *out)
{
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    int n = tv_legal_moves(g->rules, g->state, moves, TV_MOVES_LIMIT, &err);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char t[8];
        tv_move_text(g->rules, moves[i], t, sizeof t);
        strcat(out, i ? " " : "");
        strcat(out, t);
    }
    return n;
}

START_TEST(counter_clockwise_and_clockwise)
{
    tv_rules *r = mancala_rules_new(3, 2);
    rules_finish_ok(r);
    tv_game *g = game_from(r, "2,2,2/2,4,0 0,0 1 0");
    play(g, "b1"); /* c1 c2 b2 a2 */
    expect(g, "3,3,3/2,0,1 0,0 2 1");
    tv_game_free(g);
    r->sow.cw = 1;
    rules_finish_ok(r);
    g = game_from(r, "2,2,2/2,4,0 0,0 1 0");
    play(g, "b1"); /* a1 a2 b2 c2 */
    expect(g, "3,3,3/3,0,0 0,0 2 1");
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(origin_first)
{
    tv_rules *r = mancala_rules_new(2, 7);
    r->sow.origin_first = 1;
    rules_finish_ok(r);
    tv_game *g = tv_game_new(r, 1, NULL);
    play(g, "a1 a2 b1"); /* worked by hand: see the Tihbat readings */
    expect(g, "5,14/6,3 0,0 2 3");
    tv_game_free(g);
    /* One seed goes back where it was: only the side to move changes. */
    g = game_from(r, "7,7/1,13 0,0 1 0");
    play(g, "a1");
    expect(g, "7,7/1,13 0,0 2 1");
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(skip_origin_on_laps)
{
    tv_rules *r = mancala_rules_new(6, 4);
    rules_finish_ok(r);
    tv_game *g = game_from(r, "3,3,3,3,3,3/12,3,3,3,3,0 3,3 1 0");
    play(g, "a1"); /* 11 seeds round the board, the 12th back into a1 */
    expect(g, "4,4,4,4,4,4/1,4,4,4,4,1 3,3 2 1");
    tv_game_free(g);
    r->sow.skip_origin = 1;
    rules_finish_ok(r);
    g = game_from(r, "3,3,3,3,3,3/12,3,3,3,3,0 3,3 1 0");
    play(g, "a1"); /* the 12th passes over a1 to b1 */
    expect(g, "4,4,4,4,4,4/0,5,4,4,4,1 3,3 2 1");
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(relay_sowing)
{
    tv_rules *r = mancala_rules_new(3, 2);
    r->sow.relay = 1;
    rules_finish_ok(r);
    /* a1 (2): b1, c1 -> c1 held 1, now 2: lift 2: c2, b2 -> b2 held 0: stop. */
    tv_game *g = game_from(r, "1,0,5/2,3,1 0,0 1 0");
    play(g, "a1");
    expect(g, "1,1,6/0,4,0 0,0 2 1");
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(stores_and_extra_turn)
{
    tv_rules *r = mancala_rules_new(6, 4);
    r->sow.stores = r->sow.own_store = r->sow.extra_turn = 1;
    r->ends = TV_END_SIDE_EMPTY;
    r->remainder = TV_REMAINDER_OWN_ROW;
    rules_finish_ok(r);
    tv_game *g = tv_game_new(r, 1, NULL);
    play(g, "c1"); /* d1 e1 f1 store: player 1 moves again */
    expect(g, "4,4,4,4,4,4/4,4,0,5,5,5 1,0 1 1");
    play(g, "f1"); /* store, f2 a.. e2 d2 c2 */
    expect(g, "4,4,5,5,5,5/4,4,0,5,5,0 2,0 2 2");
    tv_game_free(g);
    /* The opponent's store is passed over; with both stores it is sown. */
    g = game_from(r, "2,2,2,2,2,2/4,4,4,4,4,12 2,2 1 0");
    play(g, "f1"); /* 12 seeds: store 1, f2..a2 (6), a1..e1 (5) */
    expect(g, "3,3,3,3,3,3/5,5,5,5,5,0 3,2 2 1");
    tv_game_free(g);
    r->sow.opp_store = 1;
    rules_finish_ok(r);
    g = game_from(r, "2,2,2,2,2,2/4,4,4,4,4,12 2,2 1 0");
    play(g, "f1"); /* 12 seeds: store 1, f2..a2 (6), store 2, a1..d1 */
    expect(g, "3,3,3,3,3,3/5,5,5,5,4,0 3,3 2 1");
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(capture_by_counts_and_chains)
{
    tv_rules *r = mancala_rules_new(6, 4);
    r->sow.counts = 1u << 2 | 1u << 3;
    r->sow.side = TV_SIDE_OPP;
    rules_finish_ok(r);
    /* d1 (4): e1 f1 f2 e2 -> e2 now 3: captured. Not chained: f2 stays. */
    tv_game *g = game_from(r, "4,4,4,4,2,1/4,4,4,4,4,6 3,0 1 0");
    play(g, "d1");
    expect(g, "4,4,4,4,0,2/4,4,4,0,5,7 6,0 2 1");
    tv_game_free(g);
    r->sow.chain = 1;
    r->sow.chain_side = TV_SIDE_OPP;
    rules_finish_ok(r);
    /* Chained backwards: e2 (3) then f2 (2); f1 is the mover's: stop. */
    g = game_from(r, "4,4,4,4,2,1/4,4,4,4,4,6 3,0 1 0");
    play(g, "d1");
    expect(g, "4,4,4,4,0,0/4,4,4,0,5,7 8,0 2 1");
    tv_game_free(g);
    /* A landing on the mover's own side captures nothing here. */
    g = game_from(r, "4,4,4,4,4,4/1,1,4,4,4,6 4,0 1 0");
    play(g, "a1");
    expect(g, "4,4,4,4,4,4/0,2,4,4,4,6 4,0 2 1");
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(capture_on_own_side_tihbat)
{
    tv_rules *r = mancala_rules_new(2, 7);
    r->sow.origin_first = 1;
    r->sow.counts = 1u << 2 | 1u << 4 | 1u << 6 | 1u << 8;
    r->sow.side = TV_SIDE_OWN;
    rules_finish_ok(r);
    /* a1 (3): a1, b1, b2 -> last on b2, the opponent's: nothing. */
    tv_game *g = game_from(r, "7,7/3,11 0,0 1 0");
    play(g, "a1");
    expect(g, "7,8/1,12 0,0 2 1");
    tv_game_free(g);
    /* b1 (5): b1, b2, a2, a1, b1 -> b1 holds 2: captured; a1 (4) too only with chain. */
    g = game_from(r, "7,7/3,5 3,3 1 0");
    play(g, "b1");
    expect(g, "8,8/4,0 5,3 2 1");
    tv_game_free(g);
    r->sow.chain = 1;
    r->sow.chain_side = TV_SIDE_OWN;
    rules_finish_ok(r);
    g = game_from(r, "7,7/3,5 3,3 1 0");
    play(g, "b1"); /* backwards from b1: a1 holds 4, own side: captured too */
    expect(g, "8,8/0,0 9,3 2 1");
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(empty_hole_captures_opposite)
{
    tv_rules *r = mancala_rules_new(6, 4);
    r->sow.stores = r->sow.own_store = 1;
    r->sow.empty_capture = TV_EMPTY_CAPTURE_NONEMPTY;
    r->ends = TV_END_SIDE_EMPTY;
    rules_finish_ok(r);
    /* a1 (2): b1, c1 (empty) -> c1 and c2 (5) into the store. */
    tv_game *g = game_from(r, "4,4,5,4,4,4/2,4,0,4,4,4 2,3 1 0");
    play(g, "a1");
    expect(g, "4,4,0,4,4,4/0,5,0,4,4,4 8,3 2 1");
    tv_game_free(g);
    /* Opposite hole empty: no capture, unless the variant says always. */
    g = game_from(r, "4,4,0,4,4,4/2,4,0,4,4,4 2,8 1 0");
    play(g, "a1");
    expect(g, "4,4,0,4,4,4/0,5,1,4,4,4 2,8 2 1");
    tv_game_free(g);
    r->sow.empty_capture = TV_EMPTY_CAPTURE_ALWAYS;
    rules_finish_ok(r);
    g = game_from(r, "4,4,0,4,4,4/2,4,0,4,4,4 2,8 1 0");
    play(g, "a1");
    expect(g, "4,4,0,4,4,4/0,5,0,4,4,4 3,8 2 1");
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(grand_slam_policies)
{
    /* d1 (4): e1 f1 f2 e2: e2 -> 3 and f2 -> 2, the opponent's only seeds. */
    const char *start = "0,0,0,0,2,1/4,4,4,4,4,17 8,0 1 0";
    tv_rules *r = mancala_rules_new(6, 4);
    r->sow.counts = 1u << 2 | 1u << 3;
    r->sow.side = r->sow.chain_side = TV_SIDE_OPP;
    r->sow.chain = 1;
    r->ends = TV_END_BOARD_EMPTY;
    rules_finish_ok(r);
    tv_game *g = game_from(r, start);
    play(g, "d1");
    expect(g, "0,0,0,0,0,0/4,4,4,0,5,18 13,0 2 1");
    tv_game_free(g);
    r->sow.grand_slam = TV_SLAM_NO_CAPTURE;
    rules_finish_ok(r);
    g = game_from(r, start);
    play(g, "d1");
    expect(g, "0,0,0,0,3,2/4,4,4,0,5,18 8,0 2 1");
    tv_game_free(g);
    r->sow.grand_slam = TV_SLAM_ILLEGAL;
    rules_finish_ok(r);
    g = game_from(r, start);
    char moves[128];
    legal(g, moves);
    ck_assert_str_eq(moves, "a1 b1 c1 e1 f1");
    tv_error err;
    ck_assert_int_eq(tv_game_play_text(g, "d1", &err), TV_EILLEGAL);
    ck_assert_msg(strstr(err.msg, "all the opponent's seeds") != NULL, "%s", err.msg);
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(must_feed_and_no_move_end)
{
    tv_rules *r = mancala_rules_new(6, 4);
    r->sow.must_feed = 1;
    r->ends = TV_END_NO_MOVE;
    r->remainder = TV_REMAINDER_OWN_ROW;
    rules_finish_ok(r);
    /* Player 2 is empty: only the moves that reach row 2 are legal. */
    tv_game *g = game_from(r, "0,0,0,0,0,0/1,1,1,1,1,2 0,41 1 0");
    char moves[128];
    legal(g, moves);
    ck_assert_str_eq(moves, "f1");
    tv_error err;
    ck_assert_int_eq(tv_game_play_text(g, "a1", &err), TV_EILLEGAL);
    ck_assert_msg(strstr(err.msg, "leave the opponent seeds") != NULL, "%s", err.msg);
    tv_game_free(g);
    /* No move can feed: the game ends and each keeps their own row. */
    g = game_from(r, "0,0,0,0,0,0/1,1,1,1,0,0 0,44 1 0");
    ck_assert_int_eq(g->state->status, TV_OVER);
    expect(g, "0,0,0,0,0,0/0,0,0,0,0,0 4,44 1 0");
    ck_assert_int_eq(g->state->winner, 2);
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(pass_when_no_move)
{
    tv_rules *r = mancala_rules_new(2, 7);
    r->sow.origin_first = 1;
    r->sow.pass = 1;
    rules_finish_ok(r);
    tv_game *g = game_from(r, "3,5/0,0 10,10 1 0");
    char moves[64];
    legal(g, moves);
    ck_assert_str_eq(moves, "pass");
    play(g, "pass");
    expect(g, "3,5/0,0 10,10 2 1");
    tv_error err;
    ck_assert_int_eq(tv_game_play_text(g, "pass", &err), TV_EILLEGAL); /* player 2 can sow */
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(repetition_ends_and_splits)
{
    tv_rules *r = mancala_rules_new(2, 7);
    r->sow.origin_first = 1;
    r->sow.pass = 1;
    r->repetition = 1;
    r->remainder = TV_REMAINDER_SPLIT;
    rules_finish_ok(r);
    tv_game *g = game_from(r, "1,0/1,0 13,13 1 0");
    play(g, "a1");
    ck_assert_int_eq(g->state->status, TV_ONGOING);
    play(g, "a2"); /* the start position again, player 1 to move */
    ck_assert_int_eq(g->state->status, TV_OVER);
    expect(g, "0,0/0,0 14,14 1 2");
    ck_assert_int_eq(g->state->winner, 0);
    /* Undo takes the end back too. */
    tv_error err;
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    expect(g, "1,0/1,0 13,13 2 1");
    ck_assert_int_eq(g->state->status, TV_ONGOING);
    tv_game_free(g);
    /* Without the rule the same moves go on. */
    r->repetition = 0;
    rules_finish_ok(r);
    g = game_from(r, "1,0/1,0 13,13 1 0");
    play(g, "a1 a2 a1 a2");
    ck_assert_int_eq(g->state->status, TV_ONGOING);
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(capture_target_and_side_empty)
{
    tv_rules *r = mancala_rules_new(6, 4);
    r->sow.counts = 1u << 2 | 1u << 3;
    r->sow.side = TV_SIDE_OPP;
    r->target = 25;
    r->remainder = TV_REMAINDER_OWN_ROW;
    rules_finish_ok(r);
    tv_game *g = game_from(r, "4,4,4,4,2,1/0,0,0,4,0,0 22,3 1 0");
    play(g, "d1"); /* captures 3: 25 ends the game; each keeps their row */
    ck_assert_int_eq(g->state->status, TV_OVER);
    expect(g, "0,0,0,0,0,0/0,0,0,0,0,0 27,21 2 1");
    ck_assert_int_eq(g->state->winner, 1);
    tv_game_free(g);

    tv_rules *k = mancala_rules_new(6, 4);
    k->sow.stores = k->sow.own_store = 1;
    k->ends = TV_END_SIDE_EMPTY;
    k->remainder = TV_REMAINDER_OWN_ROW;
    rules_finish_ok(k);
    g = game_from(k, "1,1,1,1,1,1/0,0,0,0,0,1 20,21 1 0");
    play(g, "f1"); /* into the store: row 1 empty, player 2 keeps row 2 */
    ck_assert_int_eq(g->state->status, TV_OVER);
    expect(g, "0,0,0,0,0,0/0,0,0,0,0,0 21,27 2 1");
    ck_assert_int_eq(g->state->winner, 2);
    tv_game_free(g);
    free(r);
    free(k);
}
END_TEST

START_TEST(bad_moves_leave_the_state)
{
    tv_rules *r = mancala_rules_new(6, 4);
    rules_finish_ok(r);
    tv_game *g = game_from(r, "4,4,4,4,4,4/0,4,4,4,4,8 0,0 1 0");
    tv_state_buf before;
    tv_state_copy(r, &before.state, g->state);
    tv_error err;
    const char *bad[] = {"a1", "a2", "pass", "swap", "g1"};
    const char *why[] = {"empty", "not a hole of player 1", "no passing", "", "not a move"};
    for (int i = 0; i < 5; i++) {
        int rc = tv_game_play_text(g, bad[i], &err);
        ck_assert_msg(rc == TV_EILLEGAL || rc == TV_EINVAL, "%s accepted", bad[i]);
        ck_assert_msg(strstr(err.msg, why[i]) != NULL, "%s: %s", bad[i], err.msg);
        ck_assert(memcmp(&before, g->state, (size_t)r->state_size) == 0);
    }
    tv_game_free(g);
    free(r);
}
END_TEST

START_TEST(corrupt_positions_are_refused)
{
    tv_rules *r = mancala_rules_new(2, 7);
    rules_finish_ok(r);
    tv_game *g = tv_game_new(r, 1, NULL);
    tv_state_buf before;
    tv_state_copy(r, &before.state, g->state);
    const char *bad[] = {"7,7/7,7 0,1 1 0", "7,7/7 0,0 1 0", "7,7,7/7,7 0,0 1 0", "7,7/7,7/0,0 0,0 1 0",
                         "7,x/7,7 0,0 1 0", "7,7/7,7 0 1 0", "7,7/7,7 0,0 3 0", "7,7/7,7 0,0 1 -1",
                         "7,7/7,7 0,0 1", "", "300,0/0,0 0,0 1 0", "7,7/7,7 0,0 1 0 9"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tv_error err = {0};
        ck_assert_msg(tv_game_set_position(g, bad[i], &err) == TV_EINVAL, "'%s' accepted", bad[i]);
        ck_assert_msg(strstr(err.msg, "position") != NULL, "'%s': %s", bad[i], err.msg);
        ck_assert(memcmp(&before, g->state, (size_t)r->state_size) == 0);
    }
    tv_game_free(g);
    free(r);
}
END_TEST

/* Random games in every configuration: undo restores each state byte for
 * byte, the incremental hash equals a recount, seeds are conserved, and the
 * position string round-trips. */
START_TEST(random_games_keep_invariants)
{
    for (int config = 0; config < 4; config++) {
        tv_rules *r = mancala_rules_new(config == 0 ? 2 : 6, config == 0 ? 7 : 4);
        if (config == 0) { /* Tihbat-like */
            r->sow.origin_first = r->sow.pass = r->repetition = 1;
            r->sow.counts = 0x154;
            r->sow.side = r->sow.chain_side = TV_SIDE_OWN;
            r->sow.chain = 1;
            r->remainder = TV_REMAINDER_SPLIT;
        } else if (config == 1) { /* Kalah-like */
            r->sow.stores = r->sow.own_store = r->sow.extra_turn = 1;
            r->sow.empty_capture = TV_EMPTY_CAPTURE_NONEMPTY;
            r->ends = TV_END_SIDE_EMPTY;
            r->remainder = TV_REMAINDER_OWN_ROW;
        } else if (config == 2) { /* Oware-like */
            r->sow.skip_origin = r->sow.must_feed = r->sow.chain = r->repetition = 1;
            r->sow.counts = 0xC;
            r->sow.side = r->sow.chain_side = TV_SIDE_OPP;
            r->sow.grand_slam = TV_SLAM_NO_CAPTURE;
            r->ends = TV_END_NO_MOVE;
            r->target = 25;
            r->remainder = TV_REMAINDER_OWN_ROW;
        } else { /* clockwise relay with both stores */
            r->sow.cw = r->sow.relay = r->sow.stores = r->sow.own_store = r->sow.opp_store = 1;
            r->sow.counts = 0x10;
            r->sow.side = TV_SIDE_ANY;
            r->sow.grand_slam = TV_SLAM_ILLEGAL;
            r->sow.pass = 1;
            r->ends = TV_END_BOARD_EMPTY;
            r->repetition = 1;
            r->remainder = TV_REMAINDER_SPLIT;
        }
        rules_finish_ok(r);
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)config);
        size_t size = (size_t)r->state_size;
        int total = 2 * r->sow.holes * r->sow.seeds, ended = 0;
        for (int game = 0; game < 300; game++) {
            tv_game *g = tv_game_new(r, (uint64_t)game, NULL);
            unsigned char *trail = malloc(size * 2001);
            tv_move moves[TV_MOVES_LIMIT];
            tv_error err;
            while (g->state->status == TV_ONGOING && g->nply < 2000) {
                memcpy(trail + size * (size_t)g->nply, g->state, size);
                int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
                if (n <= 0)
                    ck_abort_msg("config %d game %d: no move in an ongoing game", config, game);
                if (tv_game_play(g, moves[tv_rng_below(&rng, (uint32_t)n)], &err))
                    ck_abort_msg("config %d: %s", config, err.msg);
                int seeds = g->state->score[0] + g->state->score[1];
                for (int h = 0; h < r->ncells; h++)
                    seeds += g->state->cells[h];
                if (seeds != total || g->state->hash != tv_state_hash(r, g->state))
                    ck_abort_msg("config %d game %d ply %d: seeds %d/%d or hash wrong", config, game, g->nply,
                                 seeds, total);
                char pos[TV_POSITION_MAX];
                tv_state_buf copy;
                tv_position_write(r, g->state, pos, sizeof pos);
                if (g->state->status == TV_ONGOING &&
                    (tv_position_read(r, pos, &copy.state, &err) || copy.state.hash != g->state->hash))
                    ck_abort_msg("config %d: '%s' does not round-trip: %s", config, pos, err.msg);
            }
            ended += g->state->status == TV_OVER;
            while (g->nply > 0) {
                tv_game_undo(g, NULL);
                if (memcmp(trail + size * (size_t)g->nply, g->state, size) != 0)
                    ck_abort_msg("config %d game %d: undo of ply %d differs", config, game, g->nply + 1);
            }
            free(trail);
            tv_game_free(g);
        }
        ck_assert_int_eq(ended, 300); /* every game came to an end */
        free(r);
    }
}
END_TEST

/* A sowing seed by seed, written from the rules' statement and not the
 * engine's code: the track runs along row 1 (a1 to the last hole
 * counter-clockwise, the other way clockwise), player 1's store, row 2 the
 * other way, player 2's store. Returns the last place: a hole, or -1 / -2. */
static int sown_by_hand(const tv_rules *r, uint8_t *cells, int score[2], int mover, int hole)
{
    const tv_sow *w = &r->sow;
    int n = w->holes, track[2 * TV_MANCALA_MAX_HOLES + 2], len = 0, pos = 0;
    for (int i = 0; i < n; i++)
        track[len++] = w->cw ? n - 1 - i : i;
    if (w->stores)
        track[len++] = -1;
    for (int i = 0; i < n; i++)
        track[len++] = w->cw ? n + i : 2 * n - 1 - i;
    if (w->stores)
        track[len++] = -2;
    while (track[pos] != hole)
        pos++;
    int seeds = cells[hole], last = hole;
    cells[hole] = 0;
    if (w->origin_first) {
        cells[hole]++;
        seeds--;
    }
    while (seeds > 0) {
        int t = track[pos = (pos + 1) % len];
        if (t < 0 && (-t - 1 == mover ? !w->own_store : !w->opp_store))
            continue;
        if (t == hole && w->skip_origin)
            continue;
        if (t < 0)
            score[-t - 1]++;
        else
            cells[t]++;
        seeds--;
        last = t;
    }
    return last;
}

/* The sowing by laps (tv_sow_laps) against the sowing by hand, on random
 * boards of every size, both directions, each choice of stores, the origin
 * first or skipped, and each empty-hole capture (decided without a branch,
 * tv_sow.c), up to the 255 seeds a board holds: the holes, the stores, the
 * extra turn, and the hash against a recount. */
START_TEST(sowing_by_laps_is_sowing_seed_by_seed)
{
    tv_rng rng;
    tv_rng_seed(&rng, 7);
    for (int config = 0; config < 400; config++) {
        int holes = 1 + (int)tv_rng_below(&rng, TV_MANCALA_MAX_HOLES);
        tv_rules *r = mancala_rules_new(holes, 0);
        r->sow.cw = (int)tv_rng_below(&rng, 2);
        r->sow.stores = (int)tv_rng_below(&rng, 2);
        if (r->sow.stores) {
            r->sow.own_store = (int)tv_rng_below(&rng, 2);
            r->sow.opp_store = (int)tv_rng_below(&rng, 2);
            r->sow.extra_turn = r->sow.own_store;
        }
        int origin = (int)tv_rng_below(&rng, 3); /* neither, first, skipped */
        r->sow.origin_first = origin == 1;
        r->sow.skip_origin = origin == 2;
        r->sow.empty_capture = (int)tv_rng_below(&rng, 3); /* none, the opposite hole not empty, always */
        rules_finish_ok(r);
        ck_assert_msg(r->laps.ok, "config %d: no relay, yet not sown by laps", config);
        tv_state_buf buf;
        tv_state *s = &buf.state;
        tv_error err;
        for (int trial = 0; trial < 50; trial++) {
            ck_assert_int_eq(tv_state_new(r, 1, s, &err), TV_OK);
            int budget = 1 + (int)tv_rng_below(&rng, TV_MANCALA_MAX_SEEDS), total = 0;
            s->to_move = (uint8_t)tv_rng_below(&rng, 2);
            int hole = s->to_move * holes + (int)tv_rng_below(&rng, (uint32_t)holes);
            for (int c = 0; c < r->ncells; c++) { /* a heap in the sown hole, the rest spread at random */
                int put = c == hole ? 1 + (int)tv_rng_below(&rng, (uint32_t)budget)
                                    : (int)tv_rng_below(&rng, (uint32_t)(budget - total + 1) / 4 + 1);
                put = put > budget - total ? budget - total : put;
                s->cells[c] = (uint8_t)put;
                total += put;
            }
            if (s->cells[hole] == 0)
                continue;
            s->stones = (uint16_t)total;
            s->score[0] = s->score[1] = 0;
            s->hash = tv_state_hash(r, s);
            uint8_t want[2 * TV_MANCALA_MAX_HOLES];
            int score[2] = {0, 0};
            memcpy(want, s->cells, (size_t)r->ncells);
            int last = sown_by_hand(r, want, score, s->to_move, hole);
            int opp = last < 0 ? 0 : last < holes ? last + holes : last - holes; /* the hole across */
            if (last >= 0 && r->sow.empty_capture && last / holes == s->to_move && want[last] == 1 &&
                (want[opp] > 0 || r->sow.empty_capture == TV_EMPTY_CAPTURE_ALWAYS)) {
                score[s->to_move] += want[last] + want[opp];
                want[last] = want[opp] = 0;
            }
            int again = tv_sow_apply(r, s, hole, NULL);
            for (int c = 0; c < r->ncells; c++)
                ck_assert_msg(s->cells[c] == want[c], "config %d (%d holes, cw %d, stores %d/%d, origin %d): hole %d "
                              "has %d, by hand %d", config, holes, r->sow.cw, r->sow.own_store, r->sow.opp_store,
                              origin, c, s->cells[c], want[c]);
            ck_assert_int_eq(s->score[0], score[0]);
            ck_assert_int_eq(s->score[1], score[1]);
            ck_assert_int_eq(s->stones, total - score[0] - score[1]);
            ck_assert_int_eq(again, r->sow.extra_turn && last == -1 - s->to_move);
            ck_assert_msg(s->hash == tv_state_hash(r, s), "config %d: the hash is not the recount", config);
        }
        free(r);
    }
}
END_TEST

/* The lanes holding seeds, a word at a time (tv_holes_word_sown): every
 * count in every lane, beside other lanes full or empty, and random words,
 * against the bytes read one by one. */
START_TEST(sown_lanes_of_a_word)
{
    tv_rng rng;
    tv_rng_seed(&rng, 3);
    for (int trial = 0; trial < 20000; trial++) {
        uint8_t lanes[8];
        for (int j = 0; j < 8; j++) {
            int kind = (int)tv_rng_below(&rng, 3); /* empty, 255, any */
            lanes[j] = (uint8_t)(kind == 0 ? 0 : kind == 1 ? 255 : tv_rng_below(&rng, 256));
        }
        if (trial < 8 * 256) { /* first, each count in each lane */
            lanes[trial / 256] = (uint8_t)(trial % 256);
        }
        uint64_t w;
        memcpy(&w, lanes, 8);
        unsigned want = 0;
        for (int j = 0; j < 8; j++)
            want |= (unsigned)(lanes[j] != 0) << j;
        ck_assert_uint_eq(tv_holes_word_sown(w), want);
    }
}
END_TEST

/* The legal holes as bits (tv_sow_legal) are the own holes with seeds, read
 * one by one, on random boards of every size without a feeding rule. */
START_TEST(legal_holes_are_the_own_holes_with_seeds)
{
    tv_rng rng;
    tv_rng_seed(&rng, 5);
    for (int holes = 1; holes <= TV_MANCALA_MAX_HOLES; holes++) {
        tv_rules *r = mancala_rules_new(holes, 0);
        rules_finish_ok(r);
        tv_state_buf buf;
        tv_state *s = &buf.state;
        tv_error err;
        for (int trial = 0; trial < 200; trial++) {
            ck_assert_int_eq(tv_state_new(r, 1, s, &err), TV_OK);
            s->to_move = (uint8_t)tv_rng_below(&rng, 2);
            for (int c = 0; c < r->ncells; c++)
                s->cells[c] = (uint8_t)(tv_rng_below(&rng, 2) ? 0 : 1 + tv_rng_below(&rng, 255 / r->ncells));
            unsigned want = 0;
            for (int i = 0; i < holes; i++)
                want |= (unsigned)(s->cells[s->to_move * holes + i] != 0) << i;
            ck_assert_uint_eq(tv_sow_legal(r, s), want);
        }
        free(r);
    }
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"parameters", counter_clockwise_and_clockwise, 0, 0},
        {"parameters", origin_first, 0, 0},
        {"parameters", skip_origin_on_laps, 0, 0},
        {"parameters", relay_sowing, 0, 0},
        {"parameters", stores_and_extra_turn, 0, 0},
        {"parameters", capture_by_counts_and_chains, 0, 0},
        {"parameters", capture_on_own_side_tihbat, 0, 0},
        {"parameters", empty_hole_captures_opposite, 0, 0},
        {"parameters", grand_slam_policies, 0, 0},
        {"parameters", must_feed_and_no_move_end, 0, 0},
        {"parameters", pass_when_no_move, 0, 0},
        {"parameters", repetition_ends_and_splits, 0, 0},
        {"parameters", capture_target_and_side_empty, 0, 0},
        {"parameters", sowing_by_laps_is_sowing_seed_by_seed, 0, 0},
        {"parameters", sown_lanes_of_a_word, 0, 0},
        {"parameters", legal_holes_are_the_own_holes_with_seeds, 0, 0},
        {"robustness", bad_moves_leave_the_state, 120, 0},
        {"robustness", corrupt_positions_are_refused, 120, 0},
        {"robustness", random_games_keep_invariants, 120, 0},
    };
    return tv_check_run("sowing", tests, TV_CHECK_COUNT(tests));
}
