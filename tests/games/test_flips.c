/* Flips and misère lines, on rulesets/othello.lua, anti_line4.lua, notakto.lua
 * (data) and notakto_hooks.lua (the same game with an ends hook), and on
 * small rulesets written here: Othello's published perft, a placement that
 * flips in several directions at once and its undo, refusals with their
 * reasons, a forced pass, the end when neither player can place and the disc
 * count that decides it, 4x4 solved, 91 discs turned by one placement on
 * the largest board; a misère line that loses, also with the stone that
 * fills the board; Notakto as data playing the hook version's games move by
 * move; and the loader refusing flips where they cannot work. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_flip_wide.h"
#include "tv_perft.h"
#include "tv_position.h"
#include "tv_solver.h"

/* The legal moves of g as text, in the generator's order. */
static const char *legal_text(const tv_game *g, char *buf, size_t size)
{
    tv_move moves[TV_MAX_MOVES];
    tv_error err;
    int n = tv_legal_moves(g->rules, g->state, moves, TV_MAX_MOVES, &err);
    ck_assert_msg(n >= 0, "legal moves: %s", err.msg);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++) {
        char name[16];
        tv_move_text(g->rules, moves[i], name, sizeof name);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", name);
    }
    return buf;
}

#define EXPECT_LEGAL(g, want)                                                                       \
    do {                                                                                            \
        char got_[2048];                                                                            \
        ck_assert_str_eq(legal_text(g, got_, sizeof got_), want);                                   \
    } while (0)

static void expect_refused_with(tv_game *g, const char *move, const char *why)
{
    tv_error err;
    const char *msg = refusal(g, move, &err);
    ck_assert_msg(strstr(msg, why) != NULL, "%s: '%s', expected '%s'", move, msg, why);
}

/* ---- Othello ------------------------------------------------------------ */

/* The published counts from the start (OEIS A124004), to depth 8. */
START_TEST(othello_perft_published)
{
    static const int64_t published[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216};
    tv_ruleset *rs = must_load("othello", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf b;
    tv_error err;
    ck_assert_int_eq(tv_state_new(r, 0, &b.state, &err), TV_OK);
    for (int d = 1; d <= 8; d++)
        ck_assert_msg(tv_perft(r, &b.state, d, &err) == published[d], "perft %d: %lld", d,
                      (long long)tv_perft(r, &b.state, d, &err));
    tv_ruleset_free(rs);
}
END_TEST

/* The start: four discs in the centre, Black to move with four placements,
 * the scores the discs; on every size the option allows. */
START_TEST(othello_start_on_each_size)
{
    static const struct {
        const char *options, *moves, *centre[4]; /* x, x, o, o */
    } sizes[] = {
        {NULL, "d3 c4 f5 e6", {"d5", "e4", "d4", "e5"}},
        {"size=6", "c2 b3 e4 d5", {"c4", "d3", "c3", "d4"}},
        {"size=10", "e4 d5 g6 f7", {"e6", "f5", "e5", "f6"}},
        {"size=4", "b1 a2 d3 c4", {"b3", "c2", "b2", "c3"}},
    };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        tv_ruleset *rs = must_load("othello", sizes[i].options);
        tv_game *g = new_game(rs);
        for (int k = 0; k < 4; k++)
            ck_assert_int_eq(cell_at(g, sizes[i].centre[k]), k < 2 ? TV_STONE1 : TV_STONE2);
        ck_assert_int_eq(g->state->empty, g->rules->ncells - 4);
        ck_assert_int_eq(g->state->score[0], 2);
        ck_assert_int_eq(g->state->score[1], 2);
        EXPECT_LEGAL(g, sizes[i].moves);
        tv_game_free(g);
        tv_ruleset_free(rs);
    }
    static const char *const bad[] = {"size=7", "size=2", "size=18", "size=x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tv_error err = {0};
        ck_assert_msg(load_named("othello", bad[i], &err) == NULL, "%s was accepted", bad[i]);
        ck_assert_msg(strstr(err.msg, "size") != NULL, "%s: %s", bad[i], err.msg);
    }
}
END_TEST

/* Black on d4 closes runs in four directions at once: east (e4 f4 to g4),
 * north (d5 to d6), north-east (e5 f6 to g7) and north-west (c5 b6 to a7);
 * the run west (c4, then an empty b4) and south (d3 d2 d1, then the edge)
 * are not closed and stay. Undo gives the position back. */
START_TEST(othello_flips_in_several_directions)
{
    tv_ruleset *rs = must_load("othello", NULL);
    tv_game *g = game_at(rs, "......../x.....x./.o.x.o../..ooo.../..o.oox./..xo..../...o..../...o.... 1 - 20");
    tv_state_buf before;
    tv_state_copy(g->rules, &before.state, g->state);
    ck_assert_int_eq(g->state->score[0], 5);
    ck_assert_int_eq(g->state->score[1], 11);
    must_play(g, "d4");
    static const char *const turned[] = {"d4", "e4", "f4", "d5", "e5", "f6", "c5", "b6"};
    for (size_t i = 0; i < sizeof turned / sizeof turned[0]; i++)
        ck_assert_msg(cell_at(g, turned[i]) == TV_STONE1, "%s is not Black's", turned[i]);
    static const char *const kept[] = {"c4", "d3", "d2", "d1"};
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
        ck_assert_msg(cell_at(g, kept[i]) == TV_STONE2, "%s is not White's", kept[i]);
    ck_assert_int_eq(g->state->score[0], 13);
    ck_assert_int_eq(g->state->score[1], 4);
    ck_assert_int_eq(g->state->to_move, 1);
    ck_assert(g->state->hash == tv_state_hash(g->rules, g->state));
    char pos[TV_POSITION_MAX];
    tv_position_write(g->rules, g->state, pos, sizeof pos);
    ck_assert_str_eq(pos, "......../x.....x./.x.x.x../..xxx.../..oxxxx./..xo..../...o..../...o.... 2 - 21");
    tv_error err;
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert(memcmp(&before.state, g->state, (size_t)g->rules->state_size) == 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A placement that brackets nothing, an occupied cell, a cell off the board
 * and a pass while a placement exists are refused, each with its reason, and
 * leave the state as it was. */
START_TEST(othello_refusals_say_why)
{
    tv_ruleset *rs = must_load("othello", NULL);
    tv_game *g = new_game(rs);
    expect_refused_with(g, "a1", "a1: it brackets no enemy stone");
    expect_refused_with(g, "c3", "c3: it brackets no enemy stone"); /* next to no enemy in line with an own disc */
    expect_refused_with(g, "f4", "f4: it brackets no enemy stone"); /* beside e4, Black's own */
    expect_refused_with(g, "d4", "d4: the cell is occupied");
    expect_refused_with(g, "pass", "pass: a placement that flips is possible");
    tv_error err;
    ck_assert_int_eq(play_moves(g, "i9", &err), TV_EINVAL);
    must_play(g, "d3");
    expect_refused_with(g, "d2", "d2: it brackets no enemy stone"); /* White: d3 d4 d5 are Black's, then d6 is empty */
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Black's only disc is b1 beside White's a1 in the corner, which no line
 * closes: Black must pass, which is a move (a ply, "pass" in the record);
 * then White takes b1 from c1 and neither can place: over, White 3-0. */
START_TEST(othello_forced_pass_then_neither_can_move)
{
    tv_ruleset *rs = must_load("othello", NULL);
    tv_game *g = game_at(rs, "......../......../......../......../......../......../......../ox...... 1 - 10");
    EXPECT_LEGAL(g, "pass");
    expect_refused_with(g, "c1", "c1: it brackets no enemy stone");
    must_play(g, "pass");
    ck_assert_int_eq(g->state->ply, 11);
    ck_assert_int_eq(g->state->to_move, 1);
    ck_assert_int_eq(g->state->last, TV_MOVE_PASS);
    EXPECT_LEGAL(g, "c1");
    expect_refused_with(g, "pass", "pass: a placement that flips is possible");
    must_play(g, "c1");
    expect_winner(g, 2, "White has every disc, neither can place");
    ck_assert_int_eq(g->state->score[0], 0);
    ck_assert_int_eq(g->state->score[1], 3);
    expect_refused_with(g, "d1", "the game is over");
    tv_error err;
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    EXPECT_LEGAL(g, "pass");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Positions where neither can place end the game when read: more discs wins,
 * equal discs is a draw, and a full board is over too. */
START_TEST(othello_most_discs_wins)
{
    tv_ruleset *rs = must_load("othello", "size=4");
    tv_game *g = game_at(rs, "xx../..../..../..oo 1 - 12");
    expect_winner(g, 0, "2-2, neither can place");
    tv_game_free(g);
    g = game_at(rs, "xx../..../..../.ooo 2 - 12");
    expect_winner(g, 2, "2-3, neither can place");
    tv_game_free(g);
    g = game_at(rs, "xxxx/xxxx/xxoo/oooo 1 - 12");
    expect_winner(g, 1, "10-6 on a full board");
    ck_assert_int_eq(g->state->score[0], 10);
    ck_assert_int_eq(g->state->score[1], 6);
    tv_game_free(g);
    /* White fills the board on c3, turning b2 alone (closed by a1): 8-8, a draw. */
    g = game_at(rs, "xxxx/xx.o/xxox/oooo 2 - 14");
    EXPECT_LEGAL(g, "c3");
    must_play(g, "c3");
    expect_winner(g, 0, "8-8 on a full board");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* 4x4 Othello is a known second-player win, 11 discs to 3 with perfect
 * play: the solver finds the margin, through passes and early ends. */
START_TEST(othello_4x4_solved)
{
    tv_ruleset *rs = must_load("othello", "size=4");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf b;
    tv_error err;
    ck_assert_int_eq(tv_state_new(r, 0, &b.state, &err), TV_OK);
    tv_solution *sol = tv_solve(r, &b.state, 10000000, NULL, NULL, &err);
    ck_assert_msg(sol != NULL, "%s", err.msg);
    int64_t value;
    ck_assert_int_eq(tv_solution_value(sol, &b.state, &value), TV_OK);
    ck_assert_int_eq(value, 3 - 11);
    tv_solution_free(sol);
    tv_ruleset_free(rs);
}
END_TEST

/* Random games: every position's string reads back to the same state, the
 * hash is the full one, and undo walks back to the start. */
START_TEST(othello_random_games_read_back)
{
    static const char *const sizes[] = {NULL, "size=6", "size=4", "size=10"};
    tv_ruleset *rs = must_load("othello", sizes[_i]);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_rng rng;
    tv_rng_seed(&rng, 15 + (uint64_t)_i);
    int passes = 0;
    for (int game = 0; game < 20; game++) {
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
            tv_move moves[TV_MAX_MOVES];
            int n = tv_legal_moves(r, g->state, moves, TV_MAX_MOVES, &err);
            ck_assert_int_gt(n, 0);
            tv_move m = moves[tv_rng_below(&rng, (uint32_t)n)];
            passes += m == TV_MOVE_PASS;
            ck_assert_msg(tv_game_play(g, m, &err) == TV_OK, "%s", err.msg);
        }
        ck_assert_int_eq(g->state->score[0] + g->state->score[1], g->state->stones);
        tv_error err;
        while (g->nply)
            ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
        tv_state_buf start;
        ck_assert_int_eq(tv_state_new(r, 1, &start.state, &err), TV_OK);
        ck_assert(memcmp(&start.state, g->state, (size_t)r->state_size) == 0);
        tv_game_free(g);
    }
    if (_i == 2) /* 4x4 games pass often */
        ck_assert_int_gt(passes, 0);
    tv_ruleset_free(rs);
}
END_TEST

/* A flip game of any shape, from a centre start, with blocks on two corners
 * when asked: the bit boards (64 cells or fewer) must find the moves the
 * rays (tv_check_move) accept, and the playout on them must end where the
 * kernel's game (rays) ends. */
static const char *const any_shape =
    "local o = options { w = { default = 8 }, h = { default = 8 }, dirs = { default = 'all' },\n"
    "                    corners = { default = false } }\n"
    "local rows = {}\n"
    "for row = o.h, 1, -1 do\n"
    "  local t = {}\n"
    "  for col = 1, o.w do\n"
    "    local ch = '.'\n"
    "    local cr, cc = o.h // 2, o.w // 2\n"
    "    if (row == cr or row == cr + 1) and (col == cc or col == cc + 1) then\n"
    "      ch = ((row == cr) == (col == cc)) and 'o' or 'x'\n"
    "    end\n"
    "    t[col] = ch\n"
    "  end\n"
    "  rows[#rows + 1] = table.concat(t)\n"
    "end\n"
    "return game { name = 'T', board = grid { width = o.w, height = o.h }, setup = rows,\n"
    "  blocks = o.corners and { cells = { 'a1', string.char(96 + o.w) .. o.h } } or nil,\n"
    "  moves = place { flips = o.dirs }, no_move = 'pass', ends = 'no_move', winner = 'most_pieces' }\n";

START_TEST(bit_boards_agree_with_rays)
{
    static const char *const shapes[] = {"w=7,h=9", "w=9,h=7", "w=16,h=4", "w=4,h=16", "w=8,h=8,corners=true",
                                         "w=8,h=8,dirs=orthogonal", "w=6,h=10,dirs=diagonal", "w=10,h=6,dirs=diagonal"};
    tv_error err = {0};
    tv_ruleset *rs = load_source("shape.lua", any_shape, shapes[_i], &err);
    ck_assert_msg(rs != NULL, "%s: %s", shapes[_i], err.msg);
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert(r->flip.bits);
    tv_rng rng;
    tv_rng_seed(&rng, 7 + (uint64_t)_i);
    for (int game = 0; game < 12; game++) {
        tv_state_buf b, fast;
        ck_assert_int_eq(tv_state_new(r, 0, &b.state, &err), TV_OK);
        while (b.state.status == TV_ONGOING) {
            tv_move moves[TV_MAX_MOVES];
            int n = tv_legal_moves(r, &b.state, moves, TV_MAX_MOVES, &err), listed = 0;
            ck_assert_int_gt(n, 0);
            for (int c = 0; c < r->ncells; c++) {
                int legal = tv_check_move(r, &b.state, c, &err) == TV_OK, found = 0;
                for (int i = 0; i < n; i++)
                    found |= moves[i] == c;
                ck_assert_msg(legal == found, "%s: cell %d: rays say %d, bit boards %d", shapes[_i], c, legal, found);
                listed += found;
            }
            ck_assert_int_eq(listed + (moves[0] == TV_MOVE_PASS), n);
            ck_assert_int_eq(tv_check_move(r, &b.state, TV_MOVE_PASS, &err) == TV_OK, moves[0] == TV_MOVE_PASS);
            tv_rng before = rng;
            tv_state_copy(r, &fast.state, &b.state);
            ck_assert_int_eq(tv_random_playout(r, &fast.state, &before, &err), TV_OK);
            tv_state_buf k;
            tv_state_copy(r, &k.state, &b.state);
            tv_rng krng = rng;
            while (k.state.status == TV_ONGOING) {
                tv_move km[TV_MAX_MOVES];
                int kn = tv_legal_moves(r, &k.state, km, TV_MAX_MOVES, &err);
                ck_assert_int_eq(tv_play(r, &k.state, km[tv_rng_below(&krng, (uint32_t)kn)], NULL, &err), TV_OK);
            }
            ck_assert_msg(memcmp(&k.state, &fast.state, (size_t)r->state_size) == 0, "%s: the playout differs",
                          shapes[_i]);
            ck_assert(krng.s == before.s);
            ck_assert_int_eq(tv_play(r, &b.state, moves[tv_rng_below(&rng, (uint32_t)n)], NULL, &err), TV_OK);
        }
    }
    tv_ruleset_free(rs);
}
END_TEST

/* Past 64 cells: the four-word AVX2 step (where the processor has it) and
 * the word-by-word one find the same placements, for both colours, on
 * random boards of every density, up to and past 256 cells. */
START_TEST(wide_moves_agree_word_by_word)
{
    static const char *const shapes[] = {"w=9,h=9",  "w=12,h=12", "w=16,h=16", "w=16,h=16,dirs=orthogonal",
                                         "w=10,h=25,dirs=diagonal", "w=16,h=16,corners=true", "w=17,h=17",
                                         "w=26,h=3"};
    tv_error err = {0};
    tv_ruleset *rs = load_source("shape.lua", any_shape, shapes[_i], &err);
    ck_assert_msg(rs != NULL, "%s: %s", shapes[_i], err.msg);
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert(!r->flip.bits);
    tv_state_buf b;
    ck_assert_int_eq(tv_state_new(r, 0, &b.state, &err), TV_OK);
    uint64_t x = 99 + (uint64_t)_i;
    int nw = (r->ncells + 63) / 64, found = 0;
    for (int board = 0; board < 3000; board++) {
        for (int c = 0; c < r->ncells; c++) {
            if (b.state.cells[c] == TV_BLOCK)
                continue;
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            unsigned v = (unsigned)(x >> 59) % 16, dense = (unsigned)board % 8; /* more stones on later boards */
            b.state.cells[c] = (uint8_t)(v < dense ? TV_EMPTY : v % 2 ? TV_STONE1 : TV_STONE2);
        }
        uint64_t stones[2][TV_FLIP_WORDS], empty[TV_FLIP_WORDS];
        tv_flip_wide_sets(r, b.state.cells, stones, empty);
        for (int own = 0; own < 2; own++) {
            uint64_t fast[TV_FLIP_WORDS], plain[TV_FLIP_WORDS];
            int a = tv_flip_wide_moves_of(r, stones[own], stones[own ^ 1], empty, fast);
            int p = tv_flip_wide_moves_plain(r, stones[own], stones[own ^ 1], empty, plain);
            ck_assert_int_eq(a, p);
            for (int w = 0; w < nw; w++)
                ck_assert_msg(fast[w] == plain[w], "%s, board %d, colour %d, word %d: %016llx, word by word %016llx",
                              shapes[_i], board, own + 1, w, (unsigned long long)fast[w],
                              (unsigned long long)plain[w]);
            found += a;
        }
    }
    ck_assert_int_gt(found, 1000);
    tv_ruleset_free(rs);
}
END_TEST

/* Listed blocks stand on the setup's empty cells from the start (the setup
 * used to cover them), and a block ends a ray as the edge does. */
START_TEST(blocks_with_a_setup)
{
    static const char *const src =
        "return game { name = 'T', board = grid { width = 4, height = 4 }, blocks = { cells = { 'c1' } },\n"
        "  setup = { '....', '.xo.', '.ox.', '....' }, moves = place { flips = 'all' }, no_move = 'pass',\n"
        "  ends = 'no_move', winner = 'most_pieces' }\n";
    tv_error err = {0};
    tv_ruleset *rs = load_source("blocks.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = new_game(rs);
    ck_assert_int_eq(cell_at(g, "c1"), TV_BLOCK);
    ck_assert_int_eq(g->state->empty, 11);
    tv_game_free(g);
    /* Black's a1 would close b1 only through the block; White's c3 would
     * close c2 only through it: Black passes, White has b2 and d3. */
    g = game_at(rs, "..../..../..xo/.o#. 1 - 5");
    expect_refused_with(g, "a1", "a1: it brackets no enemy stone");
    EXPECT_LEGAL(g, "pass");
    must_play(g, "pass");
    expect_refused_with(g, "c3", "c3: it brackets no enemy stone");
    EXPECT_LEGAL(g, "b2 d3");
    tv_game_free(g);
    tv_ruleset_free(rs);

    /* Pieces that move: the block is there too. */
    rs = load_source("pieces.lua",
                     "return game { name = 'T', board = grid { width = 4, height = 4 }, blocks = { cells = { 'b2' } },\n"
                     "  setup = { 'oooo', '....', '....', 'xxxx' },\n"
                     "  moves = move { stone = step { directions = 'forward' } }, ends = 'no_move' }\n",
                     NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    g = new_game(rs);
    EXPECT_LEGAL(g, "a1-a2 c1-c2 d1-d2");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* With no_move = "ends" there is no pass: a player who cannot place ends
 * the game, and the discs decide (Othello's forced-pass position is over). */
START_TEST(no_move_ends_without_a_pass)
{
    tv_error err = {0};
    tv_ruleset *rs = load_source("ends.lua",
                                 "return game { name = 'T', board = grid { width = 8, height = 8 },\n"
                                 "  setup = { '........', '........', '........', '...xo...', '...ox...', '........',\n"
                                 "            '........', '........' },\n"
                                 "  moves = place { flips = 'all' }, no_move = 'ends', ends = 'no_move', winner = 'most_pieces' }\n",
                                 NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = game_at(rs, "......../......../......../......../......../......../......../oox..... 1 - 10");
    expect_winner(g, 2, "Black cannot place: over, White 2-1");
    tv_game_free(g);
    g = game_at(rs, "......../......../......../......../......../......../......../oox..... 2 - 10");
    EXPECT_LEGAL(g, "d1");
    expect_refused_with(g, "pass", "pass: a placement that flips is possible");
    must_play(g, "d1");
    expect_winner(g, 2, "White took c1; Black has no disc left");
    tv_game_free(g);
    g = game_at(rs, NULL);
    expect_refused_with(g, "pass", "pass: a placement that flips is possible");
    tv_game_free(g);
    g = game_at(rs, "......../......../......../......../......../......../......../xo...... 2 - 10");
    expect_winner(g, 0, "White cannot place: over, 1-1 is a draw");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- misère lines ------------------------------------------------------- */

/* Anti Line4: the maker of four loses at once, and a line made by the stone
 * that fills the board loses too (it is not a full-board draw). */
START_TEST(misere_line_loses)
{
    tv_ruleset *rs = must_load("anti_line4", NULL);
    tv_game *g = new_game(rs);
    must_play(g, "a b a b a b");
    expect_ongoing(g, "three each");
    must_play(g, "a");
    expect_winner(g, 2, "Red made four in column a");
    tv_game_free(g);
    g = new_game(rs);
    must_play(g, "a a b b d c g c f");
    expect_ongoing(g, "no four yet");
    must_play(g, "d");
    expect_winner(g, 1, "Yellow made a2 b2 c2 d2");
    tv_game_free(g);
    tv_ruleset_free(rs);

    rs = must_load("anti_line4", "width=3,height=3,connect=3");
    g = new_game(rs);
    must_play(g, "a a a b b c b c");
    expect_ongoing(g, "eight stones, no line");
    must_play(g, "c");
    expect_winner(g, 2, "the ninth stone c3 fills the board and makes a3 b3 c3: Red loses");
    ck_assert_int_eq(g->state->empty, 0);
    tv_game_free(g);
    /* A full board without a line is a draw; a position string with a line
     * is judged the same way (its maker lost). */
    g = new_game(rs);
    must_play(g, "b a c b a c a b");
    expect_ongoing(g, "eight stones, no line");
    must_play(g, "c");
    expect_winner(g, 0, "full, no line");
    tv_game_free(g);
    g = game_at(rs, "x../x../xoo 2 - 5");
    expect_winner(g, 2, "Red's column a in a position string");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Notakto as data (line { colours = "any", loses = true }) and as the hook
 * version play the same games: perft, and random games move by move (the
 * same legal moves, status, winner, board and position string after each). */
START_TEST(notakto_data_plays_the_hook_version)
{
    static const char *const sizes[] = {NULL, "size=4", "size=5"};
    tv_ruleset *data = must_load("notakto", sizes[_i]), *hooks = must_load("notakto_hooks", sizes[_i]);
    const tv_rules *rd = tv_ruleset_rules(data), *rh = tv_ruleset_rules(hooks);
    tv_error err;
    tv_state_buf a, b;
    ck_assert_int_eq(tv_state_new(rd, 0, &a.state, &err), TV_OK);
    ck_assert_int_eq(tv_state_new(rh, 0, &b.state, &err), TV_OK);
    for (int d = 1; d <= (_i == 0 ? 8 : 4); d++)
        ck_assert_int_eq(tv_perft(rd, &a.state, d, &err), tv_perft(rh, &b.state, d, &err));
    unsigned long entries = tv_ruleset_vm_entries(data);
    tv_rng rng;
    tv_rng_seed(&rng, 99 + (uint64_t)_i);
    int wins[3] = {0, 0, 0};
    for (int game = 0; game < 300; game++) {
        tv_game *gd = new_game(data), *gh = new_game(hooks);
        for (;;) {
            char ld[2048], lh[2048], pd[TV_POSITION_MAX], ph[TV_POSITION_MAX];
            ck_assert_str_eq(legal_text(gd, ld, sizeof ld), legal_text(gh, lh, sizeof lh));
            ck_assert_int_eq(gd->state->status, gh->state->status);
            ck_assert_int_eq(gd->state->winner, gh->state->winner);
            ck_assert(memcmp(gd->state->cells, gh->state->cells, (size_t)rd->ncells) == 0);
            tv_position_write(rd, gd->state, pd, sizeof pd);
            tv_position_write(rh, gh->state, ph, sizeof ph);
            ck_assert_str_eq(pd, ph);
            tv_state_buf back; /* the data version judges a position string as the hook does */
            ck_assert_int_eq(tv_position_read(rd, pd, &back.state, &err), TV_OK);
            ck_assert_int_eq(back.state.winner, gh->state->winner);
            if (gd->state->status == TV_OVER)
                break;
            tv_move moves[TV_MAX_MOVES];
            int n = tv_legal_moves(rd, gd->state, moves, TV_MAX_MOVES, &err);
            tv_move m = moves[tv_rng_below(&rng, (uint32_t)n)];
            ck_assert_int_eq(tv_game_play(gd, m, &err), TV_OK);
            ck_assert_int_eq(tv_game_play(gh, m, &err), TV_OK);
        }
        wins[gd->state->winner]++;
        tv_game_free(gd);
        tv_game_free(gh);
    }
    ck_assert_int_eq(wins[0], 0); /* never a draw */
    ck_assert(wins[1] > 0 && wins[2] > 0);
    ck_assert_uint_eq(tv_ruleset_vm_entries(data), entries); /* data never enters the VM */
    tv_ruleset_free(data);
    tv_ruleset_free(hooks);
}
END_TEST

/* ---- the loader --------------------------------------------------------- */

/* Flips and the new line and winner fields refuse what cannot work, at the
 * line that wrote it. */
START_TEST(loader_refuses_what_cannot_work)
{
    static const struct {
        const char *source, *says;
    } bad[] = {
        {"return game { name = 'T', board = grid { width = 4, height = 4 },\n"
         "  moves = drop { flips = 'all' }, ends = 'no_move' }\n",
         "t.lua:2: drop: unknown field 'flips'"},
        {"return game { name = 'T', board = grid { width = 4, height = 4 },\n"
         "  moves = place { flips = 'forward' }, no_move = 'pass', ends = 'no_move' }\n",
         "place.flips: 'forward' is one way; brackets go both ways"},
        {"return game { name = 'T', board = grid { width = 4, height = 4 },\n"
         "  moves = place { flips = 'all' }, ends = 'board_full' }\n",
         "flips: say what a player who cannot flip does"},
        {"return game { name = 'T', board = grid { width = 4, height = 4 },\n"
         "  moves = place { flips = 'all' }, no_move = 'pass', ends = 'no_move' }\n",
         "flips: a placement must bracket stones, so the game needs a setup"},
        {"return game { name = 'T', board = grid { width = 4, height = 4 },\n"
         "  moves = place { flips = 'all' }, goal = line { length = 3 }, no_move = 'pass', ends = 'no_move' }\n",
         "flips: a placement that flips needs a grid and place {} alone"},
        {"return game { name = 'T', board = grid { width = 4, height = 4 },\n"
         "  moves = place { flips = 'all', swap_after = 1 }, no_move = 'pass', ends = 'no_move' }\n",
         "flips: a placement that flips needs a grid and place {} alone"},
        {"return game { name = 'T', board = grid { width = 4, height = 4 },\n"
         "  moves = place {}, no_move = 'pass', ends = 'board_full' }\n",
         "game.no_move: 'pass' is not pass (mancala, flips), ends or loses"},
        {"return game { name = 'T', board = grid { width = 4, height = 4 },\n"
         "  setup = { '....', '.xo.', '.ox.', '....' }, moves = place {}, ends = 'board_full' }\n",
         "setup: a start position is for games whose pieces move or flip"},
        {"return game { name = 'T', board = grid { width = 4, height = 4 },\n"
         "  score = runs { points = {0, 1, 2, 3} }, ends = 'board_full', winner = 'most_pieces' }\n",
         "winner most_pieces"},
        {"return game { name = 'T', board = grid { width = 4, height = 4 },\n"
         "  ends = 'board_full', winner = 'most_stones' }\n",
         "'most_stones' is not higher_score, most_captured or most_pieces"},
        {"return game { name = 'T', board = grid { width = 3, height = 3 },\n"
         "  goal = line { length = 3, colours = 'mine' } }\n",
         "t.lua:2: line.colours: 'mine' is not own"},
        {"local l = line { length = 3, loses = 1 }\n" GAME_TAIL, "t.lua:1: line.loses"},
        {"return game { name = 'T', board = grid { width = 4, height = 4 }, blocks = { cells = { 'b2' } },\n"
         "  setup = { '....', '.xo.', '.ox.', '....' }, moves = place { flips = 'all' }, no_move = 'pass',\n"
         "  ends = 'no_move' }\n",
         "blocks: cell 6 is blocked but holds a piece of the setup"},
        {"return game { name = 'T', board = grid { width = 4, height = 4 }, blocks = { random = {1, 2} },\n"
         "  setup = { '....', '.xo.', '.ox.', '....' }, moves = place { flips = 'all' }, no_move = 'pass',\n"
         "  ends = 'no_move' }\n",
         "random or placed blocks cannot be combined with a setup"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tv_error err = {0};
        tv_ruleset *rs = load_source("t.lua", bad[i].source, NULL, &err);
        ck_assert_msg(rs == NULL, "case %zu was accepted", i);
        ck_assert_msg(strstr(err.msg, bad[i].says) != NULL, "case %zu: '%s', expected '%s'", i, err.msg, bad[i].says);
    }
    /* Orthogonal flips only, from a centre start: Black's four moves close
     * White's discs along rows and columns, none along a diagonal. */
    tv_error err = {0};
    tv_ruleset *rs = load_source("t.lua",
                                 "return game { name = 'T', board = grid { width = 4, height = 4 },\n"
                                 "  setup = { '....', '.xo.', '.ox.', '....' },\n"
                                 "  moves = place { flips = 'orthogonal' }, no_move = 'pass', ends = 'no_move',\n"
                                 "  winner = 'most_pieces' }\n",
                                 NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = new_game(rs);
    EXPECT_LEGAL(g, "b1 a2 d3 c4");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The largest board, refused when it loaded while a move could change at
 * most 64 cells: x at the centre (m13) of a star of eight rays of o's, each
 * closed by an x at the edge, turns all 91 at once (12 + 11 + 12 + 11 + 12 +
 * 11 + 11 + 11), o has no disc left and the game is over; undo gives the
 * position back byte for byte. */
START_TEST(flips_turn_91_at_once)
{
    static const int dc[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dr[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    char cells[26][26], pos[TV_POSITION_MAX];
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
        n += (size_t)snprintf(pos + n, sizeof pos - n, "%.26s%s", cells[r], r ? "/" : "");
    snprintf(pos + n, sizeof pos - n, " 1 - 95");
    tv_error err = {0};
    tv_ruleset *rs = load_source("t.lua",
                                 "local setup = {}\n"
                                 "for row = 26, 1, -1 do\n"
                                 "  local mid = row == 14 and 'xo' or row == 13 and 'ox' or '..'\n"
                                 "  setup[#setup + 1] = string.rep('.', 12) .. mid .. string.rep('.', 12)\n"
                                 "end\n"
                                 "return game { name = 'T', board = grid { width = 26, height = 26 }, setup = setup,\n"
                                 "  moves = place { flips = 'all' }, no_move = 'pass', ends = 'no_move',\n"
                                 "  winner = 'most_pieces' }\n",
                                 NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = game_at(rs, pos);
    EXPECT_LEGAL(g, "m13");
    tv_state_buf before;
    tv_state_copy(g->rules, &before.state, g->state);
    must_play(g, "m13");
    ck_assert_int_eq(g->state->score[0], 100);
    ck_assert_int_eq(g->state->owned[1], 0);
    expect_winner(g, 1, "o has no disc left");
    ck_assert(g->state->hash == tv_state_hash(g->rules, g->state));
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert(memcmp(&before.state, g->state, (size_t)g->rules->state_size) == 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"othello perft", othello_perft_published, 120, 0},
        {"othello", othello_start_on_each_size, 30, 0},
        {"othello", othello_flips_in_several_directions, 30, 0},
        {"othello", othello_refusals_say_why, 30, 0},
        {"othello", othello_forced_pass_then_neither_can_move, 30, 0},
        {"othello", othello_most_discs_wins, 30, 0},
        {"othello", othello_4x4_solved, 30, 0},
        {"othello read back", othello_random_games_read_back, 120, 4},
        {"bit boards", bit_boards_agree_with_rays, 120, 8},
        {"wide boards", wide_moves_agree_word_by_word, 120, 8},
        {"othello", blocks_with_a_setup, 30, 0},
        {"othello", no_move_ends_without_a_pass, 30, 0},
        {"misère lines", misere_line_loses, 30, 0},
        {"notakto data and hooks", notakto_data_plays_the_hook_version, 120, 3},
        {"loader", loader_refuses_what_cannot_work, 30, 0},
        {"largest board", flips_turn_91_at_once, 30, 0},
    };
    return tv_check_run("flips", tests, TV_CHECK_COUNT(tests));
}
