/* The one assertion macro of the C-only tests: CHECK(cond) reports a failed condition with
 * its place and counts it in `failures`; each test's main ends with check_report.
 * Included once by each test program (a single translation unit). */
#ifndef HE_TEST_CHECK_H
#define HE_TEST_CHECK_H

#include <stdio.h>

static int failures = 0;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                              \
        }                                                                            \
    } while (0)

/* The end of each test's main: "N <what> check(s) failed" on stderr and status 1, or
 * "all C <what> checks passed" (which the pytest wrappers look for) and status 0. Inline:
 * the fuzz driver (tests/c/fuzz_*.c) includes this file for CHECK and ends otherwise, and an
 * unused static function would fail its -Werror build. */
static inline int check_report(const char *what)
{
    if (failures) {
        fprintf(stderr, "%d %s check(s) failed\n", failures, what);
        return 1;
    }
    printf("all C %s checks passed\n", what);
    return 0;
}

#endif
