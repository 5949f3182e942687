/* The one assertion macro of the C-only tests: CHECK(cond) reports a failed condition with
 * its place and counts it in `failures`; each test's main returns non-zero if any failed.
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

#endif
