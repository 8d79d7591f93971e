/* The range or choices of each declared option through tavola.h
 * (ruleset_option_range): every shape on a test ruleset made for it, NULL
 * out-pointers, no such option; and, for every option of every shipped
 * ruleset, the range told is the one ruleset_load enforces: a value just
 * outside is refused with the loader's message naming it, and a word not
 * among the choices too. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tavola.h"
#include "tv_check.h"

static const tavola_api *t;
static char err[1024];

static tavola_ruleset *load(const char *name, const char *options)
{
    t = tavola_get_api(TAVOLA_ABI_VERSION);
    ck_assert_ptr_nonnull(t);
    tavola_ruleset *rs = t->ruleset_load(name, options, err, sizeof err);
    ck_assert_msg(rs != NULL, "%s: %s", name, err);
    return rs;
}

static int option_index(const tavola_ruleset *rs, const char *name)
{
    for (int i = 0; i < t->ruleset_option_count(rs); i++) {
        const char *n;
        ck_assert_int_eq(t->ruleset_option(rs, i, &n, NULL, NULL), TAVOLA_OK);
        if (strcmp(n, name) == 0)
            return i;
    }
    ck_abort_msg("no option %s", name);
    return -1;
}

START_TEST(each_shape_of_range_is_told)
{
    static const struct {
        const char *name;
        double min, max;
        int nchoices;
        const char *choices;
    } want[] = {
        {"size", 3, 9, 0, NULL},
        {"lead", 0, HUGE_VAL, 0, NULL},
        {"ratio", -HUGE_VAL, 1.5, 0, NULL},
        {"style", -HUGE_VAL, HUGE_VAL, 3, "plain\nbold\ntwo words"},
        {"flag", -HUGE_VAL, HUGE_VAL, 0, NULL},
        {"label", -HUGE_VAL, HUGE_VAL, 0, NULL},
    };
    tavola_ruleset *rs = load("tests/cli/rulesets/option_ranges.lua", NULL);
    ck_assert_int_eq(t->ruleset_option_count(rs), (int)(sizeof want / sizeof *want));
    for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
        double min = 0, max = 0;
        const char *choices = "unset";
        int n = t->ruleset_option_range(rs, option_index(rs, want[k].name), &min, &max, &choices);
        ck_assert_msg(n == want[k].nchoices, "%s: %d choices", want[k].name, n);
        ck_assert_msg(min == want[k].min && max == want[k].max, "%s: %g..%g", want[k].name, min, max);
        if (want[k].choices)
            ck_assert_str_eq(choices, want[k].choices);
        else
            ck_assert_msg(choices == NULL, "%s: choices '%s', expected NULL", want[k].name, choices);
    }
    t->ruleset_free(rs);
}
END_TEST

START_TEST(out_pointers_may_be_null_and_no_option_is_einval)
{
    tavola_ruleset *rs = load("gomoku", NULL);
    int opening = option_index(rs, "opening"), size = option_index(rs, "size");
    ck_assert_int_eq(t->ruleset_option_range(rs, opening, NULL, NULL, NULL), 3);
    double max = 0;
    ck_assert_int_eq(t->ruleset_option_range(rs, size, NULL, &max, NULL), 0);
    ck_assert(max == 26);
    const char *choices = NULL;
    ck_assert_int_eq(t->ruleset_option_range(rs, opening, NULL, NULL, &choices), 3);
    ck_assert_str_eq(choices, "none\npro\nswap");
    ck_assert_int_eq(t->ruleset_option_range(rs, 3, NULL, NULL, NULL), TAVOLA_EINVAL);
    ck_assert_ptr_nonnull(strstr(t->ruleset_error(rs), "ruleset_option_range: no option 3 (3 declared)"));
    ck_assert_int_eq(t->ruleset_option_range(rs, -1, &max, NULL, NULL), TAVOLA_EINVAL);
    t->ruleset_free(rs);
    rs = load("tictactoe", NULL);
    ck_assert_int_eq(t->ruleset_option_range(rs, 0, NULL, NULL, NULL), TAVOLA_EINVAL);
    t->ruleset_free(rs);
}
END_TEST

/* A value given does not change what the option declares; the texts live
 * as long as the ruleset. */
START_TEST(a_value_given_does_not_change_the_range)
{
    tavola_ruleset *rs = load("tests/cli/rulesets/option_ranges.lua", "size=9,style=two words,lead=12");
    double min, max;
    const char *choices;
    ck_assert_int_eq(t->ruleset_option_range(rs, option_index(rs, "size"), &min, &max, NULL), 0);
    ck_assert(min == 3 && max == 9);
    ck_assert_int_eq(t->ruleset_option_range(rs, option_index(rs, "style"), NULL, NULL, &choices), 3);
    tavola_game *g = t->game_new(rs, 1);
    t->ruleset_free(rs); /* the game holds the ruleset */
    ck_assert_str_eq(choices, "plain\nbold\ntwo words");
    t->game_free(g);
}
END_TEST

/* Loading name with "opt=value" must fail with `want` in the message. */
static void refused(const char *name, const char *opt, const char *value, const char *want)
{
    char opts[256];
    snprintf(opts, sizeof opts, "%s=%s", opt, value);
    tavola_ruleset *bad = t->ruleset_load(name, opts, err, sizeof err);
    ck_assert_msg(bad == NULL, "%s %s loaded, expected '%s'", name, opts, want);
    ck_assert_msg(strstr(err, want) != NULL, "%s %s: '%s' lacks '%s'", name, opts, err, want);
}

/* For every option of every shipped ruleset, the range told is the range
 * enforced: just below min and just above max are refused with the loader's
 * words for that range, and so is a word that is none of the choices. */
START_TEST(the_range_told_is_the_range_the_loader_enforces)
{
    t = tavola_get_api(TAVOLA_ABI_VERSION);
    char names[8192];
    int n = t->list(names, sizeof names), bounds = 0, words = 0;
    ck_assert_int_gt(n, 10);
    for (char *name = strtok(names, "\n"); name; name = strtok(NULL, "\n")) {
        tavola_ruleset *rs = load(name, NULL);
        for (int i = 0; i < t->ruleset_option_count(rs); i++) {
            const char *oname, *choices;
            double min, max;
            t->ruleset_option(rs, i, &oname, NULL, NULL);
            int type = t->ruleset_option_type(rs, i);
            int nchoices = t->ruleset_option_range(rs, i, &min, &max, &choices);
            ck_assert_int_ge(nchoices, 0);
            if (type != TAVOLA_OPTION_INT && type != TAVOLA_OPTION_NUMBER)
                ck_assert_msg(min == -HUGE_VAL && max == HUGE_VAL, "%s %s: a range on type %d", name, oname, type);
            if (type != TAVOLA_OPTION_STRING)
                ck_assert_msg(nchoices == 0 && choices == NULL, "%s %s: choices on type %d", name, oname, type);
            if (type == TAVOLA_OPTION_INT && min > -HUGE_VAL && max < HUGE_VAL) {
                char want[128], value[32];
                snprintf(want, sizeof want, "option %s: expected an integer %.0f..%.0f, got '", oname, min, max);
                snprintf(value, sizeof value, "%.0f", min - 1);
                refused(name, oname, value, want);
                snprintf(value, sizeof value, "%.0f", max + 1);
                refused(name, oname, value, want);
                bounds++;
            }
            if (nchoices > 0) {
                refused(name, oname, "none of them", "expected ");
                ck_assert_msg(strstr(err, " or ") && strstr(err, "got 'none of them'"), "%s %s: '%s'", name, oname,
                              err);
                /* each choice loads (the shipped rulesets refuse none of their own words) */
                char word[256], opts[300];
                for (const char *p = choices; *p;) {
                    size_t len = strcspn(p, "\n");
                    snprintf(word, sizeof word, "%.*s", (int)len, p);
                    snprintf(opts, sizeof opts, "%s=%s", oname, word);
                    tavola_ruleset *ok = t->ruleset_load(name, opts, err, sizeof err);
                    ck_assert_msg(ok != NULL, "%s %s: %s", name, opts, err);
                    t->ruleset_free(ok);
                    p += len + (p[len] == '\n');
                }
                words++;
            }
        }
        t->ruleset_free(rs);
    }
    ck_assert_int_ge(bounds, 20);
    ck_assert_int_ge(words, 2);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"ranges", each_shape_of_range_is_told, 60, 0},
        {"ranges", out_pointers_may_be_null_and_no_option_is_einval, 60, 0},
        {"ranges", a_value_given_does_not_change_the_range, 60, 0},
        {"ranges", the_range_told_is_the_range_the_loader_enforces, 60, 0},
    };
    return tv_check_run("ABI option ranges", tests, TV_CHECK_COUNT(tests));
}
