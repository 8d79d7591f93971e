/* Many games from the same primitives: tic-tac-toe, Gomoku, Connect Four,
 * Pahtum's size and diagonal variants and Notakto (an ends hook), loaded from
 * rulesets/ as a host would. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_perft.h"

static tv_game *new_game(const tv_ruleset *rs)
{
    tv_error err = {0};
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_msg(g != NULL, "tv_game_new: %s", err.msg);
    return g;
}

static void play_ok(tv_game *g, const char *moves)
{
    tv_error err = {0};
    int rc = play_moves(g, moves, &err);
    ck_assert_msg(rc == TV_OK, "%s: %s", moves, err.msg);
}

static void expect_ongoing(const tv_game *g, const char *what)
{
    ck_assert_msg(g->state->status == TV_ONGOING, "%s: the game is over (winner %d) after ply %d", what,
                  g->state->winner, g->state->ply);
}

static void expect_winner(const tv_game *g, int winner, const char *what)
{
    ck_assert_msg(g->state->status == TV_OVER, "%s: the game is still going after ply %d", what,
                  g->state->ply);
    ck_assert_msg(g->state->winner == winner, "%s: winner %d, expected %d", what, g->state->winner, winner);
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    ck_assert_int_eq(tv_legal_moves(g->rules, g->state, moves, TV_MAX_MOVES, &err), 0);
}

/* The content of a named cell (TV_EMPTY, TV_STONE1, ...). */
static int cell_at(const tv_game *g, const char *name)
{
    int c = tv_grid_parse_cell(&g->rules->grid, name);
    ck_assert_msg(c >= 0, "%s is not a cell", name);
    return g->state->cells[c];
}

/* ---- tic-tac-toe ------------------------------------------------------- */

typedef struct tree_count {
    long games, wins[3]; /* wins[0] = draws */
} tree_count;

static void walk(const tv_rules *r, tv_state *s, tree_count *t)
{
    if (s->status == TV_OVER) {
        t->games++;
        if (s->winner < 0 || s->winner > 2)
            ck_abort_msg("game over with winner %d", s->winner);
        t->wins[s->winner]++;
        return;
    }
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    int n = tv_legal_moves(r, s, moves, TV_MAX_MOVES, &err);
    if (n <= 0)
        ck_abort_msg("no legal move (%d) in a game that is not over, ply %d", n, s->ply);
    for (int i = 0; i < n; i++) {
        tv_undo u;
        if (tv_play(r, s, moves[i], &u, &err))
            ck_abort_msg("tv_play: %s", err.msg);
        walk(r, s, t);
        tv_unplay(r, s, &u);
    }
}

START_TEST(tictactoe_game_tree)
{
    tv_ruleset *rs = must_load("tictactoe", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert_str_eq(r->players[0], "X");
    ck_assert_str_eq(r->players[1], "O");
    ck_assert_int_eq(r->ncells, 9);
    tv_error err;
    tv_state_buf b, start;
    ck_assert_int_eq(tv_state_new(r, 0, &b.state, &err), TV_OK);
    tv_state_copy(r, &start.state, &b.state);
    tree_count t = {0, {0, 0, 0}};
    walk(r, &b.state, &t);
    ck_assert_int_eq(t.games, 255168);
    ck_assert_int_eq(t.wins[1], 131184);
    ck_assert_int_eq(t.wins[2], 77904);
    ck_assert_int_eq(t.wins[0], 46080);
    ck_assert(memcmp(&b, &start, (size_t)r->state_size) == 0); /* undo restored the start */
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(tictactoe_perft)
{
    static const int64_t want[] = {9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
    tv_ruleset *rs = must_load("tictactoe", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_state_buf b;
    ck_assert_int_eq(tv_state_new(r, 0, &b.state, &err), TV_OK);
    for (int d = 1; d <= 9; d++)
        ck_assert_msg(tv_perft(r, &b.state, d, &err) == want[d - 1], "perft %d", d);
    ck_assert(tv_perft(r, &b.state, 10, &err) == 0); /* every game is over by the ninth move */
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(tictactoe_lines)
{
    tv_ruleset *rs = must_load("tictactoe", NULL);
    /* O wins on the anti-diagonal; X's a1 b1 ... never makes three. */
    tv_game *g = new_game(rs);
    play_ok(g, "a1 c1 b1 b2 c2");
    expect_ongoing(g, "two in a row");
    play_ok(g, "a3");
    expect_winner(g, 2, "O: c1 b2 a3");
    tv_game_free(g);
    /* A full board without a line is a draw. */
    g = new_game(rs);
    play_ok(g, "a3 b3 c3 b2 b1 a1 a2 c2 c1");
    expect_winner(g, 0, "full board");
    tv_game_free(g);
    /* The ninth stone may also make a line: then it is a win, not a draw. */
    g = new_game(rs);
    play_ok(g, "b3 a3 c2 c3 a1 a2 b1 b2");
    expect_ongoing(g, "eight stones");
    play_ok(g, "c1");
    expect_winner(g, 1, "a line with the last cell");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- Gomoku ------------------------------------------------------------ */

/* Black plays b[0..4], White w[0..3] in between: four is not a win, the
 * fifth stone is. */
static void five_wins(tv_ruleset *rs, const char *const b[5], const char *const w[4], const char *what)
{
    tv_game *g = new_game(rs);
    tv_error err;
    for (int i = 0; i < 4; i++) {
        ck_assert_msg(tv_game_play_text(g, b[i], &err) == TV_OK, "%s %s: %s", what, b[i], err.msg);
        ck_assert_msg(tv_game_play_text(g, w[i], &err) == TV_OK, "%s %s: %s", what, w[i], err.msg);
    }
    expect_ongoing(g, what); /* four */
    ck_assert_msg(tv_game_play_text(g, b[4], &err) == TV_OK, "%s %s: %s", what, b[4], err.msg);
    expect_winner(g, 1, what);
    tv_game_free(g);
}

START_TEST(gomoku_exact_five_in_each_direction)
{
    tv_ruleset *rs = must_load("gomoku", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert_int_eq(r->grid.width, 15);
    ck_assert_int_eq(r->grid.height, 15);
    static const char *const white[4] = {"a15", "c15", "e15", "g15"};
    static const char *const h[5] = {"f8", "g8", "j8", "i8", "h8"};
    static const char *const v[5] = {"h3", "h4", "h5", "h7", "h6"};
    static const char *const d1[5] = {"c3", "d4", "e5", "f6", "g7"};
    static const char *const d2[5] = {"g3", "f4", "d6", "c7", "e5"};
    static const char *const edge[5] = {"o11", "o12", "o13", "o14", "o10"};
    five_wins(rs, h, white, "horizontal");
    five_wins(rs, v, white, "vertical");
    five_wins(rs, d1, white, "diagonal");
    five_wins(rs, d2, white, "anti-diagonal");
    five_wins(rs, edge, white, "along the edge");

    /* White wins too, and an open four is just a position. */
    tv_game *g = new_game(rs);
    play_ok(g, "a1 h8 c1 h9 e1 h10 g1 h11");
    expect_ongoing(g, "White's four");
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    ck_assert_int_eq(tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err), 225 - 8);
    play_ok(g, "i1 h12");
    expect_winner(g, 2, "White's five h8-h12");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(gomoku_overline)
{
    /* Black: a1 b1 . d1 e1 f1, then c1 fills the gap: six in a row. */
    static const char *const setup = "a1 a3 b1 c3 d1 e3 e1 g3 f1 i3";
    tv_ruleset *rs = must_load("gomoku", NULL);
    tv_game *g = new_game(rs);
    play_ok(g, setup);
    expect_ongoing(g, "a two and a three");
    play_ok(g, "c1");
    expect_ongoing(g, "standard: the overline a1-f1");
    ck_assert_int_eq(cell_at(g, "c1"), TV_STONE1);
    /* Seven (extending the overline) does not win either. */
    play_ok(g, "k3 g1");
    expect_ongoing(g, "standard: the overline a1-g1");
    /* The game goes on, and an exact five still wins. */
    play_ok(g, "m3 n5 a5 n6 b5 n7 c5 n8 d5 n9");
    expect_winner(g, 1, "standard: five n5-n9 after an overline");
    tv_game_free(g);

    /* The move that makes six in a row and exactly five in a column wins. */
    g = new_game(rs);
    play_ok(g, "a1 a15 b1 c15 d1 e15 e1 g15 f1 i15 c2 k15 c3 m15 c4 o15 c5 o13");
    expect_ongoing(g, "six and five prepared");
    play_ok(g, "c1");
    expect_winner(g, 1, "standard: c1 makes six (row) and five (column)");
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = must_load("gomoku", "freestyle=true");
    g = new_game(rs);
    play_ok(g, setup);
    expect_ongoing(g, "freestyle: a two and a three");
    play_ok(g, "c1");
    expect_winner(g, 1, "freestyle: the overline a1-f1");
    tv_game_free(g);
    /* Four is not a win in freestyle either. */
    g = new_game(rs);
    play_ok(g, "a1 a3 b1 c3 c1 e3 d1");
    expect_ongoing(g, "freestyle: four");
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = must_load("gomoku", "size=9");
    ck_assert_int_eq(tv_ruleset_rules(rs)->ncells, 81);
    g = new_game(rs);
    play_ok(g, "a9 a1 b9 b1 c9 c1 d9 d1 e9");
    expect_winner(g, 1, "9x9: five on the top row");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(gomoku_board_full_is_a_draw)
{
    /* On 5x5 fill the board without a five: colour by (col + 2*row) % 4 < 2,
     * played in turn. */
    tv_ruleset *rs = must_load("gomoku", "size=5");
    tv_game *g = new_game(rs);
    int black[13], white[12], nb = 0, nw = 0;
    for (int c = 0; c < 25; c++) {
        int col = c % 5, row = c / 5;
        if (((col + 2 * row) % 4 < 2 && nb < 13) || nw == 12)
            black[nb++] = c;
        else
            white[nw++] = c;
    }
    ck_assert_int_eq(nb, 13);
    tv_error err;
    for (int i = 0; i < 25; i++) {
        tv_move m = i % 2 ? white[i / 2] : black[i / 2];
        ck_assert_int_eq(g->state->status, TV_ONGOING);
        ck_assert_msg(tv_game_play(g, m, &err) == TV_OK, "move %d: %s", i, err.msg);
    }
    ck_assert_int_eq(g->state->empty, 0);
    expect_winner(g, 0, "full 5x5 board");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- Connect Four ------------------------------------------------------ */

START_TEST(connect4_wins)
{
    tv_ruleset *rs = must_load("connect4", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert_int_eq(r->grid.width, 7);
    ck_assert_int_eq(r->grid.height, 6);
    ck_assert_int_eq(r->moves, TV_MOVES_DROP);

    static const struct {
        const char *before, *last, *line[4];
        int winner;
    } wins[] = {
        {"a b a b a b", "a", {"a1", "a2", "a3", "a4"}, 1},         /* vertical */
        {"a a b b c c", "d", {"a1", "b1", "c1", "d1"}, 1},         /* horizontal */
        {"a b b c d c c d d g", "d", {"a1", "b2", "c3", "d4"}, 1}, /* diagonal */
        {"g f f e d e e d d a", "d", {"g1", "f2", "e3", "d4"}, 1}, /* anti-diagonal */
        {"a b a b a b c", "b", {"b1", "b2", "b3", "b4"}, 2},       /* Yellow */
        {"a a b b", "c", {"a1", "b1", "c1", NULL}, 0},             /* three: not a win */
    };
    for (size_t i = 0; i < sizeof wins / sizeof wins[0]; i++) {
        tv_game *g = new_game(rs);
        play_ok(g, wins[i].before);
        expect_ongoing(g, wins[i].before);
        play_ok(g, wins[i].last);
        if (wins[i].winner) {
            expect_winner(g, wins[i].winner, wins[i].before);
            int colour = wins[i].winner == 1 ? TV_STONE1 : TV_STONE2;
            for (int k = 0; k < 4; k++)
                ck_assert_msg(cell_at(g, wins[i].line[k]) == colour, "%s: %s", wins[i].before, wins[i].line[k]);
        } else {
            expect_ongoing(g, wins[i].before);
        }
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(connect4_stones_fall)
{
    tv_ruleset *rs = must_load("connect4", NULL);
    tv_game *g = new_game(rs);
    play_ok(g, "d d e");
    ck_assert_int_eq(cell_at(g, "d1"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "d2"), TV_STONE2);
    ck_assert_int_eq(cell_at(g, "e1"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "d3"), TV_EMPTY);
    ck_assert_int_eq(g->state->empty, 42 - 3);
    char text[8];
    tv_move_text(g->rules, g->history[0], text, sizeof text);
    ck_assert_str_eq(text, "d");
    tv_error err;
    ck_assert_int_ne(tv_game_play_text(g, "d4", &err), TV_OK); /* moves are columns */
    ck_assert_int_ne(tv_game_play_text(g, "h", &err), TV_OK);  /* no column h */
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(connect4_full_column_refused)
{
    tv_ruleset *rs = must_load("connect4", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = new_game(rs);
    play_ok(g, "c c c c c c");
    expect_ongoing(g, "a full column");
    tv_state_buf before;
    tv_state_copy(r, &before.state, g->state);
    int nply = g->nply;
    tv_error err = {0};
    ck_assert_int_eq(tv_game_play_text(g, "c", &err), TV_EILLEGAL);
    ck_assert_msg(strstr(err.msg, "full") != NULL, "%s", err.msg);
    ck_assert(memcmp(&before, g->state, (size_t)r->state_size) == 0);
    ck_assert_int_eq(g->nply, nply);
    /* The same through tv_play on a bare state. */
    tv_state_buf s;
    tv_state_copy(r, &s.state, g->state);
    tv_undo u;
    ck_assert_int_eq(tv_play(r, &s.state, 2, &u, &err), TV_EILLEGAL);
    ck_assert(memcmp(&before, &s, (size_t)r->state_size) == 0);
    ck_assert_int_eq(tv_check_move(r, &s.state, 2, &err), TV_EILLEGAL);
    /* Column c is no longer among the legal moves; the others are. */
    tv_move moves[TV_MAX_MOVES];
    int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err);
    ck_assert_int_eq(n, 6);
    for (int i = 0; i < n; i++)
        ck_assert_int_ne(moves[i], 2);
    play_ok(g, "d");
    ck_assert_int_eq(cell_at(g, "d1"), TV_STONE1);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(connect4_perft)
{
    static const int64_t want[] = {7, 49, 343, 2401, 16807, 117649, 823536, 5673234};
    tv_ruleset *rs = must_load("connect4", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_state_buf b;
    ck_assert_int_eq(tv_state_new(r, 0, &b.state, &err), TV_OK);
    for (int d = 1; d <= 8; d++)
        ck_assert_msg(tv_perft(r, &b.state, d, &err) == want[d - 1], "perft %d", d);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(connect4_other_size)
{
    tv_ruleset *rs = must_load("connect4", "width=5,height=4,connect=3");
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert_int_eq(r->grid.width, 5);
    ck_assert_int_eq(r->grid.height, 4);
    ck_assert_int_eq(r->goal.length, 3);
    tv_game *g = new_game(rs);
    tv_error err;
    ck_assert_int_ne(tv_game_play_text(g, "f", &err), TV_OK);
    play_ok(g, "a b a b");
    expect_ongoing(g, "two and two");
    play_ok(g, "a");
    expect_winner(g, 1, "5x4: a1-a3");
    tv_game_free(g);
    g = new_game(rs);
    play_ok(g, "a a b b");
    play_ok(g, "c");
    expect_winner(g, 1, "5x4: a1-c1");
    tv_game_free(g);
    g = new_game(rs);
    play_ok(g, "a b b c c e");
    expect_ongoing(g, "5x4: no three yet");
    play_ok(g, "c");
    expect_winner(g, 1, "5x4: a1 b2 c3");
    tv_game_free(g);
    /* Perft: no game ends before the fifth move, and of the 5^5 sequences
     * of five moves the 5 that put a fifth stone into one column are
     * refused. */
    tv_state_buf b;
    ck_assert_int_eq(tv_state_new(r, 0, &b.state, &err), TV_OK);
    ck_assert(tv_perft(r, &b.state, 4, &err) == 625);
    ck_assert(tv_perft(r, &b.state, 5, &err) == 3125 - 5);
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
    play_ok(g, "a1 a3 b1 c3 c1 e3 d1 g3 e1 i3 f1 a5 g1 c5 h1");
    ck_assert_int_eq(g->state->score[0], 246);
    ck_assert_int_eq(g->state->score[1], 0);
    play_ok(g, "e5 i1");
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
    play_ok(g, diag);
    ck_assert_int_eq(g->state->score[0], 3);
    ck_assert_int_eq(g->state->score[1], 0);
    tv_game_free(g);
    g = new_game(rs);
    play_ok(g, anti);
    ck_assert_int_eq(g->state->score[0], 3);
    tv_game_free(g);
    g = new_game(rs);
    play_ok(g, both);
    ck_assert_int_eq(g->state->score[0], 3 + 3); /* rows and columns have gaps */
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = must_load("pahtum", "holes=a7,b7,c7");
    g = new_game(rs);
    play_ok(g, diag);
    ck_assert_int_eq(g->state->score[0], 0);
    tv_game_free(g);
    g = new_game(rs);
    play_ok(g, anti);
    ck_assert_int_eq(g->state->score[0], 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- Notakto: an ends hook ---------------------------------------------- */

START_TEST(notakto_completing_a_line_loses)
{
    tv_ruleset *rs = must_load("notakto", NULL);
    tv_game *g = new_game(rs);
    play_ok(g, "a1 b1");
    expect_ongoing(g, "two stones");
    play_ok(g, "c1"); /* a1 and c1 are the first player's, b1 the second's */
    expect_winner(g, 2, "the first player completes a1 b1 c1");
    tv_game_free(g);

    g = new_game(rs);
    play_ok(g, "a1 c3 a3");
    expect_ongoing(g, "no line");
    play_ok(g, "a2");
    expect_winner(g, 1, "the second player completes a1 a2 a3");
    tv_game_free(g);

    g = new_game(rs);
    play_ok(g, "a1 b1 a2 c2 b3 c3");
    expect_ongoing(g, "six stones, no line");
    play_ok(g, "b2");
    expect_winner(g, 2, "the seventh stone b2 completes a2 b2 c2 and b1 b2 b3");
    tv_game_free(g);

    /* Every game ends by the seventh stone, and never in a draw. */
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_error err;
    tv_state_buf b;
    ck_assert_int_eq(tv_state_new(r, 0, &b.state, &err), TV_OK);
    ck_assert(tv_perft(r, &b.state, 3, &err) == 504);
    ck_assert(tv_perft(r, &b.state, 4, &err) == (504 - 8 * 6) * 6);
    ck_assert(tv_perft(r, &b.state, 8, &err) == 0);
    tv_rng rng;
    tv_rng_seed(&rng, 11);
    for (int i = 0; i < 200; i++) {
        tv_state_new(r, 0, &b.state, &err);
        if (tv_random_playout(r, &b.state, &rng, &err))
            ck_abort_msg("playout: %s", err.msg);
        if (b.state.winner != 1 + b.state.ply % 2) /* the last mover lost */
            ck_abort_msg("game %d: winner %d after %d stones", i, b.state.winner, b.state.ply);
        if (b.state.ply < 3 || b.state.ply > 7)
            ck_abort_msg("game %d: %d stones", i, b.state.ply);
    }

    /* A position string with a line is judged by the hook as well. */
    g = new_game(rs);
    ck_assert_int_eq(tv_game_set_position(g, ".../.../xox 2 - 3", &err), TV_OK);
    expect_winner(g, 2, "position with a1 b1 c1");
    tv_game_free(g);
    tv_ruleset_free(rs);

    /* A larger board: still lines of three. */
    rs = must_load("notakto", "size=5");
    g = new_game(rs);
    play_ok(g, "a1 e5 c1 a5 e1 c3");
    expect_ongoing(g, "5x5: no three");
    play_ok(g, "d5 b1");
    expect_winner(g, 1, "5x5: b1 completes a1 b1 c1");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(hooks_enter_the_vm_data_does_not)
{
    tv_error err;
    tv_rng rng;
    tv_rng_seed(&rng, 5);

    tv_ruleset *rs = must_load("tictactoe", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    unsigned long before = tv_ruleset_vm_entries(rs);
    tv_state_buf b;
    for (int i = 0; i < 100; i++) {
        ck_assert_int_eq(tv_state_new(r, (uint64_t)i, &b.state, &err), TV_OK);
        ck_assert_int_eq(tv_random_playout(r, &b.state, &rng, &err), TV_OK);
    }
    ck_assert(tv_perft(r, &b.state, 9, &err) >= 0);
    tv_game *g = new_game(rs);
    play_ok(g, "b2 a1 c3");
    tv_game_free(g);
    ck_assert_uint_eq(tv_ruleset_vm_entries(rs), before);
    tv_ruleset_free(rs);

    rs = must_load("notakto", NULL);
    r = tv_ruleset_rules(rs);
    before = tv_ruleset_vm_entries(rs);
    g = new_game(rs);
    unsigned long at_start = tv_ruleset_vm_entries(rs);
    play_ok(g, "b2 a1 c3");
    ck_assert_uint_ge(tv_ruleset_vm_entries(rs), at_start + 3); /* one call per move at least */
    ck_assert_uint_gt(at_start, before); /* the start position asks the hook too */
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- options ------------------------------------------------------------ */

START_TEST(bad_options_are_refused)
{
    static const struct {
        const char *game, *options, *says;
    } bad[] = {
        {"connect4", "connect=9", "connect"},
        {"connect4", "connect=1", "connect"},
        {"connect4", "width=5,height=4,connect=6", "connect"},
        {"connect4", "width=27", "width"},
        {"connect4", "height=0", "height"},
        {"connect4", "width=x", "width"},
        {"connect4", "depth=3", "unknown option"},
        {"gomoku", "size=2", "size"},
        {"gomoku", "size=4", "size"},
        {"gomoku", "size=27", "size"},
        {"gomoku", "freestyle=maybe", "freestyle"},
        {"pahtum", "size=4", "size"},
        {"pahtum", "size=20", "size"},
        {"pahtum", "size=nine", "size"},
        {"pahtum", "diagonals=2", "diagonals"},
        {"pahtum", "size=9,holes=15", "holes"},
        {"pahtum", "holes=a9,b9,c9", "a9"}, /* not a cell of 7x7 */
        {"notakto", "size=2", "size"},
        {"notakto", "size=10", "size"},
        {"tictactoe", "size=4", "no options"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tv_error err = {0};
        tv_ruleset *rs = load_named(bad[i].game, bad[i].options, &err);
        ck_assert_msg(rs == NULL, "%s %s was accepted", bad[i].game, bad[i].options);
        char file[64];
        snprintf(file, sizeof file, "rulesets/%s.lua:", bad[i].game);
        ck_assert_msg(strstr(err.msg, file) != NULL, "%s %s: %s", bad[i].game, bad[i].options, err.msg);
        ck_assert_msg(strstr(err.msg, bad[i].says) != NULL, "%s %s: %s", bad[i].game, bad[i].options, err.msg);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("games");
    TCase *tc = tcase_create("tictactoe");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, tictactoe_game_tree);
    tcase_add_test(tc, tictactoe_perft);
    tcase_add_test(tc, tictactoe_lines);
    suite_add_tcase(s, tc);
    tc = tcase_create("gomoku");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, gomoku_exact_five_in_each_direction);
    tcase_add_test(tc, gomoku_overline);
    tcase_add_test(tc, gomoku_board_full_is_a_draw);
    suite_add_tcase(s, tc);
    tc = tcase_create("connect4");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, connect4_wins);
    tcase_add_test(tc, connect4_stones_fall);
    tcase_add_test(tc, connect4_full_column_refused);
    tcase_add_test(tc, connect4_perft);
    tcase_add_test(tc, connect4_other_size);
    suite_add_tcase(s, tc);
    tc = tcase_create("pahtum");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, pahtum_default_unchanged);
    tcase_add_test(tc, pahtum_size_9);
    tcase_add_test(tc, pahtum_diagonals);
    suite_add_tcase(s, tc);
    tc = tcase_create("hooks");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, notakto_completing_a_line_loses);
    tcase_add_test(tc, hooks_enter_the_vm_data_does_not);
    suite_add_tcase(s, tc);
    tc = tcase_create("options");
    tcase_add_test(tc, bad_options_are_refused);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
