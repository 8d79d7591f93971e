/* The Lua bridge, loading: the sandbox, the loader's error messages, option
 * handling and the limits. Hooks in play: test_hooks.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"

/* Loading must fail with a message that contains `want`. */
static void expect_load_error(const char *source, const char *want)
{
    tv_error err = {0};
    tv_ruleset *rs = load_source("bad.lua", source, NULL, &err);
    ck_assert_msg(rs == NULL, "loaded, expected an error containing \"%s\"", want);
    ck_assert_msg(strstr(err.msg, want) != NULL, "error \"%s\" lacks \"%s\"", err.msg, want);
}

static void expect_load_ok(const char *source)
{
    tv_error err = {0};
    tv_ruleset *rs = load_source("ok.lua", source, NULL, &err);
    ck_assert_msg(rs != NULL, "load failed: %s", err.msg);
    tv_ruleset_free(rs);
}

START_TEST(sandbox_refuses_escapes)
{
    expect_load_error("local f = io.open('/etc/passwd')\n" GAME_TAIL, "bad.lua:1:");
    expect_load_error("\nos.execute('true')\n" GAME_TAIL, "bad.lua:2:");
    expect_load_error("require('os')\n" GAME_TAIL, "bad.lua:1:");
    expect_load_error("local p = package.path\n" GAME_TAIL, "bad.lua:1:");
    expect_load_error("debug.sethook()\n" GAME_TAIL, "bad.lua:1:");
    expect_load_error("dofile('/etc/passwd')\n" GAME_TAIL, "bad.lua:1:");
    expect_load_error("loadfile('/etc/passwd')\n" GAME_TAIL, "bad.lua:1:");
    expect_load_error("print('hi')\n" GAME_TAIL, "bad.lua:1:");
    expect_load_error("collectgarbage()\n" GAME_TAIL, "bad.lua:1:");
    expect_load_error("local d = string.dump(function() end)\n" GAME_TAIL, "bad.lua:1:");
    expect_load_error("local d = ('').dump(function() end)\n" GAME_TAIL, "bad.lua:1:");
    expect_load_error("math.randomseed(1)\n" GAME_TAIL, "bad.lua:1:");
    /* A binary chunk, through load() and as the ruleset itself. */
    expect_load_error("local f, e = load('\\27Lua\\84\\0')\nassert(f, e)\n" GAME_TAIL, "binary");
    expect_load_error("\x1bLua\x54\x00\x19\x93\r\n\x1a\n", "binary");
    /* Text chunks still load, in the sandbox's globals. */
    expect_load_ok("assert(load('return 1 + 1')() == 2)\nassert(load('return io')() == nil)\n" GAME_TAIL);
}
END_TEST

START_TEST(broken_rulesets_name_file_line_and_field)
{
    expect_load_error("local x = \n\n return game {", "bad.lua:3:");
    expect_load_error("local t = nil\nlocal y = t.x\n" GAME_TAIL, "bad.lua:2:");
    expect_load_error("\nreturn game { name = 'T', board = grid { widht = 3, height = 3 }, ends = 'board_full' }",
                      "bad.lua:2: grid: unknown field 'widht'");
    expect_load_error("return game { name = 'T',\n board = grid { width = '3', height = 3 }, ends = 'board_full' }",
                      "bad.lua:2: grid.width: expected an integer");
    expect_load_error("return game { name = 'T', board = grid { width = 30, height = 3 }, ends = 'board_full' }",
                      "grid.width: expected an integer 1..26");
    expect_load_error("return game { name = 'T', board = grid { width = 3, height = 3 } }", "game.ends");
    expect_load_error("return game { name = 'T', board = grid { width = 3, height = 3 }, ends = 'never' }",
                      "game.ends: 'never'");
    expect_load_error("return game { board = grid { width = 3, height = 3 }, ends = 'board_full' }",
                      "game.name: required");
    expect_load_error("return game { name = 'T', board = 7, ends = 'board_full' }", "game.board: expected grid");
    expect_load_error("return game { name = 'T', board = grid { width = 7, height = 7 },\n"
                      "  score = runs { points = {0, 0, 3} }, ends = 'board_full' }",
                      "runs.points has 3 entries");
    expect_load_error("return game { name = 'T', colour = 1, board = grid { width = 3, height = 3 }, ends = 'board_full' }",
                      "game: unknown field 'colour'");
    expect_load_error("return game { name = 'T', board = grid { width = 3, height = 3 }, ends = 'board_full',\n"
                      "  blocks = { cells = { 'a1', 'q7' } } }", "'q7' is not a cell");
    expect_load_error("local g = 1\n", "must end with: return game");
    expect_load_error("error('custom failure')\n" GAME_TAIL, "bad.lua:1: custom failure");
}
END_TEST

START_TEST(options_are_typed_and_checked)
{
    const char *src = "local o = options { n = { default = 3, doc = 'a number' },\n"
                      "  flag = { default = false }, word = { default = 'x' } }\n"
                      "assert(math.type(o.n) == 'integer' and type(o.flag) == 'boolean')\n"
                      "return game { name = 'T' .. o.word, board = grid { width = o.n, height = 3 },\n"
                      "  moves = place { swap_after = o.flag and 1 or 0 }, ends = 'board_full' }\n";
    tv_error err = {0};
    tv_ruleset *rs = load_source("opt.lua", src, "n=5,flag=yes,word=abc", &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    ck_assert_int_eq(tv_ruleset_rules(rs)->grid.width, 5);
    ck_assert_int_eq(tv_ruleset_rules(rs)->swap_after, 1);
    ck_assert_str_eq(tv_ruleset_rules(rs)->title, "Tabc");
    ck_assert_str_eq(tv_ruleset_options_text(rs), "flag=true,n=5,word=abc");
    ck_assert_int_eq(tv_ruleset_option_count(rs), 3);
    ck_assert_str_eq(tv_ruleset_option(rs, 1)->name, "n");
    ck_assert_str_eq(tv_ruleset_option(rs, 1)->def, "3");
    ck_assert_str_eq(tv_ruleset_option(rs, 1)->doc, "a number");
    tv_ruleset_free(rs);

    ck_assert_ptr_null(load_source("opt.lua", src, "n=2.5", &err));
    ck_assert_msg(strstr(err.msg, "opt.lua:1: option n: expected an integer") != NULL, "%s", err.msg);
    ck_assert_ptr_null(load_source("opt.lua", src, "flag=maybe", &err));
    ck_assert_msg(strstr(err.msg, "option flag: expected true or false") != NULL, "%s", err.msg);
    ck_assert_ptr_null(load_source("opt.lua", src, "size=9", &err));
    ck_assert_msg(strstr(err.msg, "unknown option 'size' (options: flag, n, word)") != NULL, "%s", err.msg);
    ck_assert_ptr_null(load_source("plain.lua", GAME_TAIL, "size=9", &err));
    ck_assert_msg(strstr(err.msg, "has no options") != NULL, "%s", err.msg);
}
END_TEST

START_TEST(limits_stop_runaway_scripts)
{
    expect_load_error("while true do end\n" GAME_TAIL, "instruction limit");
    /* pcall cannot swallow the limit: every later instruction fails too. */
    expect_load_error("for i = 1, 10 do pcall(function() while true do end end) end\n" GAME_TAIL,
                      "instruction limit");
    expect_load_error("local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(1000) .. i end\n" GAME_TAIL,
                      "memory limit");
}
END_TEST

/* A word from a list (tv_field_word, tv_word_at): the error names every word
 * the field takes, with what it means where that helps. */
START_TEST(word_errors_name_the_allowed_words)
{
    expect_load_error("return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {},\n"
                      "  ends = 'board_full', repetition = 'always' }",
                      "bad.lua:1: game.repetition: 'always' is not ends (a repeated position ends the game)");
    expect_load_error("return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {},\n"
                      "  goal = line { length = 3, colours = 'everybody' } }",
                      "line.colours: 'everybody' is not own (the mover's stones) or any (stones of either colour)");
    expect_load_error("return game { name = 'T', board = grid { width = 3, height = 3 }, ends = 'never' }",
                      "game.ends: 'never' is not board_full, board_empty, side_empty, no_move, reach_far_row, "
                      "connected or two_passes");
    expect_load_error("return game { name = 'T', board = mancala { holes = 6, seeds = 4 },\n"
                      "  moves = sow { direction = 'up' }, ends = 'no_move' }",
                      "bad.lua:2: sow.direction: 'up' is not ccw or cw");
    expect_load_error("return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {},\n"
                      "  ends = 'board_full', winner = 'most' }",
                      "game.winner: 'most' is not higher_score, most_captured or most_pieces");
}
END_TEST

/* Loads source (which must load) and copies its rules into out (tv_rules
 * is large: static copies), without the hooks' pointers, which are each
 * ruleset's own. */
static const tv_rules *rules_of(const char *source, tv_rules *out)
{
    tv_error err = {0};
    tv_ruleset *rs = load_source("ok.lua", source, NULL, &err);
    ck_assert_msg(rs != NULL, "%s: %s", source, err.msg);
    *out = *tv_ruleset_rules(rs);
    memset(&out->hooks, 0, sizeof out->hooks);
    out->id = 0; /* each load's own number */
    tv_ruleset_free(rs);
    return out;
}

static tv_rules scratch_rules, other_rules;

static int line_dirs(const char *words)
{
    char src[256];
    snprintf(src, sizeof src, "return game { name = 'T', board = grid { width = 5, height = 5 }, moves = place {},\n"
                              "  goal = line { length = 3, directions = '%s' } }", words);
    return rules_of(src, &scratch_rules)->goal.dirs;
}

static int custodial_dirs(const char *words)
{
    char src[256];
    snprintf(src, sizeof src, "return game { name = 'T', board = grid { width = 5, height = 5 },\n"
                              "  moves = place { custodial = custodial { directions = '%s' } }, ends = 'board_full' }",
             words);
    return rules_of(src, &scratch_rules)->custodial.dirs;
}

static int step_dirs(const char *words)
{
    char src[320];
    snprintf(src, sizeof src, "return game { name = 'T', board = grid { width = 3, height = 3 },\n"
                              "  setup = { 'o..', '...', '..x' }, moves = move { stone = { step { directions = '%s' } } },\n"
                              "  ends = 'no_move' }", words);
    return rules_of(src, &scratch_rules)->pieces.gen[0].dirs;
}

/* One vocabulary (lua/api/tv_directions.h): a word that names lines means
 * the same lines for pieces, brackets and line goals; the old spellings of
 * each still read as before; a one-way word is refused where lines have no
 * way. */
START_TEST(direction_words_mean_the_same_everywhere)
{
    ck_assert_int_eq(line_dirs("hvd"), TV_DIR_ALL);
    ck_assert_int_eq(line_dirs("all"), TV_DIR_ALL);
    ck_assert_int_eq(line_dirs("orthogonal"), TV_DIR_H | TV_DIR_V);
    ck_assert_int_eq(line_dirs("h, v"), line_dirs("hv"));
    ck_assert_int_eq(line_dirs("sideways"), TV_DIR_H);
    ck_assert_int_eq(line_dirs("diagonal"), line_dirs("d"));
    ck_assert_int_eq(line_dirs("d"), TV_DIR_D1 | TV_DIR_D2);

    ck_assert_int_eq(custodial_dirs("orthogonal"), TV_N | TV_E | TV_S | TV_W);
    ck_assert_int_eq(custodial_dirs("hv"), custodial_dirs("orthogonal"));
    ck_assert_int_eq(custodial_dirs("d"), custodial_dirs("diagonal"));
    ck_assert_int_eq(custodial_dirs("hvd"), custodial_dirs("all"));
    ck_assert_int_eq(custodial_dirs("h"), TV_E | TV_W);

    ck_assert_int_eq(step_dirs("forward"), TV_N);
    ck_assert_int_eq(step_dirs("v"), step_dirs("forward backward"));
    ck_assert_int_eq(step_dirs("h"), step_dirs("sideways"));
    ck_assert_int_eq(step_dirs("hv"), step_dirs("orthogonal"));
    ck_assert_int_eq(step_dirs("d"), step_dirs("diagonal_forward, diagonal_backward"));
    ck_assert_int_eq(step_dirs("all"), TV_COMPASS_ALL);

    expect_load_error("return game { name = 'T', board = grid { width = 5, height = 5 }, moves = place {},\n"
                      "  score = runs { directions = 'h forward', points = {0, 0, 3, 3, 3} }, ends = 'board_full' }",
                      "runs.directions: 'forward' is one way; lines go both ways (h, v, d, sideways, orthogonal, "
                      "diagonal, all)");
    expect_load_error("return game { name = 'T', board = grid { width = 5, height = 5 },\n"
                      "  moves = place { custodial = custodial { directions = 'diagonal_forward' } }, ends = 'board_full' }",
                      "custodial.directions: 'diagonal_forward' is one way; brackets go both ways");
    expect_load_error("return game { name = 'T', board = grid { width = 5, height = 5 }, moves = place {},\n"
                      "  goal = line { length = 3, directions = 'hx' } }",
                      "line.directions: 'hx' is not made of h, v and d, nor one of sideways, orthogonal, diagonal, all");
    expect_load_error("return game { name = 'T', board = grid { width = 3, height = 3 },\n"
                      "  setup = { 'o..', '...', '..x' }, moves = move { stone = { step { directions = 'north' } } },\n"
                      "  ends = 'no_move' }",
                      "step.directions: 'north' is not one of forward, backward, diagonal_forward, diagonal_backward, "
                      "sideways, orthogonal, diagonal, all, h, v, d");
    expect_load_error("return game { name = 'T', board = grid { width = 5, height = 5 }, moves = place {},\n"
                      "  goal = line { length = 3, directions = ' , ' } }", "line.directions: no direction given");
}
END_TEST

/* game{} reads each field by name, in the order its table of fields gives:
 * the order a ruleset writes them in (or a table was filled in) changes
 * nothing. evaluate, written first, still sees the goal and the board. */
START_TEST(game_fields_in_any_order_load_the_same)
{
    static const char *const src =
        "local o = options { reverse = { default = false } }\n"
        "local fields = {\n"
        "  { 'evaluate', { open_lines = { 1, 5 } } }, { 'max_plies', 40 }, { 'winner', 'most_pieces' },\n"
        "  { 'ends', 'board_full' }, { 'goal', line { length = 4, directions = 'hv' } },\n"
        "  { 'colours', { 'red', 'yellow' } }, { 'moves', place { swap_after = 1 } },\n"
        "  { 'blocks', { cells = { 'a1', 'e5' } } }, { 'board', grid { width = 5, height = 5 } },\n"
        "  { 'players', { 'Red', 'Yellow' } }, { 'description', 'in any order' }, { 'name', 'Any' },\n"
        "}\n"
        "local t = {}\n"
        "for i = 1, #fields do\n"
        "  local f = fields[o.reverse and #fields + 1 - i or i]\n"
        "  t[f[1]] = f[2]\n"
        "end\n"
        "return game(t)\n";
    char text[2][32];
    for (int i = 0; i < 2; i++) {
        tv_error err = {0};
        tv_ruleset *rs = load_source("order.lua", src, i ? "reverse=true" : "reverse=false", &err);
        ck_assert_msg(rs != NULL, "%s", err.msg);
        tv_rules *r = i ? &other_rules : &scratch_rules;
        *r = *tv_ruleset_rules(rs);
        memset(&r->hooks, 0, sizeof r->hooks); /* each ruleset's own pointers */
        r->id = 0;                             /* and its own number */
        snprintf(text[i], sizeof text[i], "%s", tv_ruleset_options_text(rs));
        tv_ruleset_free(rs);
    }
    ck_assert_str_eq(text[1], "reverse=true");
    ck_assert_int_eq(scratch_rules.eval.line_length, 4);
    ck_assert_int_eq(scratch_rules.eval.line_dirs, TV_DIR_H | TV_DIR_V);
    ck_assert_int_eq(scratch_rules.colours[0], TV_COLOUR_RED);
    ck_assert_msg(memcmp(&scratch_rules, &other_rules, sizeof scratch_rules) == 0,
                  "the order of the fields changed the rules");

    /* Written in the source in two orders, too. */
    rules_of("return game { name = 'T', board = grid { width = 5, height = 5 }, moves = place {},\n"
             "  goal = line { length = 4 }, evaluate = { open_lines = { 1, 2 } } }", &scratch_rules);
    rules_of("return game { evaluate = { open_lines = { 1, 2 } }, goal = line { length = 4 },\n"
             "  moves = place {}, board = grid { width = 5, height = 5 }, name = 'T' }", &other_rules);
    ck_assert_msg(memcmp(&scratch_rules, &other_rules, sizeof scratch_rules) == 0,
                  "the order of the fields changed the rules");
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"sandbox", sandbox_refuses_escapes, 60, 0},
        {"sandbox", limits_stop_runaway_scripts, 60, 0},
        {"loader", broken_rulesets_name_file_line_and_field, 0, 0},
        {"loader", options_are_typed_and_checked, 0, 0},
        {"loader", word_errors_name_the_allowed_words, 0, 0},
        {"loader", direction_words_mean_the_same_everywhere, 0, 0},
        {"loader", game_fields_in_any_order_load_the_same, 0, 0},
    };
    return tv_check_run("lua bridge", tests, TV_CHECK_COUNT(tests));
}
