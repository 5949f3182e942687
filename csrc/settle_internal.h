/* Settlement for callers inside the library (csrc/settle.c). */
#ifndef HE_SETTLE_INTERNAL_H
#define HE_SETTLE_INTERNAL_H

#include "holdem_eval.h"

/* he_settle_hand_dead for input checked before (the hand machine's state, which passes
 * he_hand_check): chips within HE_HAND_MAX_CHIPS, cards in range and distinct, a board of
 * 0, 3, 4 or 5 cards padded to 5 with HE_NO_CARD, rules valid, 2..HE_SETTLE_MAX_SEATS
 * seats; none of it is checked again. Writes payouts, *rake and ranks (seats entries: the
 * rank of each seat ranked at a showdown, else 0) instead of a detail record.
 * Several runs (hand->runs = R >= 2, each board padded to 5 as above: board[R * 5]) settle
 * as api/settle.h describes (he_settle_split), and ranks then holds R * seats entries: run
 * r's rank of seat s at ranks[r * seats + s]. */
int he_settle_known(const he_settle_table *hand, const he_settle_rules *rules, int64_t *payouts,
                    int64_t *rake, uint16_t *ranks);

/* he_settle_known that also writes the low ranks of a hi-lo variant (HE_LOW_*; 0: no
 * qualifying low or not ranked) to lows[R * seats] in the same order as ranks (lows may be
 * NULL). */
int he_settle_known_lo(const he_settle_table *hand, const he_settle_rules *rules,
                       int64_t *payouts, int64_t *rake, uint16_t *ranks, uint16_t *lows);

#endif
