/* What a host is told through tavola.h to show a game: the family of moves
 * of a ruleset and the text of its moves (ruleset_family), and the type of
 * each declared option (ruleset_option_type). Families of shipped rulesets
 * and of test rulesets with hooks; every option type on a test ruleset made
 * for the edges; and, for every option of every shipped ruleset, the type
 * the ABI says is the type the loader demands of a value given for it. */
#include <check.h>
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

/* ---- families ------------------------------------------------------------- */

static const struct {
    const char *ruleset, *family, *data_family, *text; /* text: a piece of its move text */
} families[] = {
    {"tictactoe", "place", "place", "a cell: d4"},
    {"connect4", "drop", "drop", "a column: d"},
    {"pentago", "rotate", "rotate", "the block and way it turns"},
    {"othello", "flip", "flip", "d3, or pass"},
    {"checkers", "pieces", "pieces", "a capture a2xb3, a chain c3xe5xc7"},
    {"amazons", "pieces", "pieces", "a shot d1-d7/g7"},
    {"kalah", "sow", "sow", "a hole: b1"},
    /* An ends hook does not make the moves: the family is the data's. */
    {"notakto_hooks", "place", "place", "a cell: d4"},
    /* A moves hook, a play hook over stones, a play hook over pieces: a
     * hooks ruleset's moves are written as the family below writes them. */
    {"tests/cli/rulesets/near.lua", "hooks", "place", "a cell: d4"},
    {"tests/cli/rulesets/two_stones.lua", "hooks", "place", "a cell: d4"},
    {"tests/cli/rulesets/pieces_swap.lua", "hooks", "pieces", "from-to: a2-a3"},
};
#define NFAMILIES (int)(sizeof families / sizeof *families)

START_TEST(each_ruleset_is_told_its_family_and_move_text)
{
    tavola_ruleset *rs = load(families[_i].ruleset, NULL);
    const char *family = NULL, *data_family = NULL, *text = NULL;
    ck_assert_int_eq(t->ruleset_family(rs, &family, &data_family, &text), TAVOLA_OK);
    ck_assert_str_eq(family, families[_i].family);
    ck_assert_str_eq(data_family, families[_i].data_family);
    ck_assert_msg(strstr(text, families[_i].text), "%s: '%s' lacks '%s'", families[_i].ruleset, text,
                  families[_i].text);
    t->ruleset_free(rs);
}
END_TEST

/* The texts live as long as the library, not the ruleset; each out-pointer
 * may be NULL (not wanted). */
START_TEST(family_texts_outlive_the_ruleset_and_null_is_not_wanted)
{
    tavola_ruleset *rs = load("connect4", NULL);
    const char *family = NULL, *text = NULL;
    ck_assert_int_eq(t->ruleset_family(rs, &family, NULL, NULL), TAVOLA_OK);
    ck_assert_int_eq(t->ruleset_family(rs, NULL, NULL, &text), TAVOLA_OK);
    ck_assert_int_eq(t->ruleset_family(rs, NULL, NULL, NULL), TAVOLA_OK);
    t->ruleset_free(rs);
    ck_assert_str_eq(family, "drop");
    ck_assert_str_eq(text, "a column: d");
}
END_TEST

/* The example a family's text gives is a move of its games: the first one
 * (after the ':', up to a space, comma or bracket) is read by move_parse at
 * the start of a game of that family. */
static const char *const examples[] = {"gomoku", "connect4", "pentago", "othello", "breakthrough", "kalah"};
#define NEXAMPLES (int)(sizeof examples / sizeof *examples)

START_TEST(the_example_in_a_familys_text_is_a_move)
{
    tavola_ruleset *rs = load(examples[_i], NULL);
    const char *text;
    ck_assert_int_eq(t->ruleset_family(rs, NULL, NULL, &text), TAVOLA_OK);
    const char *colon = strchr(text, ':');
    ck_assert_msg(colon, "%s: no example in '%s'", examples[_i], text);
    char example[32];
    size_t len = strcspn(colon + 2, " ,(");
    ck_assert_uint_lt(len, sizeof example);
    memcpy(example, colon + 2, len);
    example[len] = '\0';
    tavola_game *g = t->game_new(rs, 1);
    tavola_move m;
    int rc = t->move_parse(g, example, &m);
    ck_assert_msg(rc == TAVOLA_OK, "%s: the family's example '%s' is not a move: %s", examples[_i],
                  example, t->error(g));
    t->game_free(g);
    t->ruleset_free(rs);
}
END_TEST

/* ---- option types --------------------------------------------------------- */

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

START_TEST(each_option_has_the_type_of_its_default)
{
    static const struct {
        const char *name;
        int type;
    } opts[] = {
        {"flag", TAVOLA_OPTION_BOOL},     {"count", TAVOLA_OPTION_INT},    {"ratio", TAVOLA_OPTION_NUMBER},
        {"whole", TAVOLA_OPTION_NUMBER},  {"huge", TAVOLA_OPTION_NUMBER},  {"label", TAVOLA_OPTION_STRING},
        {"empty", TAVOLA_OPTION_STRING},  {"dash", TAVOLA_OPTION_STRING},   {"digits", TAVOLA_OPTION_STRING},
    };
    tavola_ruleset *rs = load("tests/cli/rulesets/option_types.lua", NULL);
    ck_assert_int_eq(t->ruleset_option_count(rs), (int)(sizeof opts / sizeof *opts));
    for (size_t i = 0; i < sizeof opts / sizeof *opts; i++)
        ck_assert_msg(t->ruleset_option_type(rs, option_index(rs, opts[i].name)) == opts[i].type,
                      "option %s: type %d, expected %d", opts[i].name,
                      t->ruleset_option_type(rs, option_index(rs, opts[i].name)), opts[i].type);
    t->ruleset_free(rs);

    rs = load("gomoku", NULL);
    ck_assert_int_eq(t->ruleset_option_type(rs, option_index(rs, "size")), TAVOLA_OPTION_INT);
    ck_assert_int_eq(t->ruleset_option_type(rs, option_index(rs, "freestyle")), TAVOLA_OPTION_BOOL);
    ck_assert_int_eq(t->ruleset_option_type(rs, option_index(rs, "opening")), TAVOLA_OPTION_STRING);
    t->ruleset_free(rs);
}
END_TEST

/* The type is the option's, not the value in force's. */
START_TEST(a_value_given_does_not_change_the_type)
{
    tavola_ruleset *rs = load("tests/cli/rulesets/option_types.lua", "label=12,ratio=3,flag=no");
    ck_assert_int_eq(t->ruleset_option_type(rs, option_index(rs, "label")), TAVOLA_OPTION_STRING);
    ck_assert_int_eq(t->ruleset_option_type(rs, option_index(rs, "ratio")), TAVOLA_OPTION_NUMBER);
    ck_assert_int_eq(t->ruleset_option_type(rs, option_index(rs, "flag")), TAVOLA_OPTION_BOOL);
    t->ruleset_free(rs);
}
END_TEST

START_TEST(no_such_option_is_einval_with_a_message)
{
    tavola_ruleset *rs = load("gomoku", NULL);
    int n = t->ruleset_option_count(rs);
    ck_assert_int_eq(t->ruleset_option_type(rs, n), TAVOLA_EINVAL);
    ck_assert_ptr_nonnull(strstr(t->ruleset_error(rs), "no option 3 (3 declared)"));
    ck_assert_int_eq(t->ruleset_option_type(rs, -1), TAVOLA_EINVAL);
    t->ruleset_free(rs);
    rs = load("tictactoe", NULL);
    ck_assert_int_eq(t->ruleset_option_type(rs, 0), TAVOLA_EINVAL);
    t->ruleset_free(rs);
}
END_TEST

/* What the loader says of a value that is not of the type. */
static const char *refusal(int type)
{
    return type == TAVOLA_OPTION_BOOL ? "expected true or false"
           : type == TAVOLA_OPTION_INT ? "expected an integer"
                                       : "expected a number";
}

/* For every option of every shipped ruleset, the type told is the type the
 * loader demands: a value of no other type is refused with the loader's
 * words for this type, and a string option is refused with none of them. */
START_TEST(the_type_told_is_the_type_the_loader_demands)
{
    t = tavola_get_api(TAVOLA_ABI_VERSION);
    char names[8192];
    int n = t->list(names, sizeof names), checked = 0;
    ck_assert_int_gt(n, 10);
    for (char *name = strtok(names, "\n"); name; name = strtok(NULL, "\n")) {
        tavola_ruleset *rs = load(name, NULL);
        for (int i = 0; i < t->ruleset_option_count(rs); i++) {
            const char *oname;
            t->ruleset_option(rs, i, &oname, NULL, NULL);
            int type = t->ruleset_option_type(rs, i);
            ck_assert_int_ge(type, TAVOLA_OPTION_BOOL);
            ck_assert_int_le(type, TAVOLA_OPTION_STRING);
            /* "1.5" is no bool and no integer; "maybe" no number either. */
            char opts[128];
            snprintf(opts, sizeof opts, "%s=%s", oname, type == TAVOLA_OPTION_NUMBER ? "maybe" : "1.5");
            tavola_ruleset *bad = t->ruleset_load(name, opts, err, sizeof err);
            if (type == TAVOLA_OPTION_STRING) { /* loaded, or refused by the ruleset's own check */
                for (int k = TAVOLA_OPTION_BOOL; k < TAVOLA_OPTION_STRING; k++)
                    ck_assert_msg(bad || !strstr(err, refusal(k)), "%s %s, a string: '%s'", name, opts, err);
            } else {
                ck_assert_msg(!bad && strstr(err, refusal(type)), "%s %s, type %d: '%s'", name, opts, type,
                              bad ? "loaded" : err);
            }
            t->ruleset_free(bad);
            checked++;
        }
        t->ruleset_free(rs);
    }
    ck_assert_int_gt(checked, 20);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"family", each_ruleset_is_told_its_family_and_move_text, 60, NFAMILIES},
        {"family", family_texts_outlive_the_ruleset_and_null_is_not_wanted, 60, 0},
        {"family", the_example_in_a_familys_text_is_a_move, 60, NEXAMPLES},
        {"options", each_option_has_the_type_of_its_default, 120, 0},
        {"options", a_value_given_does_not_change_the_type, 120, 0},
        {"options", no_such_option_is_einval_with_a_message, 120, 0},
        {"options", the_type_told_is_the_type_the_loader_demands, 120, 0},
    };
    return tv_check_run("ABI family and option types", tests, TV_CHECK_COUNT(tests));
}
