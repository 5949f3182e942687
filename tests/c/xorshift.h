/* The C tests' random source (test_eval.c, test_hilo.c, test_settle.c and, through
 * hand_config.h, the hand tests): Marsaglia's xorshift64, its state kept by each test. */
#ifndef HE_TEST_XORSHIFT_H
#define HE_TEST_XORSHIFT_H

#include <stdint.h>

/* Marsaglia's xorshift64: the next value of the random source whose state is *state
 * (never 0). */
static inline uint64_t xorshift64(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

#endif
