/* The one libcheck main() of every suite: a suite lists its tests in a table
 * and hands it to tv_check_run, which builds the tcases, runs them and gives
 * the exit status. Needs libcheck only (the core suites link it without Lua).
 *
 *   int main(void)
 *   {
 *       const tv_check_test tests[] = {
 *           {"rng", rng_reference_vectors, 10, 0},
 *           {"rng", rng_same_seed_same_sequence, 10, 0},
 *       };
 *       return tv_check_run("rng", tests, TV_CHECK_COUNT(tests));
 *   }
 *
 * Registration cannot drift from the tests: START_TEST defines a static
 * variable, and the suites are compiled with -Werror=unused-variable, so a
 * test missing from the table fails the build; tv_check_run refuses a test
 * listed twice. */
#ifndef TV_CHECK_H
#define TV_CHECK_H

#include <check.h>
#include <stddef.h>

/* A passing assertion costs nothing. libcheck's own ck_assert_msg (behind
 * every ck_assert_*) calls _mark_point on success, which in fork mode writes
 * the location to the parent through a file: a system call per passing check,
 * most of the time of a suite that checks every ply of thousands of random
 * games (test_pieces under ASan: 72 s of its 85). A failing assertion is
 * reported exactly as before (file, line, expression, message); what is lost
 * is only the "(after this point)" line a crash or a timeout is reported at,
 * which is then the test's start (ASan's report names the place). */
#undef ck_assert_msg
#define ck_assert_msg(expr, ...) \
    ((expr) ? (void)0 : _ck_assert_failed(__FILE__, __LINE__, "Assertion '" #expr "' failed", __VA_ARGS__))

typedef struct tv_check_test {
    const char *tcase;  /* tcases are made in the order they first appear */
    const TTest *test;  /* the name given to START_TEST */
    int timeout;        /* seconds, the same for every row of a tcase; 0: libcheck's default */
    int loops;          /* > 0: a loop test, run for _i = 0 .. loops - 1; 0: run once */
} tv_check_test;

#define TV_CHECK_COUNT(table) (sizeof(table) / sizeof((table)[0]))

/* Runs the n tests of suite `name` (output as CK_ENV: CK_VERBOSITY, normal
 * by default); returns EXIT_SUCCESS when all passed, EXIT_FAILURE otherwise
 * or when the table is inconsistent. */
int tv_check_run(const char *name, const tv_check_test *tests, size_t n);

#endif
