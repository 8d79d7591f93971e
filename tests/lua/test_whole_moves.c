/* Whole moves from a moves hook (core/rules/tv_hmove.h, core/play/
 * tv_hmove_play.c, lua/tv_view_moves.c) and game variables and hands
 * (core/rules/tv_vars.h, core/play/tv_vars_state.c, lua/api/tv_api_vars.c):
 * the 31-bit layout against its text, its parse and its action ids, shape
 * by shape and cell by cell; the default effect's refusals, the state left
 * as it was; what a hook may return and what it is told; moves that change
 * every cell of the largest board, and chains as long as the layout holds,
 * undone byte for byte; variables and hands written by hooks, refused out of
 * range, written in position strings and read back checked; and the hook's
 * list kept for the exact state it was for, no other. */
#include <check.h>
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_actions.h"
#include "tv_check.h"
#include "tv_hmove_play.h"
#include "tv_perft.h"
#include "tv_position.h"
#include "tv_solver.h"
#include "tv_vars_state.h"

/* ---- helpers ------------------------------------------------------------------ */

/* A check in a loop of many (tv_fixture.h's): a passing ck_assert reports to
 * the parent process in fork mode, far too slow for millions. */
#define REQUIRE(cond, ...)                                                                     \
    do {                                                                                       \
        if (!(cond))                                                                           \
            ck_abort_msg(__VA_ARGS__);                                                         \
    } while (0)

static tv_ruleset *load_ok(const char *file, const char *src, const char *options)
{
    tv_error err = {0};
    tv_ruleset *rs = load_source(file, src, options, &err);
    ck_assert_msg(rs != NULL, "%s %s: %s", file, options ? options : "", err.msg);
    return rs;
}

/* A board of w x h whose moves come from a hook (so its moves are whole
 * moves), with kinds `pieces` ("" for none: the one kind, 'stone'). */
static tv_ruleset *board_rules(int w, int h, const char *pieces)
{
    static char src[1024];
    snprintf(src, sizeof src,
             "return game { name = 'B', board = grid { width = %d, height = %d }, %s\n"
             "  moves = function(s) return 'pass' end,\n"
             "  ends = function(s) if s:ply() > 0 then return 0 end end }\n",
             w, h, pieces);
    return load_ok("board.lua", src, NULL);
}

static void upper(char *t)
{
    for (; *t; t++)
        *t = (char)toupper((unsigned char)*t);
}

/* Every other letter in upper case. */
static void mixed(char *t)
{
    for (int i = 0; t[i]; i++)
        t[i] = (char)(i % 2 ? toupper((unsigned char)t[i]) : tolower((unsigned char)t[i]));
}

/* Whether two decodings name the same move. */
static int same_parts(const tv_hmove_parts *a, const tv_hmove_parts *b)
{
    if (a->shape != b->shape || a->from != b->from || a->to != b->to || a->kind != b->kind ||
        a->removed != b->removed || a->njumps != b->njumps)
        return 0;
    for (int i = 0; i <= a->njumps; i++)
        if (a->path[i] != b->path[i])
            return 0;
    return 1;
}

/* The ids seen so far, to find one given twice: a bit set over all ids
 * (a small board), or a list sorted at the end (the largest). */
typedef struct idset {
    uint8_t *bits;
    int32_t *list;
    size_t n, cap;
} idset;

static void ids_add(idset *ids, int a, const char *text)
{
    if (ids->bits) {
        REQUIRE(!(ids->bits[a >> 3] >> (a & 7) & 1), "%s: action id %d given twice", text, a);
        ids->bits[a >> 3] |= (uint8_t)(1u << (a & 7));
        return;
    }
    if (ids->n == ids->cap) {
        ids->cap = ids->cap ? 2 * ids->cap : 1 << 16;
        ids->list = realloc(ids->list, ids->cap * sizeof *ids->list);
        REQUIRE(ids->list != NULL, "out of memory");
    }
    ids->list[ids->n++] = a;
}

static int by_id(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static void ids_unique(idset *ids)
{
    if (!ids->list)
        return;
    qsort(ids->list, ids->n, sizeof *ids->list, by_id);
    for (size_t i = 1; i < ids->n; i++)
        REQUIRE(ids->list[i] != ids->list[i - 1], "action id %d given to two moves", ids->list[i]);
}

/* Move p (a whole move of r): it encodes; it decodes to itself; its text
 * parses back to it in lower, upper and mixed case; its action id is within
 * the game's ids, gives the move back, and is no other move's. Returns m. */
static tv_move round_trip(const tv_rules *r, const tv_hmove_parts *p, idset *ids)
{
    tv_error err = {0};
    tv_move m = TV_MOVE_NONE, back = TV_MOVE_NONE;
    REQUIRE(tv_hmove_encode(r, p, 1, &m, &err) == TV_OK, "shape %d from %d to %d kind %d removed %d jumps %d: %s",
            p->shape, p->from, p->to, p->kind, p->removed, p->njumps, err.msg);
    REQUIRE(m >= 0, "a whole move is not negative: %d", (int)m);
    tv_hmove_parts q;
    REQUIRE(tv_hmove_decode(r, m, &q, &err) == TV_OK, "move %d: %s", (int)m, err.msg);
    REQUIRE(same_parts(p, &q), "move %d decodes to other parts (shape %d/%d from %d/%d to %d/%d kind %d/%d "
            "removed %d/%d jumps %d/%d)", (int)m, p->shape, q.shape, p->from, q.from, p->to, q.to, p->kind, q.kind,
            p->removed, q.removed, p->njumps, q.njumps);
    char text[TV_TEXT_MAX], other[TV_TEXT_MAX];
    int len = tv_move_text(r, m, text, sizeof text);
    REQUIRE(len > 0 && (size_t)len == strlen(text) && text[0] != '#', "move %d has no text: '%s'", (int)m, text);
    REQUIRE(len <= 27, "'%s' is longer than the longest whole move, a 6-jump chain on 26x26 (27)", text);
    REQUIRE(tv_move_parse(r, text, &back, &err) == TV_OK && back == m, "'%s' (move %d) parses to %d: %s", text,
            (int)m, (int)back, err.msg);
    strcpy(other, text);
    upper(other);
    REQUIRE(tv_move_parse(r, other, &back, &err) == TV_OK && back == m, "'%s' parses to %d, not %d: %s", other,
            (int)back, (int)m, err.msg);
    strcpy(other, text);
    mixed(other);
    REQUIRE(tv_move_parse(r, other, &back, &err) == TV_OK && back == m, "'%s' parses to %d, not %d: %s", other,
            (int)back, (int)m, err.msg);
    for (char *c = other; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    REQUIRE(tv_move_parse(r, other, &back, &err) == TV_OK && back == m, "'%s' parses to %d, not %d: %s", other,
            (int)back, (int)m, err.msg);
    int a = tv_hmove_action_of(r, m);
    REQUIRE(a >= 0 && a < tv_hmove_actions(r), "'%s': action id %d outside 0..%d", text, a, tv_hmove_actions(r) - 1);
    REQUIRE(tv_action_of_move(r, m) == a, "'%s': the ABI's id %d, the family's %d", text, tv_action_of_move(r, m), a);
    REQUIRE(tv_hmove_move_of(r, a, &back) == TV_OK && back == m, "'%s': id %d gives move %d back", text, a, (int)back);
    REQUIRE(tv_move_of_action(r, a, &back) == TV_OK && back == m, "'%s': the ABI's id %d gives %d", text, a, (int)back);
    if (ids)
        ids_add(ids, a, text);
    return m;
}

static int on_board(const tv_rules *r, int c, int row) { return c >= 0 && c < r->grid.width && row >= 0 && row < r->grid.height; }

static const int compass[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};

/* Every chain of 1..6 jumps from p->path[0] whose landings stay on the
 * board, never straight back: counted by length into count[1..6], and each
 * round-tripped when ids is not NULL or `check` is set. */
static void chains_from(const tv_rules *r, tv_hmove_parts *p, int depth, int last, long count[7], int check,
                        idset *ids)
{
    int w = r->grid.width, at = p->path[depth], c = at % w, row = at / w;
    for (int d = 0; d < 8; d++) {
        if (depth && d == (last + 4) % 8)
            continue;
        int c2 = c + 2 * compass[d][0], r2 = row + 2 * compass[d][1];
        if (!on_board(r, c2, r2))
            continue;
        p->path[depth + 1] = r2 * w + c2;
        p->over[depth] = (row + compass[d][1]) * w + c + compass[d][0];
        count[depth + 1]++;
        if (check) {
            p->njumps = depth + 1;
            p->to = p->path[depth + 1];
            round_trip(r, p, ids);
        }
        if (depth + 1 < TV_HMOVE_CHAIN_MAX)
            chains_from(r, p, depth + 1, d, count, check, ids);
    }
}

static long chains_of_cell(const tv_rules *r, int from, int check, idset *ids, long count[7])
{
    tv_hmove_parts p = {.shape = TV_HMOVE_JUMPS, .from = from, .kind = -1, .removed = -1};
    p.path[0] = from;
    memset(count, 0, 7 * sizeof *count);
    chains_from(r, &p, 0, -1, count, check, ids);
    long all = 0;
    for (int l = 1; l <= TV_HMOVE_CHAIN_MAX; l++)
        all += count[l];
    return all;
}

static int kinds_of(const tv_rules *r) { return r->pieces.nkinds ? r->pieces.nkinds : 1; }

/* ---- text and action ids ---------------------------------------------------------- */

/* On a 7x7 board with three kinds, every move of every shape but the
 * chains (those from three cells: a corner, the centre, an edge): text,
 * parse and ids; then every id of the game: those that are moves give
 * their move, whose id is the id, and there are exactly as many as the
 * moves of the layout on this board (chains from every cell counted by a
 * walk of their own). */
START_TEST(every_shape_round_trips_on_7x7)
{
    tv_ruleset *rs = board_rules(7, 7, "pieces = { 'man', 'king', 'queen' },");
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert(tv_hmove_rules(r));
    int n = r->ncells, k = kinds_of(r), actions = tv_hmove_actions(r);
    ck_assert_int_eq(k, 3);
    int64_t want_actions = n + (int64_t)n * k + (int64_t)n * n * (k + 1) + (int64_t)n * n * n + (int64_t)n * 156864;
    ck_assert_int_eq(actions, want_actions);
    idset ids = {calloc((size_t)actions / 8 + 1, 1), NULL, 0, 0};
    ck_assert_ptr_nonnull(ids.bits);
    long moves = 0;
    for (int c = 0; c < n; c++) {
        tv_hmove_parts p = {.shape = TV_HMOVE_CELL, .from = c, .to = c, .kind = -1, .removed = -1, .path = {c}};
        ck_assert_int_eq(round_trip(r, &p, &ids), c); /* a cell is the cell itself */
        moves++;
        for (int kind = 0; kind < k; kind++) {
            p.shape = TV_HMOVE_DROP;
            p.kind = kind;
            round_trip(r, &p, &ids);
            moves++;
        }
        for (int to = 0; to < n; to++)
            for (int kind = -1; kind < k; kind++) {
                tv_hmove_parts q = {.shape = TV_HMOVE_STEP, .from = c, .to = to, .kind = kind, .removed = -1,
                                    .path = {c}};
                tv_move m;
                tv_error err = {0};
                if (to == c) {
                    REQUIRE(tv_hmove_encode(r, &q, 1, &m, &err) == TV_EINVAL && strstr(err.msg, "to itself"),
                            "a step from %d to itself: %s", c, err.msg);
                    continue;
                }
                round_trip(r, &q, &ids);
                moves++;
            }
        for (int to = 0; to < n; to++)
            for (int x = 0; x < n; x++) {
                tv_hmove_parts q = {.shape = TV_HMOVE_TAKE, .from = c, .to = to, .kind = -1, .removed = x,
                                    .path = {c}};
                if (x == to || (x == c && c != to)) /* no move of the layout: encode_agrees_with_decode */
                    continue;
                round_trip(r, &q, &ids);
                moves++;
            }
    }
    long count[7], chains = 0;
    for (int c = 0; c < n; c++)
        chains += chains_of_cell(r, c, c == 0 || c == 24 || c == 3, &ids, count);
    chains_of_cell(r, 24, 0, NULL, count); /* the centre, d4: three jumps reach every edge */
    ck_assert_int_eq(count[1], 8);
    ck_assert_int_gt(count[6], 0);
    moves += chains;

    /* Every id: a move or not; the moves are exactly the layout's. */
    long found = 0;
    for (int a = 0; a < actions; a++) {
        tv_move m;
        if (tv_hmove_move_of(r, a, &m) != TV_OK)
            continue;
        found++;
        tv_hmove_parts p;
        REQUIRE(tv_hmove_decode(r, m, &p, NULL) == TV_OK, "id %d gives move %d, which does not decode", a, (int)m);
        REQUIRE(tv_hmove_action_of(r, m) == a, "id %d gives move %d, whose id is %d", a, (int)m,
                tv_hmove_action_of(r, m));
    }
    ck_assert_int_eq(found, moves);
    tv_move m;
    ck_assert_int_eq(tv_hmove_move_of(r, -1, &m), TV_EINVAL);
    ck_assert_int_eq(tv_hmove_move_of(r, actions, &m), TV_EINVAL);
    /* pass and swap follow the board's ids (a moves hook may list them) */
    ck_assert_int_eq(tv_action_of_move(r, TV_MOVE_PASS), actions);
    ck_assert_int_eq(tv_action_of_move(r, TV_MOVE_SWAP), actions + 1);
    ck_assert_int_eq(tv_actions_count(r), actions + 2);
    free(ids.bits);
    tv_ruleset_free(rs);
}
END_TEST

/* The largest board, 26x26, without kinds ('X'): every cell, every drop,
 * every from-to, every chain of 1..6 jumps from five cells (a1, m13, z26,
 * a26, x24), random takes; their ids all distinct; random ids that are
 * moves give their move. */
START_TEST(every_shape_round_trips_on_26x26)
{
    tv_ruleset *rs = board_rules(26, 26, "");
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert(tv_hmove_rules(r));
    int n = r->ncells, actions = tv_hmove_actions(r);
    int64_t want = n + (int64_t)n + (int64_t)n * n * 2 + (int64_t)n * n * n + (int64_t)n * 156864;
    ck_assert_int_eq(actions, want);
    ck_assert_int_lt(want, INT32_MAX - 2);
    idset ids = {0};
    for (int c = 0; c < n; c++) {
        tv_hmove_parts p = {.shape = TV_HMOVE_CELL, .from = c, .to = c, .kind = -1, .removed = -1, .path = {c}};
        round_trip(r, &p, &ids);
        p.shape = TV_HMOVE_DROP;
        p.kind = 0;
        tv_move m = round_trip(r, &p, &ids);
        char text[TV_TEXT_MAX];
        tv_move_text(r, m, text, sizeof text);
        REQUIRE(text[0] == 'X' && text[1] == '@', "a stone's drop is X@cell: '%s'", text);
        for (int to = 0; to < n; to++) {
            if (to == c)
                continue;
            tv_hmove_parts q = {.shape = TV_HMOVE_STEP, .from = c, .to = to, .kind = to % 2 - 1, .removed = -1,
                                .path = {c}};
            round_trip(r, &q, &ids);
        }
    }
    long count[7];
    const int starts[] = {0, 12 * 26 + 12, 675, 25 * 26, 23 * 26 + 23};
    for (size_t i = 0; i < sizeof starts / sizeof *starts; i++) {
        long all = chains_of_cell(r, starts[i], 1, &ids, count);
        if (starts[i] == 12 * 26 + 12) /* m13: no chain leaves the board */
            ck_assert_int_eq(all, 156864);
        ck_assert_int_gt(count[6], 0);
    }
    tv_rng rng;
    tv_rng_seed(&rng, 26);
    for (int i = 0; i < 100000; i++) {
        int from = (int)tv_rng_below(&rng, (uint32_t)n), to = i % 3 ? (int)tv_rng_below(&rng, (uint32_t)n) : from;
        int x = (int)tv_rng_below(&rng, (uint32_t)n);
        if (x == to || x == from)
            continue;
        tv_hmove_parts q = {.shape = TV_HMOVE_TAKE, .from = from, .to = to, .kind = -1, .removed = x, .path = {from}};
        round_trip(r, &q, NULL); /* drawn at random: may repeat, so no id set */
    }
    ids_unique(&ids);
    free(ids.list);
    for (int i = 0; i < 1000000; i++) {
        int a = (int)tv_rng_below(&rng, (uint32_t)actions);
        tv_move m;
        if (tv_hmove_move_of(r, a, &m) == TV_OK)
            REQUIRE(tv_hmove_action_of(r, m) == a, "id %d gives move %d, whose id is %d", a, (int)m,
                    tv_hmove_action_of(r, m));
    }
    tv_ruleset_free(rs);
}
END_TEST

/* What the layout cannot hold is refused when it is built (tv_hmove_encode:
 * s:move, s:take, s:chain, move text), as tv_hmove_decode refuses it: a
 * built move is always a move of the board. Every take, step and two-jump
 * chain of a 7x7 board. */
START_TEST(encode_agrees_with_decode)
{
    tv_ruleset *rs = board_rules(7, 7, "pieces = { 'man', 'king' },");
    const tv_rules *r = tv_ruleset_rules(rs);
    int n = r->ncells;
    long refused = 0;
    for (int c = 0; c < n; c++)
        for (int to = 0; to < n; to++)
            for (int x = -1; x < n; x++) {
                tv_hmove_parts parts[2] = {
                    {.shape = TV_HMOVE_TAKE, .from = c, .to = to, .kind = -1, .removed = x, .path = {c}},
                    {.shape = TV_HMOVE_STEP, .from = c, .to = to, .kind = x < 2 ? x : -1, .removed = -1, .path = {c}},
                };
                for (int i = 0; i < 2; i++) {
                    tv_hmove_parts d;
                    tv_move m = TV_MOVE_NONE;
                    tv_error err = {0};
                    if (tv_hmove_encode(r, &parts[i], 1, &m, &err) != TV_OK) {
                        REQUIRE(err.msg[0] != '\0', "a refusal says why");
                        refused++;
                        continue;
                    }
                    REQUIRE(tv_hmove_decode(r, m, &d, &err) == TV_OK,
                            "%s from %d to %d, %d: encoded as %d, which does not decode: %s",
                            i ? "a step" : "a take", c, to, x, (int)m, err.msg);
                    REQUIRE(same_parts(&parts[i], &d), "%s from %d to %d, %d: decodes to other parts",
                            i ? "a step" : "a take", c, to, x);
                }
            }
    ck_assert_int_gt(refused, 0);
    /* Two landings anywhere: a chain encodes only along lines, never straight back. */
    for (int c = 0; c < n; c++)
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++) {
                tv_hmove_parts p = {.shape = TV_HMOVE_JUMPS, .from = c, .to = b, .kind = -1, .removed = -1,
                                    .njumps = 2, .path = {c, a, b}};
                tv_hmove_parts d;
                tv_move m;
                if (tv_hmove_encode(r, &p, 1, &m, NULL) != TV_OK)
                    continue;
                REQUIRE(tv_hmove_decode(r, m, &d, NULL) == TV_OK && d.path[1] == a && d.path[2] == b,
                        "the chain %d, %d, %d encodes as %d", c, a, b, (int)m);
            }
    tv_ruleset_free(rs);
}
END_TEST

/* Any 31-bit number: it decodes, and then its text parses back to it and
 * its parts encode to it; or it does not, and then its text is no move. */
START_TEST(any_number_decodes_or_is_refused)
{
    const char *boards[][3] = {{"7", "7", "pieces = { 'man', 'king' },"}, {"26", "26", ""}, {"5", "9", ""}};
    for (size_t b = 0; b < sizeof boards / sizeof *boards; b++) {
        tv_ruleset *rs = board_rules(atoi(boards[b][0]), atoi(boards[b][1]), boards[b][2]);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_rng rng;
        tv_rng_seed(&rng, b + 1);
        long good = 0;
        for (int i = 0; i < 400000; i++) {
            uint32_t bits = (uint32_t)tv_rng_next(&rng) & 0x7fffffffu;
            /* Mostly numbers near the shapes' ranges, some anywhere. */
            switch (i % 5) {
            case 0: break;
            case 1: bits &= (1u << 25) - 1; break;                    /* cells, drops, steps */
            case 2: bits = (1u << 29) | (bits & ((1u << 29) - 1)); break; /* chains */
            case 3: bits &= 1023 | 15u << 21; break;                  /* drops */
            default: bits = (1u << 30) | (bits & ((1u << 30) - 1)); break;
            }
            tv_move m = (tv_move)bits, back;
            tv_hmove_parts p;
            char text[TV_TEXT_MAX];
            tv_error err = {0};
            tv_move_text(r, m, text, sizeof text);
            if (tv_hmove_decode(r, m, &p, &err) != TV_OK) {
                REQUIRE(strstr(err.msg, "no move of this board") != NULL, "%u: %s", bits, err.msg);
                REQUIRE(text[0] == '#', "%u is no move, yet has the text '%s'", bits, text);
                REQUIRE(tv_move_parse(r, text, &back, &err) != TV_OK, "'%s' parses", text);
                REQUIRE(tv_hmove_action_of(r, m) == TV_EINVAL, "%u is no move, yet has an id", bits);
                continue;
            }
            good++;
            REQUIRE(tv_hmove_encode(r, &p, 1, &back, &err) == TV_OK && back == m, "%u decodes, but encodes to %d: %s",
                    bits, (int)back, err.msg);
            REQUIRE(tv_move_parse(r, text, &back, &err) == TV_OK && back == m, "'%s' (%u) parses to %d: %s", text,
                    bits, (int)back, err.msg);
            int a = tv_hmove_action_of(r, m);
            REQUIRE(a >= 0 && tv_hmove_move_of(r, a, &back) == TV_OK && back == m, "%u: id %d", bits, a);
        }
        ck_assert_int_gt(good, 300);
        tv_ruleset_free(rs);
    }
}
END_TEST

typedef struct bad_text {
    const char *text, *why;
} bad_text;

/* Text that is no whole move is refused, saying why, by the parser, the
 * game (tv_game_play_text) and the check; the state is left alone. */
START_TEST(malformed_text_is_refused)
{
    static const bad_text bad[] = {
        {"a1-", "expected the cell the piece moves to"},
        {"@", "expected a cell such as d4"},
        {"K@", "expected a cell such as d4"},
        {"Q@a1", "no kind has that letter"},
        {"", "expected a cell"},
        {"a1xb1", "does not land two cells along a line"},
        {"a1xc1xa1", "does not land two cells along a line (or goes straight back)"},
        {"a1xc1xc3xa3xa5xc5xc7xe7", "at most 6 jumps"},
        {"a1xc1xc3xa3xa5xc5xc7", ""}, /* six jumps: a move */
        {"e6-e7=Z", "expected the letter of the kind the piece becomes"},
        {"e6-e7=", "expected the letter of the kind the piece becomes"},
        {"e6-e7=KK", "unexpected characters after the move"},
        {"a1-a1", "a move from a cell to itself"},
        {"a1-a1=K", "a move from a cell to itself"},
        {"@a1xa1", "a removal must name another cell"},
        {"a1-a3xa3", "a removal must name another cell"},
        {"a1-a3=Kxb2", "expected the cell removed after the move"},
        {"K@a1xb2", "expected the cell removed after the move"},
        {"@a1-a2", "unexpected characters after the move"},
        {"a1x", "expected the cell a jump lands on"},
        {"a1xc3-c5", "unexpected characters after the move"},
        {"a1-b2x", "expected the cell removed after the move"},
        {"h1", "expected a cell such as d4"},
        {"a8", "expected a cell such as d4"},
        {"a0", "expected a cell such as d4"},
        {"a100", "expected a cell such as d4"},
        {"1a", "expected a cell such as d4"},
        {"a1 ", "unexpected characters after the move"},
        {"-a1", "expected a cell such as d4"},
        {"a1--a2", "expected the cell the piece moves to"},
        /* last: the piece's own cell, which the move leaves empty (decode refuses it; encode did not) */
        {"a1-a3xa1", "a removal must name another cell"},
    };
    tv_ruleset *rs = board_rules(7, 7, "pieces = { 'man', 'king' }, setup = { '.......', '.......', '.......', "
                                       "'.......', '.......', '.......', 'M......' },");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = new_game(rs);
    tv_state_buf before;
    tv_state_copy(r, &before.state, g->state);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        tv_error err = {0};
        tv_move m = TV_MOVE_NONE;
        int rc = tv_move_parse(r, bad[i].text, &m, &err);
        if (!*bad[i].why) {
            ck_assert_msg(rc == TV_OK, "'%s': %s", bad[i].text, err.msg);
            continue;
        }
        char text[TV_TEXT_MAX] = "";
        if (rc == TV_OK)
            tv_move_text(r, m, text, sizeof text);
        ck_assert_msg(rc == TV_EINVAL, "'%s' parses to %d ('%s'), wanted a refusal: %s", bad[i].text, (int)m, text,
                      bad[i].why);
        ck_assert_msg(strstr(err.msg, bad[i].why) != NULL, "'%s': '%s', wanted '%s'", bad[i].text, err.msg,
                      bad[i].why);
        ck_assert_int_ne(tv_game_play_text(g, bad[i].text, &err), TV_OK);
        ck_assert(memcmp(&before.state, g->state, (size_t)r->state_size) == 0);
        ck_assert_int_eq(g->nply, 0);
    }
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The legal moves as action ids: increasing and each once (tv_actions.h),
 * each the id of a legal move that tv_move_of_action_in plays back, in
 * games whose hook lists whole moves in its own order. */
START_TEST(legal_actions_of_whole_moves)
{
    const char *games[][2] = {{"brandubh", NULL}, {"konane", "size=6"}, {"tests/games/vars_hands_game.lua", NULL}};
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        tv_ruleset *rs = load_variant(games[i][0], games[i][1]);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_state_buf b;
        tv_error err = {0};
        tv_rng rng;
        tv_rng_seed(&rng, 5);
        ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
        for (int ply = 0; ply < 40 && b.state.status == TV_ONGOING; ply++) {
            static tv_move moves[TV_MOVES_LIMIT];
            static int32_t ids[TV_MOVES_LIMIT];
            int n = tv_legal_moves(r, &b.state, moves, TV_MOVES_LIMIT, &err);
            int k = tv_legal_actions(r, &b.state, ids, TV_MOVES_LIMIT, &err);
            ck_assert_msg(n > 0 && k == n, "%s ply %d: %d moves, %d actions: %s", games[i][0], ply, n, k, err.msg);
            for (int j = 1; j < k; j++)
                ck_assert_msg(ids[j] > ids[j - 1], "%s ply %d: the legal actions are not increasing: %d then %d",
                              games[i][0], ply, ids[j - 1], ids[j]);
            for (int j = 0; j < n; j++) {
                tv_move back;
                int a = tv_action_of_move(r, moves[j]);
                ck_assert_int_ge(a, 0);
                ck_assert_int_eq(tv_move_of_action_in(r, &b.state, a, &back, &err), TV_OK);
                ck_assert_int_eq(back, moves[j]);
            }
            ck_assert_int_eq(tv_play(r, &b.state, moves[tv_rng_below(&rng, (uint32_t)n)], NULL, &err), TV_OK);
        }
        tv_ruleset_free(rs);
    }
}
END_TEST

/* ---- the default effect and what a hook may list -------------------------------------- */

/* A board where each case lists one whole move the position does not allow
 * (option case), played by the engine's default effect (via=engine) or a
 * play hook's s:apply (via=apply). */
static const char *effect_src =
    "local o = options { case = { default = 'a', doc = 'the move listed' },\n"
    "  via = { default = 'engine', choices = { 'engine', 'apply' }, doc = 'who plays it' } }\n"
    "local C = o.case\n"
    "local L = {\n"
    "  a = function(s) return s:move('b1', 'b2') end,\n"            /* from an empty cell */
    "  b = function(s) return s:move('b2', 'b3') end,\n"            /* the opponent's piece */
    "  c = function(s) return s:move('c3', 'a1') end,\n"            /* onto the mover's own piece */
    "  d = function(s) return s:chain('a1', 'c3') end,\n"           /* a landing that is occupied */
    "  e = function(s) return s:take('a1', 'a2', 'e5') end,\n"      /* a removal of an empty cell */
    "  f = function(s) return s:drop('e5', 'man') end,\n"           /* a drop from an empty hand */
    "  g = function(s) return 'e5' end,\n"                          /* a placement from an empty hand */
    "  h = function(s) return s:drop('a1', 'king') end,\n"          /* a drop on an occupied cell */
    "  i = function(s) return s:take('a2', 'a2', 'b2') end,\n"      /* a placement and removal, empty hand */
    "  j = function(s) return s:chain('a1', 'a3', 'c5') end,\n"     /* the second landing occupied */
    "  k = function(s) return s:chain('a1', 'c1', 'c3', 'a3', 'a1') end,\n" /* back home, over c3 */
    "  l = function(s) return s:move('c3', 'c3') end,\n"            /* no move: refused when built */
    "  m = function(s) return s:drop('e5', 'king') end,\n"          /* a good one */
    "  n = function(s) return s:take('c3', 'c4', 'b2') end,\n"      /* a good one */
    "  o = function(s) return s:move('c3', 'b2', 'king') end,\n"    /* a good one: takes and promotes */
    "  p = function(s) return s:move('c3', 'e1') end,\n"            /* onto a block */
    "  q = function(s) return s:chain('c3', 'e1') end,\n"           /* a landing on a block */
    "  r = function(s) return s:drop('e1', 'king') end,\n"         /* a drop on a block */
    "}\n"
    "return game { name = 'Effect', board = grid { width = 5, height = 5 }, pieces = { 'man', 'king' },\n"
    "  setup = { '..m..', '..m..', '..M..', '.m...', 'M....' },\n"
    "  hands = { man = { 0, 1 }, king = { 1, 0 } }, blocks = { cells = { 'e1' } },\n"
    "  vars = { seen = { min = 0, max = 9 } },\n"
    "  moves = function(s) return L[C](s) end,\n"
    "  play = o.via == 'apply' and function(s, m) s:set_var('seen', 7) s:apply(m) end or nil,\n"
    "  ends = function(s) if s:ply() > 5 then return 0 end end }\n";

typedef struct refusal_case {
    const char *c, *why;
} refusal_case;

/* The move the hook lists in g's position (which must list one). */
static tv_move the_listed_move(const tv_game *g)
{
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err = {0};
    int n = tv_legal_moves(g->rules, g->state, moves, TV_MOVES_LIMIT, &err);
    ck_assert_msg(n == 1, "%d moves listed: %s", n, err.msg);
    return moves[0];
}

/* m, played every way, fails with `why` and leaves the state as it was. */
static void expect_refused_everywhere(tv_game *g, tv_move m, const char *why, const char *what)
{
    const tv_rules *r = g->rules;
    tv_state_buf before, s;
    tv_state_copy(r, &before.state, g->state);
    uint64_t hash = g->state->hash;
    tv_error err = {0};
    ck_assert_int_eq(tv_check_move(r, g->state, m, &err), TV_OK); /* listed: legal */
    ck_assert_msg(tv_game_play(g, m, &err) == TV_EHOOK, "%s: played", what);
    ck_assert_msg(strstr(err.msg, why) != NULL, "%s: '%s', wanted '%s'", what, err.msg, why);
    ck_assert_msg(memcmp(&before.state, g->state, (size_t)r->state_size) == 0, "%s: the state changed", what);
    ck_assert(g->state->hash == hash && hash == tv_state_hash(r, g->state));
    ck_assert_int_eq(g->nply, 0);
    tv_undo u;
    for (int with_record = 0; with_record < 2; with_record++) {
        tv_state_copy(r, &s.state, &before.state);
        ck_assert_int_eq(tv_play(r, &s.state, m, with_record ? &u : NULL, &err), TV_EHOOK);
        ck_assert_msg(strstr(err.msg, why) != NULL, "%s: tv_play: '%s'", what, err.msg);
        ck_assert_msg(memcmp(&before.state, &s.state, (size_t)r->state_size) == 0, "%s: tv_play changed the state",
                      what);
    }
    tv_rng rng;
    tv_rng_seed(&rng, 3);
    tv_state_copy(r, &s.state, &before.state);
    ck_assert_int_eq(tv_random_playout(r, &s.state, &rng, &err), TV_EHOOK);
    ck_assert_msg(strstr(err.msg, why) != NULL, "%s: playout: '%s'", what, err.msg);
    ck_assert_msg(memcmp(&before.state, &s.state, (size_t)r->state_size) == 0, "%s: the playout changed the state",
                  what);
}

START_TEST(default_effect_refuses_what_is_not_there)
{
    static const refusal_case cases[] = {
        {"a", "moves hook: b1-b2 cannot be played: b1 holds no piece of the mover"},
        {"b", "moves hook: b2-b3 cannot be played: b2 holds no piece of the mover"},
        {"c", "moves hook: c3-a1 cannot be played: a1 holds the mover's piece or a block"},
        {"d", "moves hook: a1xc3 cannot be played: c3 is not empty"},
        {"e", "moves hook: a1-a2xe5 cannot be played: e5 holds no piece to remove"},
        {"f", "moves hook: M@e5 cannot be played: e5 cannot take a piece: none of that kind is in the mover's hand"},
        {"g", "moves hook: e5 cannot be played: e5 cannot take a piece: none of that kind is in the mover's hand"},
        {"h", "moves hook: K@a1 cannot be played: a1 is not empty"},
        {"i", "moves hook: @a2xb2 cannot be played: a2 cannot take a piece: none of that kind is in the mover's "
              "hand"},
        {"j", "moves hook: a1xa3xc5 cannot be played: c5 is not empty"},
        {"k", "moves hook: a1xc1xc3xa3xa1 cannot be played: c3 is not empty"},
        {"p", "moves hook: c3-e1 cannot be played: e1 holds the mover's piece or a block"},
        {"q", "moves hook: c3xe1 cannot be played: e1 is not empty"},
        {"r", "moves hook: K@e1 cannot be played: e1 is not empty"},
    };
    for (int via = 0; via < 2; via++)
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
            char opts[64], what[96];
            snprintf(opts, sizeof opts, "case=%s,via=%s", cases[i].c, via ? "apply" : "engine");
            snprintf(what, sizeof what, "effect.lua %s", opts);
            tv_ruleset *rs = load_ok("effect.lua", effect_src, opts);
            tv_game *g = new_game(rs);
            tv_move m = the_listed_move(g);
            expect_refused_everywhere(g, m, cases[i].why, what);
            if (via) { /* the hook's own line, then what s:apply says */
                tv_error err = {0};
                ck_assert_int_eq(tv_game_play(g, m, &err), TV_EHOOK);
                ck_assert_msg(strstr(err.msg, "play hook: effect.lua:") && strstr(err.msg, ": apply: moves hook: "),
                              "%s: %s", what, err.msg);
            }
            tv_game_free(g);
            tv_ruleset_free(rs);
        }
    /* A move no layout holds is refused when the hook builds it. */
    tv_error err = {0};
    tv_ruleset *rs = load_ok("effect.lua", effect_src, "case=l");
    tv_game *g = new_game(rs);
    tv_move moves[8];
    ck_assert_int_eq(tv_legal_moves(g->rules, g->state, moves, 8, &err), TV_EHOOK);
    ck_assert_msg(strstr(err.msg, "moves hook: effect.lua:") && strstr(err.msg, "move: a move from a cell to itself"),
                  "%s", err.msg);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* The good moves of the same board play, change what they say, and undo
 * byte for byte, hands and variables included. */
START_TEST(default_effect_plays_and_undoes)
{
    static const char *const good[][3] = {
        /* case; then a1 b2 c3 c4 e5 as position letters; player 1's kings in hand */
        {"m", "MmMmK", "0"}, /* K@e5 */
        {"n", "M..M.", "1"}, /* c3-c4xb2: takes c4, removes b2 */
        {"o", "MK.m.", "1"}, /* c3-b2=K: takes b2, promotes */
    };
    const char *names[] = {"a1", "b2", "c3", "c4", "e5"};
    for (int via = 0; via < 2; via++)
        for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
            char opts[64];
            snprintf(opts, sizeof opts, "case=%s,via=%s", good[i][0], via ? "apply" : "engine");
            tv_ruleset *rs = load_ok("effect.lua", effect_src, opts);
            const tv_rules *r = tv_ruleset_rules(rs);
            tv_game *g = new_game(rs);
            tv_move m = the_listed_move(g);
            tv_state_buf before, s;
            tv_state_copy(r, &before.state, g->state);
            tv_state_copy(r, &s.state, &before.state);
            tv_undo u;
            tv_error err = {0};
            ck_assert_msg(tv_play(r, &s.state, m, &u, &err) == TV_OK, "%s: %s", opts, err.msg);
            char got[6];
            for (int c = 0; c < 5; c++)
                got[c] = tv_cell_char(r, s.state.cells[tv_grid_parse_cell(&r->grid, names[c])]);
            got[5] = '\0';
            ck_assert_msg(strcmp(got, good[i][1]) == 0, "%s: a1 b2 c3 c4 e5 hold %s, wanted %s", opts, got,
                          good[i][1]);
            ck_assert_int_eq(tv_hand_get(r, &s.state, 0, 1), atoi(good[i][2]));
            ck_assert(s.state.hash == tv_state_hash(r, &s.state));
            ck_assert_int_eq(tv_var_get(r, &s.state, tv_var_find(r, "seen"), 0), via ? 7 : 0);
            ck_assert_int_eq(s.state.ply, 1);
            tv_unplay(r, &s.state, &u);
            ck_assert_msg(memcmp(&before.state, &s.state, (size_t)r->state_size) == 0, "%s: undo", opts);
            tv_game_free(g);
            tv_ruleset_free(rs);
        }
}
END_TEST

/* What a moves hook may return that is no move of the board: refused by
 * every path that reads the list, naming the value or the hook's line. */
static const char *returns_src =
    "local o = options { case = { default = 'a', doc = 'what the hook returns' } }\n"
    "local C = o.case\n"
    "local L = {\n"
    "  a = function(s) return s:move(0, 5) end,\n"
    "  b = function(s) return s:move(1, 10000) end,\n"
    "  c = function(s) return 1024 end,\n"
    "  d = function(s) return 2^31 end,\n"
    "  e = function(s) return {}, 3 end,\n"
    "  f = function(s) return 2.5 end,\n"
    "  g = function(s) return math.maxinteger end,\n"
    "  h = function(s) return -1 end,\n"
    "  i = function(s) return (1 << 30) | 1 | (1 << 10) | (1 << 20) end,\n"  /* a take removing its landing */
    "  j = function(s) return s:take(1, 3, 1) end,\n"                       /* removing the cell it leaves */
    "  k = function(s) return s:chain(1, 3, 5, 3, 1, 3, 5, 3) end,\n"       /* seven landings */
    "  l = function(s) return s:move(1, 1) end,\n"
    "  m = function(s) return s:drop(1, 'queen') end,\n"
    "  n = function(s) return s:take(1, 3, 3) end,\n"
    "  o = function(s) return s:chain(1, 2) end,\n"
    "  p = function(s) return s:move(1.5, 2) end,\n"
    "  q = function(s) return s:move('z9', 'a1') end,\n"
    "  r = function(s) return 0 | (3 << 21) end,\n"                          /* a drop of kind 2: none */
    "  s = function(s) return (1 << 29) | (4 << 10) end,\n"                  /* a1, one jump south: off */
    "  t = function(s) return (1 << 29) | (156864 << 10) end,\n"             /* the first 7-jump code */
    "  u = function(s) return 'a1-a3xa1' end,\n"
    "  v = function(s) return { s:move('a1', 'a2'), 0 } end,\n"
    "  w = function(s) return s:move('a1', 'a2'), 'a1-a2' end,\n"
    "  x = function(s) return true end,\n"
    "  y = function(s) return (1 << 20) | 5 | (5 << 10) end,\n"              /* a step from f1 to itself */
    "  z = function(s) return 0x7fffffff end,\n"
    "  A = function(s) return (1 << 25) | 3 end,\n"                          /* a drop with bit 25 */
    "  B = function(s) return s:move(1, 2, 'queen') end,\n"
    "  C = function(s) return s:chain('a1', 'c3', 'a1') end,\n"              /* straight back */
    "  D = function(s) return math.huge end,\n"
    "  E = function(s) return 0/0 end,\n"
    "  G = function(s) return s:take('a1', 'b1') end,\n"
    "  H = function(s) return s:chain('a1') end,\n"
    "}\n"
    "return game { name = 'Returns', board = grid { width = 7, height = 7 }, pieces = { 'man', 'king' },\n"
    "  setup = { '.......', '.......', '.......', '.......', '.......', '.......', 'M......' },\n"
    "  moves = function(s) return L[C](s) end,\n"
    "  ends = function(s) if s:ply() > 5 then return 0 end end }\n";

START_TEST(hook_moves_that_are_no_moves_are_refused)
{
    static const refusal_case cases[] = {
        {"a", "returns.lua:4: bad cell 0"},
        {"b", "returns.lua:5: bad cell 10000"},
        {"c", "moves hook: move 1 (1024) is not a move of this board"},
        {"d", "moves hook: move 1 (2147483648.0) is not a move of this board"},
        {"e", "moves hook: move 1 (table) is not a move of this board"},
        {"f", "moves hook: move 1 (2.5) is not a move of this board"},
        {"g", "moves hook: move 1 (9223372036854775807) is not a move of this board"},
        {"h", "moves hook: move 1 (-1) is not a move of this board"},
        {"i", "moves hook: move 1 (1074791425) is not a move of this board"},
        {"k", "returns.lua:14: chain: expected the start and 1..6 landings, got 7 landings"},
        {"l", "returns.lua:15: move: a move from a cell to itself"},
        {"m", "returns.lua:16: no kind 'queen' in this game"},
        {"n", "returns.lua:17: take: a removal must name another cell"},
        {"o", "returns.lua:18: chain: jump 1 does not land two cells along a line"},
        {"p", "returns.lua:19: bad cell 1.5"},
        {"q", "returns.lua:20: bad cell 'z9'"},
        {"r", "moves hook: move 1 (6291456) is not a move of this board"},
        {"s", "moves hook: move 1 (536875008) is not a move of this board"},
        {"t", "moves hook: move 1 (697499648) is not a move of this board"},
        {"v", "moves hook: move 2 (0) is not a move of this board"},
        {"w", "moves hook: a1-a2 is listed twice (moves 1 and 2)"},
        {"x", "moves hook: move 1 (boolean) is not a move of this board"},
        {"y", "moves hook: move 1 (1053701) is not a move of this board"},
        {"z", "moves hook: move 1 (2147483647) is not a move of this board"},
        {"A", "moves hook: move 1 (33554435) is not a move of this board"},
        {"B", "returns.lua:31: no kind 'queen' in this game"},
        {"C", "returns.lua:32: chain: jump 2 does not land two cells along a line (or goes straight back)"},
        {"D", "moves hook: move 1 (inf) is not a move of this board"},
        {"E", "is not a move of this board"},
        {"G", "returns.lua:35: bad cell no value"},
        {"H", "returns.lua:36: chain: expected the start and 1..6 landings, got 0 landings"},
        /* last: removing the cell the piece leaves, refused by decode, built by s:take */
        {"j", "returns.lua:13: take: a removal must name another cell"},
        {"u", "moves hook: move 1 (a1-a3xa1) is not a move of this board"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char opts[32];
        snprintf(opts, sizeof opts, "case=%s", cases[i].c);
        tv_ruleset *rs = load_ok("returns.lua", returns_src, opts);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_state_buf b, before;
        tv_error err = {0};
        ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
        tv_state_copy(r, &before.state, &b.state);
        tv_move moves[TV_MOVES_LIMIT];
        int n = tv_legal_moves(r, &b.state, moves, TV_MOVES_LIMIT, &err);
        char text[TV_TEXT_MAX] = "";
        if (n > 0)
            tv_move_text(r, moves[0], text, sizeof text);
        ck_assert_msg(n == TV_EHOOK, "case %s: %d moves listed (the first %d, '%s'), wanted '%s'", cases[i].c, n,
                      n > 0 ? (int)moves[0] : 0, text, cases[i].why);
        ck_assert_msg(strstr(err.msg, cases[i].why) != NULL, "case %s: '%s', wanted '%s'", cases[i].c, err.msg,
                      cases[i].why);
        ck_assert_int_eq(tv_check_move(r, &b.state, tv_hmove_step(0, 7, -1), &err), TV_EHOOK);
        ck_assert_msg(strstr(err.msg, cases[i].why) != NULL, "case %s: check: '%s'", cases[i].c, err.msg);
        tv_rng rng;
        tv_rng_seed(&rng, 1);
        ck_assert_int_eq(tv_random_playout(r, &b.state, &rng, &err), TV_EHOOK);
        ck_assert_msg(strstr(err.msg, cases[i].why) != NULL, "case %s: playout: '%s'", cases[i].c, err.msg);
        ck_assert(memcmp(&before.state, &b.state, (size_t)r->state_size) == 0);
        ck_assert_int_eq(tv_perft(r, &b.state, 1, &err), -1);
        tv_ruleset_free(rs);
    }
}
END_TEST

/* The view's moves and piece methods where they do not belong: a game
 * whose moves are not whole moves, the wrong player or cell, a change of
 * the state outside a play hook. */
START_TEST(view_methods_refuse_misuse)
{
    static const struct {
        const char *src, *why;
    } cases[] = {
        {"return game { name = 'P', board = grid { width = 5, height = 5 }, pieces = { 'pawn' },\n"
         "  setup = { 'ppppp', '.....', '.....', '.....', 'PPPPP' },\n"
         "  moves = move { pawn = step { directions = 'forward', to = 'empty' } },\n"
         "  play = function(s, m) s:move(m.from, m.to) end, no_move = 'loses', ends = { 'no_move' } }\n",
         "move: whole moves are for a moves hook on a square grid without move { } or sowing"},
        {"return game { name = 'H', board = hex { size = 4 },\n"
         "  moves = function(s) return s:drop(1) end, ends = 'board_full' }\n",
         "drop: whole moves are for a moves hook on a square grid"},
        {"return game { name = 'Put', board = grid { width = 3, height = 3 },\n"
         "  moves = function(s) s:put(1, 1) return 1 end, ends = 'board_full' }\n",
         "the state may only be changed in a play hook"},
        {"return game { name = 'Apply', board = grid { width = 3, height = 3 },\n"
         "  moves = function(s) return 1 end,\n"
         "  ends = { 'board_full', function(s) if s:ply() > 0 then s:apply(2) end end } }\n",
         "the state may only be changed in a play hook"},
        {"return game { name = 'Remove', board = grid { width = 3, height = 3 },\n"
         "  moves = function(s) return 1 end, play = function(s, m) s:remove(10) end, ends = 'board_full' }\n",
         "bad cell 10"},
        {"return game { name = 'Put3', board = grid { width = 3, height = 3 },\n"
         "  moves = function(s) return 1 end, play = function(s, m) s:put(m, 3) end, ends = 'board_full' }\n",
         "expected player 1 or 2"},
        {"return game { name = 'PutKind', board = grid { width = 3, height = 3 },\n"
         "  moves = function(s) return 1 end, play = function(s, m) s:put(m, 1, 'king') end, ends = 'board_full' }\n",
         "no kind 'king' in this game"},
        {"return game { name = 'Pieces', board = grid { width = 3, height = 3 },\n"
         "  moves = function(s) return s:pieces(0) end, ends = 'board_full' }\n",
         "expected player 1 or 2"},
        {"return game { name = 'Kind', board = grid { width = 3, height = 3 },\n"
         "  moves = function(s) return s:kind('d4') end, ends = 'board_full' }\n",
         "bad cell 'd4'"},
        {"return game { name = 'ApplyBad', board = grid { width = 3, height = 3 },\n"
         "  moves = function(s) return 1 end, play = function(s, m) s:apply({ move = 12345 }) end,\n"
         "  ends = 'board_full' }\n",
         "apply: move #12345 is no move of this board: a cell off the board"},
        {"return game { name = 'ApplyText', board = grid { width = 3, height = 3 },\n"
         "  moves = function(s) return 1 end, play = function(s, m) s:apply('a1xa3xa5') end,\n"
         "  ends = 'board_full' }\n",
         "'a1xa3xa5' is no move"},
        {"return game { name = 'ApplyPass', board = grid { width = 3, height = 3 },\n"
         "  moves = function(s) return 1 end, play = function(s, m) s:apply('pass') end,\n"
         "  ends = 'board_full' }\n",
         "apply: move #-2 is no move of this board: a special move"},
        {"return game { name = 'ApplyTwice', board = grid { width = 3, height = 3 },\n"
         "  moves = function(s) return 1 end, play = function(s, m) s:apply(m) s:apply(m) end,\n"
         "  ends = 'board_full' }\n",
         "apply: "},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        tv_ruleset *rs = load_ok("misuse.lua", cases[i].src, NULL);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_game *g = new_game(rs);
        tv_state_buf before;
        tv_state_copy(r, &before.state, g->state);
        tv_error err = {0};
        tv_move moves[TV_MOVES_LIMIT];
        int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
        int rc = n < 0 ? n : tv_game_play(g, moves[0], &err);
        ck_assert_msg(rc < 0 && strstr(err.msg, cases[i].why) != NULL, "case %zu: rc %d '%s', wanted '%s'", i, rc,
                      err.msg, cases[i].why);
        ck_assert(memcmp(&before.state, g->state, (size_t)r->state_size) == 0);
        tv_game_free(g);
        tv_ruleset_free(rs);
    }
}
END_TEST

/* ---- what a play hook is told ------------------------------------------------------ */

/* A board listing one move of each shape; its play hook fails with the
 * table it was given written out (mode=report), or does nothing
 * (mode=last), when the moves hook then lists the text s:last() gives. */
static const char *tables_src =
    "local o = options { mode = { default = 'report', choices = { 'report', 'last' }, doc = 'what play does' } }\n"
    "local function list(t) if t == nil then return 'nil' end return table.concat(t, ',') end\n"
    "local function report(m)\n"
    "  if type(m) ~= 'table' then return 'number ' .. math.type(m) .. ' ' .. tostring(m) end\n"
    "  return string.format('shape=%s from=%s to=%s kind=%s promote=%s removed=%s path=%s over=%s text=%s move=%s',\n"
    "    m.shape, m.from, m.to, tostring(m.kind), tostring(m.promote), tostring(m.removed), list(m.path),\n"
    "    list(m.over), tostring(m.text), m.move)\n"
    "end\n"
    "return game { name = 'Tables', board = grid { width = 7, height = 7 }, pieces = { 'man', 'king' },\n"
    "  moves = function(s)\n"
    "    if s:ply() > 0 then return s:last() end\n"
    "    return 'c4', s:drop('d4', 'king'), s:move('a1', 'a2'), s:move('a1', 'a7', 'king'),\n"
    "      s:chain('a1', 'c3', 'e5'), s:chain('a1', 'c1', 'c3', 'a3', 'a1'), s:take('a1', 'a2', 'b3'),\n"
    "      s:take('e5', 'e5', 'b3'), s:chain('a1', 'c1', 'c3', 'a3', 'a5', 'c5', 'c7'), s:drop('g7')\n"
    "  end,\n"
    "  play = function(s, m) if o.mode == 'report' then error(report(m) .. ' s:text=' .. s:text(m), 0) end end,\n"
    "  ends = function(s) if s:ply() > 1 then return 0 end end }\n";

START_TEST(a_play_hook_gets_whole_moves_as_tables)
{
    static const char *const want[] = {
        "number integer 24 s:text=c4",
        "shape=drop from=25 to=25 kind=king promote=nil removed=nil path=nil over=nil text=nil MOVE s:text=K@d4",
        "shape=move from=1 to=8 kind=nil promote=nil removed=nil path=nil over=nil text=nil MOVE s:text=a1-a2",
        "shape=move from=1 to=43 kind=nil promote=king removed=nil path=nil over=nil text=nil MOVE s:text=a1-a7=K",
        "shape=chain from=1 to=33 kind=nil promote=nil removed=nil path=17,33 over=9,25 text=nil MOVE s:text=a1xc3xe5",
        "shape=chain from=1 to=1 kind=nil promote=nil removed=nil path=3,17,15,1 over=2,10,16,8 text=nil MOVE s:text=a1xc1xc3xa3xa1",
        "shape=take from=1 to=8 kind=nil promote=nil removed=16 path=nil over=nil text=nil MOVE s:text=a1-a2xb3",
        "shape=take from=33 to=33 kind=nil promote=nil removed=16 path=nil over=nil text=nil MOVE s:text=@e5xb3",
        "shape=chain from=1 to=45 kind=nil promote=nil removed=nil path=3,17,15,29,31,45 over=2,10,16,22,30,38 "
        "text=nil MOVE s:text=a1xc1xc3xa3xa5xc5xc7",
        "shape=drop from=49 to=49 kind=man promote=nil removed=nil path=nil over=nil text=nil MOVE s:text=M@g7",
    };
    enum { N = sizeof want / sizeof *want };
    tv_ruleset *rs = load_ok("tables.lua", tables_src, NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = new_game(rs);
    tv_move moves[TV_MOVES_LIMIT];
    tv_error err = {0};
    ck_assert_int_eq(tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err), N);
    for (int i = 0; i < N; i++) {
        char full[512], number[32];
        const char *at = strstr(want[i], "MOVE");
        snprintf(number, sizeof number, "move=%d", (int)moves[i]);
        if (at)
            snprintf(full, sizeof full, "%.*s%s%s", (int)(at - want[i]), want[i], number, at + 4);
        else
            snprintf(full, sizeof full, "%s", want[i]);
        ck_assert_int_eq(tv_game_play(g, moves[i], &err), TV_EHOOK);
        ck_assert_msg(strstr(err.msg, full) != NULL, "move %d: '%s', wanted '%s'", i, err.msg, full);
        ck_assert_int_eq(g->nply, 0);
    }
    tv_game_free(g);
    tv_ruleset_free(rs);

    /* s:last() is the whole text of the move, however long: a hook that
     * lists it lists that move again. */
    rs = load_ok("tables.lua", tables_src, "mode=last");
    r = tv_ruleset_rules(rs);
    for (int i = 0; i < N; i++) {
        tv_state_buf b;
        tv_move again[4];
        ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
        ck_assert_int_eq(tv_play(r, &b.state, moves[i], NULL, &err), TV_OK);
        char text[TV_TEXT_MAX];
        tv_move_text(r, moves[i], text, sizeof text);
        int n = tv_legal_moves(r, &b.state, again, 4, &err);
        ck_assert_msg(n == 1 && again[0] == moves[i], "after %s, s:last() lists %d moves: %s", text, n,
                      n < 0 ? err.msg : "");
    }
    tv_ruleset_free(rs);
}
END_TEST

/* A move refused as not among the legal moves is named in full, however
 * long its text (a 6-jump chain on 26x26 is 27 characters). */
START_TEST(a_refused_move_is_named_in_full)
{
    const char *src = "return game { name = 'Long', board = grid { width = 26, height = 26 },\n"
                      "  moves = function(s) return s:chain('a1', 'c3', 'e5') end,\n"
                      "  ends = function(s) if s:ply() > 0 then return 0 end end }\n";
    const char *texts[] = {"j10xl12xn14xp16xr18xt20xv22", "a1xc3xe5xg7xi9xk11", "z26-y25xx24", "a10-a12"};
    tv_ruleset *rs = load_ok("long.lua", src, NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = new_game(rs);
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        tv_error err = {0};
        tv_move m;
        ck_assert_int_eq(tv_move_parse(r, texts[i], &m, &err), TV_OK);
        ck_assert_int_eq(tv_check_move(r, g->state, m, &err), TV_EILLEGAL);
        char want[96];
        snprintf(want, sizeof want, "%s: not among the legal moves", texts[i]);
        ck_assert_msg(strstr(err.msg, want) != NULL, "'%s', wanted '%s'", err.msg, want);
        ck_assert_int_eq(tv_game_play_text(g, texts[i], &err), TV_EILLEGAL);
        ck_assert_msg(strstr(err.msg, want) != NULL, "'%s', wanted '%s'", err.msg, want);
    }
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- moves as large as the layout allows, undone ------------------------------------ */

/* The largest board: every move (five, one of each shape) changes every
 * cell (pieces of both players and kinds put on the empty cells, the
 * others emptied), every variable and both hands; each is taken back byte
 * for byte, and perft, which takes each back, counts 5^d. */
static const char *whole_board_src =
    "return game { name = 'Whole', board = grid { width = 26, height = 26 }, pieces = { 'man', 'king' },\n"
    "  vars = { turn = { min = 0, max = 1000 }, last = { cell = true }, mark = { min = -5, max = 5, per_player = true },\n"
    "           odd = { flag = true }, far = { min = -1000000000, max = 1000000000, start = -1000000000 } },\n"
    "  hands = { man = { 255, 200 }, king = { 0, 3 } },\n"
    "  moves = function(s)\n"
    "    local a = s:ply() % 600 + 1\n"
    "    return a, s:drop(a + 1, 'king'), s:move(a, a + 27, 'king'), s:chain(a, a + 54, a + 108), s:take(a, a + 1, 676)\n"
    "  end,\n"
    "  play = function(s, m)\n"
    "    local me, p = s:to_move(), s:ply()\n"
    "    for c = 1, s:size() do\n"
    "      if s:get(c) == 0 then s:put(c, 1 + (c + p) % 2, c % 3 == 0 and 'king' or 'man') else s:remove(c) end\n"
    "    end\n"
    "    s:set_var('turn', p + 1)\n"
    "    s:set_var('last', p + 1)\n"
    "    s:set_var('mark', me, (s:var('mark', me) + 3) % 11 - 5)\n"
    "    s:set_var('odd', not s:var('odd'))\n"
    "    s:set_var('far', -s:var('far'))\n"
    "    s:set_hand(me, 'man', s:hand(me, 'man') - 1)\n"
    "    s:set_hand(2, 'king', (s:hand(2, 'king') + 1) % 4)\n"
    "  end,\n"
    "  ends = function(s) if s:ply() >= 8 then return 0 end end }\n";

/* Perft by copying states (no undo): the count tv_perft must give; at every
 * node the state is also played with a record and taken back, which must
 * give the node's bytes back. */
static int64_t perft_copy(const tv_rules *r, const tv_state *s, int depth, const char *what)
{
    if (depth == 0)
        return 1;
    tv_move *moves = malloc(TV_MOVES_LIMIT * sizeof *moves);
    tv_error err = {0};
    int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, &err);
    REQUIRE(n >= 0, "%s: %s", what, err.msg);
    int64_t total = 0;
    for (int i = 0; i < n && depth > 1; i++) {
        tv_state_buf child, back;
        tv_undo u;
        tv_state_copy(r, &child.state, s);
        REQUIRE(tv_play(r, &child.state, moves[i], &u, &err) == TV_OK, "%s: %s", what, err.msg);
        REQUIRE(child.state.hash == tv_state_hash(r, &child.state), "%s: the hash after a move is not a recount",
                what);
        tv_state_copy(r, &back.state, &child.state);
        tv_unplay(r, &back.state, &u);
        REQUIRE(memcmp(&back.state, s, (size_t)r->state_size) == 0, "%s: a move is not undone byte for byte", what);
        total += perft_copy(r, &child.state, depth - 1, what);
    }
    free(moves);
    return depth == 1 ? n : total;
}

START_TEST(moves_that_change_the_whole_largest_board_undo)
{
    tv_ruleset *rs = load_ok("whole.lua", whole_board_src, NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert_int_eq(r->ncells, 676);
    ck_assert(r->state_size <= (int)sizeof(tv_state_buf));
    tv_state_buf b, before;
    tv_error err = {0};
    ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
    for (int ply = 0; ply < 6; ply++) {
        tv_move moves[8];
        int n = tv_legal_moves(r, &b.state, moves, 8, &err);
        ck_assert_msg(n == 5, "ply %d: %d moves: %s", ply, n, err.msg);
        tv_state_copy(r, &before.state, &b.state);
        for (int i = 0; i < n; i++) {
            tv_undo u;
            ck_assert_msg(tv_play(r, &b.state, moves[i], &u, &err) == TV_OK, "ply %d move %d: %s", ply, i, err.msg);
            int changed = 0;
            for (int c = 0; c < r->ncells; c++)
                changed += b.state.cells[c] != before.state.cells[c];
            ck_assert_int_eq(changed, 676);
            for (int v = 0; v < r->vars.n; v++)
                if (strcmp(r->vars.var[v].name, "mark") != 0)
                    ck_assert_msg(tv_var_get(r, &b.state, v, 0) != tv_var_get(r, &before.state, v, 0),
                                  "ply %d: %s unchanged", ply, r->vars.var[v].name);
            ck_assert(tv_hand_get(r, &b.state, before.state.to_move, 0) ==
                      tv_hand_get(r, &before.state, before.state.to_move, 0) - 1);
            ck_assert(b.state.hash == tv_state_hash(r, &b.state));
            tv_unplay(r, &b.state, &u);
            ck_assert_msg(memcmp(&before.state, &b.state, (size_t)r->state_size) == 0, "ply %d move %d: undo", ply,
                          i);
        }
        ck_assert_int_eq(tv_play(r, &b.state, moves[ply % n], NULL, &err), TV_OK);
    }
    /* the position says every variable and both hands, and reads back */
    char pos[TV_POSITION_MAX];
    tv_state_buf back;
    tv_position_write(r, &b.state, pos, sizeof pos);
    ck_assert_msg(tv_position_read(r, pos, &back.state, &err) == TV_OK, "%s: %s", pos, err.msg);
    b.state.last = back.state.last;
    ck_assert(memcmp(&back.state, &b.state, (size_t)r->state_size) == 0);
    ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
    tv_state_copy(r, &before.state, &b.state);
    ck_assert_int_eq(tv_perft(r, &b.state, 3, &err), 125);
    ck_assert(memcmp(&before.state, &b.state, (size_t)r->state_size) == 0);
    ck_assert_int_eq(perft_copy(r, &b.state, 3, "whole.lua"), 125);
    tv_ruleset_free(rs);
}
END_TEST

/* A 13x13 board where a1 jumps six enemy men, diagonally to m13 (the
 * longest chain the layout holds), or four round a square back to a1. */
static const char *six_src =
    "local o = options { list = { default = 'six', doc = 'which chain the hook lists' } }\n"
    "return game { name = 'Six', board = grid { width = 13, height = 13 }, pieces = { 'man' },\n"
    "  setup = { '.............', '...........m.', '.............', '.........m...', '.............',\n"
    "            '.......m.....', '.............', '.....m.......', '.............', '...m.........',\n"
    "            '.m...........', 'mmm..........', 'Mm...........' },\n"
    "  moves = function(s)\n"
    "    if o.list == 'six' then return s:chain('a1', 'c3', 'e5', 'g7', 'i9', 'k11', 'm13') end\n"
    "    if o.list == 'loop' then return s:chain('a1', 'c1', 'c3', 'a3', 'a1') end\n"
    "    if o.list == 'seven' then return s:chain('a1', 'c3', 'e5', 'g7', 'i9', 'k11', 'm13', 'k11') end\n"
    "    return (1 << 29) | (156864 << 10)\n"
    "  end,\n"
    "  ends = function(s) if s:ply() > 0 then return 0 end end }\n";

START_TEST(chains_as_long_as_the_layout_holds)
{
    static const struct {
        const char *list, *text, *gone;
        int to;
    } chains[] = {
        {"six", "a1xc3xe5xg7xi9xk11xm13", "b2 d4 f6 h8 j10 l12", 168},
        {"loop", "a1xc1xc3xa3xa1", "b1 c2 b3 a2", 0},
    };
    for (size_t i = 0; i < sizeof chains / sizeof *chains; i++) {
        char opts[32];
        snprintf(opts, sizeof opts, "list=%s", chains[i].list);
        tv_ruleset *rs = load_ok("six.lua", six_src, opts);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_state_buf b, before;
        tv_error err = {0};
        ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
        tv_state_copy(r, &before.state, &b.state);
        tv_move m;
        ck_assert_int_eq(tv_legal_moves(r, &b.state, &m, 1, &err), 1);
        char text[TV_TEXT_MAX];
        tv_move_text(r, m, text, sizeof text);
        ck_assert_str_eq(text, chains[i].text);
        tv_undo u;
        int men = b.state.owned[1];
        ck_assert_msg(tv_play(r, &b.state, m, &u, &err) == TV_OK, "%s: %s", text, err.msg);
        char gone[64];
        snprintf(gone, sizeof gone, "%s", chains[i].gone);
        int taken = 0;
        for (char *c = strtok(gone, " "); c; c = strtok(NULL, " "), taken++)
            ck_assert_msg(b.state.cells[tv_grid_parse_cell(&r->grid, c)] == TV_EMPTY, "%s: %s not taken", text, c);
        ck_assert_int_eq(b.state.owned[1], men - taken);
        ck_assert_int_eq(b.state.cells[chains[i].to], TV_STONE1);
        ck_assert_int_eq(tv_last_cell(r, &b.state), chains[i].to);
        ck_assert(b.state.hash == tv_state_hash(r, &b.state));
        tv_unplay(r, &b.state, &u);
        ck_assert(memcmp(&before.state, &b.state, (size_t)r->state_size) == 0);
        ck_assert_int_eq(tv_perft(r, &b.state, 1, &err), 1);
        tv_ruleset_free(rs);
    }
    /* A seventh jump: not by s:chain, not as text, not as a number. */
    tv_ruleset *rs = load_ok("six.lua", six_src, "list=seven");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf b;
    tv_error err = {0};
    tv_move m;
    ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
    ck_assert_int_eq(tv_legal_moves(r, &b.state, &m, 1, &err), TV_EHOOK);
    ck_assert_msg(strstr(err.msg, "chain: expected the start and 1..6 landings, got 7 landings"), "%s", err.msg);
    ck_assert_int_eq(tv_move_parse(r, "a1xc3xe5xg7xi9xk11xm13xk11", &m, &err), TV_EINVAL);
    ck_assert_msg(strstr(err.msg, "at most 6 jumps"), "%s", err.msg);
    tv_ruleset_free(rs);
    rs = load_ok("six.lua", six_src, "list=code");
    r = tv_ruleset_rules(rs);
    ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
    ck_assert_int_eq(tv_legal_moves(r, &b.state, &m, 1, &err), TV_EHOOK);
    ck_assert_msg(strstr(err.msg, "moves hook: move 1 (697499648) is not a move of this board"), "%s", err.msg);
    tv_hmove_parts p;
    ck_assert_int_eq(tv_hmove_decode(r, (1 << 29) | (156864 << 10), &p, &err), TV_EINVAL);
    ck_assert_int_eq(tv_hmove_decode(r, (1 << 29) | (156863 << 10), &p, &err), TV_EINVAL); /* the last 6: off */
    ck_assert_msg(strstr(err.msg, "a chain that leaves the board"), "%s", err.msg);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- game variables and hands ------------------------------------------------------- */

/* A play hook that first changes a cell, a variable and a hand, then makes
 * one bad call (option case); the move is refused, naming the call, and the
 * state is left as it was, variables and hands included. */
static const char *set_var_src =
    "local o = options { case = { default = 'ok', doc = 'the call' } }\n"
    "local C = o.case\n"
    "local L = {\n"
    "  a = function(s) s:set_var('phase', 3) end,\n"
    "  b = function(s) s:set_var('phase', -1) end,\n"
    "  c = function(s) s:set_var('phase', 'x') end,\n"
    "  d = function(s) s:set_var('phase', 1.5) end,\n"
    "  e = function(s) s:set_var('nope', 1) end,\n"
    "  f = function(s) s:set_var('passes', 1) end,\n"
    "  g = function(s) s:set_var('passes', 3, 1) end,\n"
    "  h = function(s) s:set_var('ko', 0) end,\n"
    "  i = function(s) s:set_var('ko', 10) end,\n"
    "  j = function(s) s:set_var('ko', 'z9') end,\n"
    "  k = function(s) s:set_var('ko', 2.5) end,\n"
    "  l = function(s) s:set_var('done', 1) end,\n"
    "  m = function(s) s:set_hand(1, 'man', 256) end,\n"
    "  n = function(s) s:set_hand(1, 'man', -1) end,\n"
    "  o = function(s) s:set_hand(1, 'queen', 1) end,\n"
    "  p = function(s) s:set_hand(3, 'man', 1) end,\n"
    "  q = function(s) s:set_var('phase', 1 << 40) end,\n"
    "  r = function(s) s:set_var('phase', math.mininteger) end,\n"
    "  s = function(s) s:set_var('won', true) end,\n"
    "  t = function(s) s:set_var('big', 1000000001) end,\n"
    "  u = function(s) s:set_var('big', -1000000001) end,\n"
    "  v = function(s) s:set_var('passes', 0, 1) end,\n"
    "  w = function(s) s:var('nope') end,\n"
    "  x = function(s) s:hand(1, 'stone') end,\n"
    "  y = function(s) s:set_var() end,\n"
    "  z = function(s) s:set_var('ko', {}) end,\n"
    "  A = function(s) s:set_hand(1, 'man', 2^63) end,\n"
    "  B = function(s) s:set_var('done', nil) end,\n"
    "  C = function(s) s:set_hand(1, 'man') end,\n"
    "  mv = function(s) end, en = function(s) end,\n"
    "  ok = function(s)\n"
    "    s:set_var('ko', 'c3') s:set_var('ko', nil) s:set_var('ko', 9) s:set_var('passes', 2, 9)\n"
    "    s:set_var('big', -1000000000) s:set_var('won', 2, true) s:set_var('done', true)\n"
    "    s:set_hand(2, 'king', 255) s:set_hand(1, 'man', 0)\n"
    "    assert(s:var('ko') == 9 and s:var('passes', 2) == 9 and s:var('passes', 1) == 0)\n"
    "    assert(s:var('won', 2) == true and s:var('won', 1) == false and s:var('done') == true)\n"
    "    assert(s:var('big') == -1000000000 and s:hand(2, 'king') == 255 and s:hand(1, 'man') == 0)\n"
    "  end,\n"
    "}\n"
    "return game { name = 'SetVar', board = grid { width = 3, height = 3 }, pieces = { 'man', 'king' },\n"
    "  vars = { ko = { cell = true }, phase = { min = 0, max = 2 }, passes = { min = 0, max = 9, per_player = true },\n"
    "           done = { flag = true }, won = { flag = true, per_player = true },\n"
    "           big = { min = -1000000000, max = 1000000000, start = 7 } },\n"
    "  hands = { man = { 2, 1 }, king = { 1, 0 } },\n"
    "  moves = function(s) if C == 'mv' then s:set_var('phase', 1) end return s:drop('a1', 'man') end,\n"
    "  play = function(s, m)\n"
    "    s:apply(m) s:set_var('phase', 2) s:set_var('ko', m.to) s:set_hand(2, 'king', 4)\n"
    "    L[C](s)\n"
    "  end,\n"
    "  ends = function(s) if C == 'en' and s:ply() > 0 then s:set_hand(1, 'man', 1) end\n"
    "    if s:ply() > 0 then return 0 end end }\n";

START_TEST(a_play_hook_writes_variables_in_range_only)
{
    static const refusal_case cases[] = {
        {"a", "setvar.lua:4: set_var: phase: 3 is outside 0..2"},
        {"b", "setvar.lua:5: set_var: phase: -1 is outside 0..2"},
        {"c", "setvar.lua:6: bad argument #2 to 'set_var' (number expected, got string)"},
        {"d", "setvar.lua:7: bad argument #2 to 'set_var' (number has no integer representation)"},
        {"e", "setvar.lua:8: no variable 'nope' in this game"},
        {"f", "setvar.lua:9: bad argument #3 to 'set_var' (number expected, got no value)"},
        {"g", "setvar.lua:10: bad argument #2 to 'set_var' (expected player 1 or 2)"},
        {"h", "setvar.lua:11: set_var: expected a cell of the board or nil"},
        {"i", "setvar.lua:12: set_var: expected a cell of the board or nil"},
        {"j", "setvar.lua:13: set_var: expected a cell of the board or nil"},
        {"k", "setvar.lua:14: set_var: expected a cell of the board or nil"},
        {"l", "setvar.lua:15: bad argument #2 to 'set_var' (boolean expected, got number)"},
        {"m", "setvar.lua:16: set_hand: a hand holds 0..255 pieces of a kind, not 256"},
        {"n", "setvar.lua:17: set_hand: a hand holds 0..255 pieces of a kind, not -1"},
        {"o", "setvar.lua:18: no kind 'queen' in this game"},
        {"p", "setvar.lua:19: bad argument #1 to 'set_hand' (expected player 1 or 2)"},
        {"q", "setvar.lua:20: set_var: phase: "},
        {"r", "setvar.lua:21: set_var: phase: "},
        {"s", "setvar.lua:22: bad argument #2 to 'set_var' (number expected, got boolean)"},
        {"t", "setvar.lua:23: set_var: big: 1000000001 is outside -1000000000..1000000000"},
        {"u", "setvar.lua:24: set_var: big: -1000000001 is outside -1000000000..1000000000"},
        {"v", "setvar.lua:25: bad argument #2 to 'set_var' (expected player 1 or 2)"},
        {"w", "setvar.lua:26: no variable 'nope' in this game"},
        {"x", "setvar.lua:27: no kind 'stone' in this game"},
        {"y", "setvar.lua:28: bad argument #1 to 'set_var' (string expected, got no value)"},
        {"z", "setvar.lua:29: set_var: expected a cell of the board or nil"},
        {"A", "setvar.lua:30: bad argument #3 to 'set_hand' (number has no integer representation)"},
        {"B", "setvar.lua:31: bad argument #2 to 'set_var' (boolean expected, got nil)"},
        {"C", "setvar.lua:32: bad argument #3 to 'set_hand' (number expected, got no value)"},
        {"mv", "the state may only be changed in a play hook"},
        {"en", "the state may only be changed in a play hook"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char opts[32];
        snprintf(opts, sizeof opts, "case=%s", cases[i].c);
        tv_ruleset *rs = load_ok("setvar.lua", set_var_src, opts);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_state_buf b, before;
        tv_error err = {0};
        int rc = tv_state_new(r, 1, &b.state, &err);
        ck_assert_msg(rc == TV_OK, "%s", err.msg);
        tv_state_copy(r, &before.state, &b.state);
        tv_move m = tv_hmove_drop(0, 0);
        for (int with_record = 0; with_record < 2; with_record++) {
            tv_undo u;
            rc = tv_play(r, &b.state, m, with_record ? &u : NULL, &err);
            ck_assert_msg(rc == TV_EHOOK, "case %s: rc %d, wanted '%s'", cases[i].c, rc, cases[i].why);
            ck_assert_msg(strstr(err.msg, cases[i].why) != NULL, "case %s: '%s', wanted '%s'", cases[i].c, err.msg,
                          cases[i].why);
            ck_assert_msg(memcmp(&before.state, &b.state, (size_t)r->state_size) == 0, "case %s: the state changed",
                          cases[i].c);
        }
        tv_ruleset_free(rs);
    }
    /* The good calls: the values, the hash and the position agree, and undo. */
    tv_ruleset *rs = load_ok("setvar.lua", set_var_src, NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf b, before, back;
    tv_error err = {0};
    ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
    char pos[TV_POSITION_MAX];
    tv_position_write(r, &b.state, pos, sizeof pos);
    ck_assert_str_eq(pos, ".../.../... 1 - 0 0,0 big=7;done=0;ko=-;passes=0/0;phase=0;won=0/0;hand=M2K1/m1");
    tv_state_copy(r, &before.state, &b.state);
    tv_undo u;
    ck_assert_msg(tv_play(r, &b.state, tv_hmove_drop(0, 0), &u, &err) == TV_OK, "%s", err.msg);
    ck_assert(b.state.hash == tv_state_hash(r, &b.state));
    ck_assert(b.state.hash != before.state.hash);
    tv_position_write(r, &b.state, pos, sizeof pos);
    ck_assert_str_eq(pos, ".../.../M.. 2 - 1 0,0 big=-1000000000;done=1;ko=c3;passes=0/9;phase=2;won=0/1;"
                          "hand=K1/m1k255");
    ck_assert_msg(tv_position_read(r, pos, &back.state, &err) == TV_OK, "%s", err.msg);
    back.state.last = b.state.last;
    ck_assert(memcmp(&back.state, &b.state, (size_t)r->state_size) == 0);
    tv_unplay(r, &b.state, &u);
    ck_assert(memcmp(&before.state, &b.state, (size_t)r->state_size) == 0);
    tv_ruleset_free(rs);
}
END_TEST

/* Declarations the loader refuses, each with its reason, before any game. */
START_TEST(variable_declarations_are_checked)
{
    static const struct {
        const char *fields, *why;
    } cases[] = {
        {"vars = { Phase = { max = 2 } }", "'Phase' is no variable name"},
        {"vars = { hand = { max = 2 } }", "'hand' is no variable name"},
        {"vars = { ['a-b'] = { max = 2 } }", "'a-b' is no variable name"},
        {"vars = { ['a b'] = { max = 2 } }", "is no variable name"},
        {"vars = { [''] = { max = 2 } }", "is no variable name"},
        {"vars = { abcdefghijklmnop = { max = 2 } }", "is no variable name"},
        {"vars = { a = { min = 3, max = 2 } }", "vars.a: the range 3..2"},
        {"vars = { a = { min = 0, max = 2, start = 3 } }", "vars.a: the start value 3 is outside 0..2"},
        {"vars = { a = { min = 0, max = 2000000000 } }", "game.vars.a"},
        {"vars = { a = { min = -2000000000, max = 0 } }", "game.vars.a"},
        {"vars = { a = { max = 2 ^ 40 } }", "game.vars.a"},
        {"vars = { a = { max = 1.5 } }", "game.vars.a"},
        {"vars = { a = { cell = true, flag = true } }", "a variable is a cell or a flag, not both"},
        {"vars = { a = { cell = true, min = 1 } }", "a cell has no min or max"},
        {"vars = { a = { flag = true, max = 1 } }", "a flag has no min or max"},
        {"vars = { a = { flag = true, start = 1 } }", "game.vars.a.start: expected true or false"},
        {"vars = { a = { cell = true, start = 'b2' } }", "game.vars.a.start: expected a 1-based cell"},
        {"vars = { a = { cell = true, start = 0 } }", "vars.a: the start value"},
        {"vars = { a = { cell = true, start = 10 } }", "vars.a: the start value"},
        {"vars = { a = { cell = true, start = 1.5 } }", "game.vars.a.start: expected a 1-based cell"},
        {"vars = { a = { mni = 1 } }", "game.vars.a"},
        {"vars = { a = 5 }", "game.vars.a"},
        {"vars = 5", "game.vars"},
        {"vars = { { max = 2 } }", "game.vars: expected name = { ... } entries"},
        {"vars = { a = { per_player = 1 } }", "game.vars.a"},
        {"vars = { v1 = { flag = true }, v2 = { flag = true }, v3 = { flag = true }, v4 = { flag = true },\n"
         "  v5 = { flag = true }, v6 = { flag = true }, v7 = { flag = true }, v8 = { flag = true },\n"
         "  v9 = { flag = true }, v10 = { flag = true }, v11 = { flag = true }, v12 = { flag = true },\n"
         "  v13 = { flag = true }, v14 = { flag = true }, v15 = { flag = true }, v16 = { flag = true },\n"
         "  v17 = { flag = true } }",
         "at most 16 variables"},
        {"hands = { queen = { 1, 1 } }", "game.hands: 'queen' is not a kind of this game"},
        {"hands = { man = { 256, 0 } }", "game.hands.man[1]: expected a count 0..255"},
        {"hands = { man = { 0, -1 } }", "game.hands.man[2]: expected a count 0..255"},
        {"hands = { man = { 1.5, 0 } }", "game.hands.man[1]: expected a count 0..255"},
        {"hands = { man = { 1 } }", "game.hands.man: expected { player 1's count, player 2's }"},
        {"hands = { man = { 1, 2, 3 } }", "game.hands.man: expected { player 1's count, player 2's }"},
        {"hands = { man = 3 }", "game.hands.man"},
        {"hands = { [1] = { 1, 1 } }", "game.hands: '' is not a kind of this game"},
        {"hands = { stone = { 1, 1 } }", "game.hands: 'stone' is not a kind of this game"},
        {"hands = 'man'", "game.hands"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char src[1024];
        snprintf(src, sizeof src,
                 "return game { name = 'D', board = grid { width = 3, height = 3 }, pieces = { 'man', 'king' },\n"
                 "  %s,\n  moves = function(s) return 'pass' end, ends = function(s) return 0 end }\n",
                 cases[i].fields);
        tv_error err = {0};
        tv_ruleset *rs = load_source("decl.lua", src, NULL, &err);
        ck_assert_msg(rs == NULL, "case %zu (%s) loads", i, cases[i].fields);
        ck_assert_msg(strncmp(err.msg, "decl.lua", 8) == 0 && strstr(err.msg, cases[i].why) != NULL,
                      "case %zu (%s): '%s', wanted '%s'", i, cases[i].fields, err.msg, cases[i].why);
    }
    /* A mancala board keeps no cells or hands. */
    const char *mancala[][2] = {
        {"vars = { ko = { cell = true } }", "a cell variable needs a grid"},
        {"hands = { stone = { 1, 1 } }", "pieces in hand need a grid"},
    };
    for (size_t i = 0; i < 2; i++) {
        char src[1024];
        snprintf(src, sizeof src,
                 "return game { name = 'M', board = mancala { holes = 3, seeds = 2 }, %s,\n"
                 "  moves = sow { }, ends = 'board_empty', winner = 'most_captured' }\n",
                 mancala[i][0]);
        tv_error err = {0};
        tv_ruleset *rs = load_source("mancala.lua", src, NULL, &err);
        ck_assert_msg(rs == NULL && strstr(err.msg, mancala[i][1]), "%s: %s", mancala[i][0],
                      rs ? "loads" : err.msg);
    }
    /* The most a state holds: 16 per-player variables and eight kinds in
     * hand on the largest board. */
    char src[4096];
    int n = snprintf(src, sizeof src, "return game { name = 'Big', board = grid { width = 26, height = 26 },\n"
                                      "  pieces = { 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h' },\n  vars = {");
    for (int v = 0; v < 16; v++)
        n += snprintf(src + n, sizeof src - (size_t)n, " v%02d_with_a_long = { min = -1000000000, max = 1000000000, "
                      "start = -999999999, per_player = true },", v);
    snprintf(src + n, sizeof src - (size_t)n,
             " },\n  hands = { a = { 255, 255 }, b = { 255, 255 }, c = { 255, 255 }, d = { 255, 255 },\n"
             "    e = { 255, 255 }, f = { 255, 255 }, g = { 255, 255 }, h = { 255, 255 } },\n"
             "  moves = function(s) return s:drop(s:ply() + 1, 'h') end,\n"
             "  ends = function(s) if s:ply() >= 3 then return 0 end end }\n");
    tv_ruleset *rs = load_ok("big.lua", src, NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert_int_eq(r->vars.size, TV_STATE_EXTRA_MAX);
    ck_assert(r->vars.offset + r->vars.size <= r->state_size && r->state_size <= (int)sizeof(tv_state_buf));
    tv_game *g = new_game(rs);
    must_play(g, "H@a1 h@b1");
    char pos[TV_POSITION_MAX];
    int len = tv_position_write(r, g->state, pos, sizeof pos);
    ck_assert_int_lt(len, (int)sizeof pos);
    ck_assert_msg(strstr(pos, "v00_with_a_long=-999999999/-999999999;") && strstr(pos, "hand=A255B255C255D255E255F255"
                  "G255H254/a255b255c255d255e255f255g255h254"), "%s", pos);
    tv_state_buf back;
    tv_error err = {0};
    ck_assert_msg(tv_position_read(r, pos, &back.state, &err) == TV_OK, "%s", err.msg);
    back.state.last = g->state->last;
    ck_assert(memcmp(&back.state, g->state, (size_t)r->state_size) == 0);
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert_int_eq(tv_hand_get(r, g->state, 1, 7), 255);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* /tmp/t/vars.lua: drops from hands, a cell, an integer, a per-player
 * integer and a flag, written by the play hook. */
static const char *toy_vars_src =
    "return game {\n"
    "  name = 'vars test', board = grid { width = 3, height = 3 }, pieces = { 'man', 'king' },\n"
    "  vars = { ko = { cell = true }, phase = { min = 0, max = 2 }, passes = { min = 0, max = 9, per_player = true },\n"
    "           done = { flag = true } },\n"
    "  hands = { man = { 2, 1 }, king = { 1, 0 } },\n"
    "  moves = function(s)\n"
    "    local t = {}\n"
    "    for i = 1, s:size() do\n"
    "      if s:get(i) == 0 then\n"
    "        if s:hand(s:to_move(), 'man') > 0 then t[#t+1] = s:drop(i, 'man') end\n"
    "        if s:hand(s:to_move(), 'king') > 0 then t[#t+1] = s:drop(i, 'king') end\n"
    "      end\n"
    "    end\n"
    "    if #t == 0 then t[1] = 'pass' end\n"
    "    return t\n"
    "  end,\n"
    "  play = function(s, m)\n"
    "    if m == 'pass' then\n"
    "      s:set_var('passes', s:to_move(), s:var('passes', s:to_move()) + 1)\n"
    "      return\n"
    "    end\n"
    "    s:apply(m)\n"
    "    s:set_var('ko', m.to)\n"
    "    s:set_var('phase', math.min(2, s:var('phase') + 1))\n"
    "    s:set_var('done', s:hand(1, 'man') + s:hand(2, 'man') == 0)\n"
    "  end,\n"
    "  ends = function(s) if s:var('passes', 1) + s:var('passes', 2) >= 2 then return 0 end end,\n"
    "}\n";

/* Position strings whose variables or hands lie are refused, saying what;
 * the good ones read back to the state that wrote them, in any order. */
START_TEST(positions_with_variables_read_back_checked)
{
    tv_ruleset *rs = load_ok("vars.lua", toy_vars_src, NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = new_game(rs);
    must_play(g, "M@a1 m@b2");
    char pos[TV_POSITION_MAX];
    tv_position_write(r, g->state, pos, sizeof pos);
    ck_assert_str_eq(pos, ".../.m./M.. 1 - 2 0,0 done=0;ko=b2;passes=0/0;phase=2;hand=M1K1/-");
    const char *board = ".../.m./M.. 1 - 2 0,0 ";
    static const struct {
        const char *vars, *why;
    } bad[] = {
        {"done=0;ko=b2;passes=0/0;phase=3;hand=M1K1/-", "a value out of its range"},
        {"done=0;ko=b2;passes=0/0;phase=-1;hand=M1K1/-", "a value out of its range"},
        {"done=0;ko=b2;passes=0/0;phase=+1;hand=M1K1/-", "a value out of its range"},
        {"done=0;ko=b2;passes=0/0;phase=1x;hand=M1K1/-", "a value out of its range"},
        {"done=0;ko=b2;passes=0/0;phase=;hand=M1K1/-", "a value out of its range"},
        {"done=0;ko=b2;passes=0/0;phase=99999999999999999999;hand=M1K1/-", "a value out of its range"},
        {"done=2;ko=b2;passes=0/0;phase=2;hand=M1K1/-", "a value out of its range"},
        {"done=0;ko=d4;passes=0/0;phase=2;hand=M1K1/-", "a value out of its range"},
        {"done=0;ko=z99;passes=0/0;phase=2;hand=M1K1/-", "a value out of its range"},
        {"done=0;ko=;passes=0/0;phase=2;hand=M1K1/-", "a value out of its range"},
        {"done=0;ko=b2;passes=10/0;phase=2;hand=M1K1/-", "a value out of its range"},
        {"done=0;ko=b2;passes=0/0/0;phase=2;hand=M1K1/-", "a value out of its range"},
        {"done=0;ko=b2;passes=0;phase=2;hand=M1K1/-", "expected two values, player 1's/player 2's"},
        {"done=0;ko=b2;passes=0/0;phase=2/2;hand=M1K1/-", "expected one value"},
        {"done=0;ko=b2;passes=0/0;hand=M1K1/-", "'phase': missing"},
        {"done=0;ko=b2;passes=0/0;phase=2", "'hand': missing"},
        {"ko=b2;passes=0/0;phase=2;hand=M1K1/-", "'done': missing"},
        {"done=0;done=0;ko=b2;passes=0/0;phase=2;hand=M1K1/-", "'done': given twice"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=M1K1/-;hand=M1K1/-", "'hand': given twice"},
        {"done=0;ko=b2;passes=0/0;phase=2;extra=1;hand=M1K1/-", "'extra': no variable of this game has that name"},
        {"done=0;ko=b2;passes=0/0;phase=2;Phase=2;hand=M1K1/-", "no variable of this game has that name"},
        {"done=0;ko=b2;passes=0/0;phase;hand=M1K1/-", "expected name=value"},
        {"done=0;ko=b2;;passes=0/0;phase=2;hand=M1K1/-", "expected name=value"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=M1K1/-;", "expected name=value"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=M256K1/-", "a hand's count is 1..255, once a kind"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=M99999999999999999999/-", "a hand's count is 1..255, once a kind"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=M0/-", "a hand's count is 1..255, once a kind"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=M-1/-", "a hand's count is 1..255, once a kind"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=M/-", "a hand's count is 1..255, once a kind"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=M1M1/-", "a hand's count is 1..255, once a kind"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=Q1/-", "a hand lists a piece letter of this game and player"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=m1K1/-", "a hand lists a piece letter of this game and player"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=M1K1/M1", "a hand lists a piece letter of this game and player"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=M1K1", "expected two values, player 1's/player 2's"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=M1K1/-/-", "a hand lists a piece letter"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=", "expected two values"},
        {"", "expected"},
        /* last: an empty hand is written '-', and an empty text is no hand */
        {"done=0;ko=b2;passes=0/0;phase=2;hand=M1K1/", "a hand lists a piece letter"},
        {"done=0;ko=b2;passes=0/0;phase=2;hand=/-", "a hand lists a piece letter"},
    };
    tv_state_buf out;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char text[TV_POSITION_MAX];
        snprintf(text, sizeof text, "%s%s", board, bad[i].vars);
        tv_error err = {0};
        memset(&out, 0x5a, sizeof out);
        int rc = tv_position_read(r, text, &out.state, &err);
        ck_assert_msg(rc == TV_EINVAL, "'%s' reads", text);
        ck_assert_msg(strstr(err.msg, "position: ") && strstr(err.msg, bad[i].why), "'%s': '%s', wanted '%s'", text,
                      err.msg, bad[i].why);
        tv_state_buf before;
        tv_state_copy(r, &before.state, g->state);
        ck_assert_int_ne(tv_game_set_position(g, text, &err), TV_OK);
        ck_assert(memcmp(&before.state, g->state, (size_t)r->state_size) == 0);
    }
    /* No variables at all, and a field far too long. */
    tv_error err = {0};
    ck_assert_int_eq(tv_position_read(r, ".../.m./M.. 1 - 2 0,0", &out.state, &err), TV_EINVAL);
    char huge[TV_POSITION_MAX];
    int n = snprintf(huge, sizeof huge, "%s", board);
    while (n < 1200)
        n += snprintf(huge + n, sizeof huge - (size_t)n, "done=0;");
    ck_assert_int_eq(tv_position_read(r, huge, &out.state, &err), TV_EINVAL);
    ck_assert_msg(strstr(err.msg, "too long") || strstr(err.msg, "given twice"), "%s", err.msg);

    /* Good ones: the same state, whatever the order of the fields. */
    static const char *const good[] = {
        "done=0;ko=b2;passes=0/0;phase=2;hand=M1K1/-",
        "hand=K1M1/-;phase=2;passes=0/0;ko=b2;done=0",
        "ko=b2;hand=M1K1/-;done=0;phase=2;passes=0/0",
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        char text[TV_POSITION_MAX], again[TV_POSITION_MAX];
        snprintf(text, sizeof text, "%s%s", board, good[i]);
        ck_assert_msg(tv_position_read(r, text, &out.state, &err) == TV_OK, "'%s': %s", text, err.msg);
        out.state.last = g->state->last;
        ck_assert_msg(memcmp(&out.state, g->state, (size_t)r->state_size) == 0, "'%s' reads to another state", text);
        ck_assert(out.state.hash == tv_state_hash(r, &out.state));
        tv_position_write(r, &out.state, again, sizeof again);
        ck_assert_str_eq(again, pos);
    }
    /* Different variables, different hashes; the same cells. */
    tv_state_buf other;
    ck_assert_int_eq(tv_position_read(r, ".../.m./M.. 1 - 2 0,0 done=0;ko=-;passes=0/0;phase=2;hand=M1K1/-",
                                      &other.state, &err), TV_OK);
    ck_assert(other.state.hash != out.state.hash);
    ck_assert(memcmp(other.state.cells, out.state.cells, (size_t)r->ncells) == 0);
    ck_assert_int_eq(tv_position_read(r, ".../.m./M.. 1 - 2 0,0 done=0;ko=b2;passes=0/0;phase=2;hand=M2K1/-",
                                      &other.state, &err), TV_OK);
    ck_assert(other.state.hash != out.state.hash);
    ck_assert_int_eq(tv_position_read(r, ".../.m./M.. 1 - 2 0,0 done=0;ko=b2;passes=1/0;phase=2;hand=M1K1/-",
                                      &other.state, &err), TV_OK);
    ck_assert(other.state.hash != out.state.hash);
    ck_assert_int_eq(tv_position_read(r, ".../.m./M.. 1 - 2 0,0 done=0;ko=b2;passes=0/1;phase=2;hand=M1K1/-",
                                      &other.state, &err), TV_OK);
    uint64_t h01 = other.state.hash;
    ck_assert_int_eq(tv_position_read(r, ".../.m./M.. 1 - 2 0,0 done=0;ko=b2;passes=1/0;phase=2;hand=M1K1/-",
                                      &other.state, &err), TV_OK);
    ck_assert(other.state.hash != h01); /* a per-player value is the player's */
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* A hand of stones, in a game without kinds: each placement (a plain cell,
 * the default effect) takes one; the hand is 'x' and 'o' in positions. */
static const char *stones_src =
    "local o = options { list = { default = 'own', doc = 'own: while the hand holds one; any: always' } }\n"
    "return game { name = 'Stones', board = grid { width = 4, height = 4 },\n"
    "  hands = { stone = { 3, 2 } },\n"
    "  moves = function(s)\n"
    "    if o.list == 'own' and s:hand(s:to_move(), 'stone') == 0 then return 'pass' end\n"
    "    local t = { s:empties() }\n"
    "    if o.list == 'own' and #t > 0 then t[#t] = s:drop(t[#t]) end\n"
    "    return t\n"
    "  end,\n"
    "  ends = function(s)\n"
    "    if o.list == 'any' then if s:ply() >= 8 then return 0 end return nil end\n"
    "    if s:hand(1, 'stone') + s:hand(2, 'stone') == 0 then return 0 end\n"
    "  end }\n";

START_TEST(hands_of_stones)
{
    tv_ruleset *rs = load_ok("stones.lua", stones_src, NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_game *g = new_game(rs);
    char pos[TV_POSITION_MAX];
    tv_position_write(r, g->state, pos, sizeof pos);
    ck_assert_str_eq(pos, "..../..../..../.... 1 - 0 hand=x3/o2");
    must_play(g, "a1 b1 X@d4");
    tv_position_write(r, g->state, pos, sizeof pos);
    ck_assert_str_eq(pos, "...x/..../..../xo.. 2 - 3 hand=x1/o1");
    must_play(g, "d1 a2");
    ck_assert_int_eq(g->state->status, TV_OVER);
    tv_position_write(r, g->state, pos, sizeof pos);
    ck_assert_msg(strstr(pos, " hand=-/-") != NULL, "%s", pos);
    tv_state_buf back;
    tv_error err = {0};
    ck_assert_msg(tv_position_read(r, pos, &back.state, &err) == TV_OK, "%s: %s", pos, err.msg);
    ck_assert_int_eq(back.state.status, TV_OVER);
    while (g->nply)
        ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    tv_position_write(r, g->state, pos, sizeof pos);
    ck_assert_str_eq(pos, "..../..../..../.... 1 - 0 hand=x3/o2");
    ck_assert_int_eq(tv_position_read(r, "..../..../..../.... 1 - 0 hand=X3/o2", &back.state, &err), TV_EINVAL);
    ck_assert_int_eq(tv_position_read(r, "..../..../..../.... 1 - 0 hand=x3/x2", &back.state, &err), TV_EINVAL);
    tv_game_free(g);
    tv_ruleset_free(rs);

    /* A hook that lists placements whatever the hand: the empty hand refuses. */
    rs = load_ok("stones.lua", stones_src, "list=any");
    r = tv_ruleset_rules(rs);
    g = new_game(rs);
    must_play(g, "a1 b1 c1 d1 a2");
    tv_state_buf before;
    tv_state_copy(r, &before.state, g->state);
    ck_assert_int_eq(tv_game_play_text(g, "b2", &err), TV_EHOOK);
    ck_assert_msg(strstr(err.msg, "moves hook: b2 cannot be played: b2 cannot take a piece: none of that kind is in "
                                  "the mover's hand"), "%s", err.msg);
    ck_assert(memcmp(&before.state, g->state, (size_t)r->state_size) == 0);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

/* ---- the hook's list, kept for its state only -------------------------------------- */

/* Lists that depend on what is not a cell: a variable (play changes only
 * it), the ply, the side, the last move. Two states with the same cells
 * get their own lists, however often each is asked in turn. */
static const char *depends_src =
    "local o = options { on = { default = 'var', choices = { 'var', 'ply', 'side', 'last', 'hand' }, doc = 'what the list reads' } }\n"
    "return game { name = 'Depends', board = grid { width = 3, height = 3 },\n"
    "  vars = { mode = { min = 0, max = 3 } }, hands = { stone = { 3, 3 } },\n"
    "  moves = function(s)\n"
    "    local k\n"
    "    if o.on == 'var' then k = s:var('mode')\n"
    "    elseif o.on == 'ply' then k = s:ply() % 4\n"
    "    elseif o.on == 'side' then k = s:to_move() - 1\n"
    "    elseif o.on == 'hand' then k = 3 - s:hand(1, 'stone')\n"
    "    else k = (s:last() == 'b1' and 1) or (s:last() == 'a1' and 2) or 0 end\n"
    "    if k == 0 then return 1, 2 end\n"
    "    if k == 1 then return 3 end\n"
    "    if k == 2 then return 'a1', 'b1', 'c1', 'a2' end\n"
    "    if k == 3 then return 'pass' end\n"
    "    error('the hook was asked about mode ' .. k)\n"
    "  end,\n"
    "  play = function(s, m)\n"
    "    s:set_var('mode', (s:var('mode') + 1) % 4)\n"
    "    if o.on == 'hand' then s:set_hand(1, 'stone', (s:hand(1, 'stone') + 3) % 4) end\n"
    "  end,\n"
    "  ends = function(s) if s:ply() >= 12 then return 0 end end }\n";

static int listed(const tv_rules *r, const tv_state *s, tv_move *out)
{
    tv_error err = {0};
    int n = tv_legal_moves(r, s, out, 8, &err);
    ck_assert_msg(n >= 0, "%s", err.msg);
    return n;
}

START_TEST(each_state_gets_its_own_list)
{
    static const int sizes[4] = {2, 1, 4, 1};
    const char *on[] = {"var", "ply", "side", "hand"};
    for (size_t k = 0; k < sizeof on / sizeof *on; k++) {
        char opts[16];
        snprintf(opts, sizeof opts, "on=%s", on[k]);
        tv_ruleset *rs = load_ok("depends.lua", depends_src, opts);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_state_buf s0, s1, s2, s3;
        tv_state *states[4] = {&s0.state, &s1.state, &s2.state, &s3.state};
        tv_error err = {0};
        ck_assert_int_eq(tv_state_new(r, 1, states[0], &err), TV_OK);
        for (int i = 1; i < 4; i++) { /* each state one move after the last; the cells never change */
            tv_move m[8];
            ck_assert_int_gt(listed(r, states[i - 1], m), 0);
            tv_state_copy(r, states[i], states[i - 1]);
            ck_assert_msg(tv_play(r, states[i], m[0], NULL, &err) == TV_OK, "%s", err.msg);
            ck_assert(memcmp(states[i]->cells, states[0]->cells, (size_t)r->ncells) == 0);
        }
        int expect[4];
        for (int i = 0; i < 4; i++)
            expect[i] = !strcmp(on[k], "side") ? sizes[i % 2] : sizes[i];
        /* The list is kept for the state it was for: asked again, the hook is
         * not called again; asked about another state, it is. */
        {
            tv_move m[8];
            listed(r, states[1], m);
            unsigned long entries = tv_ruleset_vm_entries(rs);
            listed(r, states[1], m);
            ck_assert_int_eq(tv_check_move(r, states[1], m[0], &err), TV_OK);
            ck_assert_uint_eq(tv_ruleset_vm_entries(rs), entries);
            listed(r, states[2], m);
            ck_assert_uint_eq(tv_ruleset_vm_entries(rs), entries + 1);
        }
        for (int round = 0; round < 20; round++) {
            int i = (round * 3 + round / 4) % 4;
            tv_move m[8];
            int n = listed(r, states[i], m);
            ck_assert_msg(n == expect[i], "on=%s, state %d (asked in round %d): %d moves, wanted %d", on[k], i, round,
                          n, expect[i]);
            if (n == 1 && expect[i] == 1 && i == 3 && strcmp(on[k], "side"))
                ck_assert_int_eq(m[0], TV_MOVE_PASS);
            ck_assert_int_eq(tv_check_move(r, states[i], m[n - 1], &err), TV_OK);
        }
        /* perft: the product of the list sizes, by undo as by copies */
        tv_state_buf b;
        ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
        int64_t want = 1;
        for (int d = 0; d < 6; d++)
            want *= expect[d % 4];
        int64_t got = tv_perft(r, &b.state, 6, &err);
        ck_assert_msg(got == want, "%s: perft 6 = %lld, wanted %lld: %s", opts, (long long)got, (long long)want,
                      got < 0 ? err.msg : "");
        ck_assert_int_eq(perft_copy(r, &b.state, 6, opts), want);
        tv_ruleset_free(rs);
    }
    /* The last move, which no position carries: after b1 and after a1, the
     * same cells, ply, side and variables, and other lists. */
    tv_ruleset *rs = load_ok("depends.lua", depends_src, "on=last");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf a, b;
    tv_error err = {0};
    ck_assert_int_eq(tv_state_new(r, 1, &a.state, &err), TV_OK);
    tv_state_copy(r, &b.state, &a.state);
    ck_assert_int_eq(tv_play(r, &a.state, 1, NULL, &err), TV_OK); /* b1 */
    ck_assert_int_eq(tv_play(r, &b.state, 0, NULL, &err), TV_OK); /* a1 */
    ck_assert(memcmp(a.state.cells, b.state.cells, (size_t)r->ncells) == 0 && a.state.hash == b.state.hash);
    for (int round = 0; round < 6; round++) {
        tv_move m[8];
        ck_assert_int_eq(listed(r, round % 2 ? &a.state : &b.state, m), round % 2 ? 1 : 4);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* A hook that fails in one state and lists in another: asking in turn
 * gives each its own answer, never the other's list. */
START_TEST(a_failing_list_is_not_kept)
{
    tv_ruleset *rs = load_ok("depends.lua", depends_src, "on=var");
    const tv_rules *r = tv_ruleset_rules(rs);
    tv_state_buf good, bad;
    tv_error err = {0};
    /* Two positions read from text, equal but for a variable: a list of
     * two cells, and a pass, each asked in turn... */
    ck_assert_int_eq(tv_position_read(r, ".../.../... 1 - 4 0,0 mode=0;hand=x3/o3", &good.state, &err), TV_OK);
    ck_assert_int_eq(tv_position_read(r, ".../.../... 1 - 4 0,0 mode=3;hand=x3/o3", &bad.state, &err), TV_OK);
    tv_move m[8];
    for (int round = 0; round < 6; round++) {
        ck_assert_int_eq(listed(r, &good.state, m), 2);
        ck_assert_int_eq(listed(r, &bad.state, m), 1);
        ck_assert_int_eq(m[0], TV_MOVE_PASS);
    }
    tv_ruleset_free(rs);
    /* ... and a list, and an error, each asked in turn. */
    const char *src = "return game { name = 'Fails', board = grid { width = 3, height = 3 },\n"
                      "  vars = { mode = { min = 0, max = 1 } },\n"
                      "  moves = function(s) if s:var('mode') == 1 then error('mode 1') end return 1, 2 end,\n"
                      "  ends = function(s) if s:ply() > 3 then return 0 end end }\n";
    rs = load_ok("fails.lua", src, NULL);
    r = tv_ruleset_rules(rs);
    ck_assert_int_eq(tv_position_read(r, ".../.../... 1 - 0 mode=0", &good.state, &err), TV_OK);
    ck_assert_int_eq(tv_position_read(r, ".../.../... 1 - 0 mode=1", &bad.state, &err), TV_OK);
    for (int round = 0; round < 4; round++) {
        ck_assert_int_eq(tv_legal_moves(r, &good.state, m, 8, &err), 2);
        ck_assert_int_eq(tv_legal_moves(r, &bad.state, m, 8, &err), TV_EHOOK);
        ck_assert_msg(strstr(err.msg, "fails.lua:3: mode 1"), "%s", err.msg);
        ck_assert_int_eq(tv_check_move(r, &bad.state, 0, &err), TV_EHOOK);
        ck_assert_int_eq(tv_check_move(r, &good.state, 0, &err), TV_OK);
        /* a caller with less room is refused, kept list or not */
        ck_assert_int_eq(tv_legal_moves(r, &good.state, m, 1, &err), TV_EHOOK);
        ck_assert_int_eq(tv_legal_moves(r, &good.state, m, 2, &err), 2);
    }
    tv_ruleset_free(rs);
}
END_TEST

/* ---- lists at the bound, games, perft ------------------------------------------------ */

/* The numbers are part of the API (rulesets/README.md): a hook may compute
 * them. And a list of whole moves is bounded by max_moves: 678 unless the
 * ruleset declares up to 8192, which a list may then fill, each move once. */
START_TEST(whole_move_numbers_and_long_lists)
{
    const char *src =
        "local o = options { n = { default = 678, min = 1, max = 9000, doc = 'moves listed' },\n"
        "  twice = { default = false, doc = 'the last move again' }, declare = { default = 0, min = 0, max = 9000, doc = 'max_moves' } }\n"
        "local function moves(s)\n"
        "  assert(s:move(3, 600) == (3 - 1) + 1024 * (600 - 1) + 2^20)\n"
        "  assert(s:move(3, 600, 'king') == (3 - 1) + 1024 * (600 - 1) + 2^20 + (2 << 21))\n"
        "  assert(s:drop(5, 'king') == (5 - 1) + (2 << 21))\n"
        "  assert(s:take(1, 2, 3) == 2^30 + 0 + 1024 * 1 + 2^20 * 2)\n"
        "  local t, n = {}, 0\n"
        "  for from = 1, 676 do\n"
        "    for to = 1, 676 do\n"
        "      if n == o.n then break end\n"
        "      if to ~= from then n = n + 1; t[n] = (from - 1) + 1024 * (to - 1) + (1 << 20) end\n"
        "    end\n"
        "  end\n"
        "  if o.twice then t[n] = t[1] end\n"
        "  return t\n"
        "end\n"
        "return game { name = 'Many', board = grid { width = 26, height = 26 }, pieces = { 'man', 'king' },\n"
        "  setup = (function() local r = {} for i = 1, 26 do r[i] = string.rep('M', 26) end return r end)(),\n"
        "  moves = moves, max_moves = o.declare > 0 and o.declare or nil,\n"
        "  play = function(s, m) end, ends = function(s) if s:ply() > 0 then return 0 end end }\n";
    static const struct {
        const char *opts, *why;
        int n;
    } cases[] = {
        {"n=678", NULL, 678},
        {"n=679", "moves hook: more than 678 moves (game { max_moves = N } declares up to 8192)", 0},
        {"n=8192,declare=8192", NULL, 8192},
        {"n=8193,declare=8192", "moves hook: more than 8192 moves", 0},
        {"n=100,declare=99", "moves hook: more than 99 moves", 0},
        {"n=8192,declare=8192,twice=true", "moves hook: a1-b1 is listed twice (moves 1 and 8192)", 0},
        {"n=2,twice=true", "moves hook: a1-b1 is listed twice (moves 1 and 2)", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        tv_ruleset *rs = load_ok("many.lua", src, cases[i].opts);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_state_buf b;
        tv_error err = {0};
        ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
        static tv_move moves[TV_MOVES_LIMIT];
        for (int again = 0; again < 2; again++) { /* listed, then kept */
            int n = tv_legal_moves(r, &b.state, moves, r->max_moves, &err);
            if (cases[i].why) {
                ck_assert_msg(n == TV_EHOOK && strstr(err.msg, cases[i].why), "%s: %d, '%s'", cases[i].opts, n,
                              err.msg);
                continue;
            }
            ck_assert_msg(n == cases[i].n, "%s: %d moves: %s", cases[i].opts, n, err.msg);
            ck_assert_int_eq(moves[0], tv_hmove_step(0, 1, -1));
            ck_assert_int_eq(tv_check_move(r, &b.state, moves[n - 1], &err), TV_OK);
            ck_assert_int_eq(tv_perft(r, &b.state, 1, &err), n);
            tv_rng rng;
            tv_rng_seed(&rng, 2);
            tv_state_buf p;
            tv_state_copy(r, &p.state, &b.state);
            ck_assert_int_eq(tv_random_playout(r, &p.state, &rng, &err), TV_OK);
        }
        tv_ruleset_free(rs);
    }
}
END_TEST

/* Perft taking each move back (tv_perft) counts what perft by copying
 * states counts, every move undone byte for byte; in the games of whole
 * moves and of variables and hands. */
START_TEST(perft_by_undo_is_perft_by_copy)
{
    static const struct {
        const char *name, *opts;
        int depth;
    } games[] = {
        {"konane", "size=4", 8},
        {"konane", "size=6", 4},
        {"brandubh", NULL, 2},
        {"tests/bench/breakthrough_hooks.lua", "width=5,height=5", 4},
        {"tests/games/vars_hands_game.lua", NULL, 3},
        {"tests/games/vars_hands_game.lua", "effect=default", 3},
        {"tests/games/vars_hands_game.lua", "size=4", 3},
    };
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        tv_ruleset *rs = load_variant(games[i].name, games[i].opts);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_state_buf b, before;
        tv_error err = {0};
        char what[128];
        snprintf(what, sizeof what, "%s %s", games[i].name, games[i].opts ? games[i].opts : "");
        /* from the start, and from a position some random plies in */
        for (int from = 0; from < 2; from++) {
            ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
            tv_rng rng;
            tv_rng_seed(&rng, 17 + i);
            for (int ply = 0; from && ply < 9 && b.state.status == TV_ONGOING; ply++) {
                tv_move moves[TV_MOVES_LIMIT];
                int n = tv_legal_moves(r, &b.state, moves, TV_MOVES_LIMIT, &err);
                ck_assert_int_gt(n, 0);
                ck_assert_int_eq(tv_play(r, &b.state, moves[tv_rng_below(&rng, (uint32_t)n)], NULL, &err), TV_OK);
            }
            tv_state_copy(r, &before.state, &b.state);
            int64_t by_undo = tv_perft(r, &b.state, games[i].depth, &err);
            ck_assert_msg(by_undo >= 0, "%s: %s", what, err.msg);
            ck_assert_msg(memcmp(&before.state, &b.state, (size_t)r->state_size) == 0, "%s: perft left another state",
                          what);
            int64_t by_copy = perft_copy(r, &b.state, games[i].depth, what);
            ck_assert_msg(by_undo == by_copy, "%s from %s: perft %lld by undo, %lld by copy", what,
                          from ? "ply 9" : "the start", (long long)by_undo, (long long)by_copy);
        }
        tv_ruleset_free(rs);
    }
}
END_TEST

/* Random games of the vars and hands game: at every ply the position is
 * written and read back (same bytes, same hash as a recount, same moves),
 * every move is undone and replayed, and the game undone to its start. */
START_TEST(variables_and_hands_in_random_games)
{
    const char *opts[] = {NULL, "effect=default", "size=8"};
    for (size_t v = 0; v < sizeof opts / sizeof *opts; v++) {
        tv_ruleset *rs = load_variant("tests/games/vars_hands_game.lua", opts[v]);
        const tv_rules *r = tv_ruleset_rules(rs);
        int ended = 0;
        for (int game = 0; game < 40; game++) {
            tv_error err = {0};
            tv_game *g = tv_game_new(r, (uint64_t)game, &err);
            ck_assert_ptr_nonnull(g);
            tv_state_buf start;
            tv_state_copy(r, &start.state, g->state);
            tv_rng rng;
            tv_rng_seed(&rng, (uint64_t)game * 31 + v);
            while (g->state->status == TV_ONGOING) {
                char pos[TV_POSITION_MAX];
                tv_state_buf back, before;
                tv_position_write(r, g->state, pos, sizeof pos);
                REQUIRE(tv_position_read(r, pos, &back.state, &err) == TV_OK, "'%s': %s", pos, err.msg);
                back.state.last = g->state->last;
                back.state.quiet = g->state->quiet;
                REQUIRE(memcmp(&back.state, g->state, (size_t)r->state_size) == 0, "'%s' reads to another state",
                        pos);
                REQUIRE(back.state.hash == tv_state_hash(r, g->state), "'%s': hash", pos);
                static tv_move moves[TV_MOVES_LIMIT], again[TV_MOVES_LIMIT];
                int n = tv_legal_moves(r, g->state, moves, TV_MOVES_LIMIT, &err);
                int n2 = tv_legal_moves(r, &back.state, again, TV_MOVES_LIMIT, &err);
                REQUIRE(n > 0 && n == n2 && !memcmp(moves, again, (size_t)n * sizeof *moves), "'%s': other moves",
                        pos);
                tv_move m = moves[tv_rng_below(&rng, (uint32_t)n)];
                tv_state_copy(r, &before.state, g->state);
                tv_undo u;
                REQUIRE(tv_play(r, g->state, m, &u, &err) == TV_OK, "'%s': %s", pos, err.msg);
                tv_unplay(r, g->state, &u);
                REQUIRE(memcmp(&before.state, g->state, (size_t)r->state_size) == 0, "'%s': undo", pos);
                REQUIRE(tv_game_play(g, m, &err) == TV_OK, "'%s': %s", pos, err.msg);
            }
            ended += g->state->winner != 0;
            while (g->nply)
                ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
            ck_assert(memcmp(&start.state, g->state, (size_t)r->state_size) == 0);
            tv_game_free(g);
        }
        ck_assert_int_gt(ended, 5);
        tv_ruleset_free(rs);
    }
}
END_TEST

/* A whole move that lands a piece on its far row wins (ends =
 * { "reach_far_row" }), with a play hook too; the position of that win
 * reads back as that win, as the data ruleset's does. */
START_TEST(a_far_row_win_reads_back)
{
    tv_ruleset *hooks = load_variant("tests/bench/breakthrough_hooks.lua", "width=4,height=5");
    tv_ruleset *data = must_load("breakthrough", "width=4,height=5");
    const tv_rules *rh = tv_ruleset_rules(hooks), *rd = tv_ruleset_rules(data);
    int reached = 0;
    for (int game = 0; game < 20; game++) {
        tv_state_buf a, b, back;
        tv_error err = {0};
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)game);
        ck_assert_int_eq(tv_state_new(rh, 1, &a.state, &err), TV_OK);
        ck_assert_int_eq(tv_state_new(rd, 1, &b.state, &err), TV_OK);
        while (a.state.status == TV_ONGOING) {
            tv_move moves[TV_MOVES_LIMIT];
            int n = tv_legal_moves(rh, &a.state, moves, TV_MOVES_LIMIT, &err);
            ck_assert_int_gt(n, 0);
            tv_move m = moves[tv_rng_below(&rng, (uint32_t)n)];
            int from = tv_hmove_from(m), to = tv_hmove_to(m);
            tv_move md = tv_pmove_simple(from, to, b.state.cells[to] != TV_EMPTY);
            ck_assert_int_eq(tv_play(rh, &a.state, m, NULL, &err), TV_OK);
            ck_assert_msg(tv_play(rd, &b.state, md, NULL, &err) == TV_OK, "%s", err.msg);
            ck_assert(memcmp(a.state.cells, b.state.cells, (size_t)rd->ncells) == 0);
        }
        ck_assert_int_eq(b.state.status, TV_OVER);
        ck_assert_int_eq(a.state.winner, b.state.winner);
        reached += b.state.owned[0] && b.state.owned[1];
        char pos[TV_POSITION_MAX], posd[TV_POSITION_MAX];
        tv_position_write(rh, &a.state, pos, sizeof pos);
        tv_position_write(rd, &b.state, posd, sizeof posd);
        ck_assert(strncmp(pos, posd, strcspn(posd, " ")) == 0); /* the same board (the hooks' carries scores) */
        ck_assert_int_eq(tv_position_read(rd, posd, &back.state, &err), TV_OK);
        ck_assert_msg(back.state.status == TV_OVER && back.state.winner == b.state.winner,
                      "breakthrough: '%s' reads back as status %d, winner %d", posd, back.state.status,
                      back.state.winner);
        ck_assert_int_eq(tv_position_read(rh, pos, &back.state, &err), TV_OK);
        ck_assert_msg(back.state.status == TV_OVER && back.state.winner == a.state.winner,
                      "breakthrough_hooks: '%s' (won by player %d) reads back as status %d, winner %d", pos,
                      a.state.winner, back.state.status, back.state.winner);
    }
    ck_assert_int_gt(reached, 0);
    tv_ruleset_free(hooks);
    tv_ruleset_free(data);
}
END_TEST

/* Variables in a mancala game (integers and flags: a cell variable and
 * hands need a grid): written by a play hook over sowing, in the position
 * string after the mancala fields, read back at every ply, undone. */
START_TEST(variables_of_a_mancala_game)
{
    const char *src = "return game { name = 'MV', board = mancala { holes = 4, seeds = 3 },\n"
                      "  vars = { sown = { min = 0, max = 1000 }, odd = { flag = true, per_player = true },\n"
                      "           last = { min = -1, max = 7, start = -1 } },\n"
                      "  sow = sow { direction = 'ccw' },\n"
                      "  moves = function(s) return s:empties() end, no_move = 'pass',\n"
                      "  play = function(s, m)\n"
                      "    local me = s:to_move()\n"
                      "    s:set_var('odd', me, not s:var('odd', me))\n"
                      "    if m == 'pass' then s:set_var('last', -1) return end\n"
                      "    s:set_var('sown', s:var('sown') + 1) s:set_var('last', m - 1)\n"
                      "    return s:sow(m)\n"
                      "  end, ends = 'board_empty', winner = 'most_captured' }\n";
    tv_ruleset *rs = load_ok("mv.lua", src, NULL);
    const tv_rules *r = tv_ruleset_rules(rs);
    ck_assert_int_gt(r->vars.size, 0);
    int plies = 0;
    for (int game = 0; game < 30; game++) {
        tv_error err = {0};
        tv_state_buf b, back, before;
        tv_rng rng;
        tv_rng_seed(&rng, (uint64_t)game);
        ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
        while (b.state.status == TV_ONGOING && b.state.ply < 300) {
            char pos[TV_POSITION_MAX];
            tv_position_write(r, &b.state, pos, sizeof pos);
            REQUIRE(strstr(pos, " last=") && strstr(pos, ";odd="), "'%s': no variables", pos);
            REQUIRE(tv_position_read(r, pos, &back.state, &err) == TV_OK, "'%s': %s", pos, err.msg);
            back.state.last = b.state.last;
            back.state.quiet = b.state.quiet; /* written only where a rule reads it */
            REQUIRE(memcmp(&back.state, &b.state, (size_t)r->state_size) == 0, "'%s' reads to another state", pos);
            tv_move moves[TV_MOVES_LIMIT];
            int n = tv_legal_moves(r, &b.state, moves, TV_MOVES_LIMIT, &err);
            REQUIRE(n > 0, "'%s': %s", pos, err.msg);
            tv_undo u;
            tv_state_copy(r, &before.state, &b.state);
            REQUIRE(tv_play(r, &b.state, moves[tv_rng_below(&rng, (uint32_t)n)], &u, &err) == TV_OK, "%s", err.msg);
            REQUIRE(b.state.hash == tv_state_hash(r, &b.state), "'%s': hash", pos);
            tv_state_buf after;
            tv_state_copy(r, &after.state, &b.state);
            tv_unplay(r, &b.state, &u);
            REQUIRE(memcmp(&before.state, &b.state, (size_t)r->state_size) == 0, "'%s': undo", pos);
            tv_state_copy(r, &b.state, &after.state);
            plies++;
        }
    }
    ck_assert_int_gt(plies, 100);
    tv_state_buf b;
    tv_error err = {0};
    ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
    char pos[TV_POSITION_MAX], bad[TV_POSITION_MAX];
    tv_position_write(r, &b.state, pos, sizeof pos);
    ck_assert_msg(strstr(pos, " last=-1;odd=0/0;sown=0"), "%s", pos);
    snprintf(bad, sizeof bad, "%.*s last=-1;odd=0/0;sown=1001", (int)(strstr(pos, " last=") - pos), pos);
    ck_assert_int_eq(tv_position_read(r, bad, &b.state, &err), TV_EINVAL);
    ck_assert_msg(strstr(err.msg, "'sown': a value out of its range"), "%s", err.msg);
    snprintf(bad, sizeof bad, "%.*s", (int)(strstr(pos, " last=") - pos), pos);
    ck_assert_int_eq(tv_position_read(r, bad, &b.state, &err), TV_EINVAL);
    tv_ruleset_free(rs);
}
END_TEST

/* A repetition is a repeated position, variables and hands included: two
 * pieces stepping to and fro repeat the cells every 4 plies; a counter
 * modulo k repeats the position every lcm(4, k) plies only. */
START_TEST(a_repetition_sees_the_variables)
{
    const char *src = "local o = options { k = { default = 1, min = 1, max = 1000, doc = 'the counter modulo' } }\n"
                      "return game { name = 'Rep', board = grid { width = 3, height = 3 }, pieces = { 'man' },\n"
                      "  setup = { '..m', '...', 'M..' },\n"
                      "  vars = { count = { min = 0, max = 999 } },\n"
                      "  moves = function(s)\n"
                      "    local a = s:to_move() == 1 and { 'a1', 'b1' } or { 'c3', 'b3' }\n"
                      "    if s:get(a[1]) ~= 0 then return s:move(a[1], a[2]) end\n"
                      "    return s:move(a[2], a[1])\n"
                      "  end,\n"
                      "  play = function(s, m) s:apply(m) s:set_var('count', (s:var('count') + 1) % o.k) end,\n"
                      "  repetition = 'ends', max_plies = 100,\n"
                      "  ends = function(s) end }\n";
    static const struct {
        const char *opts;
        int ends_at;
    } cases[] = {{"k=1", 4}, {"k=2", 4}, {"k=4", 4}, {"k=8", 8}, {"k=3", 12}, {"k=999", 100}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        tv_ruleset *rs = load_ok("rep.lua", src, cases[i].opts);
        tv_game *g = new_game(rs);
        tv_error err = {0};
        while (g->state->status == TV_ONGOING) {
            tv_move m = the_listed_move(g);
            ck_assert_msg(tv_game_play(g, m, &err) == TV_OK, "%s: %s", cases[i].opts, err.msg);
        }
        ck_assert_msg(g->state->ply == cases[i].ends_at, "%s: over at ply %d, wanted %d", cases[i].opts,
                      g->state->ply, cases[i].ends_at);
        tv_game_free(g);
        tv_ruleset_free(rs);
    }
}
END_TEST

/* Threads sharing one ruleset of whole moves (one VM, one kept list) take
 * turns on it, a playout at a time: each gets the games it gets alone. */
typedef struct playout_worker {
    const tv_rules *r;
    int first, count;
    uint64_t hash[32];
    int failed;
} playout_worker;

static void *run_playouts(void *arg)
{
    playout_worker *w = arg;
    for (int i = 0; i < w->count; i++) {
        tv_state_buf b;
        tv_rng rng;
        tv_error err;
        tv_rng_seed(&rng, (uint64_t)(w->first + i));
        if (tv_state_new(w->r, (uint64_t)(w->first + i), &b.state, &err) ||
            tv_random_playout(w->r, &b.state, &rng, &err))
            w->failed = 1;
        w->hash[i] = b.state.hash ^ (uint64_t)b.state.ply << 48 ^ (uint64_t)b.state.winner << 40;
    }
    return NULL;
}

START_TEST(threads_share_a_whole_move_ruleset)
{
    const char *games[][2] = {{"konane", "size=6"}, {"tests/games/vars_hands_game.lua", NULL}};
    for (size_t g = 0; g < 2; g++) {
        tv_ruleset *rs = load_variant(games[g][0], games[g][1]);
        const tv_rules *r = tv_ruleset_rules(rs);
        playout_worker alone = {r, 0, 32, {0}, 0}, w[4];
        run_playouts(&alone);
        ck_assert(!alone.failed);
        pthread_t th[4];
        for (int i = 0; i < 4; i++) {
            w[i] = (playout_worker){r, 8 * i, 8, {0}, 0};
            ck_assert_int_eq(pthread_create(&th[i], NULL, run_playouts, &w[i]), 0);
        }
        for (int i = 0; i < 4; i++) {
            pthread_join(th[i], NULL);
            ck_assert(!w[i].failed);
            for (int k = 0; k < 8; k++)
                ck_assert_msg(w[i].hash[k] == alone.hash[8 * i + k], "%s: game %d differs in a thread", games[g][0],
                              8 * i + k);
        }
        tv_ruleset_free(rs);
    }
}
END_TEST

/* The solver tells positions apart by their variables: a race kept in a
 * variable alone (the cells never change) from c = start, each move adding
 * 1 or 2, whoever reaches t exactly wins; the player to move loses when
 * (t - c) % 3 == 0. Every position a reachable (c, side), none a cycle. */
static const char *race_src =
    "local o = options { t = { default = 11, min = 2, max = 150, doc = 'the target' },\n"
    "  start = { default = 1, min = 0, max = 2, doc = 'the start' } }\n"
    "return game { name = 'Race', board = grid { width = 2, height = 1 },\n"
    "  vars = { c = { min = 0, max = 200, start = o.start } },\n"
    "  moves = function(s) return 'a1', 'b1' end,\n"
    "  play = function(s, m) s:set_var('c', s:var('c') + m) end,\n"
    "  ends = function(s)\n"
    "    local c = s:var('c')\n"
    "    if c == o.t then return 3 - s:to_move() end\n"
    "    if c > o.t then return s:to_move() end\n"
    "  end }\n";

START_TEST(the_solver_tells_variables_apart)
{
    for (int t = 5; t <= 60; t += 1)
        for (int start = 0; start <= 2; start++) {
            char opts[32];
            snprintf(opts, sizeof opts, "t=%d,start=%d", t, start);
            tv_ruleset *rs = load_ok("race.lua", race_src, opts);
            const tv_rules *r = tv_ruleset_rules(rs);
            tv_state_buf b;
            tv_error err = {0};
            ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
            tv_solution *sol = tv_solve(r, &b.state, 100000, NULL, NULL, &err);
            ck_assert_msg(sol != NULL, "%s: %s", opts, err.msg);
            int64_t value;
            ck_assert_int_eq(tv_solution_value(sol, &b.state, &value), TV_OK);
            int wins = (t - start) % 3 != 0;
            /* positions: c = start (player 1), start + 1 (player 2), then both sides up to t - 1;
             * more if the ply is told apart too (a hook may read it) */
            uint64_t want = t - start >= 2 ? 2 + 2 * (uint64_t)(t - 1 - (start + 1)) : 1;
            ck_assert_msg((wins ? value > 0 : value < 0) && tv_solution_positions(sol) >= want &&
                              tv_solution_cycles(sol) == 0,
                          "%s: value %lld (player 1 %s), %llu positions (wanted %llu), %llu cycles", opts,
                          (long long)value, wins ? "wins" : "loses", (unsigned long long)tv_solution_positions(sol),
                          (unsigned long long)want, (unsigned long long)tv_solution_cycles(sol));
            tv_solution_free(sol);
            tv_ruleset_free(rs);
        }
}
END_TEST

/* A moves hook may give whole moves as small tables: the same moves as the
 * view's numbers (every shape, in the same order, so the same perft), and
 * a table that names no move is refused with the others' message. */
static const char *hook_tables_src =
    "local o = options { form = { default = 'numbers', doc = 'numbers, tables or a bad case' } }\n"
    "local F = o.form\n"
    "local BAD = { a = { from = 0, to = 1 }, b = { from = 1, to = 2, promote = 'zz' },\n"
    "  c = { from = 1, path = { 3, 5, 7, 9, 11, 13, 15 } }, d = { move = 12345678 }, e = { to = 3 },\n"
    "  f = { from = 1, to = 2, path = { 3 } }, g = { from = 1, path = 'c1' } }\n"
    "return game { name = 'T', board = grid { width = 5, height = 5 }, pieces = { 'man', 'king' },\n"
    "  setup = { '.....', '.....', '..m..', '.m...', 'M....' },\n"
    "  moves = function(s)\n"
    "    if BAD[F] then return BAD[F] end\n"
    "    local t, tab = {}, F == 'tables'\n"
    "    for _, a in ipairs({ s:pieces(s:to_move()) }) do\n"
    "      for b = 1, s:size() do\n"
    "        if s:get(b) == 0 then\n"
    "          t[#t + 1] = tab and { from = a, to = b } or s:move(a, b)\n"
    "          t[#t + 1] = tab and { from = a, to = b, promote = 'king' } or s:move(a, b, 'king')\n"
    "          if s:owner(7) ~= 0 and a ~= 7 and b ~= 7 then t[#t + 1] = tab and { from = a, to = b, removed = 7 } or s:take(a, b, 7) end\n"
    "        end\n"
    "      end\n"
    "    end\n"
    "    if s:get(13) == 0 and s:owner(7) == 3 - s:to_move() and s:get(1) ~= 0 and s:owner(1) == s:to_move() then\n"
    "      t[#t + 1] = tab and { from = 1, path = { 13 } } or s:chain(1, 13)\n"
    "    end\n"
    "    if s:get(25) == 0 then t[#t + 1] = tab and { from = 25, kind = 'king' } or s:drop(25, 'king') end\n"
    "    if s:get(24) == 0 and s:owner(7) ~= 0 then t[#t + 1] = tab and { from = 24, removed = 7 } or s:take(24, 24, 7) end\n"
    "    return t\n"
    "  end,\n"
    "  max_plies = 6, ends = { 'no_move' } }\n";

START_TEST(hook_moves_as_tables)
{
    tv_error err = {0};
    int64_t counts[2][4];
    for (int form = 0; form < 2; form++) {
        tv_ruleset *rs = load_ok("tables.lua", hook_tables_src, form ? "form=tables" : "form=numbers");
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_state_buf b;
        ck_assert_int_eq(tv_state_new(r, 1, &b.state, &err), TV_OK);
        for (int d = 1; d <= 3; d++)
            counts[form][d] = tv_perft(r, &b.state, d, &err);
        tv_ruleset_free(rs);
    }
    for (int d = 1; d <= 3; d++) {
        ck_assert_msg(counts[0][d] > 0 && counts[0][d] == counts[1][d], "perft %d: numbers %lld, tables %lld", d,
                      (long long)counts[0][d], (long long)counts[1][d]);
    }
    static const char *const bad[] = {"a", "b", "c", "d", "e", "f", "g"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char opts[32];
        snprintf(opts, sizeof opts, "form=%s", bad[i]);
        tv_ruleset *rs = load_ok("tables.lua", hook_tables_src, opts);
        const tv_rules *r = tv_ruleset_rules(rs);
        tv_state_buf b;
        tv_move moves[TV_MOVES_LIMIT];
        int n = tv_state_new(r, 1, &b.state, &err); /* the start asks the list (a player without moves loses) */
        if (n == TV_OK)
            n = tv_legal_moves(r, &b.state, moves, TV_MOVES_LIMIT, &err);
        ck_assert_msg(n == TV_EHOOK && strstr(err.msg, "move 1 (table) is not a move of this board"),
                      "form %s: %d, '%s'", bad[i], n, err.msg);
        tv_ruleset_free(rs);
    }
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"text and ids", every_shape_round_trips_on_7x7, 300, 0},
        {"text and ids", every_shape_round_trips_on_26x26, 300, 0},
        {"text and ids", encode_agrees_with_decode, 300, 0},
        {"text and ids", any_number_decodes_or_is_refused, 300, 0},
        {"text and ids", malformed_text_is_refused, 300, 0},
        {"text and ids", legal_actions_of_whole_moves, 300, 0},
        {"effect", default_effect_refuses_what_is_not_there, 120, 0},
        {"effect", default_effect_plays_and_undoes, 120, 0},
        {"effect", hook_moves_that_are_no_moves_are_refused, 120, 0},
        {"effect", hook_moves_as_tables, 120, 0},
        {"effect", view_methods_refuse_misuse, 120, 0},
        {"effect", a_play_hook_gets_whole_moves_as_tables, 120, 0},
        {"effect", a_refused_move_is_named_in_full, 120, 0},
        {"undo", moves_that_change_the_whole_largest_board_undo, 300, 0},
        {"undo", chains_as_long_as_the_layout_holds, 300, 0},
        {"variables", a_play_hook_writes_variables_in_range_only, 300, 0},
        {"variables", variable_declarations_are_checked, 300, 0},
        {"variables", positions_with_variables_read_back_checked, 300, 0},
        {"variables", hands_of_stones, 300, 0},
        {"variables", variables_and_hands_in_random_games, 300, 0},
        {"variables", a_far_row_win_reads_back, 300, 0},
        {"variables", variables_of_a_mancala_game, 300, 0},
        {"variables", a_repetition_sees_the_variables, 300, 0},
        {"lists", each_state_gets_its_own_list, 300, 0},
        {"lists", a_failing_list_is_not_kept, 300, 0},
        {"lists", whole_move_numbers_and_long_lists, 300, 0},
        {"lists", perft_by_undo_is_perft_by_copy, 300, 0},
        {"lists", threads_share_a_whole_move_ruleset, 300, 0},
        {"lists", the_solver_tells_variables_apart, 300, 0},
    };
    return tv_check_run("whole moves", tests, TV_CHECK_COUNT(tests));
}
