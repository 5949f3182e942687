/* The eight-or-better A-5 low (csrc/eval_low.c) for the library's own kernels (settlement,
 * equity, batch): rank masks in, HE_LOW_* ranks out. Not part of the Python-visible API. */
#ifndef HE_EVAL_LOW_H
#define HE_EVAL_LOW_H

#include "he_eval_internal.h"

/* The low bit of each rank 0..12 (2..A): bit 0 the ace, bit k the rank k + 1 for 2..8, none
 * for 9..K. */
static const uint8_t he_low_bit_of_rank[13] = {2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 1};

/* The low bit of card id c (< 52). */
static inline unsigned he_low_bit(unsigned c) { return he_low_bit_of_rank[c >> 2]; }

/* The HE_LOW_* rank of a mask of exactly five low bits: 1 + its colex index, the sum over
 * its bits b_1 < .. < b_5 of C(b_i, i) (he_low_binom[i][b] = C(b, i)). Numeric order of
 * five-bit masks is the order of lows (the highest card decides first), and so is colex. */
static const uint8_t he_low_binom[6][8] = {
    {1, 1, 1, 1, 1, 1, 1, 1},     {0, 1, 2, 3, 4, 5, 6, 7},      {0, 0, 1, 3, 6, 10, 15, 21},
    {0, 0, 0, 1, 4, 10, 20, 35},  {0, 0, 0, 0, 1, 5, 15, 35},    {0, 0, 0, 0, 0, 1, 6, 21},
};

static inline unsigned he_low_rank_of_mask(unsigned m)
{
    unsigned r = 1;
    for (unsigned i = 1; i <= 5; i++, m &= m - 1u) {
        r += he_low_binom[i][he_ctz64(m)];
    }
    return r;
}

/* The best low of exactly two of the hole ranks `hole` (a mask of the hole cards' low bits)
 * and three of the board ranks `board`: HE_LOW_NONE when none qualifies. */
static inline unsigned he_low_two_three(unsigned hole, unsigned board)
{
    unsigned best = 0x100; /* above every five-bit mask */
    for (unsigned a = hole; a; a &= a - 1u) {
        unsigned abit = a & (0u - a);
        for (unsigned b = a & (a - 1u); b; b &= b - 1u) {
            unsigned pair = abit | (b & (0u - b));
            unsigned rest = board & ~pair;
            /* the three lowest board ranks outside the pair make its best low */
            unsigned t1 = rest & (0u - rest);
            rest ^= t1;
            unsigned t2 = rest & (0u - rest);
            rest ^= t2;
            unsigned t3 = rest & (0u - rest);
            unsigned m = t3 ? (pair | t1 | t2 | t3) : 0x100u;
            best = m < best ? m : best;
        }
    }
    return best < 0x100 ? he_low_rank_of_mask(best) : HE_LOW_NONE;
}

/* The best low of any five cards whose low bits are `mask`: its five lowest ranks. */
static inline unsigned he_low_any_five(unsigned mask)
{
    unsigned m = 0;
    for (int k = 0; k < 5; k++) {
        if (!mask) {
            return HE_LOW_NONE;
        }
        unsigned b = mask & (0u - mask);
        m |= b;
        mask ^= b;
    }
    return he_low_rank_of_mask(m);
}

#endif
