/* The Pahtum ruleset, loaded from rulesets/pahtum.lua as a host would: its
 * holes, worked examples and play, and its size and diagonal variants. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_lines.h"

static tv_ruleset *pahtum(const char *options)
{
    tv_error err = {0};
    tv_ruleset *rs = load_named("pahtum", options, &err);
    ck_assert_msg(rs != NULL, "pahtum %s: %s", options ? options : "", err.msg);
    return rs;
}

static int count_cells(const tv_rules *r, const tv_state *s, int value)
{
    int n = 0;
    for (int c = 0; c < r->ncells; c++)
        n += s->cells[c] == value;
    return n;
}

START_TEST(random_holes_are_odd_3_to_13)
{
    tv_ruleset *rs = pahtum(NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    int seen[14] = {0};
    tv_error err;
    for (uint64_t seed = 0; seed < 2000; seed++) {
        tv_state_buf b;
        ck_assert_int_eq(tv_state_new(r, seed, &b.state, &err), TV_OK);
        int holes = count_cells(r, &b.state, TV_BLOCK);
        ck_assert_int_eq(holes % 2, 1);
        ck_assert_int_ge(holes, 3);
        ck_assert_int_le(holes, 13);
        seen[holes]++;
    }
    for (int n = 3; n <= 13; n += 2) /* every odd count occurs */
        ck_assert_int_gt(seen[n], 0);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(hole_count_and_list_options)
{
    tv_ruleset *rs = pahtum("holes=7");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_state_buf a, b;
    for (uint64_t seed = 0; seed < 200; seed++) {
        ck_assert_int_eq(tv_state_new(r, seed, &a.state, &err), TV_OK);
        ck_assert_int_eq(count_cells(r, &a.state, TV_BLOCK), 7);
    }
    /* The same seed gives the same holes; another seed other holes. */
    tv_state_new(r, 5, &a.state, &err);
    tv_state_new(r, 5, &b.state, &err);
    ck_assert(memcmp(&a, &b, (size_t)r->state_size) == 0);
    tv_state_new(r, 6, &b.state, &err);
    ck_assert(memcmp(a.state.cells, b.state.cells, (size_t)r->ncells) != 0);
    tv_ruleset_free(rs);

    rs = pahtum("holes=c3,e5,d4");
    r = tv_ruleset_rules(rs);
    tv_state_new(r, 99, &a.state, &err);
    ck_assert_int_eq(count_cells(r, &a.state, TV_BLOCK), 3);
    ck_assert_int_eq(a.state.cells[2 * 7 + 2], TV_BLOCK); /* c3 */
    ck_assert_int_eq(a.state.cells[4 * 7 + 4], TV_BLOCK); /* e5 */
    ck_assert_int_eq(a.state.cells[3 * 7 + 3], TV_BLOCK); /* d4 */
    tv_game *g = tv_game_new(r, 1, &err);
    ck_assert_int_eq(tv_game_play_text(g, "d4", &err), TV_EILLEGAL);
    ck_assert_msg(strstr(err.msg, "blocked") != NULL, "%s", err.msg);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(bad_hole_options_are_refused)
{
    static const char *const bad[] = {"holes=4", "holes=15", "holes=1", "holes=c3,e5",
                                      "holes=c3,e5,z9", "holes=c3,c3,d4", "holes=placed,count=4",
                                      "holes=abc", "swap=2", "colour=red"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tv_error err = {0};
        tv_ruleset *rs = load_named("pahtum", bad[i], &err);
        ck_assert_msg(rs == NULL, "%s was accepted", bad[i]);
        ck_assert_msg(strstr(err.msg, "rulesets/pahtum.lua:") != NULL, "%s: %s", bad[i], err.msg);
    }
}
END_TEST

START_TEST(placed_holes_come_first)
{
    tv_ruleset *rs = pahtum("holes=placed,count=5");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_game *g = tv_game_new(r, 1, &err);
    ck_assert_int_eq(count_cells(r, g->state, TV_BLOCK), 0);
    const char *holes[] = {"a1", "b2", "c3", "d4", "e5"};
    for (int i = 0; i < 5; i++) {
        ck_assert(g->state->flags & TV_FLAG_SETUP);
        ck_assert_int_eq(g->state->to_move, i % 2); /* the players take turns */
        ck_assert_int_eq(tv_game_play_text(g, holes[i], &err), TV_OK);
    }
    ck_assert(!(g->state->flags & TV_FLAG_SETUP));
    ck_assert_int_eq(count_cells(r, g->state, TV_BLOCK), 5);
    ck_assert_int_eq(g->state->to_move, 0); /* White places the first stone */
    ck_assert_int_eq(tv_game_play_text(g, "a2", &err), TV_OK);
    ck_assert_int_eq(g->state->cells[7], TV_STONE1);
    ck_assert_int_eq(g->state->empty, 49 - 5 - 1);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Italian text, figure 3: White d4-e4-f4-g4 = 10 (f4-f3 and e4-f3-g2 do not
 * count); Black b5-c5-d5 and c5-c4-c3 = 6. */
START_TEST(italian_worked_example)
{
    tv_ruleset *rs = pahtum("holes=a1,a7,g7");
    tv_error err;
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_int_eq(play_moves(g, "d4 b5 e4 c5 f4 d5 g4 c4 f3 c3 g2", &err), TV_OK);
    ck_assert_int_eq(g->state->score[0], 10);
    ck_assert_int_eq(g->state->score[1], 6);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* English text: White a run of 3 and one of 4 = 13; Black two runs of 2 and
 * one of 3 = 3. */
START_TEST(english_worked_example)
{
    tv_ruleset *rs = pahtum("holes=g1,g2,g3");
    tv_error err;
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_int_eq(play_moves(g, "a1 e5 b1 f5 c1 g5 a3 a6 b3 b6 c3 d7 d3 e7", &err), TV_OK);
    ck_assert_int_eq(g->state->score[0], 13);
    ck_assert_int_eq(g->state->score[1], 3);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(games_always_end_full)
{
    tv_ruleset *rs = pahtum(NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_rng rng;
    tv_rng_seed(&rng, 77);
    for (uint64_t seed = 0; seed < 500; seed++) {
        tv_state_buf b;
        ck_assert_int_eq(tv_state_new(r, seed, &b.state, &err), TV_OK);
        int holes = count_cells(r, &b.state, TV_BLOCK);
        ck_assert_int_eq(tv_random_playout(r, &b.state, &rng, &err), TV_OK);
        ck_assert_int_eq(b.state.status, TV_OVER);
        ck_assert_int_eq(b.state.empty, 0);
        ck_assert_int_eq(b.state.ply, 49 - holes);
        int32_t pts[2];
        tv_lines_count(r, b.state.cells, pts);
        ck_assert_int_eq(pts[0], b.state.score[0]);
        ck_assert_int_eq(pts[1], b.state.score[1]);
        int want = pts[0] > pts[1] ? 1 : pts[0] < pts[1] ? 2 : 0;
        ck_assert_int_eq(b.state.winner, want);
    }
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(swap_variant)
{
    tv_ruleset *rs = pahtum("holes=a1,b2,c3,swap=true");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_game *g = tv_game_new(r, 1, &err);
    ck_assert_int_eq(tv_game_play_text(g, "swap", &err), TV_EILLEGAL);
    ck_assert_int_eq(play_moves(g, "d4 e4", &err), TV_OK);
    ck_assert_int_eq(tv_game_play_text(g, "swap", &err), TV_EILLEGAL); /* only after the third */
    ck_assert_int_eq(play_moves(g, "d5 swap", &err), TV_OK);
    /* Player 1 (was White) now plays Black, and moves next. */
    ck_assert_int_eq(g->state->to_move, 0);
    ck_assert_int_eq(tv_colour_of(g->state, 0), TV_STONE2);
    ck_assert_int_eq(play_moves(g, "d6", &err), TV_OK);
    ck_assert_int_eq(g->state->cells[5 * 7 + 3], TV_STONE2);
    ck_assert_int_eq(tv_game_play_text(g, "swap", &err), TV_EILLEGAL); /* once */
    /* Player 2 owns the white stones d4 d5 and plays d3: a white run of 3. */
    ck_assert_int_eq(play_moves(g, "d3", &err), TV_OK);
    ck_assert_int_eq(g->state->score[1], 3);
    ck_assert_int_eq(g->state->score[0], 0);
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = pahtum("swap=false");
    g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    tv_move moves[TV_MOVES_LIMIT];
    while (g->state->stones < 3) {
        ck_assert_int_gt(tv_legal_moves(g->rules, g->state, moves, TV_MOVES_LIMIT, &err), 0);
        ck_assert_int_eq(tv_game_play(g, moves[0], &err), TV_OK);
    }
    ck_assert_int_eq(tv_game_play_text(g, "swap", &err), TV_EILLEGAL);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Random games with swap, played to the end and undone to the start: every
 * undo restores the state (hash included) byte for byte. */
START_TEST(play_undo_restores_everything)
{
    tv_ruleset *rs = pahtum("swap=true");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_rng rng;
    tv_rng_seed(&rng, 3);
    for (uint64_t seed = 0; seed < 100; seed++) {
        tv_game *g = tv_game_new(r, seed, &err);
        tv_state_buf start;
        tv_state_copy(r, &start.state, g->state);
        size_t size = (size_t)r->state_size;
        unsigned char *trail = malloc(64 * size); /* the state before each move */
        tv_move moves[TV_MOVES_LIMIT];
        while (g->state->status == TV_ONGOING) {
            memcpy(trail + (size_t)g->nply * size, g->state, size);
            int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
            ck_assert_int_eq(tv_game_play(g, moves[tv_rng_below(&rng, (uint32_t)n)], &err), TV_OK);
            ck_assert_uint_eq(g->state->hash, tv_state_hash(r, g->state));
        }
        while (g->nply > 0) {
            ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
            ck_assert(memcmp(trail + (size_t)g->nply * size, g->state, size) == 0);
        }
        ck_assert(memcmp(&start, g->state, size) == 0);
        free(trail);
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(position_strings_round_trip)
{
    tv_ruleset *rs = pahtum("swap=true");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_game *g = tv_game_new(r, 12, &err);
    tv_game *h = tv_game_new(r, 0, &err);
    tv_move moves[TV_MOVES_LIMIT];
    tv_rng rng;
    tv_rng_seed(&rng, 5);
    while (g->state->status == TV_ONGOING) {
        char pos[TV_POSITION_MAX];
        tv_position_write(r, g->state, pos, sizeof pos);
        ck_assert_int_eq(tv_game_set_position(h, pos, &err), TV_OK);
        ck_assert_int_eq(h->state->score[0], g->state->score[0]);
        ck_assert_int_eq(h->state->score[1], g->state->score[1]);
        ck_assert_uint_eq(h->state->hash, g->state->hash);
        ck_assert_int_eq(h->state->to_move, g->state->to_move);
        ck_assert_int_eq(h->state->flags, g->state->flags);
        int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
        tv_game_play(g, moves[tv_rng_below(&rng, (uint32_t)n)], &err);
    }
    tv_game_free(g);
    tv_game_free(h);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- Pahtum variants ---------------------------------------------------- */

static int32_t run_points(int n) /* s(1) = s(2) = 0, s(n) = n + 2 s(n-1) */
{
    return n <= 2 ? 0 : n + 2 * run_points(n - 1);
}

START_TEST(pahtum_default_unchanged)
{
    tv_ruleset *rs = must_load("pahtum", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert_int_eq(r->grid.width, 7);
    ck_assert_int_eq(r->grid.height, 7);
    ck_assert_int_eq(r->lines.dirs, TV_DIR_H | TV_DIR_V);
    static const int32_t table[] = {0, 0, 0, 3, 10, 25, 56, 119};
    for (int n = 1; n <= 7; n++) {
        ck_assert_int_eq(r->lines.points[n], table[n]);
        ck_assert_int_eq(run_points(n), table[n]);
    }
    ck_assert_str_eq(r->description,
                     "7x7 placement on a board with black holes; runs of 3+ in rows and columns score");
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(pahtum_size_9)
{
    ck_assert_int_eq(run_points(8), 246);
    ck_assert_int_eq(run_points(9), 501);
    tv_ruleset *rs = must_load("pahtum", "size=9,holes=a9,b9,c9");
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert_int_eq(r->ncells, 81);
    for (int n = 1; n <= 9; n++)
        ck_assert_int_eq(r->lines.points[n], run_points(n));
    ck_assert_str_eq(r->description,
                     "9x9 placement on a board with black holes; runs of 3+ in rows and columns score");
    tv_game *g = new_game(rs);
    ck_assert_int_eq(cell_at(g, "c9"), TV_BLOCK);
    /* White a1..h1 (a run of 8), Black scattered over rows 3 and 5. */
    must_play(g, "a1 a3 b1 c3 c1 e3 d1 g3 e1 i3 f1 a5 g1 c5 h1");
    ck_assert_int_eq(g->state->score[0], 246);
    ck_assert_int_eq(g->state->score[1], 0);
    must_play(g, "e5 i1");
    ck_assert_int_eq(g->state->score[0], 501);
    ck_assert_int_eq(g->state->score[1], 0);
    tv_game_free(g);

    /* Other sizes load with the right table; sizes outside 5..19 do not. */
    static const char *const ok[] = {"size=5", "size=8", "size=19,holes=13"};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        tv_ruleset *v = must_load("pahtum", ok[i]);
        const tv_rules *vr = tv_ruleset_rules(v);
        ck_assert_int_eq(vr->grid.width, vr->grid.height);
        for (int n = 1; n <= vr->grid.width; n++)
            ck_assert_int_eq(vr->lines.points[n], run_points(n));
        tv_game *vg = new_game(v);
        tv_rng rng;
        tv_rng_seed(&rng, 9);
        tv_error err;
        ck_assert_int_eq(tv_random_playout(vr, vg->state, &rng, &err), TV_OK);
        ck_assert_int_eq(vg->state->empty, 0);
        tv_game_free(vg);
        tv_ruleset_free(v);
    }
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(pahtum_diagonals)
{
    static const char *const diag = "a1 g1 b2 g3 c3";      /* White a1 b2 c3 */
    static const char *const anti = "c1 g1 b2 g3 a3";      /* White c1 b2 a3 */
    static const char *const both = "a1 g1 b2 g3 c3 g5 c1 g7 a3"; /* two diagonals crossing at b2 */
    tv_ruleset *rs = must_load("pahtum", "diagonals=true,holes=a7,b7,c7");
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert_int_eq(r->lines.dirs, TV_DIR_ALL);
    ck_assert_str_eq(r->description,
                     "7x7 placement on a board with black holes; runs of 3+ in rows, columns and diagonals score");
    tv_game *g = new_game(rs);
    must_play(g, diag);
    ck_assert_int_eq(g->state->score[0], 3);
    ck_assert_int_eq(g->state->score[1], 0);
    tv_game_free(g);
    g = new_game(rs);
    must_play(g, anti);
    ck_assert_int_eq(g->state->score[0], 3);
    tv_game_free(g);
    g = new_game(rs);
    must_play(g, both);
    ck_assert_int_eq(g->state->score[0], 3 + 3); /* rows and columns have gaps */
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = must_load("pahtum", "holes=a7,b7,c7");
    g = new_game(rs);
    must_play(g, diag);
    ck_assert_int_eq(g->state->score[0], 0);
    tv_game_free(g);
    g = new_game(rs);
    must_play(g, anti);
    ck_assert_int_eq(g->state->score[0], 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"holes", random_holes_are_odd_3_to_13, 60, 0},
        {"holes", hole_count_and_list_options, 60, 0},
        {"holes", bad_hole_options_are_refused, 60, 0},
        {"holes", placed_holes_come_first, 60, 0},
        {"play", italian_worked_example, 60, 0},
        {"play", english_worked_example, 60, 0},
        {"play", games_always_end_full, 60, 0},
        {"play", swap_variant, 60, 0},
        {"play", play_undo_restores_everything, 60, 0},
        {"play", position_strings_round_trip, 60, 0},
        {"variants", pahtum_default_unchanged, 60, 0},
        {"variants", pahtum_size_9, 60, 0},
        {"variants", pahtum_diagonals, 60, 0},
    };
    return tv_check_run("pahtum", tests, TV_CHECK_COUNT(tests));
}
