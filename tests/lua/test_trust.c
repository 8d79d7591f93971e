/* What C takes from Lua is read and checked once, by one bounded reader per
 * type, when it is compiled into the C description: tables grown, changed
 * or forged after their constructor, metamethods, huge integers, floats,
 * NaN and strings where numbers go all end in an exact message with the
 * ruleset's file:line. The numbers hooks hand back are range-checked where
 * they enter, never wrapped; the host goes on and the VM takes the next
 * call. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_play.h"
#include "tv_ruleset_impl.h"

#define GRID3 "board = grid { width = 3, height = 3 }, moves = place {}"

static char msg[512];

/* Loads source as trust.lua; returns the ruleset or NULL with msg set. */
static tv_ruleset *load(const char *source)
{
    tv_error err = {0};
    tv_ruleset *rs = load_source("trust.lua", source, NULL, &err); /* no clock: see test_util.h */
    snprintf(msg, sizeof msg, "%s", rs ? "" : err.msg);
    return rs;
}

static void refused(const char *source, const char *want)
{
    tv_ruleset *rs = load(source);
    ck_assert_msg(rs == NULL, "loaded, expected \"%s\"", want);
    ck_assert_msg(strcmp(msg, want) == 0, "got \"%s\", wanted \"%s\"", msg, want);
}

static void loads(const char *source)
{
    tv_ruleset *rs = load(source);
    ck_assert_msg(rs != NULL, "%s", msg);
    tv_ruleset_free(rs);
}

START_TEST(tables_changed_after_their_constructor)
{
    static const struct { const char *src, *want; } cases[] = {
        {"local r = runs { points = {0, 0, 3} }\nfor i = 4, 200 do r.points[i] = 1 end\n"
         "return game { name = 'T', " GRID3 ", score = r, ends = 'board_full' }",
         "trust.lua:3: game.score: runs.points: expected 1..26 entries, got 200"},
        {"local r = runs { points = {0, 0, 3} }\nr.points = 'many'\n"
         "return game { name = 'T', " GRID3 ", score = r, ends = 'board_full' }",
         "trust.lua:3: game.score: runs.points: expected a table of points by run length, as {0, 0, 3, 10}"},
        {"local r = runs { points = {0, 0, 3} }\nr.points[3] = 0/0\n"
         "return game { name = 'T', " GRID3 ", score = r, ends = 'board_full' }",
         NULL /* the text of NaN differs between C libraries: checked below by prefix */},
        {"local r = runs { points = {0, 0, 3} }\nr.directions = 'q'\n"
         "return game { name = 'T', " GRID3 ", score = r, ends = 'board_full' }",
         "trust.lua:3: game.score: runs.directions: 'q' is not made of h, v and d, nor one of sideways, orthogonal, diagonal, all"},
        {"local l = line { length = 3 }\nl.directions = {}\n"
         "return game { name = 'T', " GRID3 ", goal = l }",
         "trust.lua:3: game.goal: line.directions: expected a string, got table"},
        {"local l = line { length = 3 }\nl.length = 1 << 40\n"
         "return game { name = 'T', " GRID3 ", goal = l }",
         "trust.lua:3: game.goal: line.length: expected an integer 2..26, got 1099511627776"},
        {"local l = line { length = 3 }\nl.exact = 'yes'\n"
         "return game { name = 'T', " GRID3 ", goal = l }",
         "trust.lua:3: game.goal: line.exact: expected true or false, got string"},
        {"local g = grid { width = 3, height = 3 }\ng.width = 3.5\n"
         "return game { name = 'T', board = g, moves = place {}, ends = 'board_full' }",
         "trust.lua:3: game.board: grid.width: expected an integer 1..26, got 3.5"},
        {"local g = grid { width = 3, height = 3 }\ng.width = '3'\n"
         "return game { name = 'T', board = g, moves = place {}, ends = 'board_full' }",
         "trust.lua:3: game.board: grid.width: expected an integer 1..26, got '3'"},
        {"local g = grid { width = 3, height = 3 }\ng.height = -math.huge\n"
         "return game { name = 'T', board = g, moves = place {}, ends = 'board_full' }",
         "trust.lua:3: game.board: grid.height: expected an integer 1..26, got -inf"},
        {"local p = place {}\np.swap_after = 1e300\n"
         "return game { name = 'T', board = grid { width = 3, height = 3 }, moves = p, ends = 'board_full' }",
         "trust.lua:3: game.moves: place.swap_after: expected an integer 0..676, got 1e+300"},
        {"local p = drop {}\np.extra = 1\n"
         "return game { name = 'T', board = grid { width = 3, height = 3 }, moves = p, ends = 'board_full' }",
         "trust.lua:3: game.moves: drop: unknown field 'extra' (fields: swap_after, stones)"},
        {"local m = mancala { holes = 6, seeds = 4 }\nm.seeds = 256\n"
         "return game { name = 'T', board = m, moves = sow {}, ends = 'no_move' }",
         "trust.lua:3: game.board: mancala.seeds: expected an integer 0..255, got 256"},
        {"local s = sow { capture = { counts = {2, 3} } }\ns.capture.counts[1] = 200\n"
         "return game { name = 'T', board = mancala { holes = 6, seeds = 4 }, moves = s, ends = 'no_move' }",
         "trust.lua:3: game.moves: sow.capture.counts[1]: expected an integer 1..31"},
        {"local s = sow {}\ns.capture = 7\n"
         "return game { name = 'T', board = mancala { holes = 6, seeds = 4 }, moves = s, ends = 'no_move' }",
         "trust.lua:3: game.moves: sow.capture: expected a table, as { counts = {2, 3}, side = \"opponent\" }"},
        {"local s = sow {}\ns.direction = 'up'\n"
         "return game { name = 'T', board = mancala { holes = 6, seeds = 4 }, sow = s, moves = function() end, "
         "ends = 'no_move' }",
         "trust.lua:3: game.sow: sow.direction: 'up' is not ccw or cw"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (cases[i].want) {
            refused(cases[i].src, cases[i].want);
        } else {
            ck_assert_ptr_null(load(cases[i].src));
            ck_assert_msg(strstr(msg, "trust.lua:3: game.score: runs.points[3]: expected an integer "
                                      "-10000000..10000000, got ") == msg && strstr(msg, "nan"), "%s", msg);
        }
    }
}
END_TEST

START_TEST(forged_kind_tags)
{
    static const struct { const char *src, *want; } cases[] = {
        {"return game { name = 'T', board = { kind = 'grid', width = 1e9, height = 3 }, moves = place {}, "
         "ends = 'board_full' }",
         "trust.lua:1: game.board: grid.width: expected an integer 1..26, got 1000000000.0"},
        {"return game { name = 'T', board = { kind = 'grid', width = 3 }, moves = place {}, ends = 'board_full' }",
         "trust.lua:1: game.board: grid.height: required field is missing"},
        {"return game { name = 'T', board = { kind = 'mancala', holes = 100 }, moves = sow {}, ends = 'no_move' }",
         "trust.lua:1: game.board: mancala.holes: expected an integer 1..16, got 100"},
        {"return game { name = 'T', board = { kind = 'grid', width = 3, height = 3 }, "
         "moves = { kind = 'place', swap_after = -5 }, ends = 'board_full' }",
         "trust.lua:1: game.moves: place.swap_after: expected an integer 0..676, got -5"},
        {"return game { name = 'T', " GRID3 ", goal = { kind = 'line', length = 3, directions = 7 } }",
         "trust.lua:1: game.goal: line.directions: expected a string, got number"},
        {"return game { name = 'T', " GRID3 ", goal = { kind = 'line' } }",
         "trust.lua:1: game.goal: line.length: required field is missing"},
        {"return game { name = 'T', " GRID3 ", score = { kind = 'runs' }, ends = 'board_full' }",
         "trust.lua:1: game.score: runs.points: expected a table of points by run length, as {0, 0, 3, 10}"},
        {"return game { name = 'T', " GRID3 ", score = { kind = 'runs', points = {0, 0, 'x'} }, ends = 'board_full' }",
         "trust.lua:1: game.score: runs.points[3]: expected an integer -10000000..10000000, got 'x'"},
        {"return game { name = 'T', board = mancala { holes = 6, seeds = 4 }, "
         "moves = { kind = 'sow', capture = { counts = {200} } }, ends = 'no_move' }",
         "trust.lua:1: game.moves: sow.capture.counts[1]: expected an integer 1..31"},
        {"return game { name = 'T', board = mancala { holes = 6, seeds = 4 }, "
         "moves = { kind = 'sow', capture = { counts = {0} } }, ends = 'no_move' }",
         "trust.lua:1: game.moves: sow.capture.counts[1]: expected an integer 1..31"},
        {"return game { name = 'T', board = mancala { holes = 6, seeds = 4 }, "
         "moves = { kind = 'sow', relay = 1 }, ends = 'no_move' }",
         "trust.lua:1: game.moves: sow.relay: expected true or false, got number"},
        {"return game { name = 'T', board = { kind = {} }, moves = place {}, ends = 'board_full' }",
         "trust.lua:1: game.board: expected grid { ... }, hex { ... }, graph { ... } or mancala { ... }, got table"},
        {"return game { name = 'T', board = { kind = 'game' }, moves = place {}, ends = 'board_full' }",
         "trust.lua:1: game.board: expected grid { ... }, hex { ... }, graph { ... } or mancala { ... }, got game"},
        {"return game { name = 'T', board = { kind = 'hex' }, moves = place {}, ends = 'board_full' }",
         "trust.lua:1: game.board: hex.width: required field is missing"},
        {"return game { name = 'T', board = hex { size = 3 }, moves = place {}, goal = { kind = 'connect' } }",
         "trust.lua:1: game.goal: connect.sides: expected the sides each colour joins, as {\"rows\", \"columns\"}"},
        {"return game { name = 'T', board = hex { size = 3 }, moves = place {}, "
         "goal = { kind = 'connect', sides = { 'rows', 7 } } }",
         "trust.lua:1: game.goal: connect.sides[2]: 7 is not rows (the first and last rows), columns (the first and "
         "last columns) or y (row 1, column a and the short diagonal)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        refused(cases[i].src, cases[i].want);
}
END_TEST

START_TEST(metamethods_do_not_run)
{
    /* __len of 2^62 and a looping __index on the points: the raw list is read. */
    loads("local p = setmetatable({0, 0, 3}, { __len = function() return 1 << 62 end,\n"
          "  __index = function() while true do end end })\n"
          "return game { name = 'T', " GRID3 ", score = runs { points = p }, ends = 'board_full' }");
    /* Fields only an __index gives are missing. */
    refused("local g = setmetatable({}, { __index = function() return 3 end })\n"
            "return game { name = 'T', board = grid(g), moves = place {}, ends = 'board_full' }",
            "trust.lua:2: grid.width: required field is missing");
    refused("local g = setmetatable({ kind = 'grid' }, { __index = function() return 3 end })\n"
            "return game { name = 'T', board = g, moves = place {}, ends = 'board_full' }",
            "trust.lua:2: game.board: grid.width: required field is missing");
    /* A __len on a list of ends, players or cells is not believed. */
    refused("local e = setmetatable({}, { __len = function() return 1 << 62 end, __index = function() return 'board_full' end })\n"
            "return game { name = 'T', " GRID3 ", ends = e }",
            "trust.lua:2: game: no rule ends the game");
    refused("local p = setmetatable({}, { __len = function() return 2 end, __index = function() return 'X' end })\n"
            "return game { name = 'T', players = p, " GRID3 ", ends = 'board_full' }",
            "trust.lua:2: game.players: expected two names, as {\"White\", \"Black\"}");
    /* A value whose __tostring loops is described by its type. */
    refused("local t = setmetatable({}, { __tostring = function() while true do end end })\n"
            "return game { name = 'T', board = { kind = 'grid', width = t, height = 3 }, moves = place {}, "
            "ends = 'board_full' }",
            "trust.lua:2: game.board: grid.width: expected an integer 1..26, got table");
    refused("local t = setmetatable({}, { __tostring = function() while true do end end })\n"
            "return game { name = 'T', " GRID3 ", ends = 'board_full', blocks = { cells = { t } } }",
            "trust.lua:2: game.blocks.cells: table is not a cell of this 3x3 board");
    ck_assert_ptr_null(load("local t = setmetatable({}, { __tostring = function() while true do end end })\n"
                            "return game { name = 'T', [t] = 1, " GRID3 ", ends = 'board_full' }"));
    ck_assert_msg(strncmp(msg, "trust.lua:2: game: unknown field 'table' (fields: name, ", 55) == 0, "%s", msg);
}
END_TEST

START_TEST(lists_are_bounded_before_the_loop)
{
    refused("local c = {} for i = 1, 1000 do c[i] = 'a1' end\n"
            "return game { name = 'T', " GRID3 ", ends = 'board_full', blocks = { cells = c } }",
            "trust.lua:2: game.blocks.cells: expected 0..9 entries, got 1000");
    refused("local e = {} for i = 1, 100 do e[i] = 'board_full' end\n"
            "return game { name = 'T', " GRID3 ", ends = e }",
            "trust.lua:2: game.ends: expected 0..8 entries, got 100");
    refused("return game { name = 'T', " GRID3 ", ends = { { 'board_full' } } }",
            "trust.lua:1: game.ends[1]: lists do not nest");
    refused("return game { name = 'T', " GRID3 ", ends = 'board_full', blocks = { random = { 5, 1e9 } } }",
            "trust.lua:1: game.blocks.random: expected two integers {min, max}, 0 <= min <= max <= 676");
    refused("return game { name = 'T', " GRID3 ", ends = 'board_full', blocks = { random = { 1, 3 }, odd = 1 } }",
            "trust.lua:1: game.blocks.odd: expected true or false, got number");
    refused("local s = sow { capture = { counts = {2} } }\nfor i = 1, 40 do s.capture.counts[i] = 2 end\n"
            "return game { name = 'T', board = mancala { holes = 6, seeds = 4 }, moves = s, ends = 'no_move' }",
            "trust.lua:3: game.moves: sow.capture.counts: expected 0..31 entries, got 40");
    refused("return game { name = 'T', players = { 'a', ('x'):rep(100) }, " GRID3 ", ends = 'board_full' }",
            "trust.lua:1: game.players[2]: expected a name of 1..63 characters");
    refused("return game { name = 'T\\0x', " GRID3 ", ends = 'board_full' }",
            "trust.lua:1: game.name: a string with a NUL character");
    /* Points that could overflow a full board's score. */
    refused("return game { name = 'T', board = grid { width = 5, height = 5 }, moves = place {},\n"
            "  score = runs { points = { 10000000, 0, 0, 0, 0 } }, ends = 'board_full' }",
            "trust.lua:1: game.score: runs.points: a full board could score more than 400000000");
}
END_TEST

START_TEST(load_cannot_choose_its_chunk_name)
{
    refused("local f = load(\"error('spoofed')\", '@rulesets/pahtum.lua')\nf()\n", "trust.lua: (load):1: spoofed");
    refused("local f = load(\"local x = \", '=rulesets/pahtum.lua')\nerror(select(2, load('local x = ', '@p.lua')), 0)\n",
            "trust.lua: (load):1: unexpected symbol near <eof>");
}
END_TEST

/* ---- the numbers hooks hand back ---------------------------------------- */

static int lock_is_free(tv_ruleset *rs)
{
    if (pthread_mutex_trylock(&rs->vm.lock) != 0)
        return 0;
    pthread_mutex_unlock(&rs->vm.lock);
    return 1;
}

/* A play or score hook fails at the first move with want; the game is
 * unchanged, the lock free, and the next call runs (ok_moves plays). */
static void hook_refused(const char *source, const char *first, const char *want)
{
    tv_ruleset *rs = load(source);
    ck_assert_msg(rs != NULL, "%s", msg);
    tv_error err = {0};
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    if (!g) { /* a score hook runs for the first position already */
        for (int again = 0; again < 2; again++) {
            ck_assert_msg(strcmp(err.msg, want) == 0, "got \"%s\", wanted \"%s\"", err.msg, want);
            ck_assert(lock_is_free(rs));
            ck_assert_ptr_null(tv_game_new(tv_ruleset_rules(rs), 2, &err));
        }
        tv_ruleset_free(rs);
        return;
    }
    char before[256], after[256];
    tv_position_write(g->rules, g->state, before, sizeof before);
    ck_assert_int_lt(play_moves(g, first, &err), 0);
    ck_assert_msg(strcmp(err.msg, want) == 0, "got \"%s\", wanted \"%s\"", err.msg, want);
    tv_position_write(g->rules, g->state, after, sizeof after);
    ck_assert_str_eq(before, after);
    ck_assert(lock_is_free(rs));
    /* The VM takes the next call: a random playout (a batch) fails the same way. */
    tv_rng rng;
    tv_rng_seed(&rng, 3);
    ck_assert_int_lt(tv_random_playout(g->rules, g->state, &rng, &err), 0);
    ck_assert_msg(strstr(err.msg, strchr(want, ':') + 2) != NULL, "playout: %s (wanted %s)", err.msg, want);
    ck_assert(lock_is_free(rs));
    tv_game_free(g);
    tv_ruleset_free(rs);
}

START_TEST(hook_numbers_are_checked_not_wrapped)
{
    hook_refused("return game { name = 'T', " GRID3 ", ends = 'board_full',\n"
                 "  play = function(s, m)\n"
                 "    for i = 1, 3000 do s:add_score(1, 999999) end\n"
                 "    s:place(m)\n"
                 "  end }",
                 "a1", "play hook: trust.lua:3: add_score: player 1's score would be 1000998999, "
                       "outside -1000000000..1000000000");
    hook_refused("return game { name = 'T', " GRID3 ", ends = 'board_full',\n"
                 "  play = function(s, m) s:add_score(1, -999999) for i = 1, 3000 do s:add_score(2, -999999) end end }",
                 "a1", "play hook: trust.lua:2: add_score: player 2's score would be -1000998999, "
                       "outside -1000000000..1000000000");
    hook_refused("return game { name = 'T', " GRID3 ", ends = 'board_full',\n"
                 "  score = function(s) return 1 << 40, 0 end }",
                 "a1", "score hook: expected two integers -1000000000..1000000000 (player 1, player 2)");
    hook_refused("return game { name = 'T', " GRID3 ", ends = 'board_full',\n"
                 "  score = function(s) return 0, -(1 << 31) end }",
                 "a1", "score hook: expected two integers -1000000000..1000000000 (player 1, player 2)");
    hook_refused("return game { name = 'T', " GRID3 ", ends = 'board_full',\n"
                 "  score = function(s) return 0.0, 1 end }",
                 "a1", "score hook: expected two integers -1000000000..1000000000 (player 1, player 2)");
    hook_refused("return game { name = 'T', " GRID3 ", ends = 'board_full',\n"
                 "  play = function(s, m) s:set(m, (1 << 32) + 1) end }",
                 "a1", "play hook: trust.lua:2: set: 4294967297 cannot be put in a cell (0..3)");
    hook_refused("return game { name = 'T', " GRID3 ", ends = 'board_full',\n"
                 "  play = function(s, m) s:set(m, -1) end }",
                 "a1", "play hook: trust.lua:2: set: -1 cannot be put in a cell (0..3)");
    hook_refused("return game { name = 'T', board = mancala { holes = 6, seeds = 4 }, moves = sow {}, ends = 'no_move',\n"
                 "  play = function(s, m) for h = 1, 4 do s:set(h, 255) end return s:sow(m) end }",
                 "a1", "play hook: trust.lua:2: set: the board would hold 299 seeds, more than 255");
    hook_refused("return game { name = 'T', board = mancala { holes = 6, seeds = 4 }, moves = sow {}, ends = 'no_move',\n"
                 "  play = function(s, m) s:set(m, 256) end }",
                 "a1", "play hook: trust.lua:2: set: 256 cannot be put in a hole (0..255)");
    hook_refused("return game { name = 'T', " GRID3 ", ends = 'board_full',\n"
                 "  score = function(s) local p = {} for i = 1, 1000 do p[i] = 1 end return s:runs(p) end }",
                 "a1", "score hook: trust.lua:2: runs: expected 0..26 points, got 1000");
    hook_refused("return game { name = 'T', " GRID3 ", ends = 'board_full',\n"
                 "  score = function(s) return s:runs({0, 0, 2^53}) end }",
                 "a1", "score hook: trust.lua:2: runs: points[3]: expected an integer -10000000..10000000, "
                       "got 9.007199254741e+15");
}
END_TEST

/* Sums that fit stay exact. */
START_TEST(numbers_in_range_still_work)
{
    tv_ruleset *rs = load("return game { name = 'T', " GRID3 ", ends = 'board_full',\n"
                          "  play = function(s, m) for i = 1, 1000 do s:add_score(1, 999999) end s:place(m) end }");
    ck_assert_msg(rs != NULL, "%s", msg);
    tv_error err = {0};
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_int_eq(play_moves(g, "a1", &err), TV_OK);
    ck_assert_int_eq(g->state->score[0], 999999000);
    tv_game_free(g);
    tv_ruleset_free(rs);
    /* s:runs reads its points raw: a __len of 2^62 and a looping __index are not seen. */
    rs = load("return game { name = 'T', " GRID3 ", ends = 'board_full',\n"
              "  score = function(s) return s:runs(setmetatable({ 0, 5, 7 }, { __len = function() return 1 << 62 end,\n"
              "    __index = function() while true do end end })) end }");
    ck_assert_msg(rs != NULL, "%s", msg);
    g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_msg(g != NULL, "%s", err.msg);
    ck_assert_int_eq(play_moves(g, "a1 a3 b1", &err), TV_OK);
    ck_assert_int_eq(g->state->score[0], 5);
    tv_game_free(g);
    tv_ruleset_free(rs);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"readers", tables_changed_after_their_constructor, 120, 0},
        {"readers", forged_kind_tags, 120, 0},
        {"readers", metamethods_do_not_run, 120, 0},
        {"readers", lists_are_bounded_before_the_loop, 120, 0},
        {"readers", load_cannot_choose_its_chunk_name, 120, 0},
        {"hooks", hook_numbers_are_checked_not_wrapped, 120, 0},
        {"hooks", numbers_in_range_still_work, 120, 0},
    };
    return tv_check_run("trust", tests, TV_CHECK_COUNT(tests));
}
