/* Evaluation as data (core/players/tv_eval.c, lua/api/tv_api_eval.c): each
 * term hand-checked on a small position, from the mover's view and after a
 * swap; the clamp; game{} evaluate read to the hundredth and refused with
 * the field's name; the defaults; and alpha-beta playing by it: the centre
 * column of Connect Four, the block of a threat, a capture, and moves of
 * pieces (which alpha-beta and MCTS once refused). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_eval.h"
#include "tv_join.h"
#include "tv_player.h"

static int32_t value_of(const tv_ruleset *rs, const tv_eval *ev, const char *pos)
{
    tv_game *g = game_at(rs, pos);
    tv_error err;
    int32_t v = 0;
    ck_assert_msg(tv_eval_value(tv_ruleset_rules(rs), ev, g->state, &v, &err) == TV_OK, "%s", err.msg);
    tv_game_free(g);
    return v;
}

/* Breakthrough 3x5, player 1 to move:
 *     row 5  . . .
 *     row 4  . p .        P: a1 c1 a3 (rows 0, 0, 2 beyond their first row)
 *     row 3  P . p        p: c3 b4 (rows 2, 1 beyond theirs, row 5)
 *     row 2  . . .
 *     row 1  P . P                                                        */
#define BT_POS ".../.p./P.p/.../P.P"

START_TEST(terms_on_a_small_breakthrough)
{
    tv_ruleset *rs = must_load("breakthrough", "width=3,height=5");
    tv_eval ev;
    memset(&ev, 0, sizeof ev);
    ev.material[0] = 100; /* 3 pawns against 2 */
    ck_assert_int_eq(value_of(rs, &ev, BT_POS " 1 - 0"), 100);
    ck_assert_int_eq(value_of(rs, &ev, BT_POS " 2 - 1"), -100); /* the other side's view */
    memset(&ev, 0, sizeof ev);
    ev.advance[0] = 100; /* 0 + 0 + 2 against 2 + 1 */
    ck_assert_int_eq(value_of(rs, &ev, BT_POS " 1 - 0"), -100);
    memset(&ev, 0, sizeof ev);
    ev.centre = 100; /* from the nearest edge: a1 0, c1 0, a3 0+2; c3 0+2, b4 1+1 */
    ck_assert_int_eq(value_of(rs, &ev, BT_POS " 1 - 0"), -200);
    memset(&ev, 0, sizeof ev);
    ev.mobility = 100; /* a1: a2 b2, c1: c2 b2, a3: a4 xb4 = 6; c3: c2 b2, b4: b3 xa3 = 4 */
    ck_assert_int_eq(value_of(rs, &ev, BT_POS " 1 - 0"), 200);
    ck_assert_int_eq(value_of(rs, &ev, BT_POS " 2 - 1"), -200);
    memset(&ev, 0, sizeof ev);
    ev.mobile = 100; /* 3 pawns that can move, 2 */
    ck_assert_int_eq(value_of(rs, &ev, BT_POS " 1 - 0"), 100);
    memset(&ev, 0, sizeof ev);
    ev.material[0] = 100, ev.advance[0] = 100, ev.centre = 100, ev.mobility = 100, ev.mobile = 100;
    ck_assert_int_eq(value_of(rs, &ev, BT_POS " 1 - 0"), 100 - 100 - 200 + 200 + 100);
    /* The weights of another kind count nothing here; the score is 0-0. */
    memset(&ev, 0, sizeof ev);
    ev.material[1] = 100, ev.score = 100;
    ck_assert_int_eq(value_of(rs, &ev, BT_POS " 1 - 0"), 0);
    /* The clamp: 2 steps of the centre at 1000 points is beyond TV_EVAL_MAX. */
    memset(&ev, 0, sizeof ev);
    ev.centre = TV_EVAL_WEIGHT_MAX;
    ck_assert_int_eq(value_of(rs, &ev, BT_POS " 1 - 0"), -TV_EVAL_MAX);
    ck_assert_int_eq(value_of(rs, &ev, BT_POS " 2 - 1"), TV_EVAL_MAX);
    tv_ruleset_free(rs);
}
END_TEST

/* Men and kings weigh by kind. */
START_TEST(material_by_kind_in_checkers)
{
    tv_ruleset *rs = must_load("checkers", NULL);
    tv_eval ev;
    memset(&ev, 0, sizeof ev);
    ev.material[0] = 100, ev.material[1] = 300;
    /* Player 1: a man on a1 and a king on c3; player 2: men on f6 and h8. */
    const char *pos = ".......m/......../.....m../......../......../..K...../......../M....... 1 - 0 0";
    ck_assert_int_eq(value_of(rs, &ev, pos), 100 + 300 - 200);
    tv_ruleset_free(rs);
}
END_TEST

/* Tic-tac-toe, open lines {1, 10} points:
 *     x x .      x: row 3 holds 2 (10), column a 1 (1); column b and the
 *     . o .      anti-diagonal are dead (both colours)
 *     . . .      o: row 2 holds 1, the diagonal a1-c3 holds 1            */
START_TEST(open_lines_on_tictactoe)
{
    tv_ruleset *rs = ttt();
    tv_eval ev;
    memset(&ev, 0, sizeof ev);
    ev.line_length = 3, ev.line_dirs = TV_DIR_ALL, ev.lines[1] = 100, ev.lines[2] = 1000;
    ck_assert_int_eq(value_of(rs, &ev, "xx./.o./... 2 - 3"), -(1000 + 100 - 200));
    /* x: a3 (row 3, column a), c1 (row 1, column c); o: b2 (row 2, column
     * b, the diagonal); the anti-diagonal a3 b2 c1 is dead: 4 against 3. */
    ck_assert_int_eq(value_of(rs, &ev, "x../.o./..x 2 - 3"), -100);
    /* Rows only, windows of 2: row 3 "xx" x2, row 2 ".o" "o." o1 twice. */
    ev.line_length = 2, ev.line_dirs = TV_DIR_H;
    ck_assert_int_eq(value_of(rs, &ev, "xx./.o./... 2 - 3"), -(1000 + 100 - 200));
    tv_ruleset_free(rs);
}
END_TEST

/* A plain count of every window, cell by cell: the open-lines term from
 * player 1's colour's view. */
static int64_t plain_open_lines(const tv_rules *r, const tv_eval *ev, const tv_state *s)
{
    int w = r->grid.width, h = r->grid.height, len = ev->line_length;
    static const int steps[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    int64_t v = 0;
    for (int d = 0; d < 4; d++) {
        if (!(ev->line_dirs & (1 << d)))
            continue;
        for (int c = 0; c < w; c++)
            for (int row = 0; row < h; row++) {
                int ec = c + (len - 1) * steps[d][0], er = row + (len - 1) * steps[d][1];
                if (ec < 0 || ec >= w || er < 0 || er >= h)
                    continue;
                int n[4] = {0, 0, 0, 0};
                for (int i = 0; i < len; i++)
                    n[s->cells[(row + i * steps[d][1]) * w + c + i * steps[d][0]] & 3]++;
                if (!n[3] && !(n[1] && n[2]))
                    v += ev->lines[n[1]] - ev->lines[n[2]];
            }
    }
    return v;
}

/* The walk along lines agrees with the plain count on random Connect Four
 * positions of several shapes, lengths and directions. */
START_TEST(open_lines_agree_with_a_plain_count)
{
    static const char *const shapes[] = {"width=7,height=6,connect=4", "width=5,height=3,connect=2",
                                         "width=9,height=1,connect=3", "width=1,height=8,connect=5",
                                         "width=4,height=9,connect=4"};
    tv_rng rng;
    tv_rng_seed(&rng, 5);
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        tv_ruleset *rs = must_load("connect4", shapes[k]);
        const tv_rules *r = tv_ruleset_rules(rs);
        for (int game = 0; game < 40; game++) {
            tv_eval ev;
            memset(&ev, 0, sizeof ev);
            ev.line_length = 1 + (int)tv_rng_below(&rng, (uint32_t)(r->grid.width > r->grid.height ? r->grid.width
                                                                                                 : r->grid.height));
            ev.line_dirs = 1 + (int)tv_rng_below(&rng, 15);
            for (int n = 1; n <= ev.line_length; n++)
                ev.lines[n] = (int32_t)tv_rng_below(&rng, 1000);
            tv_game *g = game_at(rs, NULL);
            tv_error err;
            while (g->state->status == TV_ONGOING) {
                int32_t v;
                ck_assert_int_eq(tv_eval_value(r, &ev, g->state, &v, &err), TV_OK);
                int64_t want = plain_open_lines(r, &ev, g->state);
                if (tv_colour_of(g->state, g->state->to_move) == TV_STONE2)
                    want = -want;
                want = want > TV_EVAL_MAX ? TV_EVAL_MAX : want < -TV_EVAL_MAX ? -TV_EVAL_MAX : want;
                ck_assert_msg(v == want, "%s, windows of %d, directions %d: %d, the plain count %lld", shapes[k],
                              ev.line_length, ev.line_dirs, (int)v, (long long)want);
                tv_move moves[TV_MAX_MOVES];
                int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err);
                ck_assert_int_eq(tv_game_play(g, moves[tv_rng_below(&rng, (uint32_t)n)], &err), TV_OK);
            }
            tv_game_free(g);
        }
        tv_ruleset_free(rs);
    }
}
END_TEST

/* A block kills every window through it (Pahtum's black holes). */
START_TEST(open_lines_and_blocks)
{
    tv_ruleset *rs = must_load("pahtum", "holes=a1,b1,c1");
    tv_eval ev;
    memset(&ev, 0, sizeof ev);
    ev.line_length = 7, ev.line_dirs = TV_DIR_H | TV_DIR_V, ev.lines[1] = 100;
    /* x on d4: row 4 and column d are open; o on g1: row 1 holds blocks,
     * column g is open. */
    const char *pos = "......./......./......./...x.../......./......./###...o 1 - 2";
    ck_assert_int_eq(value_of(rs, &ev, pos), 200 - 100);
    tv_ruleset_free(rs);
}
END_TEST

/* Scores count by player: the stores of Kalah, Pahtum's runs. */
START_TEST(score_term)
{
    tv_ruleset *rs = must_load("kalah", "holes=3,seeds=3");
    tv_eval ev;
    memset(&ev, 0, sizeof ev);
    ev.score = 150;
    ck_assert_int_eq(value_of(rs, &ev, "0,1,6/5,1,1 2,2 1 4"), 0);
    ck_assert_int_eq(value_of(rs, &ev, "1,1,5/1,3,0 4,3 2 7"), -150);
    ck_assert_int_eq(value_of(rs, &ev, "1,1,5/1,3,0 4,3 1 7"), 150);
    /* The grid terms mean nothing on a mancala board and count nothing. */
    ev.material[0] = 100, ev.centre = 100, ev.line_length = 2, ev.line_dirs = TV_DIR_ALL, ev.lines[1] = 100;
    ck_assert_int_eq(value_of(rs, &ev, "1,1,5/1,3,0 4,3 1 7"), 150);
    tv_ruleset_free(rs);
}
END_TEST

/* After the swap the players own the other colour's stones. */
START_TEST(swapped_colours)
{
    tv_ruleset *rs = must_load("pahtum", "holes=a7,b7,c7,swap=true");
    tv_eval ev;
    memset(&ev, 0, sizeof ev);
    ev.material[0] = 100;
    tv_game *g = game_at(rs, NULL);
    must_play(g, "d4 e4 f4"); /* x d4 f4, o e4; player 2 (o) to move */
    tv_error err;
    int32_t v;
    ck_assert_int_eq(tv_eval_value(tv_ruleset_rules(rs), &ev, g->state, &v, &err), TV_OK);
    ck_assert_int_eq(v, -100);
    must_play(g, "swap"); /* now player 1 owns o's one stone, and moves */
    ck_assert_int_eq(g->state->to_move, 0);
    ck_assert_int_eq(tv_eval_value(tv_ruleset_rules(rs), &ev, g->state, &v, &err), TV_OK);
    ck_assert_int_eq(v, -100);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- connection, two-distance, corners, stable stones ------------------- */

/* Hex 4x4, Red (x) joins rows 1 and 4, Blue (o) columns a and d:
 *     row 4  . . . .        x: b2 b3, a chain needing b1 (or c1) and b4
 *     row 3   . x o .          (or a4): 2 empty cells
 *     row 2    . x . .      o: c1 c3, no stone in column b: a1 b1 c1 d1
 *     row 1     . . o .        or a4 b4 c3 d3, 3 empty cells           */
START_TEST(connection_on_hex)
{
    tv_ruleset *rs = must_load("hex", "size=4");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = game_at(rs, "..../.xo./.x../..o. 1 - 4");
    ck_assert_int_eq(tv_eval_connection(r, g->state->cells, TV_STONE1), 2);
    ck_assert_int_eq(tv_eval_connection(r, g->state->cells, TV_STONE2), 3);
    tv_game_free(g);
    tv_eval ev;
    memset(&ev, 0, sizeof ev);
    ev.connection = 100;
    ck_assert_int_eq(value_of(rs, &ev, "..../.xo./.x../..o. 1 - 4"), 100);
    /* o's wall a2 b2 c2 leaves x only d2, reached from d1, then c3 (own)
     * and c4: 3 cells; o needs only d2 or d1 (next to c2): 1. */
    g = game_at(rs, "x.../..xx/ooo./.... 1 - 6");
    ck_assert_int_eq(tv_eval_connection(r, g->state->cells, TV_STONE1), 3);
    ck_assert_int_eq(tv_eval_connection(r, g->state->cells, TV_STONE2), 1);
    tv_game_free(g);
    ck_assert_int_eq(value_of(rs, &ev, "x.../..xx/ooo./.... 1 - 6"), -200);
    /* The empty board: a row or a column of 4 each. */
    ck_assert_int_eq(value_of(rs, &ev, NULL), 0);
    tv_ruleset_free(rs);
}
END_TEST

/* Y, 4 a side (row 1, column a and the diagonal d1 c2 b3 a4): x on b2
 * joins the three with b1, a2 and c2 (3: no cell next to b2 touches two
 * sides); o needs a whole side of 4 (a1 a2 a3 a4, or row 1), and no three
 * cells in a chain touch all three sides. */
START_TEST(connection_on_y)
{
    tv_ruleset *rs = must_load("y", "size=4");
    const tv_rules *r = tv_ruleset_rules(rs);
    const char *pos = ".###/..##/.x.#/.... 2 - 1";
    tv_game *g = game_at(rs, pos);
    ck_assert_int_eq(tv_eval_connection(r, g->state->cells, TV_STONE1), 3);
    ck_assert_int_eq(tv_eval_connection(r, g->state->cells, TV_STONE2), 4);
    tv_game_free(g);
    tv_eval ev;
    memset(&ev, 0, sizeof ev);
    ev.connection = 100;
    ck_assert_int_eq(value_of(rs, &ev, pos), -100); /* o to move, a cell behind */
    /* x on b2 and the corner d1 (row 1 and the diagonal) needs only column
     * a: a3, next to b2, and c1 or c2 between b2 and d1: 2. o's a2 b1, one
     * group on row 1 and column a, needs the diagonal: a3 a4, a3 b3 or c1
     * c2: 2 (a1, shut in by o, is x's no longer). */
    pos = ".###/..##/ox.#/.o.x 1 - 4";
    g = game_at(rs, pos);
    ck_assert_int_eq(tv_eval_connection(r, g->state->cells, TV_STONE1), 2);
    ck_assert_int_eq(tv_eval_connection(r, g->state->cells, TV_STONE2), 2);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The fewest empty cells whose filling joins colour's sides, by trying
 * every set of k empty cells for k = 0, 1, ... (small boards only). */
static int fewest_cells(const tv_rules *r, const uint8_t *cells, int colour)
{
    int empty[32], n = 0;
    for (int c = 0; c < r->ncells; c++)
        if (tv_cell_colour(cells[c]) == TV_EMPTY)
            empty[n++] = c;
    ck_assert_int_le(n, 20);
    int best = r->ncells;
    uint8_t board[TV_MAX_CELLS];
    for (uint32_t set = 0; set < 1u << n; set++) {
        int k = __builtin_popcount(set);
        if (k >= best)
            continue;
        memcpy(board, cells, (size_t)r->ncells);
        for (int i = 0; i < n; i++)
            if (set >> i & 1)
                board[empty[i]] = (uint8_t)colour;
        if (tv_join_anywhere(r, board, colour))
            best = k;
    }
    return best;
}

/* The connection distance is the fewest cells that join, on the positions
 * of random games of Hex 3x3 and 4x4 and Y 4 and 5 (the board's cell count
 * when no set does). */
START_TEST(connection_is_the_fewest_cells)
{
    static const struct {
        const char *name, *options;
    } games[] = {{"hex", "size=3"}, {"hex", "size=4"}, {"y", "size=4"}, {"y", "size=5"}};
    tv_rng rng;
    tv_rng_seed(&rng, 11);
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        tv_ruleset *rs = must_load(games[k].name, games[k].options);
        const tv_rules *r = tv_ruleset_rules(rs);
        for (int game = 0; game < 12; game++) {
            tv_game *g = game_at(rs, NULL);
            tv_error err;
            for (;;) {
                for (int colour = TV_STONE1; colour <= TV_STONE2; colour++)
                    ck_assert_msg(tv_eval_connection(r, g->state->cells, colour) ==
                                      fewest_cells(r, g->state->cells, colour),
                                  "%s %s, game %d ply %d, colour %d: %d, by trying sets %d", games[k].name,
                                  games[k].options, game, g->nply, colour,
                                  tv_eval_connection(r, g->state->cells, colour), fewest_cells(r, g->state->cells, colour));
                if (g->state->status != TV_ONGOING)
                    break;
                tv_move moves[TV_MAX_MOVES];
                int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err);
                ck_assert_int_eq(tv_game_play(g, moves[tv_rng_below(&rng, (uint32_t)n)], &err), TV_OK);
            }
            tv_game_free(g);
        }
        tv_ruleset_free(rs);
    }
}
END_TEST

/* Hex 3x3, Red (x) joins rows 1 and 3. Empty, a cell's two-distances to
 * the rows (below, above) are
 *     row 3  3,1  4,1  5,1        so the least sum, the potential, is 4
 *     row 2   2,3  2,2  3,2       (c1, b2, a3), and Blue's the same.
 *     row 1    1,5  1,4  1,3
 * With x on b2, the cells round it are next to each other through it: a2
 * c2 a3 b3 are 2 from row 1, a2 c2 c1 b1 2 from row 3; a1 and c3 3. Red's
 * potential is 3 (b1: 1 + 2). Blue has no two ways round b2: a column-a
 * cell is 1 from column a, b1 2 (a1, a2), b3 only 1 way there (a3), so
 * nothing on the right side: no potential, the board's 9 cells. */
START_TEST(two_distance_on_hex)
{
    tv_ruleset *rs = must_load("hex", "size=3");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = game_at(rs, NULL);
    ck_assert_int_eq(tv_eval_two_distance(r, g->state->cells, TV_STONE1, NULL), 4);
    ck_assert_int_eq(tv_eval_two_distance(r, g->state->cells, TV_STONE2, NULL), 4);
    tv_game_free(g);
    g = game_at(rs, ".../.x./... 2 - 1");
    ck_assert_int_eq(tv_eval_two_distance(r, g->state->cells, TV_STONE1, NULL), 3);
    ck_assert_int_eq(tv_eval_two_distance(r, g->state->cells, TV_STONE2, NULL), 9);
    tv_game_free(g);
    tv_eval ev;
    memset(&ev, 0, sizeof ev);
    ev.two_distance = 50;
    ck_assert_int_eq(value_of(rs, &ev, ".../.x./... 2 - 1"), -(9 - 3) * 50);
    /* The cells at the least potential: c1 b2 a3 empty, for each colour;
     * with x on b2, b1 c1 a3 b3 for x, none for o. */
    int at_least = -1;
    g = game_at(rs, NULL);
    tv_eval_two_distance(r, g->state->cells, TV_STONE1, &at_least);
    ck_assert_int_eq(at_least, 3);
    tv_game_free(g);
    g = game_at(rs, ".../.x./... 2 - 1");
    tv_eval_two_distance(r, g->state->cells, TV_STONE1, &at_least);
    ck_assert_int_eq(at_least, 4);
    tv_eval_two_distance(r, g->state->cells, TV_STONE2, &at_least);
    ck_assert_int_eq(at_least, 0);
    tv_game_free(g);
    memset(&ev, 0, sizeof ev);
    ev.two_distance_cells = 100;
    ck_assert_int_eq(value_of(rs, &ev, ".../.x./... 2 - 1"), -(4 - 0) * 100);
    ck_assert_int_eq(value_of(rs, &ev, NULL), 0);
    /* x on b1 and b3: b2 joins them (1 + 1). o on a1: a2 a3 c1 c2 c3 are 1
     * from their own column, b2 2 from each (a2 a3; c1 c2), and nothing
     * else has two ways past x to the far column: 4. */
    g = game_at(rs, ".x./.../ox. 2 - 3");
    ck_assert_int_eq(tv_eval_two_distance(r, g->state->cells, TV_STONE1, NULL), 2);
    ck_assert_int_eq(tv_eval_two_distance(r, g->state->cells, TV_STONE2, NULL), 4);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The two-distance, plainly: each empty cell's neighbours found by a flood
 * through the colour's groups next to it, then td(c) = 1 next to the side
 * (or a group touching it), else 1 + the second least td of its
 * neighbours, relaxed until nothing changes; the potential the least sum. */
#define PLAIN_CELLS 64
#define PLAIN_FAR 10000

static void plain_neighbours(const tv_rules *r, const uint8_t *cells, int colour, int c, uint8_t *near,
                             unsigned *sides)
{
    const tv_join *k = &r->join;
    uint8_t seen[PLAIN_CELLS] = {0};
    int stack[PLAIN_CELLS], n = 0;
    memset(near, 0, PLAIN_CELLS);
    *sides = k->edge[c];
    seen[c] = 1;
    stack[n++] = c;
    while (n) {
        int at = stack[--n];
        for (int i = 0; i < k->ndirs; i++) {
            int d = k->link[at][i];
            if (seen[d])
                continue;
            seen[d] = 1;
            if (tv_cell_colour(cells[d]) == TV_EMPTY)
                near[d] = 1;
            else if (tv_cell_colour(cells[d]) == colour) {
                *sides |= k->edge[d];
                stack[n++] = d;
            }
        }
    }
}

static int plain_two_distance(const tv_rules *r, const uint8_t *cells, int colour)
{
    static uint8_t near[PLAIN_CELLS][PLAIN_CELLS];
    unsigned touch[PLAIN_CELLS], need = r->join.need[colour - 1];
    int total[PLAIN_CELLS] = {0}, best = r->ncells;
    ck_assert_int_le(r->ncells, PLAIN_CELLS);
    for (int c = 0; c < r->ncells; c++)
        plain_neighbours(r, cells, colour, c, near[c], &touch[c]);
    for (unsigned bit = 1; bit < 64; bit <<= 1) {
        if (!(need & bit))
            continue;
        int td[PLAIN_CELLS];
        for (int c = 0; c < r->ncells; c++)
            td[c] = PLAIN_FAR;
        for (int changed = 1; changed;) {
            changed = 0;
            for (int c = 0; c < r->ncells; c++) {
                if (tv_cell_colour(cells[c]) != TV_EMPTY)
                    continue;
                int first = PLAIN_FAR, second = PLAIN_FAR;
                for (int d = 0; d < r->ncells; d++)
                    if (near[c][d] && td[d] < second) {
                        second = td[d] < first ? first : td[d];
                        first = td[d] < first ? td[d] : first;
                    }
                int v = (touch[c] & bit) ? 1 : second < PLAIN_FAR ? second + 1 : PLAIN_FAR;
                if (v < td[c])
                    td[c] = v, changed = 1;
            }
        }
        for (int c = 0; c < r->ncells; c++)
            total[c] += td[c];
    }
    for (int c = 0; c < r->ncells; c++)
        if (tv_cell_colour(cells[c]) == TV_EMPTY && total[c] < best)
            best = total[c];
    return best;
}

/* The two-distance agrees with the plain relaxation on the positions of
 * random games of Hex 5x5 and 7x7 and Y 6. */
START_TEST(two_distance_agrees_with_a_plain_relaxation)
{
    static const struct {
        const char *name, *options;
    } games[] = {{"hex", "size=5"}, {"hex", "size=7"}, {"y", "size=6"}};
    tv_rng rng;
    tv_rng_seed(&rng, 17);
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        tv_ruleset *rs = must_load(games[k].name, games[k].options);
        const tv_rules *r = tv_ruleset_rules(rs);
        for (int game = 0; game < 10; game++) {
            tv_game *g = game_at(rs, NULL);
            tv_error err;
            while (g->state->status == TV_ONGOING) {
                for (int colour = TV_STONE1; colour <= TV_STONE2; colour++) {
                    int got = tv_eval_two_distance(r, g->state->cells, colour, NULL);
                    int want = plain_two_distance(r, g->state->cells, colour);
                    ck_assert_msg(got == want, "%s %s, game %d ply %d, colour %d: %d, plainly %d", games[k].name,
                                  games[k].options, game, g->nply, colour, got, want);
                }
                tv_move moves[TV_MAX_MOVES];
                int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err);
                ck_assert_int_eq(tv_game_play(g, moves[tv_rng_below(&rng, (uint32_t)n)], &err), TV_OK);
            }
            tv_game_free(g);
        }
        tv_ruleset_free(rs);
    }
}
END_TEST

/* Othello 8x8:
 *     row 8  . . . . . . o o     x: a1 b1 c1 h1 a2 b2 stable (from the
 *     row 7  . . . . . . . o        corners a1 and h1), e5 not
 *     row 6  . . . . . . . .     o: h8 g8 h7 stable, d4 not, nor f1 (row 1
 *     row 5  . . . . x . . .        has empty cells on both sides of it)
 *     row 4  . . . o . . . .     corners: x a1 h1, o h8
 *     row 3  . . . . . . . .
 *     row 2  x x . . . . . .
 *     row 1  x x x . . o . x                                              */
#define OTHELLO_POS "......oo/.......o/......../....x.../...o..../......../xx....../xxx..o.x"

START_TEST(corners_and_stable_on_othello)
{
    tv_ruleset *rs = must_load("othello", NULL);
    tv_eval ev;
    memset(&ev, 0, sizeof ev);
    ev.corners = 100;
    ck_assert_int_eq(value_of(rs, &ev, OTHELLO_POS " 1 - 20"), 100);
    ck_assert_int_eq(value_of(rs, &ev, OTHELLO_POS " 2 - 20"), -100);
    memset(&ev, 0, sizeof ev);
    ev.stable = 100;
    ck_assert_int_eq(value_of(rs, &ev, OTHELLO_POS " 1 - 20"), 600 - 300);
    tv_game *g = game_at(rs, OTHELLO_POS " 1 - 20");
    uint8_t stable[TV_MAX_CELLS];
    ck_assert_int_eq(tv_eval_stable(tv_ruleset_rules(rs), g->state->cells, stable), 9);
    ck_assert_int_eq(stable[1 * 8 + 1], 1); /* b2 */
    ck_assert_int_eq(stable[4 * 8 + 4], 0); /* e5 */
    ck_assert_int_eq(stable[0 * 8 + 5], 0); /* f1 */
    tv_game_free(g);
    /* A full row is stable along it, and on the edge that is enough: the
     * top row's 6 x and 2 o; b7 under it has a7 and c7 empty beside it. */
    ck_assert_int_eq(value_of(rs, &ev, "xxxxxoxo/.x....../......../...xo.../...ox.../......../......../........ 2 - 9"),
                     -(6 - 2) * 100);
    memset(&ev, 0, sizeof ev);
    ev.corners = 100, ev.stable = 10, ev.mobility = 1;
    ck_assert_int_eq(value_of(rs, &ev, "xxxxxoxo/.x....../......../...xo.../...ox.../......../......../........ 2 - 9") <
                         0,
                     1);
    tv_ruleset_free(rs);
}
END_TEST

/* A stone found stable keeps its colour to the end of the game, and stays
 * found: random games of Othello 6x6 and 8x8. */
START_TEST(stable_stones_never_turn)
{
    static const char *const sizes[] = {"size=6", "size=8"};
    tv_rng rng;
    tv_rng_seed(&rng, 3);
    for (int k = 0; k < 2; k++) {
        tv_ruleset *rs = must_load("othello", sizes[k]);
        const tv_rules *r = tv_ruleset_rules(rs);
        for (int game = 0; game < 30; game++) {
            tv_game *g = game_at(rs, NULL);
            uint8_t was[TV_MAX_CELLS] = {0}, colour[TV_MAX_CELLS] = {0}, now[TV_MAX_CELLS];
            tv_error err;
            int found = 0;
            for (;;) {
                tv_eval_stable(r, g->state->cells, now);
                for (int c = 0; c < r->ncells; c++) {
                    if (was[c]) {
                        ck_assert_msg(tv_cell_colour(g->state->cells[c]) == colour[c], "%s game %d ply %d: cell %d turned",
                                      sizes[k], game, g->nply, c);
                        ck_assert_msg(now[c], "%s game %d ply %d: cell %d no longer found", sizes[k], game, g->nply, c);
                    }
                    if (now[c] && !was[c])
                        was[c] = 1, colour[c] = (uint8_t)tv_cell_colour(g->state->cells[c]), found++;
                }
                if (g->state->status != TV_ONGOING)
                    break;
                tv_move moves[TV_MAX_MOVES];
                int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err);
                ck_assert_int_eq(tv_game_play(g, moves[tv_rng_below(&rng, (uint32_t)n)], &err), TV_OK);
            }
            ck_assert_int_gt(found, 0); /* a full board is all stable */
            tv_game_free(g);
        }
        tv_ruleset_free(rs);
    }
}
END_TEST

/* ---- game{} evaluate ---------------------------------------------------- */

#define PIECES_GAME                                                                                 \
    "return game { name = 'T', board = grid { width = 3, height = 4 }, pieces = { 'man', 'king' },\n" \
    "  setup = { 'mmm', '...', '...', 'MMM' },\n"                                                     \
    "  moves = move { man = step { directions = 'forward' }, king = step { directions = 'all' },\n"  \
    "                 promote = { man = 'king', rows = 1 } },\n"                                      \
    "  ends = 'no_move',\n"

#define FLIP_GAME                                                                                   \
    "return game { name = 'T', board = grid { width = 4, height = 4 },\n"                          \
    "  setup = { '....', '.xo.', '.ox.', '....' }, moves = place { flips = 'all' },\n"              \
    "  no_move = 'pass', ends = 'no_move', winner = 'most_pieces',\n"

static tv_ruleset *load_eval(const char *head, const char *evaluate, tv_error *err)
{
    char src[2048];
    snprintf(src, sizeof src, "%s  evaluate = %s }\n", head, evaluate);
    return load_source("e.lua", src, NULL, err);
}

START_TEST(evaluate_is_read_to_the_hundredth)
{
    tv_error err;
    tv_ruleset *rs = load_eval(PIECES_GAME,
                               "{ material = { man = 1, king = 3.5 }, advancement = { man = 0.1 }, centre = 0.05,"
                               " mobility = -0.25, mobile = 2, score = 1 }",
                               &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    const tv_eval *ev = &tv_ruleset_rules(rs)->eval;
    ck_assert_int_eq(ev->given, 1);
    ck_assert_int_eq(ev->material[0], 100);
    ck_assert_int_eq(ev->material[1], 350);
    ck_assert_int_eq(ev->advance[0], 10);
    ck_assert_int_eq(ev->advance[1], 0);
    ck_assert_int_eq(ev->centre, 5);
    ck_assert_int_eq(ev->mobility, -25);
    ck_assert_int_eq(ev->mobile, 200);
    ck_assert_int_eq(ev->score, 100);
    ck_assert_int_eq(ev->line_length, 0);
    tv_ruleset_free(rs);

    /* One number weighs every kind. */
    rs = load_eval(PIECES_GAME, "{ material = 2, advancement = 0.5 }", &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    ev = &tv_ruleset_rules(rs)->eval;
    ck_assert_int_eq(ev->material[0], 200);
    ck_assert_int_eq(ev->material[1], 200);
    ck_assert_int_eq(ev->advance[1], 50);
    ck_assert_int_eq(ev->material[2], 0);
    tv_ruleset_free(rs);

    /* Open lines take the goal's length and directions unless told. */
    static const char *const line_game =
        "return game { name = 'T', board = grid { width = 5, height = 4 }, moves = drop {},\n"
        "  goal = line { length = 4, directions = 'hv' }, ends = 'board_full',\n";
    rs = load_eval(line_game, "{ open_lines = { 1, 5, 50 } }", &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    ev = &tv_ruleset_rules(rs)->eval;
    ck_assert_int_eq(ev->line_length, 4);
    ck_assert_int_eq(ev->line_dirs, TV_DIR_H | TV_DIR_V);
    ck_assert_int_eq(ev->lines[1], 100);
    ck_assert_int_eq(ev->lines[3], 5000);
    ck_assert_int_eq(ev->lines[4], 0);
    tv_ruleset_free(rs);
    rs = load_eval(line_game, "{ open_lines = { 0, 2, length = 3, directions = 'd' } }", &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    ev = &tv_ruleset_rules(rs)->eval;
    ck_assert_int_eq(ev->line_length, 3);
    ck_assert_int_eq(ev->line_dirs, TV_DIR_D1 | TV_DIR_D2);
    ck_assert_int_eq(ev->lines[2], 200);
    tv_ruleset_free(rs);
    /* The board terms of the connection and flip families. */
    static const char *const connect_game =
        "return game { name = 'T', board = hex { size = 3 }, moves = place {},\n"
        "  goal = connect { sides = { 'rows', 'columns' } },\n";
    rs = load_eval(connect_game, "{ connection = 1, two_distance = 0.25, two_distance_cells = 0.05 }", &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    ev = &tv_ruleset_rules(rs)->eval;
    ck_assert_int_eq(ev->connection, 100);
    ck_assert_int_eq(ev->two_distance, 25);
    ck_assert_int_eq(ev->two_distance_cells, 5);
    ck_assert_int_eq(ev->corners, 0);
    tv_ruleset_free(rs);
    rs = load_eval(FLIP_GAME, "{ corners = 5, stable = 0.5, mobility = 1 }", &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    ev = &tv_ruleset_rules(rs)->eval;
    ck_assert_int_eq(ev->corners, 500);
    ck_assert_int_eq(ev->stable, 50);
    ck_assert_int_eq(ev->mobility, 100);
    ck_assert_int_eq(ev->connection, 0);
    tv_ruleset_free(rs);
    /* Corners mean something on any grid. */
    rs = load_eval(line_game, "{ corners = -1 }", &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    ck_assert_int_eq(tv_ruleset_rules(rs)->eval.corners, -100);
    tv_ruleset_free(rs);
    /* An empty table: no term at all (search sees only won and lost games). */
    rs = load_eval(line_game, "{}", &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    ck_assert_int_eq(tv_ruleset_rules(rs)->eval.given, 1);
    ck_assert_int_eq(tv_ruleset_rules(rs)->eval.line_length, 0);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(evaluate_mistakes_are_refused)
{
    static const char *const mancala =
        "return game { name = 'T', board = mancala { holes = 2, seeds = 2 }, moves = sow {},\n"
        "  ends = 'board_empty',\n";
    static const char *const placing =
        "return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {},\n"
        "  ends = 'board_full',\n";
    static const struct {
        const char *head, *evaluate, *message;
    } cases[] = {
        {PIECES_GAME, "{ materiel = 1 }", "e.lua:1: game.evaluate: unknown field 'materiel' (fields: material,"},
        {PIECES_GAME, "{ material = { queen = 9 } }",
         "game.evaluate.material: 'queen' is not a kind of piece of this game (kinds: man, king)"},
        {PIECES_GAME, "{ material = { [1] = 9 } }", "game.evaluate.material: 1 is not a kind of piece"},
        {PIECES_GAME, "{ material = { man = 'a lot' } }", "game.evaluate.material.man: expected a number -1000..1000, got 'a lot'"},
        {PIECES_GAME, "{ material = 1001 }", "game.evaluate.material: expected a number -1000..1000, got 1001"},
        {PIECES_GAME, "{ centre = 0/0 }", "game.evaluate.centre: expected a number -1000..1000, got"},
        {PIECES_GAME, "{ centre = math.huge }", "game.evaluate.centre: expected a number -1000..1000, got inf"},
        {PIECES_GAME, "{ mobility = 0.001 }", "game.evaluate.mobility: 0.001 is finer than a hundredth"},
        {PIECES_GAME, "{ score = true }", "game.evaluate.score: expected a number"},
        {PIECES_GAME, "{ open_lines = { 1, 2 } }", "game.evaluate.open_lines.length: required in a game without a line goal"},
        {PIECES_GAME, "{ open_lines = { 1, 2, length = 5 } }", "game.evaluate.open_lines.length: expected an integer 1..4, got 5"},
        {PIECES_GAME, "{ open_lines = { 1, 2, 3, length = 2 } }", "game.evaluate.open_lines: expected 1..2 entries, got 3"},
        {PIECES_GAME, "{ open_lines = { 1, length = 2, lenght = 2 } }", "game.evaluate.open_lines: unknown field 'lenght'"},
        {PIECES_GAME, "{ open_lines = { 1, [5] = 2, length = 3 } }", "game.evaluate.open_lines: unknown field 5"},
        {PIECES_GAME, "{ open_lines = { 1, length = 2, directions = 'x' } }",
         "game.evaluate.open_lines.directions: 'x' is not made of h, v and d"},
        {PIECES_GAME, "{ open_lines = 3 }", "game.evaluate.open_lines: expected a list of weights"},
        {PIECES_GAME, "'good'", "game.evaluate: expected a table"},
        {placing, "{ material = { man = 1 } }", "'man' is not a kind of piece of this game (kinds: stone)"},
        {mancala, "{ material = 1 }", "game.evaluate.material: a mancala board has no pieces to weigh"},
        {mancala, "{ centre = 1 }", "game.evaluate.centre: a mancala board has no pieces to place"},
        {mancala, "{ open_lines = { 1, length = 2 } }", "game.evaluate.open_lines: a mancala board has no lines"},
        {PIECES_GAME, "{ corner = 1 }",
         "game.evaluate: unknown field 'corner' (fields: material, advancement, centre, mobility, mobile, score, "
         "open_lines, connection, two_distance, two_distance_cells, corners, stable)"},
        {placing, "{ connection = 1 }",
         "game.evaluate.connection: the game has no sides to join (a connect { sides } goal)"},
        {placing, "{ two_distance = 0.5 }", "game.evaluate.two_distance: the game has no sides to join"},
        {placing, "{ two_distance_cells = 0.5 }", "game.evaluate.two_distance_cells: the game has no sides to join"},
        {FLIP_GAME, "{ connection = 1 }", "game.evaluate.connection: the game has no sides to join"},
        {placing, "{ stable = 1 }", "game.evaluate.stable: only stones that flips turn can be stable"},
        {mancala, "{ corners = 1 }", "game.evaluate.corners: a mancala board has no corners"},
        {FLIP_GAME, "{ stable = 0.001 }", "game.evaluate.stable: 0.001 is finer than a hundredth"},
        {FLIP_GAME, "{ corners = 'all' }", "game.evaluate.corners: expected a number -1000..1000, got 'all'"},
        {PIECES_GAME, "{ connection = -2000 }", "game.evaluate.connection: expected a number -1000..1000"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tv_error err;
        tv_ruleset *rs = load_eval(cases[i].head, cases[i].evaluate, &err);
        ck_assert_msg(rs == NULL, "evaluate = %s loaded", cases[i].evaluate);
        ck_assert_msg(strstr(err.msg, cases[i].message) != NULL, "evaluate = %s: %s", cases[i].evaluate, err.msg);
    }
    /* A stone game's one kind is "stone". */
    tv_error err;
    tv_ruleset *rs = load_eval(placing, "{ material = { stone = 1 } }", &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_ruleset_free(rs);
}
END_TEST

/* Without evaluate{}: score, open lines, material, as tv_eval.h says. */
START_TEST(defaults_by_family)
{
    tv_eval ev;
    tv_ruleset *rs = ttt();
    ck_assert_int_eq(tv_ruleset_rules(rs)->eval.given, 0);
    tv_eval_default(tv_ruleset_rules(rs), &ev);
    ck_assert_int_eq(ev.line_length, 3);
    ck_assert_int_eq(ev.line_dirs, TV_DIR_ALL);
    ck_assert_int_eq(ev.lines[1], 100);
    ck_assert_int_eq(ev.lines[2], 500);
    ck_assert_int_eq(ev.lines[3], 0);
    ck_assert_int_eq(ev.score, 0);
    tv_ruleset_free(rs);

    tv_error err;
    rs = load_source("d.lua",
                     "return game { name = 'T', board = mancala { holes = 2, seeds = 2, stores = true },\n"
                     "  moves = sow {}, ends = 'side_empty' }\n",
                     NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_eval_default(tv_ruleset_rules(rs), &ev);
    ck_assert_int_eq(ev.score, 100);
    ck_assert_int_eq(ev.line_length, 0);
    tv_ruleset_free(rs);

    char src[1024];
    snprintf(src, sizeof src, "%s}\n", PIECES_GAME);
    rs = load_source("d.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_eval_default(tv_ruleset_rules(rs), &ev);
    ck_assert_int_eq(ev.material[0], 100);
    ck_assert_int_eq(ev.material[1], 200); /* men promote to kings */
    ck_assert_int_eq(ev.score, 0);
    tv_ruleset_free(rs);

    /* A misère line is no line to build. */
    rs = must_load("anti_line4", NULL);
    tv_eval_default(tv_ruleset_rules(rs), &ev);
    ck_assert_int_eq(ev.line_length, 0);
    tv_ruleset_free(rs);

    /* Connecting one's pieces wins: the centre, and no material. */
    rs = must_load("lines_of_action", NULL);
    tv_eval_default(tv_ruleset_rules(rs), &ev);
    ck_assert_int_eq(ev.centre, 100);
    ck_assert_int_eq(ev.material[0], 0);
    tv_ruleset_free(rs);

    /* Joining sides: the two-distance. Flips: mobility, corners and stable
     * stones, and not the disc count (Othello's score). */
    rs = must_load("hex", "size=5");
    tv_eval_default(tv_ruleset_rules(rs), &ev);
    ck_assert_int_eq(ev.two_distance, 100);
    ck_assert_int_eq(ev.connection, 0);
    ck_assert_int_eq(ev.score, 0);
    ck_assert_int_eq(ev.mobility, 0);
    tv_ruleset_free(rs);
    rs = load_source("d.lua", "return game { name = 'T', board = hex { size = 4 }, moves = place {},\n"
                              "  goal = connect { sides = { 'y', 'y' } } }\n", NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_eval_default(tv_ruleset_rules(rs), &ev);
    ck_assert_int_eq(ev.two_distance, 100);
    tv_ruleset_free(rs);
    snprintf(src, sizeof src, "%s}\n", FLIP_GAME);
    rs = load_source("d.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_eval_default(tv_ruleset_rules(rs), &ev);
    ck_assert_int_eq(ev.mobility, 100);
    ck_assert_int_eq(ev.corners, 500);
    ck_assert_int_eq(ev.stable, 100);
    ck_assert_int_eq(ev.score, 0);
    ck_assert_int_eq(ev.two_distance, 0);
    tv_ruleset_free(rs);

    /* Long lines: 1, 5, 50, 500, then 1000 points, the most a weight can be. */
    rs = load_source("d.lua",
                     "return game { name = 'T', board = grid { width = 9, height = 1 }, moves = place {},\n"
                     "  goal = line { length = 7, directions = 'h' }, ends = 'board_full' }\n",
                     NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_eval_default(tv_ruleset_rules(rs), &ev);
    ck_assert_int_eq(ev.lines[3], 5000);
    ck_assert_int_eq(ev.lines[4], 50000);
    ck_assert_int_eq(ev.lines[5], TV_EVAL_WEIGHT_MAX);
    ck_assert_int_eq(ev.lines[6], TV_EVAL_WEIGHT_MAX);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- alpha-beta by the evaluation -------------------------------------- */

static const char *ab_move(const tv_ruleset *rs, const char *spec, const char *pos, char *m)
{
    tv_game *g = game_at(rs, pos);
    tv_player *p = player(rs, spec, 1);
    choose(p, g, NULL, m);
    const tv_search_info *info = tv_player_info(p);
    ck_assert_msg(info->score > -TV_SCORE_WIN / 2 && info->score < TV_SCORE_WIN / 2, "%s: score %lld", spec,
                  (long long)info->score);
    tv_player_free(p);
    tv_game_free(g);
    return m;
}

/* Every non-final position scored 0, so alpha-beta played column a. */
START_TEST(connect4_opens_in_the_centre)
{
    tv_ruleset *rs = must_load("connect4", NULL);
    char m[16], spec[32];
    for (int d = 1; d <= 6; d++) {
        snprintf(spec, sizeof spec, "alphabeta:depth=%d", d);
        ck_assert_msg(strcmp(ab_move(rs, spec, NULL, m), "d") == 0, "%s opens with %s", spec, m);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* o threatens f1 (c1 d1 e1); x has no win of its own and must block. (At
 * depth 1 it sees only that e2 makes two threes of its own.) */
START_TEST(connect4_blocks_the_threat)
{
    tv_ruleset *rs = must_load("connect4", NULL);
    char m[16], spec[32];
    for (int d = 2; d <= 5; d++) {
        snprintf(spec, sizeof spec, "alphabeta:depth=%d", d);
        ab_move(rs, spec, "......./......./......./......./..xx.../.xooo.. 1 - 6", m);
        ck_assert_msg(strcmp(m, "f") == 0, "%s plays %s", spec, m);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* A piece's from-to move: alpha-beta takes the pawn that material says to
 * take, and MCTS plays whole checkers chains (both refused every move above
 * the cell range before). */
START_TEST(search_plays_pieces)
{
    tv_ruleset *rs = must_load("breakthrough", "width=3,height=5");
    char m[16];
    ck_assert_str_eq(ab_move(rs, "alphabeta:depth=2", BT_POS " 1 - 0", m), "a3xb4");
    tv_game *g = game_at(rs, BT_POS " 1 - 0");
    tv_player *p = player(rs, "mcts:iterations=500", 1);
    choose(p, g, NULL, m);
    tv_player_free(p);
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = must_load("checkers", NULL);
    for (int i = 0; i < 2; i++) {
        g = game_at(rs, NULL);
        tv_player *a = player(rs, "alphabeta:depth=3", 1), *b = player(rs, "mcts:iterations=100", 2);
        for (int ply = 0; ply < 40 && g->state->status == TV_ONGOING; ply++)
            must_play(g, choose((g->state->to_move == i) ? a : b, g, NULL, m));
        tv_player_free(a);
        tv_player_free(b);
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* Hex: while every unfinished position scored 0, alpha-beta played a1, the
 * first free cell. By hex.lua's two-distance it opens on the short
 * diagonal a5-e1, where a stone brings x's potential down and o's up the
 * most. Othello: it takes the corner a1 (and b2 with it) at depth 1. */
START_TEST(connection_and_flip_games_by_their_evaluations)
{
    tv_ruleset *rs = must_load("hex", "size=5");
    char m[16], spec[32];
    for (int d = 1; d <= 2; d++) {
        snprintf(spec, sizeof spec, "alphabeta:depth=%d", d);
        ab_move(rs, spec, NULL, m);
        ck_assert_msg(m[0] - 'a' + 1 + atoi(m + 1) == 6, "%s opens with %s", spec, m);
    }
    tv_ruleset_free(rs);
    rs = must_load("othello", NULL);
    ck_assert_str_eq(ab_move(rs, "alphabeta:depth=1",
                             "......../......../......../...xo.../...ox.../..x...../.o....../........ 1 - 4", m),
                     "a1");
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"terms", terms_on_a_small_breakthrough, 60, 0},
        {"terms", material_by_kind_in_checkers, 60, 0},
        {"terms", open_lines_on_tictactoe, 60, 0},
        {"terms", open_lines_and_blocks, 60, 0},
        {"terms", open_lines_agree_with_a_plain_count, 60, 0},
        {"terms", score_term, 60, 0},
        {"terms", swapped_colours, 60, 0},
        {"board", connection_on_hex, 120, 0},
        {"board", connection_on_y, 120, 0},
        {"board", connection_is_the_fewest_cells, 120, 0},
        {"board", two_distance_on_hex, 120, 0},
        {"board", two_distance_agrees_with_a_plain_relaxation, 120, 0},
        {"board", corners_and_stable_on_othello, 120, 0},
        {"board", stable_stones_never_turn, 120, 0},
        {"evaluate", evaluate_is_read_to_the_hundredth, 60, 0},
        {"evaluate", evaluate_mistakes_are_refused, 60, 0},
        {"evaluate", defaults_by_family, 60, 0},
        {"alphabeta", connect4_opens_in_the_centre, 120, 0},
        {"alphabeta", connect4_blocks_the_threat, 120, 0},
        {"alphabeta", search_plays_pieces, 120, 0},
        {"alphabeta", connection_and_flip_games_by_their_evaluations, 120, 0},
    };
    return tv_check_run("eval", tests, TV_CHECK_COUNT(tests));
}
