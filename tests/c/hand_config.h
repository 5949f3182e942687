/* What the C hand tests share (test_hand.c, test_hand_view.c, test_hand_batch.c,
 * test_pool.c): the game they play (test_config: blinds big_blind / 2 and big_blind, bets of
 * one big blind (fixed limit: two on turn and river), fixed-limit cap 4, the TDA pot rules,
 * no rake), a seeded setup, the chip counts a hand must conserve, and a xorshift64 random
 * source whose state each test keeps (xorshift.h). */
#ifndef HE_TEST_HAND_CONFIG_H
#define HE_TEST_HAND_CONFIG_H

#include <string.h>

#include "hand_state.h"
#include "xorshift.h"

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

/* A setup of `seats` seats of `stacks`, the button at `button`, dealt from `seed`. */
static inline he_hand_setup seeded(size_t seats, size_t button, const int64_t *stacks,
                                   uint64_t seed)
{
    he_hand_setup s;
    memset(&s, 0, sizeof s);
    s.seats = seats;
    s.button = button;
    s.stacks = stacks;
    s.has_seed = 1;
    s.seed = seed;
    return s;
}

/* The chips of `h` now: stacks, pot and rake. */
static inline int64_t chips(const he_hand *h)
{
    int64_t total = h->pot + h->rake;
    for (int64_t k = 0; k < h->n; k++) {
        total += h->stacks[k];
    }
    return total;
}

/* The chips of `h` when it started; chips(h) must always equal it. */
static inline int64_t started(const he_hand *h)
{
    int64_t total = 0;
    for (int64_t k = 0; k < h->n; k++) {
        total += h->starting_stacks[k];
    }
    return total;
}

#endif
