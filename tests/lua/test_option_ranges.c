/* options{}: min, max and choices. The loader checks the declaration once
 * (errors at its file:line naming the option), keeps the type, range and
 * choices in the option's info, and refuses a value the host gives outside
 * them before any line of the ruleset after options{} runs. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"

/* A ruleset declaring `decl` (the body of options{}) on line 2; with
 * `refuse`, the line after it fails when reached, so that a value refused
 * by the loader is told apart from one the ruleset refuses itself. */
static void source_with(char *buf, size_t size, const char *decl, int refuse)
{
    snprintf(buf, size, "-- options\nlocal o = options { %s }\n%s\n" GAME_TAIL, decl,
             refuse ? "error('ruleset code ran: ' .. tostring(o))" : "");
}

static void expect_decl_error(const char *decl, const char *want)
{
    char src[1024];
    source_with(src, sizeof src, decl, 0);
    tv_error err = {0};
    tv_ruleset *rs = load_source("decl.lua", src, NULL, &err);
    ck_assert_msg(rs == NULL, "options { %s } loaded, expected \"%s\"", decl, want);
    ck_assert_msg(strstr(err.msg, want) != NULL, "options { %s }: \"%s\" lacks \"%s\"", decl, err.msg, want);
    ck_assert_msg(strstr(err.msg, "decl.lua:2:") != NULL, "no file:line in \"%s\"", err.msg);
}

START_TEST(bad_declarations_name_the_option)
{
    expect_decl_error("n = { default = 5, min = 9, max = 3 }", "options.n: min 9 is greater than max 3");
    expect_decl_error("n = { default = 30, min = 5, max = 26 }",
                      "options.n.default: expected an integer 5..26, got 30");
    expect_decl_error("n = { default = 1, min = 2 }", "options.n.default: expected an integer >= 2, got 1");
    expect_decl_error("x = { default = 0.5, max = 0.25 }", "options.x.default: expected a number <= 0.25, got 0.5");
    expect_decl_error("n = { default = 5, min = 1.5 }",
                      "options.n.min: expected an integer (the default is one), got 1.5");
    expect_decl_error("n = { default = 5, max = '9' }", "options.n.max: expected a number, got '9'");
    expect_decl_error("x = { default = 0.5, max = 1/0 }", "options.x.max: expected a finite number, got inf");
    expect_decl_error("x = { default = 0.5, min = 0/0 }", "options.x.min: expected a finite number");
    expect_decl_error("n = { default = 5, max = math.maxinteger }",
                      "options.n.max: expected a finite number within 2^53");
    expect_decl_error("flag = { default = false, min = 0 }",
                      "options.flag.min: only an integer or number option has a range, not a boolean option");
    expect_decl_error("w = { default = 'a', max = 3 }",
                      "options.w.max: only an integer or number option has a range, not a string option");
    expect_decl_error("n = { default = 5, choices = { 'a' } }",
                      "options.n.choices: only a string option has choices, not an integer option");
    expect_decl_error("flag = { default = true, choices = { 'true' } }",
                      "options.flag.choices: only a string option has choices, not a boolean option");
    expect_decl_error("w = { default = 'a', choices = { 'a', 2 } }", "options.w.choices[2]: expected a string, got 2");
    expect_decl_error("w = { default = 'a', choices = 'a,b' }",
                      "options.w.choices: expected a list of strings, got string");
    expect_decl_error("w = { default = 'a', choices = {} }", "options.w.choices: expected a list of strings");
    expect_decl_error("w = { default = 'a', choices = { 'a', x = 'b' } }",
                      "options.w.choices: expected a list of strings");
    expect_decl_error("w = { default = 'a', choices = { 'a', 'b', 'a' } }",
                      "options.w.choices[3]: 'a' is listed twice");
    expect_decl_error("w = { default = 'a', choices = { 'a', '' } }", "options.w.choices[2]: an empty string");
    expect_decl_error("w = { default = 'a', choices = { 'a', 'b\\nc' } }", "options.w.choices[2]: a control character");
    expect_decl_error("w = { default = 'c', choices = { 'a', 'b' } }", "options.w.default: expected a or b, got 'c'");
    expect_decl_error("w = { default = 'a', choices = { 'a', ('x'):rep(300) } }",
                      "options.w.choices: longer than 255 characters in all");
    expect_decl_error("w = { default = 'a', chioces = { 'a' } }", "options.w: unknown field 'chioces'");
}
END_TEST

START_TEST(info_keeps_type_range_and_choices)
{
    char src[1024];
    source_with(src, sizeof src,
                "n = { default = 5, min = 3, max = 9 }, x = { default = 0.5, min = -1 },\n"
                "  w = { default = 'pro', choices = { 'none', 'pro', 'swap' } }, s = { default = '12' },\n"
                "  flag = { default = true }",
                0);
    tv_error err = {0};
    tv_ruleset *rs = load_source("info.lua", src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    ck_assert_int_eq(tv_ruleset_option_count(rs), 5); /* flag, n, s, w, x */
    const tv_option_info *flag = tv_ruleset_option(rs, 0), *n = tv_ruleset_option(rs, 1), *s = tv_ruleset_option(rs, 2),
                         *w = tv_ruleset_option(rs, 3), *x = tv_ruleset_option(rs, 4);
    ck_assert_int_eq(flag->type, TV_OPTION_BOOL);
    ck_assert(flag->min == -HUGE_VAL && flag->max == HUGE_VAL && flag->nchoices == 0);
    ck_assert_int_eq(n->type, TV_OPTION_INT);
    ck_assert(n->min == 3 && n->max == 9 && n->nchoices == 0);
    /* a string default that reads as a number is still a string */
    ck_assert_int_eq(s->type, TV_OPTION_STRING);
    ck_assert_int_eq(s->nchoices, 0);
    ck_assert_int_eq(w->type, TV_OPTION_STRING);
    ck_assert_int_eq(w->nchoices, 3);
    ck_assert_str_eq(w->choices, "none\npro\nswap");
    ck_assert_int_eq(x->type, TV_OPTION_NUMBER);
    ck_assert(x->min == -1 && x->max == HUGE_VAL);
    tv_ruleset_free(rs);
}
END_TEST

/* Loading `decl` with the host's `given` must fail with `want`, from the
 * loader (the line after options{} never runs). */
static void expect_value_error(const char *decl, const char *given, const char *want)
{
    char src[1024];
    source_with(src, sizeof src, decl, 1);
    tv_error err = {0};
    tv_ruleset *rs = load_source("val.lua", src, given, &err);
    ck_assert_msg(rs == NULL, "%s loaded, expected \"%s\"", given, want);
    ck_assert_msg(strstr(err.msg, want) != NULL, "%s: \"%s\" lacks \"%s\"", given, err.msg, want);
    ck_assert_msg(strstr(err.msg, "ruleset code ran") == NULL, "%s reached the ruleset: %s", given, err.msg);
}

static void expect_value_ok(const char *decl, const char *given, const char *text)
{
    char src[1024];
    source_with(src, sizeof src, decl, 0);
    tv_error err = {0};
    tv_ruleset *rs = load_source("val.lua", src, given, &err);
    ck_assert_msg(rs != NULL, "%s: %s", given, err.msg);
    ck_assert_str_eq(tv_ruleset_options_text(rs), text);
    tv_ruleset_free(rs);
}

START_TEST(values_outside_are_refused_before_the_ruleset_runs)
{
    const char *size = "size = { default = 15, min = 5, max = 26 }";
    expect_value_ok(size, "size=5", "size=5");
    expect_value_ok(size, "size=26", "size=26");
    expect_value_error(size, "size=4", "val.lua:2: option size: expected an integer 5..26, got '4'");
    expect_value_error(size, "size=27", "option size: expected an integer 5..26, got '27'");
    expect_value_error(size, "size=-9223372036854775808", "expected an integer 5..26");
    expect_value_error(size, "size=9223372036854775807", "expected an integer 5..26");
    expect_value_error(size, "size=7.5", "option size: expected an integer 5..26, got '7.5'");

    const char *low = "n = { default = 0, min = 0 }";
    expect_value_ok(low, "n=9223372036854775807", "n=9223372036854775807");
    expect_value_error(low, "n=-1", "option n: expected an integer >= 0, got '-1'");

    const char *x = "x = { default = 0.5, min = 0.25, max = 1 }";
    expect_value_ok(x, "x=1", "x=1");
    expect_value_ok(x, "x=0.25", "x=0.25");
    expect_value_error(x, "x=0.2", "option x: expected a number 0.25..1, got '0.2'");
    expect_value_error(x, "x=1e9", "option x: expected a number 0.25..1, got '1e9'");

    const char *w = "opening = { default = 'none', choices = { 'none', 'pro', 'swap' } }";
    expect_value_ok(w, "opening=swap", "opening=swap");
    expect_value_error(w, "opening=Pro", "val.lua:2: option opening: expected none, pro or swap, got 'Pro'");
    expect_value_error(w, "opening=", "option opening: expected none, pro or swap, got ''");
    expect_value_error(w, "opening=pro ", "got 'pro '");
}
END_TEST

/* Every shipped ruleset loads with its defaults (they fit what it
 * declares), and an int option whose doc says a range "A..B" in figures
 * declares min = A and max = B, so a host's form and the doc agree. */
static void check_shipped(const char *name, void *ctx)
{
    int *ranges = ctx;
    tv_ruleset *rs = must_load(name, NULL);
    for (int i = 0; i < tv_ruleset_option_count(rs); i++) {
        const tv_option_info *o = tv_ruleset_option(rs, i);
        const char *p = o->doc;
        long lo, hi;
        int used = 0;
        while (*p && !(sscanf(p, "%ld..%ld%n", &lo, &hi, &used) == 2 && used > 0))
            p++;
        if (!*p || o->type != TV_OPTION_INT)
            continue;
        ck_assert_msg(o->min == (double)lo && o->max == (double)hi, "%s: option %s says %ld..%ld, declares %g..%g",
                      name, o->name, lo, hi, o->min, o->max);
        (*ranges)++;
    }
    tv_ruleset_free(rs);
}

START_TEST(shipped_rulesets_declare_what_their_docs_say)
{
    int ranges = 0;
    ck_assert_int_gt(each_shipped_ruleset(check_shipped, &ranges), 0);
    ck_assert_int_ge(ranges, 20);
    static const struct {
        const char *ruleset, *option, *choices;
    } words[] = {{"gomoku", "opening", "none\npro\nswap"}, {"lines_of_action", "start", "standard\nscrambled"}};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        tv_ruleset *rs = must_load(words[k].ruleset, NULL);
        int found = 0;
        for (int i = 0; i < tv_ruleset_option_count(rs); i++) {
            const tv_option_info *o = tv_ruleset_option(rs, i);
            if (strcmp(o->name, words[k].option) == 0) {
                ck_assert_str_eq(o->choices, words[k].choices);
                found = 1;
            }
        }
        ck_assert_msg(found, "%s has no option %s", words[k].ruleset, words[k].option);
        tv_ruleset_free(rs);
    }
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"options", bad_declarations_name_the_option, 0, 0},
        {"options", info_keeps_type_range_and_choices, 0, 0},
        {"options", values_outside_are_refused_before_the_ruleset_runs, 0, 0},
        {"options", shipped_rulesets_declare_what_their_docs_say, 0, 0},
    };
    return tv_check_run("option ranges", tests, TV_CHECK_COUNT(tests));
}
