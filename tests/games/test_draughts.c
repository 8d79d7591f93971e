/* International draughts as data (rulesets/draughts.lua; the primitive:
 * core/play/tv_pieces_after.c, captures whose pieces leave after the move):
 * published perft from the start, and hand-worked positions for each rule
 * that sets it apart from checkers: men capturing backwards, the majority
 * rule with chains of unequal and of equal length, a flying king's landings,
 * the Turkish rule (a piece taken stays and blocks until the move ends),
 * promotion only where the move ends, one move for one set of pieces taken
 * in two orders, two moves between the same squares taking different
 * pieces (c3xe5(2)), the forms players type, action ids, the ends. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_actions.h"
#include "tv_movetext.h"
#include "tv_perft.h"
#include "tv_play.h"
#include "tv_position.h"

/* A position of pieces given as "Ke1 mg3" (M K White's, m k Black's) with
 * `to_move` to move; into buf. */
static const char *pos(const char *pieces, int to_move, char *buf, size_t size)
{
    char rows[10][11];
    for (int r = 0; r < 10; r++) {
        memset(rows[r], '.', 10);
        rows[r][10] = '\0';
    }
    char list[256];
    snprintf(list, sizeof list, "%s", pieces);
    for (char *p = strtok(list, " "); p; p = strtok(NULL, " ")) {
        int col = p[1] - 'a', row = atoi(p + 2) - 1;
        ck_assert_msg(col >= 0 && col < 10 && row >= 0 && row < 10 && (col + row) % 2 == 0, "%s: no dark square", p);
        rows[row][col] = p[0];
    }
    size_t len = 0;
    for (int r = 9; r >= 0; r--)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", rows[r], r ? "/" : "");
    snprintf(buf + len, size - len, to_move == 1 ? " 1 - 0 0" : " 2 - 1 0");
    return buf;
}

/* The legal moves of g as their texts, sorted, one string. */
static const char *moves_of(const tv_game *g, char *buf, size_t size)
{
    tv_move moves[TV_MOVES_LIMIT];
    char names[64][24];
    tv_error err;
    int n = tv_legal_moves(g->rules, g->state, moves, TV_MOVES_LIMIT, &err);
    ck_assert_msg(n >= 0 && n <= 64, "legal moves: %d (%s)", n, n < 0 ? err.msg : "");
    for (int i = 0; i < n; i++)
        tv_move_text(g->rules, moves[i], names[i], sizeof names[i]);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[24];
            memcpy(t, names[j], sizeof t);
            memcpy(names[j], names[j - 1], sizeof t);
            memcpy(names[j - 1], t, sizeof t);
        }
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", names[i]);
    return buf;
}

/* A game of draughts at the position of `pieces`. */
static tv_game *at(const tv_ruleset *rs, const char *pieces, int to_move)
{
    char buf[256];
    return game_at(rs, pos(pieces, to_move, buf, sizeof buf));
}

static void expect_moves(const tv_ruleset *rs, const char *pieces, const char *want)
{
    char buf[2048];
    tv_game *g = at(rs, pieces, 1);
    ck_assert_msg(strcmp(moves_of(g, buf, sizeof buf), want) == 0, "%s: moves %s, expected %s", pieces, buf, want);
    tv_game_free(g);
}

/* Aart Bik's counts (BikDam), duplicate captures removed: depths 1-6 here,
 * 7-9 in make bench. */
START_TEST(perft_published)
{
    static const int64_t want[] = {9, 81, 658, 4265, 27117, 167140};
    tv_ruleset *rs = must_load("draughts", "draws=0");
    tv_game *g = new_game(rs);
    tv_error err;
    for (int d = 1; d <= 6; d++)
        ck_assert_int_eq(tv_perft(g->rules, g->state, d, &err), want[d - 1]);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(men_capture_backwards)
{
    tv_ruleset *rs = must_load("draughts", NULL);
    expect_moves(rs, "Me5 md4 mj10", "e5xc3");
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(majority_rule)
{
    tv_ruleset *rs = must_load("draughts", NULL);
    tv_error err;
    /* unequal: two pieces by e5 to g7, one by a5: only the two */
    expect_moves(rs, "Mc3 md4 mf6 mb4 mj10", "c3xg7");
    tv_game *g = at(rs, "Mc3 md4 mf6 mb4 mj10", 1);
    ck_assert_ptr_nonnull(strstr(refusal(g, "c3xa5", &err), "longest capture is mandatory"));
    ck_assert_ptr_nonnull(strstr(refusal(g, "g1-h2", &err), "")); /* no piece there either way */
    tv_game_free(g);
    /* equal: either, and the man on g1 may not step (a capture is mandatory) */
    expect_moves(rs, "Mc3 md4 mb4 mj10 Mg1", "c3xa5 c3xe5");
    g = at(rs, "Mc3 md4 mb4 mj10 Mg1", 1);
    ck_assert_ptr_nonnull(strstr(refusal(g, "g1-h2", &err), "capture is mandatory"));
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(flying_king)
{
    tv_ruleset *rs = must_load("draughts", NULL);
    /* any square beyond the piece taken */
    expect_moves(rs, "Ka1 mc3 mj2", "a1xd4 a1xe5 a1xf6 a1xg7 a1xh8 a1xi9 a1xj10");
    /* but only those from which the most are taken: g7 goes on over h6 */
    expect_moves(rs, "Ka1 mc3 mh6 mj2", "a1xi5 a1xj4");
    tv_game *g = at(rs, "Ka1 mc3 mh6 mj2", 1);
    must_play(g, "a1xj4");
    ck_assert_int_eq(cell_at(g, "j4"), tv_piece(TV_STONE1, 1));
    ck_assert_int_eq(cell_at(g, "c3"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "h6"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "a1"), TV_EMPTY);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The king takes g3, f6, c5 and d2 round the board back to e1, where g3,
 * taken but still there, stops it going on to i5 (taken at once, g3 would
 * be gone and the chain would take five). Four pieces three ways. */
START_TEST(turkish_rule)
{
    tv_ruleset *rs = must_load("draughts", NULL);
    expect_moves(rs, "Ke1 mg3 mf6 mc5 md2 mi5", "e1xe1 e1xf2 e1xj6");
    tv_game *g = at(rs, "Ke1 mg3 mf6 mc5 md2 mi5", 1);
    must_play(g, "e1xj6");
    ck_assert_int_eq(cell_at(g, "g3"), tv_piece(TV_STONE2, 0)); /* the one left */
    ck_assert_int_eq(g->state->owned[0], 1);
    ck_assert_int_eq(g->state->owned[1], 1);
    tv_game_free(g);
    /* the way written out names the same move, the one back to e1 */
    g = at(rs, "Ke1 mg3 mf6 mc5 md2 mi5", 1);
    tv_move typed, listed;
    tv_error err;
    ck_assert_int_eq(tv_move_parse_at(g->rules, g->state, "e1xh4xe7xb4xe1", &typed, &err), TV_OK);
    ck_assert_int_eq(tv_move_parse_at(g->rules, g->state, "e1xe1", &listed, &err), TV_OK);
    ck_assert_int_eq(typed, listed);
    ck_assert_int_ne(tv_move_parse_at(g->rules, g->state, "e1xh4xe1", &typed, &err), TV_OK);
    /* a capture that ends where it began has its own action id */
    int32_t ids[8];
    ck_assert_int_eq(tv_legal_actions(g->rules, g->state, ids, 8, &err), 3);
    ck_assert_int_eq(tv_action_of_move(g->rules, listed), 100 * 99 + 4);
    tv_move back;
    ck_assert_int_eq(tv_move_of_action(g->rules, 100 * 99 + 4, &back), TV_OK);
    ck_assert_int_eq(back, listed);
    must_play(g, "e1xe1");
    ck_assert_int_eq(cell_at(g, "e1"), tv_piece(TV_STONE1, 1));
    ck_assert_int_eq(cell_at(g, "i5"), tv_piece(TV_STONE2, 0));
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(promotion_where_the_move_ends)
{
    tv_ruleset *rs = must_load("draughts", NULL);
    /* over the far row and back: still a man */
    tv_game *g = at(rs, "Mb8 mc9 me9 mj2", 1);
    must_play(g, "b8xf8");
    ck_assert_int_eq(cell_at(g, "f8"), tv_piece(TV_STONE1, 0));
    tv_game_free(g);
    /* ending there: a king */
    g = at(rs, "Mb8 mc9 mj2", 1);
    must_play(g, "b8xd10");
    ck_assert_int_eq(cell_at(g, "d10"), tv_piece(TV_STONE1, 1));
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Round four men both ways: one set, one move. */
START_TEST(one_set_one_move)
{
    tv_ruleset *rs = must_load("draughts", NULL);
    expect_moves(rs, "Me1 md2 mf2 md4 mf4 mj10", "e1xe1");
    tv_game *g = at(rs, "Me1 md2 mf2 md4 mf4 mj10", 1);
    must_play(g, "e1xe1");
    ck_assert_int_eq(g->state->owned[1], 1);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Two captures from a1 to i5 take different pieces (found in a random
 * game): a1xi5 and a1xi5(2), told apart where they are typed. */
START_TEST(two_sets_between_two_squares)
{
    static const char *const p = "...m.....m/m.m.m...m./.m...m.m../........../.m.......m/..m......./.......M../"
                                 "M...M...../.M.M....../k......... 2 - 67 0";
    tv_ruleset *rs = must_load("draughts", NULL);
    tv_game *g = game_at(rs, p);
    char buf[2048], first[256], second[256];
    tv_error err;
    ck_assert_str_eq(moves_of(g, buf, sizeof buf), "a1xi5 a1xi5(2)");
    ck_assert_int_ne(tv_game_play_text(g, "a1xi5(3)", &err), TV_OK);
    ck_assert_int_ne(tv_game_play_text(g, "a1xi5(0)", &err), TV_OK);
    ck_assert_int_ne(tv_game_play_text(g, "a1xi5(99999)", &err), TV_OK);
    ck_assert_int_eq(tv_game_play_text(g, "a1xi5(1)", &err), TV_OK); /* the first, its number written out */
    tv_position_write(g->rules, g->state, first, sizeof first);
    tv_game_free(g);
    g = game_at(rs, p);
    must_play(g, "a1xi5"); /* the first, as its text is written */
    tv_position_write(g->rules, g->state, buf, sizeof buf);
    ck_assert_str_eq(buf, first);
    tv_game_free(g);
    g = game_at(rs, p);
    must_play(g, "a1xi5(2)");
    tv_position_write(g->rules, g->state, second, sizeof second);
    ck_assert_str_ne(first, second);
    ck_assert_int_eq(g->state->owned[0], 5 - 3); /* three taken either way (the majority) */
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(ends)
{
    tv_ruleset *rs = must_load("draughts", NULL);
    /* the last piece taken: no move, a loss */
    tv_game *g = at(rs, "Mc3 md4", 1);
    must_play(g, "c3xe5");
    expect_winner(g, 1, "no piece left");
    tv_game_free(g);
    /* the same position a third time: a draw */
    g = at(rs, "Ka1 kj2", 1);
    must_play(g, "a1-b2 j2-i1 b2-a1 i1-j2 a1-b2 j2-i1 b2-a1");
    expect_ongoing(g, "twice");
    must_play(g, "i1-j2");
    expect_winner(g, 0, "threefold repetition");
    tv_game_free(g);
    tv_ruleset_free(rs);
    rs = must_load("draughts", "draws=0"); /* no quiet-ply count in its position string */
    char buf[256];
    pos("Ka1 kj2", 1, buf, sizeof buf);
    buf[strlen(buf) - 2] = '\0';
    g = game_at(rs, buf);
    must_play(g, "a1-b2 j2-i1 b2-a1 i1-j2 a1-b2 j2-i1 b2-a1 i1-j2");
    expect_ongoing(g, "no draw rules");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The rules say what cannot combine, at load. */
START_TEST(refused_at_load)
{
    static const struct {
        const char *moves, *why;
    } bad[] = {
        {"king = { jump { directions = 'diagonal', flying = true } }", "only where the pieces it takes leave"},
        {"king = { slide { directions = 'diagonal', flying = true } }", "flying"},
        {"king = { jump { directions = 'diagonal', over = 'any' } }, taken = 'after_move'", "over own pieces"},
        {"king = { step { directions = 'diagonal' } }, taken = 'after_move'", "games whose pieces jump"},
        {"king = { jump { directions = 'diagonal', chain = true } }, taken = 'after_move', "
         "promote = { man = 'king', rows = 1, ends_chain = true }", "ends_chain"},
        {"king = { jump { directions = 'diagonal' } }, taken = 'later'", "taken"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char src[1024];
        snprintf(src, sizeof src,
                 "return game { name = 'D', board = grid { width = 4, height = 4 }, pieces = { 'man', 'king' },\n"
                 "  setup = { '.m.m', '....', '....', 'K.K.' }, moves = move { man = step { directions = 'forward' },\n"
                 "  %s }, no_move = 'loses', ends = 'no_move' }\n",
                 bad[i].moves);
        tv_error err = {0};
        tv_ruleset *rs = load_source("bad.lua", src, NULL, &err);
        ck_assert_msg(rs == NULL, "%s: loaded", bad[i].moves);
        ck_assert_msg(strstr(err.msg, bad[i].why) != NULL, "%s: %s", bad[i].moves, err.msg);
    }
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"perft", perft_published, 120, 0},
        {"captures", men_capture_backwards, 30, 0},
        {"captures", majority_rule, 30, 0},
        {"captures", flying_king, 30, 0},
        {"captures", turkish_rule, 30, 0},
        {"captures", one_set_one_move, 30, 0},
        {"captures", two_sets_between_two_squares, 30, 0},
        {"promotion", promotion_where_the_move_ends, 30, 0},
        {"ends", ends, 30, 0},
        {"rules", refused_at_load, 30, 0},
    };
    return tv_check_run("draughts", tests, TV_CHECK_COUNT(tests));
}
