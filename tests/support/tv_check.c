/* The shared libcheck runner (tv_check.h). */
#include "tv_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* At most this many tcases per suite (a suite has a handful). */
#define MAX_TCASES 32

int tv_check_run(const char *name, const tv_check_test *tests, size_t n)
{
    const char *names[MAX_TCASES];
    int timeouts[MAX_TCASES];
    TCase *tcases[MAX_TCASES];
    size_t ntc = 0;
    Suite *s = suite_create(name);
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < i; j++)
            if (tests[j].test == tests[i].test) {
                fprintf(stderr, "%s: test %s is listed twice\n", name, tests[i].test->name);
                return EXIT_FAILURE;
            }
        size_t k = 0;
        while (k < ntc && strcmp(names[k], tests[i].tcase) != 0)
            k++;
        if (k == ntc) {
            if (ntc == MAX_TCASES) {
                fprintf(stderr, "%s: more than %d tcases\n", name, MAX_TCASES);
                return EXIT_FAILURE;
            }
            names[k] = tests[i].tcase;
            timeouts[k] = tests[i].timeout;
            tcases[k] = tcase_create(tests[i].tcase);
            if (tests[i].timeout > 0)
                tcase_set_timeout(tcases[k], tests[i].timeout);
            suite_add_tcase(s, tcases[k]);
            ntc++;
        } else if (timeouts[k] != tests[i].timeout) {
            fprintf(stderr, "%s: tcase %s has timeouts %d and %d\n", name, names[k], timeouts[k],
                    tests[i].timeout);
            return EXIT_FAILURE;
        }
        if (tests[i].loops > 0)
            tcase_add_loop_test(tcases[k], tests[i].test, 0, tests[i].loops);
        else
            tcase_add_test(tcases[k], tests[i].test);
    }
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
