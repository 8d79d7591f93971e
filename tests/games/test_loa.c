/* Lines of Action (rulesets/lines_of_action.lua) on hand-worked positions:
 * the distance is the count of pieces of both colours on the whole line, a
 * move passes over own pieces but not over an enemy, lands on an empty cell
 * or an enemy (captured) but not on an own piece, each refusal with its
 * reason; the connected end, the rule for a move that connects both sides,
 * a lone piece, a repeated position; and the two other generators of the
 * same file, leap (knights) and jumps over own pieces. Over random games:
 * position strings, move text and undo read back to the same states. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_pieces.h"

/* The legal moves of g that leave `from` (NULL: all), as text, sorted,
 * space-separated, into buf. */
static const char *moves_from(const tv_game *g, const char *from, char *buf, size_t size)
{
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    int n = tv_legal_moves(g->rules, g->state, moves, TV_MAX_MOVES, &err), k = 0;
    ck_assert_msg(n >= 0, "legal moves: %s", err.msg);
    char names[TV_MAX_MOVES][64];
    for (int i = 0; i < n; i++) {
        tv_move_text(g->rules, moves[i], names[k], sizeof names[k]);
        if (!from || strncmp(names[k], from, strlen(from)) == 0)
            k++;
    }
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[64];
            memcpy(t, names[j], sizeof t);
            memcpy(names[j], names[j - 1], sizeof t);
            memcpy(names[j - 1], t, sizeof t);
        }
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < k && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", names[i]);
    return buf;
}

#define EXPECT_FROM(g, from, want)                                                                  \
    do {                                                                                            \
        char got_[2048];                                                                            \
        ck_assert_str_eq(moves_from(g, from, got_, sizeof got_), want);                             \
    } while (0)

/* The refusal of the last of `moves` must contain `why`. */
static void expect_refusal(tv_game *g, const char *moves, const char *why)
{
    tv_error err;
    const char *msg = refusal(g, moves, &err);
    ck_assert_msg(strstr(msg, why) != NULL, "%s: '%s', expected '%s'", moves, msg, why);
}

/* Black d4 among Black d2, b6 and White f4, d7 (Black to move):
 *   row 4 holds d4, f4: two cells, east onto f4 (a capture) or west to b4;
 *   column d holds d2, d4, d7: three, north onto d7, south over own d2 to d1;
 *   the a1-h8 diagonal holds d4 alone: one cell, e5 or c3;
 *   the a7-g1 diagonal holds d4 and b6: two, south-east to f2, but not
 *   north-west onto own b6. */
#define LINES "......../...o..../.x....../......../...x.o../......../...x..../........ 1 - 0 0"

START_TEST(distance_counts_both_colours)
{
    tv_ruleset *rs = must_load("lines_of_action", NULL);
    tv_game *g = game_at(rs, LINES);
    EXPECT_FROM(g, "d4", "d4-b4 d4-c3 d4-d1 d4-e5 d4-f2 d4xd7 d4xf4");
    expect_refusal(g, "d4-d6", "d4-d6: the piece moves exactly as many cells as the line holds pieces");
    expect_refusal(g, "d4-b6", "your own piece stands on b6");
    ck_assert_int_eq(g->state->ply, 0); /* refusals leave the state as it was */
    must_play(g, "d4-d1");              /* over its own d2 */
    ck_assert_int_eq(cell_at(g, "d1"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "d2"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "d4"), TV_EMPTY);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Black d2's column holds d2, d4, d7: three cells north, over its own d4
 * to d5; its row and its a5-e1 diagonal hold d2 alone (one cell); its
 * c1-h6 diagonal holds d2 and f4: onto f4. An enemy in the way is refused
 * by name. */
START_TEST(over_own_not_over_enemy)
{
    tv_ruleset *rs = must_load("lines_of_action", NULL);
    tv_game *g = game_at(rs, LINES);
    EXPECT_FROM(g, "d2", "d2-c2 d2-c3 d2-d5 d2-e1 d2-e2 d2xf4");
    tv_game_free(g);
    /* a1 and White b1, c1 on row 1: three cells east, but b1 is in the way */
    g = game_at(rs, ".......o/......../......../......../x......./......../......../xoo..... 1 - 0 0");
    EXPECT_FROM(g, "a1", "a1-a3 a1-c3");
    expect_refusal(g, "a1xd1", "a1xd1: an enemy piece is in the way on b1");
    expect_refusal(g, "a1-d1", "an enemy piece is in the way on b1");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* line_count in chosen directions, in a position with a block: the block
 * does not count on the line (a1's row holds a1 and c1: two cells) but bars
 * the way, like an enemy. */
START_TEST(a_block_bars_the_line)
{
    const char *src =
        "return game { name = 'B', board = grid { width = 5, height = 2 }, setup = { '..x.o', 'x.o..' },\n"
        "  blocks = { cells = { 'b1' } }, moves = move { stone = line_count { directions = 'orthogonal' } },\n"
        "  no_move = 'loses', ends = { 'connected', 'no_move' } }\n";
    tv_error err;
    tv_ruleset *rs = load_source("block.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = game_at(rs, "..x.o/x#o.. 1 - 0");
    EXPECT_FROM(g, NULL, "a1-a2 c2-a2 c2xe2");
    expect_refusal(g, "a1-c1", "a1-c1: a block is in the way on b1");
    expect_refusal(g, "a1-b2", "the piece cannot move so"); /* no diagonals here */
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A capture by landing: d4xf4 takes the piece, marked x in the text. */
START_TEST(capture_by_landing)
{
    tv_ruleset *rs = must_load("lines_of_action", NULL);
    tv_game *g = game_at(rs, LINES);
    tv_error err;
    ck_assert_int_eq(play_moves(g, "d4xf4", &err), TV_OK);
    char text[16];
    tv_move_text(g->rules, g->state->last, text, sizeof text);
    ck_assert_str_eq(text, "d4xf4");
    ck_assert_int_eq(cell_at(g, "f4"), TV_STONE1);
    ck_assert_int_eq(g->state->owned[1], 1);
    ck_assert_int_eq(g->state->quiet, 0);
    /* White is down to d7 alone, a group: the capture made White connected */
    expect_winner(g, 2, "White's lone d7 is connected");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Black a1, b2 and d3 (row 3: d3 alone, one cell west): d3-c3 joins them. */
START_TEST(connecting_all_wins)
{
    tv_ruleset *rs = must_load("lines_of_action", NULL);
    tv_game *g = game_at(rs, "o....o.o/......../......../......../......../...x..../.x....../x....... 1 - 0 0");
    expect_ongoing(g, "nobody connected");
    must_play(g, "d3-c3");
    expect_winner(g, 1, "a1 b2 c3 are one group");
    tv_game_free(g);
    /* the same from White's side: the group counts diagonals */
    g = game_at(rs, "o.x...../.o....../......../......../......../...o..../......../x......x 2 - 1 0");
    must_play(g, "d3-c3");
    expect_ongoing(g, "c3 is no neighbour of b7");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* d4xb4 (row 4 holds b4, d4) joins Black a1 b2 b3 b4 and leaves White's h8
 * h7 a group too: a move that connects both sides wins for the mover. */
START_TEST(both_connected_mover_wins)
{
    tv_ruleset *rs = must_load("lines_of_action", NULL);
    tv_game *g = game_at(rs, ".......o/.......o/......../......../.o.x..../.x....../.x....../x....... 1 - 0 0");
    expect_ongoing(g, "neither side is one group");
    must_play(g, "d4xb4");
    expect_winner(g, 1, "both connected: the mover");
    tv_game_free(g);
    /* a position string where both are connected: the player who moved (not
     * to move) has won */
    g = game_at(rs, ".......o/.......o/......../......../......../.x....../.x....../x....... 1 - 8 0");
    expect_winner(g, 2, "White moved last");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The same capture without b3: Black a1 b2 b4 is no group, and White is
 * left with h8 alone, which is connected: White wins on Black's move. */
START_TEST(a_lone_piece_is_connected)
{
    tv_ruleset *rs = must_load("lines_of_action", NULL);
    tv_game *g = game_at(rs, ".......o/......../......../......../.o.x..../......../.x....../x....... 1 - 0 0");
    must_play(g, "d4xb4");
    expect_winner(g, 2, "White's last piece");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* b1-b3 (column b: b1, b8), a2-c2 (row 2: a2, h2) and back: the start comes
 * again with Black to move, a draw. One ply short of it the game goes on. */
START_TEST(repeated_position_draws)
{
    tv_ruleset *rs = must_load("lines_of_action", NULL);
    tv_game *g = new_game(rs);
    must_play(g, "b1-b3 a2-c2 b3-b1");
    expect_ongoing(g, "not yet repeated");
    must_play(g, "c2-a2");
    expect_winner(g, 0, "the start again");
    ck_assert(!(g->state->flags & TV_FLAG_CAPPED));
    tv_game_free(g);
    /* Scrambled Eggs: 32 moves at the start, White on a2 */
    tv_ruleset *se = must_load("lines_of_action", "start=scrambled");
    g = new_game(se);
    ck_assert_int_eq(cell_at(g, "a2"), TV_STONE2);
    ck_assert_int_eq(cell_at(g, "b1"), TV_STONE1);
    ck_assert_int_eq(g->state->owned[0], 12);
    ck_assert_int_eq(g->state->owned[1], 12);
    char buf[2048];
    moves_from(g, NULL, buf, sizeof buf);
    int n = 1;
    for (const char *p = buf; *p; p++)
        n += *p == ' ';
    ck_assert_int_eq(n, 32);
    tv_game_free(g);
    tv_ruleset_free(se);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- leap and jumps over own pieces ---------------------------------------- */

/* A knight's eight offsets from c3, onto the enemy on b1; and one offset
 * {1, 2}, which player 2 makes as {1, -2}. */
START_TEST(leap_offsets)
{
    const char *src =
        "return game { name = 'K', board = grid { width = 5, height = 5 }, pieces = { 'knight' },\n"
        "  setup = { '.....', '.....', '..K..', '.....', '.k...' },\n"
        "  moves = move { knight = leap { offsets = { {1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1},\n"
        "                                             {-1, -2}, {-2, -1} }, to = 'any' } },\n"
        "  no_move = 'loses', ends = { 'no_move', pieces_left = 0 } }\n";
    tv_error err;
    tv_ruleset *rs = load_source("knight.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = new_game(rs);
    EXPECT_FROM(g, NULL, "c3-a2 c3-a4 c3-b5 c3-d1 c3-d5 c3-e2 c3-e4 c3xb1");
    must_play(g, "c3xb1");
    expect_winner(g, 1, "the last enemy knight");
    tv_game_free(g);
    tv_ruleset_free(rs);
    const char *one =
        "return game { name = 'L', board = grid { width = 3, height = 5 }, pieces = { 'knight' },\n"
        "  setup = { 'k..', '...', '...', '...', 'K..' },\n"
        "  moves = move { knight = leap { offsets = { {1, 2} } } },\n"
        "  no_move = 'loses', ends = 'no_move' }\n";
    rs = load_source("one.lua", one, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    g = new_game(rs);
    EXPECT_FROM(g, NULL, "a1-b3");
    must_play(g, "a1-b3");
    EXPECT_FROM(g, NULL, "a5xb3"); /* player 2's {1, 2} goes down the board */
    tv_game_free(g);
    tv_ruleset_free(rs);
    /* bad offsets are refused where they are written */
    const char *bad = "return game { name = 'B', board = grid { width = 3, height = 3 }, setup = { 'x..', '...', '..o' },\n"
                      "  moves = move { stone = leap { offsets = { {0, 0} } } }, ends = 'no_move' }\n";
    ck_assert_ptr_null(load_source("bad.lua", bad, NULL, &err));
    ck_assert_msg(strstr(err.msg, "bad.lua:2:") && strstr(err.msg, "not both 0"), "%s", err.msg);
}
END_TEST

/* jump { over = "own" }: a1 over its own b1 to c1, on over its own c2 to c3
 * (the chain must go on); the pieces jumped stay. An enemy is not jumped. */
START_TEST(jump_over_own)
{
    const char *src =
        "return game { name = 'J', board = grid { width = 5, height = 5 },\n"
        "  setup = { '....o', '.....', '.....', '..x..', 'xx.o.' },\n"
        "  moves = move { stone = jump { directions = 'orthogonal', over = %s, chain = true } },\n"
        "  no_move = 'loses', ends = { 'no_move', pieces_left = 0 } }\n";
    char text[512];
    tv_error err;
    snprintf(text, sizeof text, src, "'own'");
    tv_ruleset *rs = load_source("own.lua", text, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = new_game(rs);
    EXPECT_FROM(g, NULL, "a1xc1xc3"); /* c1 over d1 (an enemy) to e1: not over = own */
    expect_refusal(g, "a1xc1", "the chain must go on: another jump is possible from c1");
    must_play(g, "a1-c3"); /* from-to alone: the one chain */
    ck_assert_int_eq(cell_at(g, "b1"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "c2"), TV_STONE1);
    ck_assert_int_eq(cell_at(g, "c3"), TV_STONE1);
    ck_assert_int_eq(g->state->owned[0], 3);
    ck_assert_int_eq(g->state->owned[1], 2);
    tv_game_free(g);
    tv_ruleset_free(rs);
    /* over = any: the enemy on d1 is jumped and taken, own pieces stay */
    snprintf(text, sizeof text, src, "'any'");
    rs = load_source("any.lua", text, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    g = new_game(rs);
    EXPECT_FROM(g, NULL, "a1xc1xc3 a1xc1xe1");
    must_play(g, "a1xc1xe1");
    ck_assert_int_eq(cell_at(g, "d1"), TV_EMPTY);
    ck_assert_int_eq(cell_at(g, "b1"), TV_STONE1);
    ck_assert_int_eq(g->state->owned[1], 1);
    ck_assert_int_eq(g->state->quiet, 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
    /* a chain over own pieces that could outgrow a move is refused at load */
    snprintf(text, sizeof text,
             "return game { name = 'W', board = grid { width = 8, height = 8 }, setup = { 'x.......', '........',\n"
             "  '........', '........', '........', '........', '........', '.......o' },\n"
             "  moves = move { stone = jump { directions = 'all', over = 'own', chain = true } }, ends = 'no_move' }\n");
    ck_assert_ptr_null(load_source("wide.lua", text, NULL, &err));
    ck_assert_msg(strstr(err.msg, "chain over own pieces could make 15 jumps"), "%s", err.msg);
}
END_TEST

/* ---- random games: hash, position, text, undo ------------------------------ */

static const char *const random_options[] = {NULL, "start=scrambled"};

START_TEST(random_games_read_back)
{
    tv_ruleset *rs = must_load("lines_of_action", random_options[_i]);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_rng rng;
    tv_rng_seed(&rng, 14 + (uint64_t)_i);
    int repeated = 0;
    for (int game = 0; game < 10; game++) {
        tv_game *g = new_game(rs);
        tv_error err;
        char pos[TV_POSITION_MAX];
        tv_state_buf back;
        for (;;) {
            ck_assert(g->state->hash == tv_state_hash(r, g->state));
            tv_position_write(r, g->state, pos, sizeof pos);
            ck_assert_msg(tv_position_read(r, pos, &back.state, &err) == TV_OK, "%s: %s", pos, err.msg);
            back.state.last = g->state->last;
            if (g->state->status == TV_OVER && g->state->winner == 0 && !(g->state->flags & TV_FLAG_CAPPED)) {
                /* a repetition: the position string has no history, the
                 * board reads back as a game that goes on */
                ck_assert_int_eq(back.state.status, TV_ONGOING);
                back.state.status = TV_OVER;
                back.state.winner = 0;
                repeated++;
            }
            ck_assert_msg(memcmp(&back.state, g->state, (size_t)r->state_size) == 0, "%s reads back differently", pos);
            if (g->state->status != TV_ONGOING)
                break;
            tv_move moves[TV_MAX_MOVES];
            int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err);
            ck_assert_int_gt(n, 0);
            for (int i = 0; i < n; i++) {
                char text[64];
                tv_move m;
                tv_move_text(r, moves[i], text, sizeof text);
                ck_assert_msg(tv_move_parse(r, text, &m, &err) == TV_OK && m == moves[i], "%s", text);
                ck_assert_msg(tv_move_parse_at(r, g->state, text, &m, &err) == TV_OK && m == moves[i], "%s", text);
            }
            ck_assert_msg(tv_game_play(g, moves[tv_rng_below(&rng, (uint32_t)n)], &err) == TV_OK, "%s", err.msg);
        }
        while (g->nply)
            ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
        tv_state_buf start;
        ck_assert_int_eq(tv_state_new(r, 1, &start.state, &err), TV_OK);
        ck_assert(memcmp(&start.state, g->state, (size_t)r->state_size) == 0);
        tv_game_free(g);
    }
    ck_assert_int_gt(repeated, 0); /* the draw by repetition came up */
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"lines of action", distance_counts_both_colours, 30, 0},
        {"lines of action", over_own_not_over_enemy, 30, 0},
        {"lines of action", capture_by_landing, 30, 0},
        {"generators", a_block_bars_the_line, 30, 0},
        {"lines of action", connecting_all_wins, 30, 0},
        {"lines of action", both_connected_mover_wins, 30, 0},
        {"lines of action", a_lone_piece_is_connected, 30, 0},
        {"lines of action", repeated_position_draws, 30, 0},
        {"generators", leap_offsets, 30, 0},
        {"generators", jump_over_own, 30, 0},
        {"read back", random_games_read_back, 120, (int)(sizeof random_options / sizeof random_options[0])},
    };
    return tv_check_run("lines of action", tests, TV_CHECK_COUNT(tests));
}
