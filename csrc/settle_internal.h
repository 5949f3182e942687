/* Settlement inside the library: the entry points of the hand machine (he_settle_known*,
 * csrc/settle.c), and what the settlement's files share: csrc/settle.c (the entry points,
 * the showdown order), csrc/settle_pots.c (one hand's settlement), csrc/settle_rake.c (the
 * rake). Calls go one way: settle.c -> settle_pots.c -> settle_rake.c. */
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
 * NULL). A hi-lo hand's showdown order passes them to he_showdown_order_lo, so that a seat
 * holding a low is not mucked for its beaten high. */
int he_settle_known_lo(const he_settle_table *hand, const he_settle_rules *rules,
                       int64_t *payouts, int64_t *rake, uint16_t *ranks, uint16_t *lows);

/* What he_settle_row writes besides the payouts (each may be NULL). */
typedef struct {
    int64_t *rake;
    uint16_t *ranks;   /* R * P high ranks */
    uint16_t *lows;    /* R * P low ranks */
    int64_t *detail;   /* the he_settle_hand record (one run, high only) */
    int64_t *split;    /* the he_settle_split record */
} he_settle_out;

/* One hand's settlement (csrc/settle_pots.c), for a table whose sizes, variant, runs and
 * rules the caller checked (csrc/settle.c). `known`: its chips, cards and boards were
 * checked before too (the hand machine's state), so they are not checked again. Writes
 * payouts[P] and `out`; returns HE_OK or the status of the bad input (HE_E_CHIPS,
 * HE_E_NO_LIVE, HE_E_BUTTON, HE_E_BOARD, HE_E_CARD_RANGE, HE_E_DUPLICATE). */
int he_settle_row(const he_settle_table *t, const he_settle_rules *rules, int known,
                  int64_t *payouts, const he_settle_out *out);

/* Each seat's chips in the pots (csrc/settle_pots.c): its contribution less its dead part
 * and less the uncalled return, which goes back to its owner. Writes net[P], the return's
 * seat and amount, and the sums of the contributions and of the dead parts (dead may be
 * NULL: none). HE_E_CHIPS for a negative amount, a dead part above its contribution, or
 * contributions summing beyond int64 (not looked for when `known`). */
int he_settle_net_chips(const int64_t *chips, const int64_t *dead, size_t seats, int known,
                        int64_t *net, size_t *return_seat, int64_t *returned, int64_t *total,
                        int64_t *dead_total);

/* The rake of `amount` chips (csrc/settle_rake.c) under valid rules: of the whole hand's
 * pot (HE_SETTLE_TDA) or of one merged pot (HE_SETTLE_POKERKIT); 0 without a flop under
 * no_flop_no_drop. */
int64_t he_settle_rake_of(const he_settle_rules *r, int64_t amount, int flop_dealt);

#endif
