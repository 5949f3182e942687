/* Showdown settlement (api/settle.h), the entry points: each checks its arguments, then
 * settles by he_settle_row (csrc/settle_pots.c: pots, awards, odd chips; its rake from
 * csrc/settle_rake.c); the records' lengths; the hand machine's he_settle_known (input
 * checked before); the rake of an amount; the showdown order and who may muck. The one
 * implementation of these rules: settle(), settle_batch(), showdown_order(),
 * Rules.rake_for and the hand state machine (csrc/hand_showdown.c) all call it.
 * tests/engine/settle_reference.py is a readable Python oracle; tests compare the two on
 * random hands. */
#include "settle_internal.h"

#define MAXS HE_SETTLE_MAX_SEATS

static int rules_ok(const he_settle_rules *r)
{
    return r != NULL && (r->method == HE_SETTLE_TDA || r->method == HE_SETTLE_POKERKIT)
           && (r->odd_chips == HE_ODD_CLOCKWISE || r->odd_chips == HE_ODD_FIRST_WINNER)
           && r->rate_den > 0 && r->rate_num >= 0
           && r->rate_num <= r->rate_den && r->rate >= 0.0 && r->rate <= 1.0 && r->cap >= -1;
}

static int args_ok(size_t hole_len, size_t board_cols, size_t seats, int variant,
                   const he_settle_rules *rules)
{
    if (seats < 2 || seats > MAXS || board_cols > 5 || !rules_ok(rules)) {
        return 0;
    }
    const he_variant *v = variant < 0 ? NULL : he_variant_info((size_t)variant);
    return v != NULL && hole_len >= (size_t)v->hole_min && hole_len <= (size_t)v->hole_max;
}

size_t he_settle_detail_len(size_t seats)
{
    return 2 * seats + 2 + seats * (5 + seats);
}

size_t he_settle_split_detail_len(size_t seats, size_t runs)
{
    runs = runs > 1 ? runs : 1;
    size_t pots = seats + 1; /* the live levels, and a pot of dead money below them */
    return seats + 3 + 2 * runs * seats + 3 * pots + pots * runs * 2 * (6 + seats);
}

int he_settle_hand_dead(const he_settle_table *hand, const he_settle_rules *rules,
                        int64_t *payouts, int64_t *detail)
{
    if (hand == NULL
        || !args_ok(hand->hole_len, hand->board_cols, hand->seats, hand->variant, rules)
        || hand->runs > 1 || hand->contributions == NULL || hand->folded == NULL
        || hand->holes == NULL || (hand->board_cols && hand->board == NULL) || payouts == NULL
        || (detail && he_variant_info((size_t)hand->variant)->low)) {
        return HE_E_ARGUMENT; /* a hi-lo hand's record is he_settle_split's */
    }
    he_settle_out out = {NULL, NULL, NULL, detail, NULL};
    return he_settle_row(hand, rules, 0, payouts, &out);
}

int he_settle_hand(const int64_t *contributions, const uint8_t *folded, const uint8_t *holes,
                   size_t hole_len, const uint8_t *board, size_t board_cols, size_t seats,
                   size_t button, int variant, const he_settle_rules *rules,
                   int64_t *payouts, int64_t *detail)
{
    he_settle_table t = {contributions, NULL, folded, holes, hole_len, board, board_cols,
                         seats, button, variant, 1};
    return he_settle_hand_dead(&t, rules, payouts, detail);
}

int he_settle_split(const he_settle_table *hand, const he_settle_rules *rules,
                    int64_t *payouts, int64_t *detail)
{
    if (hand == NULL || payouts == NULL
        || !args_ok(hand->hole_len, hand->board_cols, hand->seats, hand->variant, rules)
        || hand->runs > HE_SETTLE_MAX_RUNS || hand->contributions == NULL
        || hand->folded == NULL || hand->holes == NULL
        || (hand->board_cols && hand->board == NULL)) {
        return HE_E_ARGUMENT;
    }
    he_settle_out out = {NULL, NULL, NULL, NULL, detail};
    return he_settle_row(hand, rules, 0, payouts, &out);
}

int he_settle_known(const he_settle_table *hand, const he_settle_rules *rules, int64_t *payouts,
                    int64_t *rake, uint16_t *ranks)
{
    he_settle_out out = {rake, ranks, NULL, NULL, NULL};
    return he_settle_row(hand, rules, 1, payouts, &out);
}

int he_settle_known_lo(const he_settle_table *hand, const he_settle_rules *rules,
                       int64_t *payouts, int64_t *rake, uint16_t *ranks, uint16_t *lows)
{
    he_settle_out out = {rake, ranks, lows, NULL, NULL};
    return he_settle_row(hand, rules, 1, payouts, &out);
}

int he_settle_batch(const he_settle_table *rows, const int64_t *buttons, size_t button_stride,
                    size_t n, const he_settle_rules *rules, int64_t *payouts, int64_t *rakes,
                    size_t *bad_row)
{
    if (bad_row == NULL || rows == NULL
        || !args_ok(rows->hole_len, rows->board_cols, rows->seats, rows->variant, rules)
        || button_stride > 1 || rows->dead != NULL || rows->runs > HE_SETTLE_MAX_RUNS
        || (n && (rows->contributions == NULL || rows->folded == NULL || rows->holes == NULL
                  || (rows->board_cols && rows->board == NULL) || buttons == NULL
                  || payouts == NULL))) {
        return HE_E_ARGUMENT;
    }
    static const uint8_t no_board[1] = {HE_NO_CARD};
    size_t seats = rows->seats, hole_len = rows->hole_len, board_cols = rows->board_cols;
    size_t runs = rows->runs > 1 ? rows->runs : 1;
    for (size_t i = 0; i < n; i++) {
        int64_t b = buttons[i * button_stride];
        he_settle_table t = {rows->contributions + i * seats, NULL, rows->folded + i * seats,
                             rows->holes + i * seats * hole_len, hole_len,
                             board_cols ? rows->board + i * runs * board_cols : no_board,
                             board_cols, seats, b < 0 ? seats : (size_t)b, rows->variant, runs};
        he_settle_out out = {rakes ? rakes + i : NULL, NULL, NULL, NULL, NULL};
        int st = he_settle_row(&t, rules, 0, payouts + i * seats, &out);
        if (st != HE_OK) {
            *bad_row = i;
            return st;
        }
    }
    return HE_OK;
}

int64_t he_settle_rake(const he_settle_rules *rules, int64_t amount, int flop_dealt)
{
    if (!rules_ok(rules) || amount < 0) {
        return HE_E_ARGUMENT;
    }
    return he_settle_rake_of(rules, amount, flop_dealt);
}

int he_showdown_order(const int64_t *contributions, const int64_t *dead, const uint8_t *live,
                      const uint16_t *ranks, size_t seats, size_t button, int64_t last_aggressor,
                      uint8_t *order, uint8_t *muck, size_t *count)
{
    return he_showdown_order_lo(contributions, dead, live, ranks, NULL, seats, button,
                                last_aggressor, order, muck, count);
}

int he_showdown_order_lo(const int64_t *contributions, const int64_t *dead, const uint8_t *live,
                         const uint16_t *ranks, const uint16_t *lows, size_t seats,
                         size_t button, int64_t last_aggressor, uint8_t *order, uint8_t *muck,
                         size_t *count)
{
    if (seats < 1 || seats > MAXS || live == NULL || order == NULL || muck == NULL
        || count == NULL || button >= seats || last_aggressor >= (int64_t)seats
        || (last_aggressor >= 0 && !live[last_aggressor])
        || (contributions != NULL && ranks == NULL)) {
        return HE_E_ARGUMENT;
    }
    /* Net chips: dead money and the uncalled return taken out (they reach no level). */
    int64_t chips[MAXS], total = 0, dead_total = 0, returned = 0;
    size_t top_seat = 0;
    if (contributions != NULL) {
        int st = he_settle_net_chips(contributions, dead, seats, 0, chips, &top_seat, &returned, &total,
                           &dead_total);
        if (st != HE_OK) {
            return st;
        }
    }
    int64_t live_top = 0; /* the highest live level: folded chips above it form a pot too */
    for (size_t s = 0; s < seats && contributions != NULL; s++) {
        live_top = (live[s] && chips[s] > live_top) ? chips[s] : live_top;
    }
    /* a seat with no chips in reaches no pot unless dead money or chips above every live
     * level (then at 0) make one it is eligible for */
    int no_pot_at_zero = dead_total == 0 && (live_top > 0 || total == 0);
    /* The last aggressor shows first, else the first live seat left of the button; then
     * clockwise. A hand may muck when, at its turn, a shown hand beats it in every pot it
     * is eligible for: in the top pot it reaches (a hand reaching that pot reaches every
     * lower one). A seat whose chips reach no pot (nothing in, no dead money) has no pot
     * to win and may muck once any hand is shown. */
    size_t start = last_aggressor >= 0 ? (size_t)last_aggressor : (button + 1) % seats;
    size_t n = 0, shown[MAXS], n_shown = 0;
    for (size_t d = 0; d < seats; d++) {
        size_t s = (start + d) % seats;
        if (!live[s]) {
            continue;
        }
        order[n] = (uint8_t)s;
        muck[n] = 0;
        if (contributions != NULL) {
            int beaten = chips[s] == 0 && no_pot_at_zero;
            /* hi-lo: beaten in the high half by one shown hand and, unless it has no
             * qualifying low, in the low half by one (perhaps another) */
            int high_beaten = 0, low_beaten = lows == NULL || lows[s] == 0;
            for (size_t t = 0; t < n_shown; t++) {
                size_t o = shown[t];
                int reaches = chips[o] >= chips[s];
                high_beaten |= reaches && ranks[o] < ranks[s];
                low_beaten |= reaches && lows != NULL && lows[o] != 0 && lows[o] < lows[s];
            }
            beaten |= high_beaten && low_beaten;
            if (n_shown && beaten) {
                muck[n] = 1;
            } else {
                shown[n_shown++] = s;
            }
        }
        n++;
    }
    if (n == 0) {
        return HE_E_NO_LIVE;
    }
    *count = n;
    return HE_OK;
}
