/* The game the C hand tests play (test_hand.c, test_hand_batch.c, test_pool.c): blinds
 * big_blind / 2 and big_blind, bets of one big blind (fixed limit: two on turn and river),
 * fixed-limit cap 4, the TDA pot rules, no rake. */
#ifndef HE_TEST_HAND_CONFIG_H
#define HE_TEST_HAND_CONFIG_H

#include <string.h>

#include "hand_state.h"

static he_hand_config test_config(int64_t betting, int64_t hole_count, int64_t big_blind,
                                  int64_t ante)
{
    he_hand_config c;
    memset(&c, 0, sizeof c);
    c.variant = hole_count == 2 ? HE_VARIANT_HOLDEM : HE_VARIANT_OMAHA;
    c.hole_count = hole_count;
    c.betting = betting;
    c.small_blind = big_blind / 2;
    c.big_blind = big_blind;
    c.ante = ante;
    for (int k = 0; k < 4; k++) {
        c.street_sizes[k] = betting == HE_FIXED_LIMIT && k >= 2 ? 2 * big_blind : big_blind;
    }
    c.max_bets = 4;
    c.blind_counts_toward_cap = 1;
    c.settle_method = HE_SETTLE_TDA;
    c.odd_chips = HE_ODD_CLOCKWISE;
    c.rate_den = 1;
    c.rake_cap = -1;
    c.max_runs = 1; /* the board runs once (run it twice: max_runs 2..HE_HAND_MAX_RUNS) */
    return c;
}

#endif
