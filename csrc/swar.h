/* Eight byte lanes in one 64-bit word: the counts behind the seeded deal's card pick
 * (deal.c) and the batch's random legal action (hand_batch.c). */
#ifndef HE_SWAR_H
#define HE_SWAR_H

#include <stdint.h>

#define HE_BYTE_ONES 0x0101010101010101u  /* 1 in every byte: byte sums and broadcasts */
#define HE_BYTE_HIGHS 0x8080808080808080u /* the high bit of every byte */

/* How many bytes of `prefix` (8 nondecreasing counts, each <= 64) are <= j (j <= 63):
 * (j | 0x80) - count keeps its high bit exactly when count <= j, with no borrow between
 * bytes. */
static inline unsigned he_bytes_at_most(uint64_t prefix, uint64_t j)
{
    uint64_t le = (((j * HE_BYTE_ONES) | HE_BYTE_HIGHS) - prefix) & HE_BYTE_HIGHS;
    return (unsigned)(((le >> 7) * HE_BYTE_ONES) >> 56);
}

/* 1 in each byte of w that is not 0, else 0. */
static inline uint64_t he_nonzero_bytes(uint64_t w)
{
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Fu;
    return ((((w & low7) + low7) | w) >> 7) & HE_BYTE_ONES;
}

#endif
