/* Settlement for callers inside the library (csrc/settle.c). */
#ifndef HE_SETTLE_INTERNAL_H
#define HE_SETTLE_INTERNAL_H

#include "holdem_eval.h"

/* he_settle_hand_dead for input checked before (the hand machine's state, which passes
 * he_hand_check): chips within HE_HAND_MAX_CHIPS, cards in range and distinct, a board of
 * 0, 3, 4 or 5 cards padded to 5 with HE_NO_CARD, rules valid, 2..HE_SETTLE_MAX_SEATS
 * seats; none of it is checked again. Writes payouts, *rake and ranks (seats entries: the
 * rank of each seat ranked at a showdown, else 0) instead of a detail record. */
int he_settle_known(const he_settle_table *hand, const he_settle_rules *rules, int64_t *payouts,
                    int64_t *rake, uint16_t *ranks);

#endif
