/* Pieces that move, on hand-worked positions of rulesets/breakthrough.lua,
 * clobber.lua and checkers.lua and of small rulesets written here: each
 * generator, the destination rule, chains that must go on, promotion that
 * ends a chain, mandatory and longest capture, the ends; the move layout of
 * tv_pmove.h; over random games, that hashes, position strings and move
 * text read back to the same states and moves; and that the generator's
 * bit-set paths (of one word, of several past 64 cells) and its
 * cell-by-cell path give the same moves in the same order. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_perft.h"
#include "tv_pieces.h"

/* The legal moves of g as text, sorted, space-separated, into buf. */
static const char *legal_text(const tv_game *g, char *buf, size_t size)
{
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err;
    int n = tv_legal_moves(g->rules, g->state, moves, TV_MOVES_LIMIT, &err);
    ck_assert_msg(n >= 0, "legal moves: %s", err.msg);
    char names[TV_MOVES_LIMIT][64];
    for (int i = 0; i < n; i++)
        tv_move_text(g->rules, moves[i], names[i], sizeof names[i]);
    for (int i = 1; i < n; i++) /* insertion sort: a few moves */
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[64];
            memcpy(t, names[j], sizeof t);
            memcpy(names[j], names[j - 1], sizeof t);
            memcpy(names[j - 1], t, sizeof t);
        }
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", names[i]);
    return buf;
}

#define EXPECT_LEGAL(g, want)                                                                       \
    do {                                                                                            \
        char got_[2048];                                                                            \
        ck_assert_str_eq(legal_text(g, got_, sizeof got_), want);                                   \
    } while (0)

static int piece_at(const tv_game *g, const char *name) { return cell_at(g, name); }

/* ---- checkers ---------------------------------------------------------- */

/* White's man on c3 jumps d4 to e5 and must go on over f6 to g7. */
START_TEST(checkers_chain_must_go_on)
{
    tv_ruleset *rs = must_load("checkers", NULL);
    tv_game *g = game_at(rs, "m......./......../.....m../......../...m..../..M...../......../........ 1 - 0 0");
    EXPECT_LEGAL(g, "c3xe5xg7");
    tv_error err;
    ck_assert_ptr_nonnull(strstr(refusal(g, "c3xe5", &err), "the chain must go on: another jump is possible from e5"));
    must_play(g, "C3G7"); /* from-to alone, in capitals: the one chain from c3 to g7 */
    ck_assert_int_eq(piece_at(g, "g7"), tv_piece(TV_STONE1, 0));
    ck_assert_int_eq(piece_at(g, "d4"), TV_EMPTY);
    ck_assert_int_eq(piece_at(g, "f6"), TV_EMPTY);
    ck_assert_int_eq(g->state->owned[1], 1);
    ck_assert_int_eq(g->state->quiet, 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A man that reaches the far row by a jump becomes a king and stops, though
 * a king could jump on from d8 over e7. */
START_TEST(checkers_promotion_ends_the_chain)
{
    tv_ruleset *rs = must_load("checkers", NULL);
    tv_game *g = game_at(rs, "......../..m.m.../.M....../......../......../......../......../m....... 1 - 6 3");
    EXPECT_LEGAL(g, "b6xd8");
    tv_error err;
    tv_move m;
    ck_assert_int_eq(tv_move_parse(g->rules, "b6xd8xf6", &m, &err), TV_OK);
    ck_assert_int_eq(tv_game_play(g, m, &err), TV_EILLEGAL);
    must_play(g, "b6xd8");
    ck_assert_int_eq(piece_at(g, "d8"), tv_piece(TV_STONE1, 1)); /* a king */
    char pos[TV_POSITION_MAX];
    tv_position_write(g->rules, g->state, pos, sizeof pos);
    ck_assert_str_eq(pos, "...K..../....m.../......../......../......../......../......../m....... 2 - 7 0");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* With a capture on the board a quiet step is refused, with the reason. */
START_TEST(checkers_capture_is_mandatory)
{
    tv_ruleset *rs = must_load("checkers", NULL);
    tv_game *g = new_game(rs);
    must_play(g, "c3-d4 f6-e5");
    EXPECT_LEGAL(g, "d4xf6");
    tv_error err;
    ck_assert_str_eq(refusal(g, "a3-b4", &err), "a3-b4: a capture is mandatory here");
    ck_assert_str_eq(refusal(g, "d4-c3", &err), "d4-c3: the piece cannot move so"); /* a man never steps back */
    ck_assert_str_eq(refusal(g, "b4-c5", &err), "b4-c5: no piece of yours on b4");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Kings step and jump both ways; a player without a move loses; the draw
 * after 40 plies without a capture or a promotion. */
START_TEST(checkers_kings_and_ends)
{
    tv_ruleset *rs = must_load("checkers", NULL);
    tv_game *g = game_at(rs, "......../......../......../...K..../......../......../......../m....... 1 - 10 3");
    EXPECT_LEGAL(g, "d5-c4 d5-c6 d5-e4 d5-e6");
    tv_game_free(g);
    /* Black's last man is taken: Black cannot move and loses. */
    g = game_at(rs, "......../......../......../......../......../.m....../M......./........ 1 - 10 3");
    must_play(g, "a2xc4");
    expect_winner(g, 1, "no black piece left");
    tv_game_free(g);
    /* Two kings far apart, 39 quiet plies: the 40th is a draw. */
    g = game_at(rs, "K......./......../......../......../......../......../......../.....k.. 1 - 100 39");
    must_play(g, "a8-b7");
    expect_winner(g, 0, "40 plies without progress");
    ck_assert_int_eq(g->state->flags & TV_FLAG_CAPPED, 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* Published counts (Aart Bik, "perft for 8x8 checkers", 2009), to depth 8:
 * under a second plain, a few seconds under ASan. */
START_TEST(checkers_perft_published)
{
    static const uint64_t published[] = {1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931};
    tv_ruleset *rs = must_load("checkers", NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf b;
    tv_error err;
    ck_assert_int_eq(tv_state_new(r, 0, &b.state, &err), TV_OK);
    for (int d = 1; d <= 8; d++) {
        int64_t n = tv_perft(r, &b.state, d, &err);
        ck_assert_msg(n == (int64_t)published[d], "perft %d: %lld, published %llu", d, (long long)n,
                      (unsigned long long)published[d]);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* ---- breakthrough and clobber ----------------------------------------- */

START_TEST(breakthrough_moves_and_refusals)
{
    tv_ruleset *rs = must_load("breakthrough", NULL);
    tv_game *g = new_game(rs);
    tv_error err;
    ck_assert_str_eq(refusal(g, "a1-a2", &err), "a1-a2: your own piece stands on a2");
    ck_assert_str_eq(refusal(g, "a1-b2", &err), "a1-b2: your own piece stands on b2");
    ck_assert_str_eq(refusal(g, "a2-a4", &err), "a2-a4: the piece cannot move so");
    must_play(g, "a2a3 a7-a6 a3-a4 a6-a5"); /* typed without the dash too */
    /* A straight step never captures; a pawn beside the diagonal is free. */
    ck_assert_str_eq(refusal(g, "a4-a5", &err), "a4-a5: the piece cannot move so");
    ck_assert_str_eq(refusal(g, "a4xa5", &err), "a4xa5: the piece cannot move so");
    must_play(g, "a4-b5 h7-h6");
    EXPECT_LEGAL(g, "a1-a2 b1-a2 b2-a3 b2-b3 b2-c3 b5-a6 b5-b6 b5-c6 c2-b3 c2-c3 c2-d3 d2-c3 d2-d3 d2-e3 "
                    "e2-d3 e2-e3 e2-f3 f2-e3 f2-f3 f2-g3 g2-f3 g2-g3 g2-h3 h2-g3 h2-h3");
    tv_game_free(g);
    g = game_at(rs, "ppppppp./pppppppp/......../......../......../p......./.P....../........ 2 - 9");
    EXPECT_LEGAL(g, "a3-a2 a3xb2 a7-a6 a7-b6 b7-a6 b7-b6 b7-c6 c7-b6 c7-c6 c7-d6 d7-c6 d7-d6 d7-e6 e7-d6 e7-e6 e7-f6 "
                    "f7-e6 f7-f6 f7-g6 g7-f6 g7-g6 g7-h6 h7-g6 h7-h6");
    must_play(g, "a3xb2");
    expect_winner(g, 2, "White has no pawn left");
    tv_game_free(g);
    g = game_at(rs, "ppppppp./pppppppp/......../......../......../p......./.P....../........ 2 - 9");
    must_play(g, "a3-a2 b2-b3 a2-a1");
    expect_winner(g, 2, "a black pawn on row 1");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(clobber_moves_onto_enemies_only)
{
    tv_ruleset *rs = must_load("clobber", "rows=2,columns=3");
    tv_game *g = new_game(rs);
    char pos[TV_POSITION_MAX];
    tv_position_write(g->rules, g->state, pos, sizeof pos);
    ck_assert_str_eq(pos, "oxo/xox 1 - 0");
    EXPECT_LEGAL(g, "a1xa2 a1xb1 b2xa2 b2xb1 b2xc2 c1xb1 c1xc2");
    must_play(g, "b2xb1");
    tv_error err;
    ck_assert_str_eq(refusal(g, "a2-b2", &err), "a2-b2: the piece cannot move so"); /* b2 is empty now */
    must_play(g, "a2xa1 c1xc2 a1xb1");
    expect_winner(g, 2, "White cannot move");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- small rulesets ----------------------------------------------------- */

/* capture = "longest": of the two captures only the two-jump chain. */
START_TEST(longest_capture_only)
{
    const char *src =
        "return game { name = 'L', board = grid { width = 5, height = 5 }, pieces = { 'man' },\n"
        "  setup = { '.....', '.m...', 'm....', '.m.m.', 'M.M..' },\n"
        "  moves = move { man = { step { directions = 'forward' }, jump { directions = 'diagonal_forward', chain = true } },\n"
        "                 capture = 'longest' },\n"
        "  no_move = 'loses', ends = 'no_move' }\n";
    tv_error err;
    tv_ruleset *rs = load_source("longest.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = new_game(rs);
    EXPECT_LEGAL(g, "a1xc3xa5"); /* c1xe3 takes one: not the longest */
    ck_assert_str_eq(refusal(g, "c1xe3", &err), "c1xe3: the longest capture is mandatory here");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A slide runs over empty cells up to its maximum and may end on an enemy. */
START_TEST(slide_until_blocked)
{
    const char *src =
        "return game { name = 'S', board = grid { width = 6, height = 6 }, pieces = { 'rook' },\n"
        "  setup = { '......', '..r...', '......', '..R..r', '......', 'r.....' },\n"
        "  moves = move { rook = slide { directions = 'orthogonal', to = 'any', max = 2 } },\n"
        "  no_move = 'loses', ends = { 'no_move', pieces_left = 0 } }\n";
    tv_error err;
    tv_ruleset *rs = load_source("slide.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = new_game(rs);
    EXPECT_LEGAL(g, "c3-a3 c3-b3 c3-c1 c3-c2 c3-c4 c3-d3 c3-e3 c3xc5"); /* f3 is beyond 2 cells */
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* pieces_left = 1: taking all but one enemy piece wins. */
START_TEST(all_but_n_pieces)
{
    const char *src =
        "return game { name = 'N', board = grid { width = 4, height = 1 }, setup = { 'xxoo' },\n"
        "  moves = move { stone = step { directions = 'sideways', to = 'any' } },\n"
        "  ends = { pieces_left = 1 } }\n";
    tv_error err;
    tv_ruleset *rs = load_source("left.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = new_game(rs);
    EXPECT_LEGAL(g, "b1xc1");
    ck_assert_int_eq(g->state->owned[0], 2);
    ck_assert_int_eq(g->state->owned[1], 2);
    must_play(g, "b1xc1");
    expect_winner(g, 1, "one black stone left");
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A hook sees kinds: s:get gives the colour and the kind's name, s:owner the
 * player. The ends hook reports what it saw as an error at the start. */
START_TEST(view_knows_kinds)
{
    const char *src =
        "return game { name = 'V', board = grid { width = 3, height = 3 }, pieces = { 'man', 'king' },\n"
        "  setup = { 'mk.', '...', 'MK.' },\n"
        "  moves = move { man = step { directions = 'forward' }, king = step { directions = 'all' } },\n"
        "  ends = function(s)\n"
        "    local o, k = s:get('b1'); local o2, k2 = s:get('a3'); local o3, k3 = s:get('c2')\n"
        "    error(string.format('saw %d %s %d %s %d %s %d', o, k, o2, k2, o3, tostring(k3), s:owner('b3')))\n"
        "  end }\n";
    tv_error err;
    tv_ruleset *rs = load_source("view.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    ck_assert_ptr_null(tv_game_new(tv_ruleset_rules(rs), 1, &err));
    ck_assert_msg(strstr(err.msg, "saw 1 king 2 man 0 nil 2") != NULL, "%s", err.msg);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- the move layout ---------------------------------------------------- */

/* Every chain up to the longest the codes hold numbers to a move and back,
 * and no two chains share a number; for the four diagonals and all eight. */
START_TEST(chain_codes_round_trip)
{
    static const int masks[] = {TV_NE | TV_NW | TV_SE | TV_SW, TV_COMPASS_ALL, TV_NE | TV_NW};
    for (int mi = 0; mi < 3; mi++) {
        int mask = masks[mi], max = tv_pmove_chain_max(mask), k = tv_pmove_k(mask), b = tv_pmove_b(mask);
        ck_assert_int_eq(max, mi == 0 ? 12 : mi == 1 ? 7 : 19);
        /* Lengths 1..4 exhaustively, as codes 0..count-1 in order; then the last code. */
        int64_t count = 0, place = k;
        for (int len = 1; len <= 4; len++, place *= b)
            count += place;
        for (int64_t code = 0; code < count; code++) {
            tv_move m = (tv_move)(TV_PMOVE_CHAIN_BASE + 27 + 1024 * code);
            int8_t dirs[TV_PMOVE_CHAIN_LIMIT];
            int len = tv_pmove_chain_dirs(mask, m, dirs);
            ck_assert_int_ge(len, 1);
            for (int i = 0; i < len; i++) {
                ck_assert(mask & (1 << dirs[i]));
                if (i && b < k)
                    ck_assert_int_ne(dirs[i], tv_compass_reverse(dirs[i - 1]));
            }
            ck_assert_int_eq(tv_pmove_chain(mask, 27, dirs, len), m);
            ck_assert_int_eq(tv_pmove_from(m), 27);
        }
        int8_t dirs[TV_PMOVE_CHAIN_LIMIT];
        for (int i = 0; i < max; i++) /* the longest chain, the last digit everywhere */
            dirs[i] = (int8_t)tv_pmove_dir(mask, i ? b - 1 : k - 1, i && b < k ? tv_compass_reverse(dirs[i - 1]) : -1);
        tv_move last = tv_pmove_chain(mask, 675, dirs, max);
        ck_assert(last > 0 && last <= INT32_MAX);
        int8_t back[TV_PMOVE_CHAIN_LIMIT];
        ck_assert_int_eq(tv_pmove_chain_dirs(mask, last, back), max);
        ck_assert(memcmp(back, dirs, (size_t)max) == 0);
    }
    ck_assert_int_eq(tv_pmove_simple(675, 675, 1), (675 | 675 << 10 | 1 << 20));
    ck_assert(!tv_pmove_is_chain(tv_pmove_simple(675, 675, 1)));
}
END_TEST

/* ---- random games: hash, position, text --------------------------------- */

static const char *const random_rulesets[][2] = {
    {"checkers", NULL}, {"breakthrough", NULL}, {"breakthrough", "width=5,height=6"}, {"clobber", NULL},
    {"clobber", "rows=4,columns=4"},
};

/* In every position of random games: the kept hash is the full one, the
 * position string reads back to the same state, and every legal move's text
 * parses back to it (state-free and as typed). */
START_TEST(random_games_read_back)
{
    tv_ruleset *rs = must_load(random_rulesets[_i][0], random_rulesets[_i][1]);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_rng rng;
    tv_rng_seed(&rng, 2026 + (uint64_t)_i);
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
            tv_move moves[TV_MOVES_LIMIT];
            int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
            ck_assert_int_gt(n, 0);
            for (int i = 0; i < n; i++) {
                char text[64];
                tv_move m;
                tv_move_text(r, moves[i], text, sizeof text);
                ck_assert_msg(tv_move_parse(r, text, &m, &err) == TV_OK && m == moves[i], "%s", text);
                ck_assert_msg(tv_move_parse_at(r, g->state, text, &m, &err) == TV_OK && m == moves[i], "%s", text);
            }
            tv_move m = moves[tv_rng_below(&rng, (uint32_t)n)];
            ck_assert_msg(tv_game_play(g, m, &err) == TV_OK, "%s", err.msg);
        }
        /* the end reads back too, result included */
        tv_error err;
        char pos[TV_POSITION_MAX];
        tv_position_write(r, g->state, pos, sizeof pos);
        tv_state_buf back;
        ck_assert_msg(tv_position_read(r, pos, &back.state, &err) == TV_OK, "%s: %s", pos, err.msg);
        back.state.last = g->state->last;
        ck_assert_msg(memcmp(&back.state, g->state, (size_t)r->state_size) == 0, "the end %s reads back differently", pos);
        /* and undo walks back to the start */
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

/* ---- the generator's two paths ------------------------------------------ */

/* Rulesets whose board is width x 8 (option width), laid out from the left:
 * at width 8 (64 cells) the generator moves steppers by bit sets of a word,
 * past it by sets of several words; with the plan's sets cleared, cell by
 * cell. */
static const char *const two_path_rulesets[] = {
    /* steppers of two kinds: a man promotes to a king that steps everywhere */
    "local W = options { width = { default = 8, doc = 'w' } }.width\n"
    "local function row(s) return s .. string.rep('.', W - #s) end\n"
    "return game { name = 'P1', board = grid { width = W, height = 8 }, pieces = { 'man', 'king' },\n"
    "  setup = { row('mmmmmmmm'), row('mm.mm.mm'), row(''), row(''), row(''), row(''), row('MM.MM.MM'), row('MMMMMMMM') },\n"
    "  moves = move { man = { step { directions = 'forward', to = 'empty' }, step { directions = 'diagonal_forward', to = 'any' } },\n"
    "                 king = step { directions = 'all', to = 'any' }, promote = { man = 'king', rows = 1 } },\n"
    "  ends = { pieces_left = 0, no_progress = 60 } }\n",
    /* draughts: jumps, chains, mandatory capture, promotion ending the chain */
    "local W = options { width = { default = 8, doc = 'w' } }.width\n"
    "local function row(s) return s .. string.rep('.', W - #s) end\n"
    "return game { name = 'P2', board = grid { width = W, height = 8 }, pieces = { 'man', 'king' },\n"
    "  setup = { row('.m.m.m.m'), row('m.m.m.m.'), row('.m.m.m.m'), row(''), row(''), row('M.M.M.M.'), row('.M.M.M.M'), row('M.M.M.M.') },\n"
    "  moves = move { man = { step { directions = 'diagonal_forward' }, jump { directions = 'diagonal_forward', chain = true } },\n"
    "                 king = { step { directions = 'diagonal' }, jump { directions = 'diagonal', chain = true } },\n"
    "                 capture = 'mandatory', promote = { man = 'king', rows = 1, ends_chain = true } },\n"
    "  no_move = 'loses', ends = { 'no_move', no_progress = 40 } }\n",
    /* kinds that are no steppers: slides, leaps, jumps over any piece */
    "local W = options { width = { default = 8, doc = 'w' } }.width\n"
    "local function row(s) return s .. string.rep('.', W - #s) end\n"
    "return game { name = 'P3', board = grid { width = W, height = 8 }, pieces = { 'man', 'rook', 'knight', 'hopper' },\n"
    "  setup = { row('rkh..hkr'), row('mmm..mmm'), row(''), row(''), row(''), row(''), row('MMM..MMM'), row('RKH..HKR') },\n"
    "  moves = move { man = { step { directions = 'forward sideways', to = 'any' } },\n"
    "                 rook = slide { directions = 'orthogonal', to = 'any', max = 3 },\n"
    "                 knight = leap { offsets = { {1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1} }, to = 'any' },\n"
    "                 hopper = { step { directions = 'diagonal', to = 'empty' }, jump { directions = 'orthogonal', over = 'any' } },\n"
    "                 capture = 'longest' },\n"
    "  ends = { pieces_left = 3, no_progress = 50 } }\n",
    /* stones only, onto enemies, as Clobber */
    "local W = options { width = { default = 8, doc = 'w' } }.width\n"
    "local function row(s) return s .. string.rep('.', W - #s) end\n"
    "return game { name = 'P4', board = grid { width = W, height = 8 },\n"
    "  setup = { row('xoxoxoxo'), row('oxoxoxox'), row('xoxoxoxo'), row('oxoxoxox'), row('xoxoxoxo'), row('oxoxoxox'), row('xoxoxoxo'), row('oxoxoxox') },\n"
    "  moves = move { stone = step { directions = 'orthogonal', to = 'enemy' } },\n"
    "  no_move = 'loses', ends = 'no_move' }\n",
    /* a royal kind: whether a player can move is asked of the first few moves
     * found (the bound of the list cut short), the check test */
    "local W = options { width = { default = 8, doc = 'w' } }.width\n"
    "local function row(s) return s .. string.rep('.', W - #s) end\n"
    "return game { name = 'P5', board = grid { width = W, height = 8 }, pieces = { 'man', 'guard', 'king' },\n"
    "  setup = { row('gggkgggg'), row('mmmmmmmm'), row(''), row(''), row(''), row(''), row('MMMMMMMM'), row('GGGKGGGG') },\n"
    "  moves = move { man = { step { directions = 'forward', to = 'empty' }, step { directions = 'diagonal_forward', to = 'enemy' } },\n"
    "                 guard = step { directions = 'all', to = 'any' }, king = step { directions = 'all', to = 'any' },\n"
    "                 royal = 'king', promote = { man = 'guard', rows = 1 } },\n"
    "  no_move = 'loses', stalemate = 'draw', ends = { 'no_move', no_progress = 60 } }\n",
    /* one kind that steps, royal: the few moves asked for cut a lone
     * stepper's list short */
    "local W = options { width = { default = 8, doc = 'w' } }.width\n"
    "local function row(s) return s .. string.rep('.', W - #s) end\n"
    "return game { name = 'P6', board = grid { width = W, height = 8 }, pieces = { 'king' },\n"
    "  setup = { row('k.k.k.k'), row(''), row(''), row(''), row(''), row(''), row(''), row('.K.K.K.K') },\n"
    "  moves = move { king = step { directions = 'all', to = 'any' }, royal = 'king' },\n"
    "  no_move = 'loses', stalemate = 'draw', ends = { 'no_move', no_progress = 40 } }\n",
};

/* Along random games on the 8x8 board, the same position on the 9x8 board
 * (its last column blocked) has the same moves, named the same, in the same
 * order: the bit-set paths of one word and of several agree. */
START_TEST(bit_sets_and_cells_agree)
{
    tv_error err;
    tv_ruleset *small = load_source("paths.lua", two_path_rulesets[_i], NULL, &err);
    ck_assert_msg(small != NULL, "%s", err.msg);
    tv_ruleset *wide = load_source("paths.lua", two_path_rulesets[_i], "width=9", &err);
    ck_assert_msg(wide != NULL, "%s", err.msg);
    const tv_rules *a = tv_ruleset_rules(small), *b = tv_ruleset_rules(wide);
    ck_assert(a->ncells == 64 && b->ncells == 72);
    tv_rng rng;
    tv_rng_seed(&rng, 77 + (uint64_t)_i);
    long positions = 0;
    for (int game = 0; game < 40; game++) {
        tv_state_buf sa, sb;
        ck_assert_int_eq(tv_state_new(a, (uint64_t)game, &sa.state, &err), TV_OK);
        while (sa.state.status == TV_ONGOING) {
            ck_assert_int_eq(tv_state_new(b, (uint64_t)game, &sb.state, &err), TV_OK);
            for (int c = 0; c < b->ncells; c++) {
                int row = c / 9, col = c % 9, v = col < 8 ? sa.state.cells[8 * row + col] : TV_BLOCK;
                ck_assert_int_eq(tv_state_set(b, &sb.state, NULL, c, v, &err), TV_OK);
            }
            sb.state.to_move = sa.state.to_move;
            tv_move ma[TV_MAX_MOVES], mb[TV_MAX_MOVES];
            int na = tv_legal_moves(a, &sa.state, ma, TV_MAX_MOVES, &err);
            int nb = tv_legal_moves(b, &sb.state, mb, TV_MAX_MOVES, &err);
            ck_assert_msg(na == nb && na > 0, "game %d ply %d: %d moves on 8x8, %d on 9x8", game, sa.state.ply, na, nb);
            for (int i = 0; i < na; i++) {
                char ta[64], tb[64];
                tv_move_text(a, ma[i], ta, sizeof ta);
                tv_move_text(b, mb[i], tb, sizeof tb);
                ck_assert_msg(strcmp(ta, tb) == 0, "game %d ply %d move %d: %s on 8x8, %s on 9x8", game, sa.state.ply, i,
                              ta, tb);
            }
            ck_assert_int_eq(tv_play(a, &sa.state, ma[tv_rng_below(&rng, (uint32_t)na)], NULL, &err), TV_OK);
            positions++;
        }
    }
    ck_assert_int_gt(positions, 1000);
    tv_ruleset_free(wide);
    tv_ruleset_free(small);
}
END_TEST

/* The generator's paths on the position s: the plan's bit sets (of one
 * word or several, as tv_legal_moves takes them) and, with both cleared,
 * the walk of each piece's rays give the same moves in the same order (the
 * random playouts draw them by index); tv_pieces_any agrees. */
static void expect_paths_agree(const tv_rules *r, const tv_state *s, const char *what)
{
    static tv_pieces_plan sets, cells;
    static tv_move a[TV_MOVES_LIMIT], b[TV_MOVES_LIMIT];
    tv_error err;
    tv_pieces_plan_for(r, tv_colour_of(s, s->to_move), &sets);
    ck_assert_msg(sets.small || sets.wide || r->pieces.after, "%s: no bit sets", what);
    cells = sets;
    cells.small = cells.wide = 0;
    int na = tv_pieces_moves_planned(r, &sets, s, a, &err), nb = tv_pieces_moves_planned(r, &cells, s, b, &err);
    ck_assert_msg(na == nb && na >= 0, "%s ply %d: %d moves by sets, %d by cells", what, s->ply, na, nb);
    for (int i = 0; i < na; i++) {
        char ta[64], tb[64];
        tv_move_text(r, a[i], ta, sizeof ta);
        tv_move_text(r, b[i], tb, sizeof tb);
        ck_assert_msg(a[i] == b[i], "%s ply %d move %d: %s by sets, %s by cells", what, s->ply, i, ta, tb);
    }
    ck_assert_int_eq(tv_pieces_any(r, s, &err), na > 0);
}

/* Boards past 64 cells (one cell into the second word, the sizes unrolled,
 * eleven words) and a board of 64, along random games. */
static const struct {
    const char *name; /* rulesets/<name>.lua, or NULL: two_path_rulesets[source] */
    int source;
    const char *options;
    int games;
} wide_cases[] = {
    {"breakthrough", 0, "width=13,height=5", 20},
    {"breakthrough", 0, NULL, 20},
    {"breakthrough", 0, "width=12,height=12", 6},
    {"breakthrough", 0, "width=16,height=16", 3},
    {"breakthrough", 0, "width=26,height=26", 1},
    {"clobber", 0, "rows=10,columns=10", 10},
    {"clobber", 0, "rows=13,columns=26", 2},
    {NULL, 0, "width=9", 10}, {NULL, 0, "width=17", 5}, {NULL, 0, "width=26", 3},
    {NULL, 1, "width=9", 10}, {NULL, 1, "width=11", 5}, /* wider: more chains than a list holds */
    {NULL, 2, "width=9", 10}, {NULL, 2, "width=17", 5}, {NULL, 2, "width=26", 3},
    {NULL, 3, "width=9", 10}, {NULL, 3, "width=17", 5}, {NULL, 3, "width=26", 3},
    {NULL, 4, NULL, 10},      {NULL, 4, "width=9", 10}, {NULL, 4, "width=26", 3},
    {NULL, 5, NULL, 10},      {NULL, 5, "width=9", 10}, {NULL, 5, "width=26", 3},
};

START_TEST(wide_sets_and_cells_agree)
{
    tv_error err;
    tv_ruleset *rs = wide_cases[_i].name ? must_load(wide_cases[_i].name, wide_cases[_i].options)
                                         : load_source("paths.lua", two_path_rulesets[wide_cases[_i].source],
                                                       wide_cases[_i].options, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    const tv_rules *r = tv_ruleset_rules(rs);
    char what[96];
    snprintf(what, sizeof what, "%s %s", wide_cases[_i].name ? wide_cases[_i].name : "paths",
             wide_cases[_i].options ? wide_cases[_i].options : "");
    tv_rng rng;
    tv_rng_seed(&rng, 91 + (uint64_t)_i);
    long positions = 0;
    for (int game = 0; game < wide_cases[_i].games; game++) {
        tv_state_buf sb;
        ck_assert_int_eq(tv_state_new(r, (uint64_t)game, &sb.state, &err), TV_OK);
        while (sb.state.status == TV_ONGOING) {
            expect_paths_agree(r, &sb.state, what);
            tv_move moves[TV_MOVES_LIMIT];
            int n = tv_legal_moves(r, &sb.state, moves, TV_MOVES_LIMIT, &err);
            ck_assert_msg(n > 0, "%s: %s", what, err.msg);
            ck_assert_int_eq(tv_play(r, &sb.state, moves[tv_rng_below(&rng, (uint32_t)n)], NULL, &err), TV_OK);
            positions++;
        }
    }
    ck_assert_int_gt(positions, 100);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"checkers", checkers_chain_must_go_on, 30, 0},
        {"checkers", checkers_promotion_ends_the_chain, 30, 0},
        {"checkers", checkers_capture_is_mandatory, 30, 0},
        {"checkers", checkers_kings_and_ends, 30, 0},
        {"checkers", checkers_perft_published, 30, 0},
        {"breakthrough, clobber", breakthrough_moves_and_refusals, 30, 0},
        {"breakthrough, clobber", clobber_moves_onto_enemies_only, 30, 0},
        {"generators", longest_capture_only, 30, 0},
        {"generators", slide_until_blocked, 30, 0},
        {"generators", all_but_n_pieces, 30, 0},
        {"generators", view_knows_kinds, 30, 0},
        {"layout", chain_codes_round_trip, 30, 0},
        {"read back", random_games_read_back, 120, (int)(sizeof random_rulesets / sizeof random_rulesets[0])},
        {"two paths", bit_sets_and_cells_agree, 120, (int)(sizeof two_path_rulesets / sizeof two_path_rulesets[0])},
        {"two paths", wide_sets_and_cells_agree, 120, (int)(sizeof wide_cases / sizeof wide_cases[0])},
    };
    return tv_check_run("pieces", tests, TV_CHECK_COUNT(tests));
}
