/* Evaluator internals shared by the C kernels (batch, equity, settlement): the generated
 * tables and inline helpers that turn an accumulated hand key into a rank. Not part of
 * the Python-visible API. The scheme is explained in scripts/gen_tables.py. */
#ifndef HE_EVAL_INTERNAL_H
#define HE_EVAL_INTERNAL_H

#include "holdem_eval.h"

/* Perfect hash geometry and multiplier; gen_tables.py writes tables for exactly these. */
#define HE_HASH_BUCKET_BITS 13
#define HE_HASH_SLOT_BITS 17
#define HE_HASH_MUL 0x9E3779B97F4A7C15ULL
/* Every suit counter (4 bits at 32 + 4 * suit) starts at 3: it reaches 8 at five cards. */
#define HE_SUIT_BIAS 0x333300000000ULL
#define HE_FLUSH_BITS 0x888800000000ULL
#define HE_NCARDS 52

extern const uint64_t he_card_key[256];
extern const uint64_t he_card_bit[256];
extern const uint16_t he_flush_rank[8192];
extern const uint8_t he_rank_category[7463]; /* 1 = straight flush .. 9 = high card */
extern const uint32_t he_hash_disp[1 << HE_HASH_BUCKET_BITS];
extern const uint16_t he_hash_rank[1 << HE_HASH_SLOT_BITS];

/* Rank of a hand of 5..7 valid, distinct cards from its summed key (starting at
 * HE_SUIT_BIAS) and its ORed card bits. */
static inline uint16_t he_rank_of(uint64_t key, uint64_t bits)
{
    uint64_t flush = key & HE_FLUSH_BITS;
    if (flush) {
        /* Only one suit can hold five of at most seven cards. */
        unsigned suit = (flush & 0x000800000000ULL) ? 0u
                      : (flush & 0x008000000000ULL) ? 1u
                      : (flush & 0x080000000000ULL) ? 2u : 3u;
        return he_flush_rank[(bits >> (16u * suit)) & 0x1FFFu];
    }
    uint64_t h = (key & 0xFFFFFFFFULL) * HE_HASH_MUL;
    uint32_t bucket = (uint32_t)(h >> (64 - HE_HASH_BUCKET_BITS));
    uint32_t slot = (uint32_t)(h >> (64 - HE_HASH_BUCKET_BITS - HE_HASH_SLOT_BITS))
                    & ((1u << HE_HASH_SLOT_BITS) - 1u);
    return he_hash_rank[slot ^ he_hash_disp[bucket]];
}

/* The bit of card ids 52..255 in he_card_bit; no valid card uses bit 63. */
#define HE_BAD_CARD_BIT 0x8000000000000000ULL

/* Hand accumulator: `key` sums he_card_key (start at HE_SUIT_BIAS), `bits` ORs and `sum`
 * adds he_card_bit. The hand is valid when bits has no HE_BAD_CARD_BIT (every id < 52)
 * and sum == bits (no card twice). Validation costs one add per card. */
#define HE_ADD_CARD(c, key, bits, sum)           \
    do {                                         \
        uint8_t he_c_ = (c);                     \
        uint64_t he_b_ = he_card_bit[he_c_];     \
        (key) += he_card_key[he_c_];             \
        (bits) |= he_b_;                         \
        (sum) += he_b_;                          \
    } while (0)

/* HE_OK, HE_E_CARD_RANGE or HE_E_DUPLICATE for an accumulated hand. */
static inline int he_check(uint64_t bits, uint64_t sum)
{
    if (bits & HE_BAD_CARD_BIT) {
        return HE_E_CARD_RANGE;
    }
    return bits == sum ? HE_OK : HE_E_DUPLICATE;
}

#endif
