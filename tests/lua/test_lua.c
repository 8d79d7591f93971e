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

int main(void)
{
    const tv_check_test tests[] = {
        {"sandbox", sandbox_refuses_escapes, 60, 0},
        {"sandbox", limits_stop_runaway_scripts, 60, 0},
        {"loader", broken_rulesets_name_file_line_and_field, 0, 0},
        {"loader", options_are_typed_and_checked, 0, 0},
    };
    return tv_check_run("lua bridge", tests, TV_CHECK_COUNT(tests));
}
