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
