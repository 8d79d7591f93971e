/* Option strings (tv_options): parsing, commas inside values, errors, later
 * keys replacing earlier ones, capacity.
 * Core only: the rules are built in C (tests/support/tv_fixture.h), no Lua. */
#include <check.h>

#include <stdio.h>
#include <string.h>

#include "tv_check.h"
#include "tv_error.h"
#include "tv_fixture.h"
#include "tv_options.h"

static void parse_ok(tv_options *o, const char *text)
{
    tv_error err;
    tv_error_clear(&err);
    int rc = tv_options_parse(o, text, &err);
    ck_assert_msg(rc == TV_OK, "'%s' refused: %s", text, err.msg);
}

START_TEST(options_simple)
{
    tv_options o;
    memset(&o, 0, sizeof o);
    parse_ok(&o, "holes=7,swap=true");
    ck_assert_int_eq(o.n, 2);
    ck_assert_str_eq(o.key[0], "holes");
    ck_assert_str_eq(o.value[0], "7");
    ck_assert_str_eq(tv_options_get(&o, "holes"), "7");
    ck_assert_str_eq(tv_options_get(&o, "swap"), "true");
    ck_assert_ptr_null(tv_options_get(&o, "size"));
    ck_assert_ptr_null(tv_options_get(&o, "hole"));
}
END_TEST

/* A piece without '=' continues the value before it. */
START_TEST(options_commas_in_values)
{
    tv_options o;
    memset(&o, 0, sizeof o);
    parse_ok(&o, "holes=c3,e5,d4,swap=true");
    ck_assert_int_eq(o.n, 2);
    ck_assert_str_eq(tv_options_get(&o, "holes"), "c3,e5,d4");
    ck_assert_str_eq(tv_options_get(&o, "swap"), "true");

    memset(&o, 0, sizeof o);
    parse_ok(&o, "holes=c3,e5");
    ck_assert_int_eq(o.n, 1);
    ck_assert_str_eq(tv_options_get(&o, "holes"), "c3,e5");

    memset(&o, 0, sizeof o);
    parse_ok(&o, "a=,b=x=y,c_2=");
    ck_assert_int_eq(o.n, 3);
    ck_assert_str_eq(tv_options_get(&o, "a"), "");
    ck_assert_str_eq(tv_options_get(&o, "b"), "x=y");
    ck_assert_str_eq(tv_options_get(&o, "c_2"), "");

    memset(&o, 0, sizeof o);
    parse_ok(&o, "");
    ck_assert_int_eq(o.n, 0);
}
END_TEST

START_TEST(options_errors)
{
    static const char *bad[] = {"=7", "holes", "Holes=1", ",a=1", "a=1,B=2", "9a=1",
                                "a b=1", "a-b=1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tv_options o;
        memset(&o, 0, sizeof o);
        tv_error err;
        tv_error_clear(&err);
        int rc = tv_options_parse(&o, bad[i], &err);
        REQUIRE(rc == TV_EINVAL, "'%s' gave %d", bad[i], rc);
        REQUIRE(err.msg[0] != '\0', "'%s': no message", bad[i]);
    }
    /* Key and value lengths. */
    tv_options o;
    memset(&o, 0, sizeof o);
    tv_error err;
    char key[TV_OPTION_KEY_MAX + 1], value[TV_OPTION_VALUE_MAX + 1];
    memset(key, 'k', sizeof key - 1);
    key[sizeof key - 1] = '\0';
    memset(value, 'v', sizeof value - 1);
    value[sizeof value - 1] = '\0';
    ck_assert_int_eq(tv_options_set(&o, key, "1", &err), TV_EINVAL);
    ck_assert_int_eq(tv_options_set(&o, "k", value, &err), TV_EINVAL);
    key[TV_OPTION_KEY_MAX - 1] = '\0';
    value[TV_OPTION_VALUE_MAX - 1] = '\0';
    ck_assert_int_eq(tv_options_set(&o, key, value, &err), TV_OK);
    ck_assert_str_eq(tv_options_get(&o, key), value);
    ck_assert_int_eq(o.n, 1);
}
END_TEST

START_TEST(options_later_key_replaces)
{
    tv_options o;
    memset(&o, 0, sizeof o);
    parse_ok(&o, "holes=7,swap=true,holes=9");
    ck_assert_int_eq(o.n, 2);
    ck_assert_str_eq(tv_options_get(&o, "holes"), "9");
    /* A later parse keeps what o had and replaces what it names again. */
    parse_ok(&o, "swap=false,size=9");
    ck_assert_int_eq(o.n, 3);
    ck_assert_str_eq(tv_options_get(&o, "holes"), "9");
    ck_assert_str_eq(tv_options_get(&o, "swap"), "false");
    ck_assert_str_eq(tv_options_get(&o, "size"), "9");
    tv_error err;
    ck_assert_int_eq(tv_options_add_pair(&o, "holes=c3,e5", &err), TV_OK);
    ck_assert_str_eq(tv_options_get(&o, "holes"), "c3,e5");
    ck_assert_int_eq(tv_options_add_pair(&o, "holes", &err), TV_EINVAL);
    ck_assert_int_eq(o.n, 3);
}
END_TEST

START_TEST(options_capacity)
{
    tv_options o;
    memset(&o, 0, sizeof o);
    tv_error err;
    char key[16];
    for (int i = 0; i < TV_OPTIONS_MAX; i++) {
        snprintf(key, sizeof key, "k%d", i);
        ck_assert_int_eq(tv_options_set(&o, key, "v", &err), TV_OK);
    }
    ck_assert_int_eq(tv_options_set(&o, "one_more", "v", &err), TV_ELIMIT);
    ck_assert_int_eq(tv_options_set(&o, "k0", "replaced", &err), TV_OK); /* still fine */
    ck_assert_str_eq(tv_options_get(&o, "k0"), "replaced");
    ck_assert_int_eq(o.n, TV_OPTIONS_MAX);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"options", options_simple, 10, 0},
        {"options", options_commas_in_values, 10, 0},
        {"options", options_errors, 10, 0},
        {"options", options_later_key_replaces, 10, 0},
        {"options", options_capacity, 10, 0},
    };
    return tv_check_run("core options", tests, TV_CHECK_COUNT(tests));
}
