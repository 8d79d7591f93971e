/* Custodial capture (core/play/tv_custodial.c) on hand-worked positions of
 * rulesets/hasami_shogi.lua and rulesets/pente.lua: a capture along each
 * direction, runs that are not captured (a gap, the wrong length, a piece
 * that moves or is placed between two enemies), several directions at once,
 * the corner rule, the captured-count, margin and all-but-one ends, 91
 * stones taken by one placement on the largest board; and, over
 * random games, that hashes, position strings (scores included) and undo
 * give the states back. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_custodial.h"
#include "tv_position.h"

/* A position string of a w x h board holding the pieces of spec ("e5:m
 * e6:M", cell then the piece's character), then tail (" 1 - 9 0,0"). */
static const char *board_with(int w, int h, const char *spec, const char *tail, char *buf, size_t size)
{
    char cells[26][27];
    for (int row = 0; row < h; row++) {
        memset(cells[row], '.', (size_t)w);
        cells[row][w] = '\0';
    }
    for (const char *p = spec; *p;) {
        char col;
        int row, used;
        char piece;
        ck_assert_msg(sscanf(p, " %c%d:%c%n", &col, &row, &piece, &used) == 3, "spec %s", p);
        cells[row - 1][col - 'a'] = piece;
        p += used;
        while (*p == ' ')
            p++;
    }
    size_t n = 0;
    for (int row = h - 1; row >= 0; row--)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", cells[row], row ? "/" : "");
    snprintf(buf + n, size - n, "%s", tail);
    return buf;
}

static tv_game *hasami_at(const tv_ruleset *rs, const char *spec, const char *tail)
{
    char pos[TV_POSITION_MAX], all[256];
    snprintf(all, sizeof all, "%s g9:m h9:m g1:M h1:M", spec); /* two men each stay out of the way */
    return game_at(rs, board_with(9, 9, all, tail, pos, sizeof pos));
}

/* ---- Hasami Shogi ------------------------------------------------------- */

/* The moved man brackets one enemy man against another of its own: north,
 * south, east and west of the landing cell. */
START_TEST(hasami_captures_each_direction)
{
    static const struct {
        const char *spec, *move, *taken;
    } cases[] = {
        {"a4:M e5:m e6:M", "a4-e4", "e5"}, /* north of e4 */
        {"a6:M e5:m e4:M", "a6-e6", "e5"}, /* south of e6 */
        {"d2:M e5:m f5:M", "d2-d5", "e5"}, /* east of d5 */
        {"f2:M e5:m d5:M", "f2-f5", "e5"}, /* west of f5 */
    };
    tv_ruleset *rs = must_load("hasami_shogi", NULL);
    for (int i = 0; i < 4; i++) {
        tv_game *g = hasami_at(rs, cases[i].spec, " 1 - 10 0,0");
        must_play(g, cases[i].move);
        ck_assert_msg(cell_at(g, cases[i].taken) == TV_EMPTY, "%s: %s not taken", cases[i].move, cases[i].taken);
        ck_assert_int_eq(g->state->score[0], 1);
        ck_assert_int_eq(g->state->score[1], 0);
        ck_assert_int_eq(g->state->owned[1], 2);
        ck_assert_int_eq(g->state->quiet, 0);
        expect_ongoing(g, cases[i].move);
        ck_assert_int_eq(tv_game_undo(g, NULL), TV_OK); /* back, the man included */
        ck_assert_int_eq(cell_at(g, cases[i].taken), tv_piece(TV_STONE2, 0));
        ck_assert_int_eq(g->state->score[0], 0);
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* No capture: a gap between the enemy and the own man; a man that moves
 * between two enemies (it is safe, and takes nothing itself); a run that
 * an own man breaks; a run that runs into the edge. */
START_TEST(hasami_runs_not_captured)
{
    static const struct {
        const char *spec, *move, *kept, *mover;
    } cases[] = {
        {"a4:M e5:m e7:M", "a4-e4", "e5", "e4"},       /* e6 is empty */
        {"e2:M d5:m f5:m", "e2-e5", "d5", "e5"},       /* between two enemies: safe */
        {"a4:M e5:m e6:M e7:m e8:M", "a4-e4", "e7", "e4"}, /* e5 goes, e7 is beyond an own man */
        {"a3:M a2:m a1:m", "a3-a4", "a2", "a4"},       /* the moved man is not the bracket */
        {"b4:M e4:m f4:m g4:m h4:m i4:m", "b4-d4", "i4", "d4"}, /* runs into the edge */
    };
    tv_ruleset *rs = must_load("hasami_shogi", NULL);
    for (int i = 0; i < 5; i++) {
        tv_game *g = hasami_at(rs, cases[i].spec, " 1 - 10 0,0");
        must_play(g, cases[i].move);
        ck_assert_msg(cell_at(g, cases[i].kept) == tv_piece(TV_STONE2, 0), "%s: %s was taken", cases[i].move,
                      cases[i].kept);
        ck_assert_int_eq(cell_at(g, cases[i].mover), tv_piece(TV_STONE1, 0));
        ck_assert_int_eq(g->state->score[0], i == 2 ? 1 : 0);
        ck_assert_int_eq(g->state->score[1], 0);
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* One move takes along three directions at once, a run of two to the west. */
START_TEST(hasami_several_directions)
{
    tv_ruleset *rs = must_load("hasami_shogi", NULL);
    tv_game *g = hasami_at(rs, "i5:M e6:m e7:M d5:m c5:m b5:M e4:m e3:M a8:m", " 1 - 10 0,0");
    must_play(g, "i5-e5");
    ck_assert_int_eq(cell_at(g, "e6"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "d5"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "c5"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "e4"), TV_EMPTY);
    ck_assert_int_eq(g->state->score[0], 4);
    ck_assert_int_eq(g->state->owned[1], 3);
    ck_assert_uint_eq(g->state->hash, tv_state_hash(g->rules, g->state));
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The corner rule: a9's man between b9 and a8, when the mover closes it; not
 * with corners=false, and a man on the edge is no corner. */
START_TEST(hasami_corner_capture)
{
    tv_ruleset *rs = must_load("hasami_shogi", NULL), *off = must_load("hasami_shogi", "corners=false");
    tv_game *g = hasami_at(rs, "a9:m b9:M d8:M", " 1 - 10 0,0");
    must_play(g, "d8-a8");
    ck_assert_int_eq(cell_at(g, "a9"), TV_EMPTY);
    ck_assert_int_eq(g->state->score[0], 1);
    tv_game_free(g);
    g = hasami_at(rs, "a9:m a8:M d9:M", " 1 - 10 0,0"); /* closed along the row this time */
    must_play(g, "d9-b9");
    ck_assert_int_eq(cell_at(g, "a9"), TV_EMPTY);
    tv_game_free(g);
    g = hasami_at(rs, "a7:m b7:M d8:M", " 1 - 10 0,0"); /* a7 is on the edge: a6 is open */
    must_play(g, "d8-a8");
    ck_assert_int_eq(cell_at(g, "a7"), tv_piece(TV_STONE2, 0));
    tv_game_free(g);
    g = hasami_at(off, "a9:m b9:M d8:M", " 1 - 10 0,0");
    must_play(g, "d8-a8");
    ck_assert_int_eq(cell_at(g, "a9"), tv_piece(TV_STONE2, 0));
    tv_game_free(g);
    tv_ruleset_free(off);
    tv_ruleset_free(rs);
}
END_TEST

/* The ends: all but one (the default), the first to N captures, a lead of N. */
START_TEST(hasami_ends)
{
    tv_ruleset *rs = must_load("hasami_shogi", NULL);
    char pos[TV_POSITION_MAX];
    tv_game *g = game_at(rs, board_with(9, 9, "a4:M e5:m e6:M g9:m", " 1 - 30 0,7", pos, sizeof pos));
    must_play(g, "a4-e4");
    expect_winner(g, 1, "White is left with one man");
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = must_load("hasami_shogi", "captures=5");
    g = hasami_at(rs, "a4:M e5:m e6:M", " 1 - 30 4,4");
    must_play(g, "a4-e4");
    expect_winner(g, 1, "Black's fifth capture");
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = must_load("hasami_shogi", "margin=3");
    g = hasami_at(rs, "a4:M e5:m e6:M", " 1 - 30 2,1");
    must_play(g, "a4-e4");
    expect_ongoing(g, "a lead of 2");
    ck_assert_int_eq(g->state->score[0], 3);
    tv_game_free(g);
    g = hasami_at(rs, "a4:M e5:m e6:M", " 1 - 30 3,1");
    must_play(g, "a4-e4");
    expect_winner(g, 1, "a lead of 3");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- Pente -------------------------------------------------------------- */

static tv_game *pente_at(const tv_ruleset *rs, int size, const char *spec, const char *tail)
{
    char pos[TV_POSITION_MAX];
    return game_at(rs, board_with(size, size, spec, tail, pos, sizeof pos));
}

/* The cell `k` steps from j10 along compass direction d, as "j10". */
static const char *from_centre(int d, int k, char *buf)
{
    static const int dc[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dr[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    snprintf(buf, 16, "%c%d", 'j' + dc[d] * k, 10 + dr[d] * k);
    return buf;
}

/* A pair flanked by the stone placed on j10 and another along each of the
 * eight directions is captured; the player's score counts the stones. */
START_TEST(pente_pair_each_direction)
{
    tv_ruleset *rs = must_load("pente", NULL);
    for (int d = 0; d < 8; d++) {
        char spec[128], a[16], b[16], c[16];
        snprintf(spec, sizeof spec, "%s:o %s:o %s:x a1:x s1:x s19:o", from_centre(d, 1, a), from_centre(d, 2, b),
                 from_centre(d, 3, c));
        tv_game *g = pente_at(rs, 19, spec, " 1 - 6 0,0");
        must_play(g, "j10");
        ck_assert_msg(cell_at(g, a) == TV_EMPTY && cell_at(g, b) == TV_EMPTY, "direction %d: the pair stays", d);
        ck_assert_int_eq(cell_at(g, c), TV_STONE1);
        ck_assert_int_eq(g->state->score[0], 2);
        ck_assert_int_eq(g->state->empty, 361 - 5);
        ck_assert_uint_eq(g->state->hash, tv_state_hash(g->rules, g->state));
        char pos[TV_POSITION_MAX];
        tv_position_write(g->rules, g->state, pos, sizeof pos);
        ck_assert_msg(strstr(pos, " 2 - 7 2,0") != NULL, "%s", pos); /* the scores are in the string */
        tv_game_free(g);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* Runs of one and three are not captured in Pente; three are in Keryo-Pente,
 * one still is not. A stone placed into a flanked pair is safe. */
START_TEST(pente_run_lengths)
{
    tv_ruleset *pente = must_load("pente", NULL), *keryo = must_load("pente", "keryo=true");
    const char *three = "k10:o l10:o m10:o n10:x j9:o j8:x a1:x s19:x", *tail = " 1 - 8 0,0";
    tv_game *g = pente_at(pente, 19, three, tail);
    must_play(g, "j10");
    ck_assert_int_eq(cell_at(g, "k10"), TV_STONE2);
    ck_assert_int_eq(cell_at(g, "j9"), TV_STONE2); /* one alone */
    ck_assert_int_eq(g->state->score[0], 0);
    tv_game_free(g);
    g = pente_at(keryo, 19, three, tail);
    must_play(g, "j10");
    ck_assert_int_eq(cell_at(g, "k10"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "m10"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "j9"), TV_STONE2);
    ck_assert_int_eq(g->state->score[0], 3);
    tv_game_free(g);
    /* o to move into x _ x o: o's stone closes nothing of x's, and x's pair does not bracket it */
    g = pente_at(pente, 19, "a1:x c1:x d1:o s19:x s1:o", " 2 - 5 0,0");
    must_play(g, "b1");
    ck_assert_int_eq(cell_at(g, "b1"), TV_STONE2);
    ck_assert_int_eq(cell_at(g, "c1"), TV_STONE1);
    ck_assert_int_eq(g->state->score[1], 0);
    tv_game_free(g);
    /* x into o x _ o... : x placed on c1 makes o x x o; both x stay */
    g = pente_at(pente, 19, "a1:o b1:x d1:o s19:x", " 1 - 4 0,0");
    must_play(g, "c1");
    ck_assert_int_eq(cell_at(g, "b1"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "c1"), TV_STONE1);
    tv_game_free(g);
    tv_ruleset_free(keryo);
    tv_ruleset_free(pente);
}
END_TEST

/* Two pairs at once; the fifth pair wins (ten stones), Keryo's fifteenth
 * stone too; five in a row still wins. */
START_TEST(pente_captured_count_wins)
{
    tv_ruleset *pente = must_load("pente", NULL), *keryo = must_load("pente", "keryo=true");
    tv_game *g = pente_at(pente, 19, "k10:o l10:o m10:x j11:o j12:o j13:x a1:x s19:x", " 1 - 8 0,0");
    must_play(g, "j10");
    ck_assert_int_eq(g->state->score[0], 4);
    expect_ongoing(g, "four stones");
    tv_game_free(g);
    g = pente_at(pente, 19, "k10:o l10:o m10:x a1:x", " 1 - 20 8,8"); /* 10 stones placed each */
    must_play(g, "j10");
    ck_assert_int_eq(g->state->score[0], 10);
    expect_winner(g, 1, "the fifth pair");
    tv_game_free(g);
    g = pente_at(keryo, 19, "k10:o l10:o m10:o n10:x a1:x", " 1 - 30 12,13");
    must_play(g, "j10");
    expect_winner(g, 1, "fifteen stones");
    tv_game_free(g);
    g = pente_at(keryo, 19, "k10:o l10:o m10:x", " 1 - 28 12,13");
    must_play(g, "j10");
    ck_assert_int_eq(g->state->score[0], 14);
    expect_ongoing(g, "fourteen stones");
    tv_game_free(g);
    g = pente_at(pente, 19, "a1:x b1:x c1:x d1:x a5:o b5:o c5:o d5:o", " 1 - 8 0,0");
    must_play(g, "e1");
    expect_winner(g, 1, "five in a row");
    tv_game_free(g);
    tv_ruleset_free(keryo);
    tv_ruleset_free(pente);
}
END_TEST

/* A placement position's stone counts, with the stones each side captured,
 * still fix the side to move and the ply. */
START_TEST(pente_positions_checked)
{
    tv_ruleset *rs = must_load("pente", "size=7");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf s;
    tv_error err;
    const char *board = "......x/......./......./......./......./......./x..x...";
    static const struct {
        const char *tail, *want;
    } cases[] = {
        {" 2 - 5 2,0", NULL}, /* a1 b1 g7 c1 d1: d1 took b1 and c1 */
        {" 1 - 5 2,0", "player 1 cannot be to move here (player 2 is)"},
        {" 2 - 7 2,0", "ply 7, but the board shows 5 moves"},
        {" 2 - 5 0,0", "3 x and 0 o stones (with those captured) cannot come from alternating moves"},
        {" 2 - 5 -2,0", "must be two captured counts"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char pos[TV_POSITION_MAX];
        snprintf(pos, sizeof pos, "%s%s", board, cases[i].tail);
        int rc = tv_position_read(r, pos, &s.state, &err);
        if (!cases[i].want) {
            ck_assert_msg(rc == TV_OK, "%s: %s", pos, err.msg);
            ck_assert_int_eq(s.state.score[0], 2);
        } else {
            ck_assert_msg(rc == TV_EINVAL && strstr(err.msg, cases[i].want), "%s: %s", pos, rc ? err.msg : "read");
        }
    }
    tv_ruleset_free(rs);
}
END_TEST

/* ---- players -------------------------------------------------------------- */

/* MCTS and alpha-beta take a piece's from-to moves (above the cell numbers):
 * both find Hasami Shogi's winning capture, and play whole games of it and of
 * Pente with legal moves only. */
START_TEST(players_play_custodial_games)
{
    tv_ruleset *rs = must_load("hasami_shogi", NULL);
    char pos[TV_POSITION_MAX], text[16];
    tv_game *g = game_at(rs, board_with(9, 9, "a4:M e5:m e6:M g9:m i1:M", " 1 - 30 0,7", pos, sizeof pos));
    tv_player *ab = player(rs, "alphabeta", 1), *mc = player(rs, "mcts", 1);
    tv_budget depth2 = {.depth = 2}, iters = {.iterations = 3000};
    ck_assert_str_eq(choose(ab, g, &depth2, text), "a4-e4");
    ck_assert_str_eq(choose(mc, g, &iters, text), "a4-e4");
    tv_player_free(ab);
    tv_player_free(mc);
    tv_game_free(g);
    tv_ruleset_free(rs);

    static const char *const games[][2] = {{"hasami_shogi", "size=5"}, {"pente", "size=9"}};
    for (int i = 0; i < 2; i++) {
        rs = must_load(games[i][0], games[i][1]);
        g = new_game(rs);
        tv_player *p[2] = {player(rs, "mcts", 3), player(rs, "alphabeta", 4)};
        tv_budget b[2] = {{.iterations = 200}, {.depth = 2}};
        for (int ply = 0; ply < 400 && g->state->status == TV_ONGOING; ply++) {
            int side = g->state->to_move;
            must_play(g, choose(p[side], g, &b[side], text));
        }
        tv_player_free(p[0]);
        tv_player_free(p[1]);
        tv_game_free(g);
        tv_ruleset_free(rs);
    }
}
END_TEST

/* ---- loading ------------------------------------------------------------ */

/* custodial{} is checked where it is written, and game{} refuses what cannot
 * work: a drop game, a count outside the board's bound. */
START_TEST(custodial_fields_checked)
{
    static const struct {
        const char *src, *want;
    } cases[] = {
        {"return game { name = 'C', board = grid { width = 5, height = 5 },\n"
         "  moves = place { custodial = custodial { directions = 'forward' } }, ends = 'board_full' }\n",
         "c.lua:2: custodial.directions: 'forward' is one way; brackets go both ways"},
        {"return game { name = 'C', board = grid { width = 5, height = 5 },\n"
         "  moves = place { custodial = custodial { directions = 'all', count = {3, 2} } }, ends = 'board_full' }\n",
         "c.lua:2: custodial.count: expected {min, max}"},
        {"return game { name = 'C', board = grid { width = 5, height = 5 },\n"
         "  moves = place { custodial = { directions = 'all' } }, ends = 'board_full' }\n",
         "c.lua:2: place.custodial: expected custodial { directions = ..., count = ... }, got table"},
        {"return game { name = 'C', board = grid { width = 5, height = 5 },\n"
         "  moves = drop { custodial = custodial { directions = 'all' } }, ends = 'board_full' }\n",
         "drop: unknown field 'custodial'"},
        {"return game { name = 'C', board = grid { width = 5, height = 5 },\n"
         "  moves = place { custodial = custodial { directions = 'all', colour = 1 } }, ends = 'board_full' }\n",
         "colour"},
        {"return game { name = 'C', board = hex { size = 5 },\n"
         "  moves = place { custodial = custodial { directions = 'all' } }, ends = 'board_full' }\n",
         "custodial: needs a square grid"},
        {"return game { name = 'C', board = grid { width = 9, height = 9 },\n"
         "  moves = place { opening = 'pro', custodial = custodial { directions = 'all', count = 2 } },\n"
         "  goal = line { length = 5 } }\n",
         "custodial: not with several stones a turn, an opening rule"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tv_error err;
        tv_ruleset *rs = load_source("c.lua", cases[i].src, NULL, &err);
        ck_assert_msg(rs == NULL, "case %d loaded", (int)i);
        ck_assert_msg(strstr(err.msg, cases[i].want) != NULL, "case %d: %s", (int)i, err.msg);
    }
}
END_TEST

/* A 26x26 board with m13 empty at the centre of a star: along each of the
 * eight directions, enemy stones (o) up to the edge but the last cell, an x.
 * 91 enemy stones in all (12 + 11 + 12 + 11 + 12 + 11 + 11 + 11). */
static const char *star_26(char *buf, size_t size, const char *tail)
{
    static const int dc[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dr[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    char cells[26][26];
    memset(cells, '.', sizeof cells);
    for (int d = 0; d < 8; d++) {
        int c = 12 + dc[d], r = 12 + dr[d];
        while (c + dc[d] >= 0 && c + dc[d] < 26 && r + dr[d] >= 0 && r + dr[d] < 26) {
            cells[r][c] = 'o';
            c += dc[d];
            r += dr[d];
        }
        cells[r][c] = 'x';
    }
    size_t n = 0;
    for (int r = 25; r >= 0; r--)
        n += (size_t)snprintf(buf + n, size - n, "%.26s%s", cells[r], r ? "/" : "");
    snprintf(buf + n, size - n, "%s", tail);
    return buf;
}

/* Runs of up to 24 in all eight directions on the largest board, refused
 * when the ruleset loaded while a move could change at most 64 cells: the
 * stone placed at the star's centre takes all 91 enemies at once, and undo
 * gives the position back byte for byte. */
START_TEST(custodial_takes_91_at_once)
{
    tv_error err;
    tv_ruleset *rs = load_source("c.lua",
                                 "return game { name = 'C', board = grid { width = 26, height = 26 },\n"
                                 "  moves = place { custodial = custodial { directions = 'all', count = {1, 24} } },\n"
                                 "  ends = 'board_full' }\n",
                                 NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    char pos[TV_POSITION_MAX];
    /* x placed its 8 and the 83 o took; o placed its 91: x to move at ply 182 */
    tv_game *g = game_at(rs, star_26(pos, sizeof pos, " 1 - 182 0,83"));
    tv_state_buf before;
    tv_state_copy(g->rules, &before.state, g->state);
    must_play(g, "m13");
    ck_assert_int_eq(g->state->score[0], 91);
    ck_assert_int_eq(g->state->owned[1], 0);
    ck_assert_int_eq(g->state->empty, 676 - 99 - 1 + 91);
    ck_assert_int_eq(cell_at(g, "m14"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "a1"), TV_STONE1);
    ck_assert(g->state->hash == tv_state_hash(g->rules, g->state));
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert(memcmp(&before.state, g->state, (size_t)g->rules->state_size) == 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* With a no-progress rule too, a position string carries the scores and then
 * the quiet plies, and reads back to the same state; a capture resets them. */
START_TEST(scores_and_quiet_in_positions)
{
    const char *src =
        "return game { name = 'Q', board = grid { width = 5, height = 5 }, pieces = { 'man' },\n"
        "  setup = { 'mmmmm', '.....', '.....', '.....', 'MMMMM' },\n"
        "  moves = move { man = slide { directions = 'orthogonal' },\n"
        "                 custodial = custodial { directions = 'orthogonal', count = { 1, 3 } } },\n"
        "  no_move = 'loses', ends = { 'no_move', pieces_left = 1, no_progress = 30 } }\n";
    tv_error err;
    tv_ruleset *rs = load_source("q.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = game_at(rs, "m.m../.M.../...../...../M..M. 1 - 12 3,2 7");
    ck_assert_int_eq(g->state->quiet, 7);
    ck_assert_int_eq(g->state->score[0], 3);
    must_play(g, "a1-a3");
    ck_assert_int_eq(g->state->quiet, 8);
    must_play(g, "c5-c4"); /* b4 has no white man beyond it on a4: nothing taken */
    must_play(g, "b4-b5"); /* a5 runs into the edge (corner capture off): nothing taken */
    ck_assert_int_eq(cell_at(g, "a5"), tv_piece(TV_STONE2, 0));
    char pos[TV_POSITION_MAX];
    tv_position_write(r, g->state, pos, sizeof pos);
    ck_assert_str_eq(pos, "mM.../..m../M..../...../...M. 2 - 15 3,2 10");
    tv_game_free(g);
    g = game_at(rs, "m.m../.M.../...../...../M..M. 1 - 12 3,2 7");
    must_play(g, "b4-b5"); /* between a5 and c5: safe, and it takes nothing */
    must_play(g, "a5-a4");
    must_play(g, "d1-d5"); /* c5 between b5 and d5: taken */
    ck_assert_int_eq(cell_at(g, "c5"), TV_EMPTY);
    ck_assert_int_eq(g->state->quiet, 0);
    ck_assert_int_eq(g->state->score[0], 4);
    tv_position_write(r, g->state, pos, sizeof pos);
    tv_state_buf back;
    ck_assert_msg(tv_position_read(r, pos, &back.state, &err) == TV_OK, "%s: %s", pos, err.msg);
    back.state.last = g->state->last;
    ck_assert(memcmp(&back.state, g->state, (size_t)r->state_size) == 0);
    ck_assert_int_eq(tv_position_read(r, "m.m../.M.../...../...../M..M. 1 - 12 3,2", &back.state, &err), TV_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.msg, "expected 6 fields (board side flags ply scores quiet), got 5"));
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- random games -------------------------------------------------------- */

static const char *const random_rulesets[][2] = {
    {"hasami_shogi", NULL}, {"hasami_shogi", "size=5,corners=false"}, {"pente", "size=9"},
    {"pente", "size=9,keryo=true"}, {"pente", NULL},
};

/* In every position of random games: the kept hash is the full one, the
 * position string (scores included) reads back to the same state, and undo
 * walks back to the start. */
START_TEST(random_games_read_back)
{
    tv_ruleset *rs = must_load(random_rulesets[_i][0], random_rulesets[_i][1]);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_rng rng;
    tv_rng_seed(&rng, 77 + (uint64_t)_i);
    int captured = 0;
    for (int game = 0; game < 4; game++) {
        tv_game *g = new_game(rs);
        while (g->state->status == TV_ONGOING) {
            tv_error err;
            ck_assert(g->state->hash == tv_state_hash(r, g->state));
            char pos[TV_POSITION_MAX];
            tv_position_write(r, g->state, pos, sizeof pos);
            tv_state_buf back;
            ck_assert_msg(tv_position_read(r, pos, &back.state, &err) == TV_OK, "%s: %s", pos, err.msg);
            back.state.last = g->state->last;
            back.state.quiet = g->state->quiet; /* not in the string where no rule reads it */
            ck_assert_msg(memcmp(&back.state, g->state, (size_t)r->state_size) == 0, "%s reads back differently", pos);
            tv_move moves[TV_MAX_MOVES];
            int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err);
            ck_assert_int_gt(n, 0);
            tv_move m = moves[tv_rng_below(&rng, (uint32_t)n)];
            ck_assert_msg(tv_game_play(g, m, &err) == TV_OK, "%s", err.msg);
        }
        captured += g->state->score[0] + g->state->score[1];
        tv_error err;
        while (g->nply)
            ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
        tv_state_buf start;
        ck_assert_int_eq(tv_state_new(r, 1, &start.state, &err), TV_OK);
        ck_assert(memcmp(&start.state, g->state, (size_t)r->state_size) == 0);
        tv_game_free(g);
    }
    ck_assert_int_gt(captured, 0); /* the games did capture */
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"hasami shogi", hasami_captures_each_direction, 30, 0},
        {"hasami shogi", hasami_runs_not_captured, 30, 0},
        {"hasami shogi", hasami_several_directions, 30, 0},
        {"hasami shogi", hasami_corner_capture, 30, 0},
        {"hasami shogi", hasami_ends, 30, 0},
        {"pente", pente_pair_each_direction, 30, 0},
        {"pente", pente_run_lengths, 30, 0},
        {"pente", pente_captured_count_wins, 30, 0},
        {"pente", pente_positions_checked, 30, 0},
        {"players", players_play_custodial_games, 120, 0},
        {"loading", custodial_fields_checked, 30, 0},
        {"largest board", custodial_takes_91_at_once, 30, 0},
        {"positions", scores_and_quiet_in_positions, 30, 0},
        {"read back", random_games_read_back, 120, (int)(sizeof random_rulesets / sizeof random_rulesets[0])},
    };
    return tv_check_run("custodial", tests, TV_CHECK_COUNT(tests));
}
