/* The n-in-a-row rulesets, loaded from rulesets/ as a host would: tic-tac-toe
 * (its whole game tree), Gomoku (exactly five, the overline, a full board)
 * and Connect Four (gravity, full columns, other sizes). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_perft.h"

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
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
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
    must_play(g, "a1 c1 b1 b2 c2");
    expect_ongoing(g, "two in a row");
    must_play(g, "a3");
    expect_winner(g, 2, "O: c1 b2 a3");
    tv_game_free(g);
    /* A full board without a line is a draw. */
    g = new_game(rs);
    must_play(g, "a3 b3 c3 b2 b1 a1 a2 c2 c1");
    expect_winner(g, 0, "full board");
    tv_game_free(g);
    /* The ninth stone may also make a line: then it is a win, not a draw. */
    g = new_game(rs);
    must_play(g, "b3 a3 c2 c3 a1 a2 b1 b2");
    expect_ongoing(g, "eight stones");
    must_play(g, "c1");
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
    must_play(g, "a1 h8 c1 h9 e1 h10 g1 h11");
    expect_ongoing(g, "White's four");
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    ck_assert_int_eq(tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err), 225 - 8);
    must_play(g, "i1 h12");
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
    must_play(g, setup);
    expect_ongoing(g, "a two and a three");
    must_play(g, "c1");
    expect_ongoing(g, "standard: the overline a1-f1");
    ck_assert_int_eq(cell_at(g, "c1"), TV_STONE1);
    /* Seven (extending the overline) does not win either. */
    must_play(g, "k3 g1");
    expect_ongoing(g, "standard: the overline a1-g1");
    /* The game goes on, and an exact five still wins. */
    must_play(g, "m3 n5 a5 n6 b5 n7 c5 n8 d5 n9");
    expect_winner(g, 1, "standard: five n5-n9 after an overline");
    tv_game_free(g);

    /* The move that makes six in a row and exactly five in a column wins. */
    g = new_game(rs);
    must_play(g, "a1 a15 b1 c15 d1 e15 e1 g15 f1 i15 c2 k15 c3 m15 c4 o15 c5 o13");
    expect_ongoing(g, "six and five prepared");
    must_play(g, "c1");
    expect_winner(g, 1, "standard: c1 makes six (row) and five (column)");
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = must_load("gomoku", "freestyle=true");
    g = new_game(rs);
    must_play(g, setup);
    expect_ongoing(g, "freestyle: a two and a three");
    must_play(g, "c1");
    expect_winner(g, 1, "freestyle: the overline a1-f1");
    tv_game_free(g);
    /* Four is not a win in freestyle either. */
    g = new_game(rs);
    must_play(g, "a1 a3 b1 c3 c1 e3 d1");
    expect_ongoing(g, "freestyle: four");
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = must_load("gomoku", "size=9");
    ck_assert_int_eq(tv_ruleset_rules(rs)->ncells, 81);
    g = new_game(rs);
    must_play(g, "a9 a1 b9 b1 c9 c1 d9 d1 e9");
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
        must_play(g, wins[i].before);
        expect_ongoing(g, wins[i].before);
        must_play(g, wins[i].last);
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
    must_play(g, "d d e");
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
    must_play(g, "c c c c c c");
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
    tv_move moves[TV_MOVES_LIMIT];
    int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
    ck_assert_int_eq(n, 6);
    for (int i = 0; i < n; i++)
        ck_assert_int_ne(moves[i], 2);
    must_play(g, "d");
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
    must_play(g, "a b a b");
    expect_ongoing(g, "two and two");
    must_play(g, "a");
    expect_winner(g, 1, "5x4: a1-a3");
    tv_game_free(g);
    g = new_game(rs);
    must_play(g, "a a b b");
    must_play(g, "c");
    expect_winner(g, 1, "5x4: a1-c1");
    tv_game_free(g);
    g = new_game(rs);
    must_play(g, "a b b c c e");
    expect_ongoing(g, "5x4: no three yet");
    must_play(g, "c");
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

int main(void)
{
    const tv_check_test tests[] = {
        {"tictactoe", tictactoe_game_tree, 60, 0},
        {"tictactoe", tictactoe_perft, 60, 0},
        {"tictactoe", tictactoe_lines, 60, 0},
        {"gomoku", gomoku_exact_five_in_each_direction, 60, 0},
        {"gomoku", gomoku_overline, 60, 0},
        {"gomoku", gomoku_board_full_is_a_draw, 60, 0},
        {"connect4", connect4_wins, 60, 0},
        {"connect4", connect4_stones_fall, 60, 0},
        {"connect4", connect4_full_column_refused, 60, 0},
        {"connect4", connect4_perft, 60, 0},
        {"connect4", connect4_other_size, 60, 0},
    };
    return tv_check_run("connect", tests, TV_CHECK_COUNT(tests));
}
