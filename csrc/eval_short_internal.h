/* Short-deck evaluator internals (csrc/eval_short.c, csrc/eval_short_tables.c): the
 * generated tables and the inline rank of a summed hand. A short-deck hand is summed from
 * the full deck's he_cards (he_eval_internal.h); the scheme is explained in
 * scripts/gen_short_tables.py. Not part of the Python-visible API. */
#ifndef HE_EVAL_SHORT_INTERNAL_H
#define HE_EVAL_SHORT_INTERNAL_H

#include "he_eval_internal.h"

/* The first row of 2**HE_ROW_SHIFT rank keys that holds a short-deck key (five cards of
 * ranks 6 and 7), and the slots of one rule set's he_short_rank_table. */
#define HE_SHORT_FIRST_ROW 954
#define HE_SHORT_SLOTS 9526
/* Card bits of the deuces..fives (ranks 0..3 of each suit's 16-bit lane): a summed hand
 * with one of them set holds a card outside the short deck. */
#define HE_SHORT_LOW_BITS 0x000F000F000F000FULL

extern const uint16_t he_short_flush_rank[512];
extern const uint32_t he_short_row_offset[];
extern const uint16_t he_short_rank_table[2 * HE_SHORT_SLOTS];
/* Category of each rank (1 = straight flush .. 9 = high card; index 0 unused), one row of
 * HE_SHORT_RANK_WORST + 1 per rule set: he_short_rank_category + rules * that. */
extern const uint8_t he_short_rank_category[2 * (HE_SHORT_RANK_WORST + 1)];

/* 1 when `rules` is a rule set (HE_SHORT_TRIPS_BEAT_STRAIGHT or _STRAIGHTS_BEAT_TRIPS). */
static inline int he_short_rules_ok(int rules)
{
    return rules == HE_SHORT_TRIPS_BEAT_STRAIGHT || rules == HE_SHORT_STRAIGHTS_BEAT_TRIPS;
}

/* The rank table and the category of each rank under a valid rule set. */
static inline const uint16_t *he_short_table(int rules)
{
    return he_short_rank_table + (rules ? HE_SHORT_SLOTS : 0);
}

static inline const uint8_t *he_short_categories(int rules)
{
    return he_short_rank_category + (rules ? HE_SHORT_RANK_WORST + 1 : 0);
}

/* Rank under `table` (he_short_rank_table + rules * HE_SHORT_SLOTS) of a hand of 5..7
 * valid, distinct short-deck cards from its summed key and bits (as he_rank_of). */
static inline uint16_t he_short_rank_of(uint64_t key, uint64_t bits, const uint16_t *table)
{
    if (key & HE_FLUSH_BITS) {
        unsigned shift = 4u * (he_ctz64((key >> 32) & 0x8888u) - 3u) + 4u;
        return he_short_flush_rank[(bits >> shift) & 0x1FFu];
    }
    uint32_t k = (uint32_t)key;
    return table[(uint32_t)(k + he_short_row_offset[(k >> HE_ROW_SHIFT) - HE_SHORT_FIRST_ROW])];
}

/* Status of k card ids already found bad (the popcount or HE_SHORT_LOW_BITS check):
 * HE_E_CARD_RANGE when one is outside 16..51, else HE_E_DUPLICATE. */
static inline int he_short_bad_status(const uint8_t *cards, size_t k)
{
    for (size_t i = 0; i < k; i++) {
        if (cards[i] < HE_SHORT_LOWEST_CARD || cards[i] >= HE_NCARDS) {
            return HE_E_CARD_RANGE;
        }
    }
    return HE_E_DUPLICATE;
}

#endif
