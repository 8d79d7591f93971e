/* Moves that shoot (slide{ after = shoot{} }) on rulesets/amazons.lua and on
 * small rulesets written here: the published perft counts, an arrow that
 * flies back through the cell the amazon left, refusals with their reasons
 * (the state unchanged), the move text a player types, the shot layout of
 * tv_pmove.h, the bound on legal moves derived from the generators
 * (tv_rules.max_moves) and the rulesets it refuses; and, over random games,
 * that hashes, position strings (arrows are blocks), move text and undo read
 * back to the same states and moves. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_perft.h"
#include "tv_family_pieces.h"
#include "tv_pieces.h"
#include "tv_pmove.h"
#include "tv_shoot.h"

/* The error of playing `moves` (the last one refused: illegal, or text that
 * is no move) in g, which must not change the position. */
static const char *refusal_after(tv_game *g, const char *moves, tv_error *err)
{
    char before[TV_POSITION_MAX], after[TV_POSITION_MAX];
    const char *last = strrchr(moves, ' ');
    if (last) { /* the moves before the refused one are played */
        char head[256];
        snprintf(head, sizeof head, "%.*s", (int)(last - moves), moves);
        must_play(g, head);
    }
    tv_position_write(g->rules, g->state, before, sizeof before);
    int rc = play_moves(g, last ? last + 1 : moves, err);
    tv_position_write(g->rules, g->state, after, sizeof after);
    ck_assert_msg(rc == TV_EILLEGAL || rc == TV_EINVAL, "%s: played (%d), expected a refusal", moves, rc);
    ck_assert_str_eq(before, after);
    return err->msg;
}

#define EXPECT_REFUSED(rs, moves, why)                                                           \
    do {                                                                                         \
        tv_error err_;                                                                           \
        tv_game *g_ = new_game(rs);                                                              \
        const char *msg_ = refusal_after(g_, moves, &err_);                                            \
        ck_assert_msg(strstr(msg_, why) != NULL, "%s: '%s', expected '%s'", moves, msg_, why);   \
        tv_game_free(g_);                                                                        \
    } while (0)

/* Published: depth 1 = 2,176 and depth 2 = 4,307,152 from the 10x10 start
 * (about 0.1 s plain, a few seconds under ASan). */
START_TEST(perft_published)
{
    tv_ruleset *rs = must_load("amazons", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf b;
    tv_error err;
    ck_assert_int_eq(tv_state_new(r, 0, &b.state, &err), TV_OK);
    ck_assert_int_eq(tv_perft(r, &b.state, 1, &err), 2176);
    ck_assert_int_eq(tv_perft(r, &b.state, 2, &err), 4307152);
    tv_ruleset_free(rs);
}
END_TEST

/* d1-d4/d1, a7-a8/a9, then d4-d6/d2: the arrow flies from d6 over d5, over
 * d4 (which the amazon has just left) and d3, and lands on d2. Then an arrow
 * back onto the cell left, and the blocks are where the arrows fell. */
START_TEST(arrow_back_through_the_start)
{
    tv_ruleset *rs = must_load("amazons", NULL);
    tv_game *g = new_game(rs);
    must_play(g, "d1-d4/d1 a7-a8/a9 d4-d6/d2");
    ck_assert_int_eq(cell_at(g, "d1"), TV_BLOCK);
    ck_assert_int_eq(cell_at(g, "d2"), TV_BLOCK);
    ck_assert_int_eq(cell_at(g, "d4"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "d6"), tv_piece(TV_STONE1, 0));
    ck_assert_int_eq(cell_at(g, "a9"), TV_BLOCK);
    must_play(g, "a8-b8/a8"); /* onto the cell just left */
    ck_assert_int_eq(cell_at(g, "a8"), TV_BLOCK);
    ck_assert_int_eq(cell_at(g, "b8"), tv_piece(TV_STONE2, 0));
    ck_assert_int_eq(g->state->empty, 100 - 8 - 4);
    ck_assert(g->state->hash == tv_state_hash(g->rules, g->state));
    tv_error err;
    for (int i = 0; i < 4; i++) /* undo puts every arrow back */
        ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    tv_state_buf start;
    ck_assert_int_eq(tv_state_new(g->rules, 1, &start.state, &err), TV_OK);
    ck_assert(memcmp(&start.state, g->state, (size_t)g->rules->state_size) == 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Each way a turn can be wrong says why, and leaves the game as it was. */
START_TEST(illegal_turns_say_why)
{
    tv_ruleset *rs = must_load("amazons", NULL);
    EXPECT_REFUSED(rs, "d1-d7/d10", "the arrow cannot land on the piece on d10");
    EXPECT_REFUSED(rs, "d1-d7/g10", "the arrow cannot land on the piece on g10");
    EXPECT_REFUSED(rs, "d1-d7/e9", "the arrow flies along a line");
    EXPECT_REFUSED(rs, "d1-d7/d7", "the arrow cannot land where the piece stands");
    EXPECT_REFUSED(rs, "d1-d7/d8 a7-b7/a7 d7-d6/d9", "the arrow's way is blocked on d8");
    EXPECT_REFUSED(rs, "d1-d7/d8 a7-b7/a7 d7-c7/a7", "the arrow cannot land on the block on a7");
    EXPECT_REFUSED(rs, "d1-d2/d1 a7-b7/a7 d2-d1/d3", "a block stands on d1");
    EXPECT_REFUSED(rs, "d1-d7/d8 a7-b7/a7 d7-d9/d5", "the way is blocked on d8");
    EXPECT_REFUSED(rs, "d1-e3/e5", "the piece moves along a line");
    EXPECT_REFUSED(rs, "a7-a8/a9", "no piece of yours on a7");
    EXPECT_REFUSED(rs, "d1-g1/g2", "your own piece stands on g1");
    EXPECT_REFUSED(rs, "d1-d7", "ambiguous: 28 moves, as d1-d7/d8");
    EXPECT_REFUSED(rs, "d1xd7/g7", "a move that shoots captures nothing");
    EXPECT_REFUSED(rs, "d1-d7/g7/h7", "expected from-to/arrow");
    EXPECT_REFUSED(rs, "d1-d7/", "expected from-to/arrow");
    EXPECT_REFUSED(rs, "d1-d7-g7-h7", "expected from-to/arrow");
    /* a move without its arrow, as a number: the engine says what is missing */
    tv_game *g = new_game(rs);
    tv_error err;
    int d1 = 3, d7 = 6 * 10 + 3;
    ck_assert_int_eq(tv_check_move(g->rules, g->state, tv_pmove_simple(d1, d7, 0), &err), TV_EILLEGAL);
    ck_assert_msg(strstr(err.msg, "this move shoots an arrow too") != NULL, "%s", err.msg);
    ck_assert_int_eq(tv_check_move(g->rules, g->state, (tv_move)(1 << 25), &err), TV_EILLEGAL);
    ck_assert_msg(strstr(err.msg, "not a move of this game") != NULL, "%s", err.msg);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The forms a player types, in any case, with or without the separators;
 * each legal move's text reads back to it. */
START_TEST(move_text_as_typed)
{
    static const char *const forms[] = {"d1-d7/g7", "D1-D7/G7", "d1d7g7", "d1d7/g7", "d1-d7-g7", "d1:d7/g7"};
    tv_ruleset *rs = must_load("amazons", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
        tv_game *g = new_game(rs);
        tv_move m;
        tv_error err;
        ck_assert_msg(tv_move_parse_at(r, g->state, forms[i], &m, &err) == TV_OK, "%s: %s", forms[i], err.msg);
        char text[32];
        tv_move_text(r, m, text, sizeof text);
        ck_assert_str_eq(text, "d1-d7/g7");
        ck_assert_int_eq(tv_game_play(g, m, &err), TV_OK);
        ck_assert_int_eq(cell_at(g, "g7"), TV_BLOCK);
        tv_game_free(g);
    }
    /* a move with one arrow alone may be typed from-to: a1-a2 can only shoot back onto a1 */
    tv_ruleset *six = must_load("amazons", "size=6");
    tv_game *g = game_at(six, "a....a/....../....../##..../.#..../A#.... 1 - 4");
    tv_move m;
    tv_error err;
    ck_assert_msg(tv_move_parse_at(g->rules, g->state, "a1-a2", &m, &err) == TV_OK, "%s", err.msg);
    char text[32];
    tv_move_text(g->rules, m, text, sizeof text);
    ck_assert_str_eq(text, "a1-a2/a1");
    tv_game_free(g);
    tv_ruleset_free(six);
    tv_ruleset_free(rs);
}
END_TEST

/* The shot layout: from, to and arrow, each below 1024, in 31 bits. */
START_TEST(shot_layout)
{
    for (int from = 0; from < 1024; from += 37)
        for (int to = 0; to < 1024; to += 41)
            for (int arrow = 0; arrow < 1024; arrow += 43) {
                tv_move m = tv_pmove_shot(from, to, arrow);
                ck_assert(m >= TV_PMOVE_SHOT_BASE && tv_pmove_is_shot(m) && tv_pmove_is_chain(m));
                ck_assert_int_eq(tv_pmove_from(m), from);
                ck_assert_int_eq(tv_pmove_to(m), to);
                ck_assert_int_eq(tv_pmove_arrow(m), arrow);
            }
    ck_assert(tv_pmove_shot(1023, 1023, 1023) == INT32_MAX);
    ck_assert(!tv_pmove_is_shot(tv_pmove_simple(675, 675, 1)));
}
END_TEST

/* max_moves: 4 amazons x the most queen moves x the most arrows of one cell
 * of the empty board; a game without a second part keeps TV_MAX_MOVES. */
START_TEST(bound_from_the_generators)
{
    static const struct {
        const char *options;
        int bound, start;
    } sizes[] = {{"size=6", 4 * 19 * 19, 0}, {"size=8", 4 * 27 * 27, 0}, {"size=10", 4 * 35 * 35, 2176}};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        tv_ruleset *rs = must_load("amazons", sizes[i].options);
        const tv_rules *r = tv_ruleset_rules(rs);
        ck_assert_int_eq(r->max_moves, sizes[i].bound);
        tv_game *g = new_game(rs);
        tv_move moves[TV_MOVES_LIMIT];
        tv_error err;
        int n = tv_legal_moves(r, g->state, moves, r->max_moves, &err);
        ck_assert_int_gt(n, 0);
        if (sizes[i].start)
            ck_assert_int_eq(n, sizes[i].start);
        /* a cap below the count is an error, never a list cut short */
        ck_assert_int_eq(tv_legal_moves(r, g->state, moves, n - 1, &err), TV_ELIMIT);
        ck_assert_msg(strstr(err.msg, "room for") != NULL, "%s", err.msg);
        tv_game_free(g);
        tv_ruleset_free(rs);
    }
    tv_ruleset *bt = must_load("breakthrough", NULL);
    ck_assert_int_eq(tv_ruleset_rules(bt)->max_moves, TV_MAX_MOVES);
    tv_ruleset_free(bt);
}
END_TEST

/* Every player chooses a legal turn among the 2,176 of the 10x10 start (no
 * array of a search is sized for fewer), and alpha-beta's evaluation
 * (mobility: two move lists a position) sees them all. */
START_TEST(players_choose_among_thousands)
{
    static const char *const specs[] = {"random", "greedy", "alphabeta:depth=1", "mcts:iterations=200"};
    tv_ruleset *rs = must_load("amazons", NULL);
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        tv_game *g = new_game(rs);
        must_play(g, "d1-d7/g7");
        tv_player *p = player(rs, specs[i], 5);
        char text[16];
        choose(p, g, NULL, text);
        ck_assert_msg(strchr(text, '/') != NULL, "%s chose %s", specs[i], text);
        tv_player_free(p);
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* Rulesets the shooting generator refuses, each at its file:line. */
START_TEST(refused_rulesets)
{
    static const struct {
        const char *moves, *setup, *why;
    } cases[] = {
        {"slide { directions = 'all', after = shoot { directions = 'all' } }",
         "'QQQQQQQQQQ', 'QQQQQQQQQQ', '..........', '..........', '..........', '..........', '..........', "
         "'..........', 'qqqqqqqqqq', 'qqqqqqqqqq'",
         "more than 8192"},
        {"{ slide { directions = 'all', after = shoot { directions = 'all' } }, jump { directions = 'diagonal' } }",
         NULL, "cannot also jump"},
        {"slide { directions = 'all', to = 'any', after = shoot { directions = 'all' } }", NULL,
         "a move that shoots goes to empty cells"},
        {"slide { directions = 'all', after = step { directions = 'all' } }", NULL, "expected shoot"},
        {"{ slide { directions = 'all', after = shoot { directions = 'all' } }, step { directions = 'all' } }", NULL,
         "every generator shoots"},
        {"slide { directions = 'all', after = shoot { directions = 'all', range = 3 } }", NULL, "range"},
        {"slide { directions = 'all', after = shoot { directions = 'all', max = 0 } }", NULL, "max"},
        {"slide { directions = 'all', after = shoot { } }", NULL, "directions"},
        {"jump { directions = 'all', after = shoot { directions = 'all' } }", NULL, "after"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char src[2048];
        snprintf(src, sizeof src,
                 "return game {\n  name = 'S', board = grid { width = 10, height = 10 }, pieces = { 'queen' },\n"
                 "  setup = { %s },\n  moves = move { queen = %s },\n  no_move = 'loses', ends = 'no_move' }\n",
                 cases[i].setup ? cases[i].setup
                                : "'...q......', '..........', '..........', '..........', '..........', "
                                  "'..........', '..........', '..........', '..........', '......Q...'",
                 cases[i].moves);
        tv_error err = {0};
        tv_ruleset *rs = load_source("shoot.lua", src, NULL, &err);
        ck_assert_msg(rs == NULL, "case %d was loaded", (int)i);
        ck_assert_msg(strstr(err.msg, cases[i].why) != NULL, "case %d: '%s', expected '%s'", (int)i, err.msg,
                      cases[i].why);
        ck_assert_msg(strstr(err.msg, "shoot.lua:") != NULL, "case %d: no file:line in '%s'", (int)i, err.msg);
    }
}
END_TEST

/* Random games: the kept hash is the full one, the position string (arrows
 * as '#') reads back to the same state, every legal move's text parses back
 * to it, and undo walks back to the start. */
START_TEST(random_games_read_back)
{
    static const char *const sizes[] = {"size=6", "size=8", "size=10"};
    tv_ruleset *rs = must_load("amazons", sizes[_i]);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_rng rng;
    tv_rng_seed(&rng, 2027 + (uint64_t)_i);
    for (int game = 0; game < (_i == 2 ? 2 : 6); game++) {
        tv_game *g = new_game(rs);
        while (g->state->status == TV_ONGOING) {
            tv_error err;
            ck_assert(g->state->hash == tv_state_hash(r, g->state));
            char pos[TV_POSITION_MAX];
            tv_position_write(r, g->state, pos, sizeof pos);
            tv_state_buf back;
            ck_assert_msg(tv_position_read(r, pos, &back.state, &err) == TV_OK, "%s: %s", pos, err.msg);
            back.state.last = g->state->last;
            ck_assert_msg(memcmp(&back.state, g->state, (size_t)r->state_size) == 0, "%s reads back differently", pos);
            static tv_move moves[TV_MOVES_LIMIT];
            int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
            ck_assert_int_gt(n, 0);
            for (int i = 0; i < n; i += 1 + n / 200) {
                char text[64];
                tv_move m;
                tv_move_text(r, moves[i], text, sizeof text);
                ck_assert_msg(tv_move_parse(r, text, &m, &err) == TV_OK && m == moves[i], "%s", text);
                ck_assert_msg(tv_move_parse_at(r, g->state, text, &m, &err) == TV_OK && m == moves[i], "%s", text);
                ck_assert_msg(tv_check_move(r, g->state, m, &err) == TV_OK, "%s: %s", text, err.msg);
            }
            tv_move m = moves[tv_rng_below(&rng, (uint32_t)n)];
            ck_assert_msg(tv_game_play(g, m, &err) == TV_OK, "%s", err.msg);
        }
        ck_assert_int_eq(g->state->winner, 2 - g->state->to_move); /* the player without a move lost */
        tv_error err;
        char pos[TV_POSITION_MAX];
        tv_position_write(r, g->state, pos, sizeof pos);
        tv_state_buf back;
        ck_assert_msg(tv_position_read(r, pos, &back.state, &err) == TV_OK, "%s: %s", pos, err.msg);
        back.state.last = g->state->last;
        ck_assert_msg(memcmp(&back.state, g->state, (size_t)r->state_size) == 0, "the end %s reads back differently", pos);
        while (g->nply)
            ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
        tv_state_buf start;
        ck_assert_int_eq(tv_state_new(r, 1, &start.state, &err), TV_OK);
        ck_assert(memcmp(&start.state, g->state, (size_t)r->state_size) == 0);
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

static int move_order(const void *a, const void *b)
{
    tv_move x = *(const tv_move *)a, y = *(const tv_move *)b;
    return (x > y) - (x < y);
}

/* The chi-square of hits against n equally likely turns, each expected `each` times. */
static double chi_square(const int *hits, int n, double each)
{
    double chi = 0;
    for (int i = 0; i < n; i++)
        chi += (hits[i] - each) * (hits[i] - each) / each;
    return chi;
}

/* A playout's draw by (piece, landing) pairs (tv_shoot.h) gives every legal
 * turn the same chance: in positions of random 6x6 games, 200 draws a turn
 * fall on the turns as uniform draws would (the chi-square within six of its
 * standard deviations above its mean), each drawn turn legal. A draw that
 * takes a pair and then one of its arrows uniformly, never drawing again, is
 * far outside that bound at the start: the test can tell. */
START_TEST(playout_draws_every_turn_alike)
{
    tv_ruleset *rs = load_variant("rulesets/amazons.lua", "size=6");
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert(tv_pieces_playout_pairs(r));
    static tv_shoot_board b;
    static int hits[TV_MOVES_LIMIT];
    static tv_move moves[TV_MOVES_LIMIT], sorted[TV_MOVES_LIMIT];
    tv_rng rng;
    tv_rng_seed(&rng, 11);
    int positions = 0;
    for (int game = 0; game < 4; game++) {
        tv_state_buf buf;
        tv_state *s = &buf.state;
        tv_error err;
        ck_assert_int_eq(tv_state_new(r, (uint64_t)game, s, &err), TV_OK);
        for (int ply = 0; s->status == TV_ONGOING; ply++) {
            int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
            ck_assert_int_gt(n, 0);
            if (ply % 4 == 0) {
                memcpy(sorted, moves, (size_t)n * sizeof *moves);
                qsort(sorted, (size_t)n, sizeof *sorted, move_order);
                memset(hits, 0, (size_t)n * sizeof *hits);
                tv_shoot_init(r, s, &b);
                int pairs = tv_shoot_pairs(r, s, &b);
                for (long k = 0; k < 200L * n; k++) {
                    tv_move m = tv_shoot_pairs_draw(r, s, &b, pairs, &rng);
                    const tv_move *at = bsearch(&m, sorted, (size_t)n, sizeof *sorted, move_order);
                    ck_assert_msg(at != NULL, "game %d ply %d: the draw gave a move that is not legal", game, ply);
                    hits[at - sorted]++;
                }
                double df = n - 1, chi = chi_square(hits, n, 200);
                ck_assert_msg(n == 1 || chi < df + 6 * sqrt(2 * df), "game %d ply %d: chi-square %.0f over %d turns",
                              game, ply, chi, n);
                if (ply == 0) { /* the draw that never draws again, from the list grouped by pair */
                    static int first[TV_MOVES_LIMIT], count[TV_MOVES_LIMIT];
                    int np = shot_pairs(moves, n, first, count);
                    memset(hits, 0, (size_t)n * sizeof *hits);
                    for (long k = 0; k < 200L * n; k++) {
                        int i = (int)tv_rng_below(&rng, (uint32_t)np);
                        hits[first[i] + (int)tv_rng_below(&rng, (uint32_t)count[i])]++;
                    }
                    chi = chi_square(hits, n, 200);
                    ck_assert_msg(chi > 4 * (df + 6 * sqrt(2 * df)), "a biased draw passes: chi-square %.0f", chi);
                }
                positions++;
            }
            ck_assert_int_eq(tv_play(r, s, moves[tv_rng_below(&rng, (uint32_t)n)], NULL, &err), TV_OK);
        }
    }
    ck_assert_int_ge(positions, 12);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"perft", perft_published, 120, 0},
        {"amazons", arrow_back_through_the_start, 30, 0},
        {"amazons", illegal_turns_say_why, 30, 0},
        {"amazons", move_text_as_typed, 30, 0},
        {"layout", shot_layout, 30, 0},
        {"bound", bound_from_the_generators, 30, 0},
        {"bound", refused_rulesets, 30, 0},
        {"bound", players_choose_among_thousands, 30, 0},
        {"draw", playout_draws_every_turn_alike, 120, 0},
        {"read back", random_games_read_back, 300, 3},
    };
    return tv_check_run("amazons", tests, TV_CHECK_COUNT(tests));
}
