/* Showdown settlement: evaluate the live hands, cut the pots at the all-in levels, award
 * them, split with odd chips, take the rake. The same rules as engine/pots.py and
 * engine/rules.py (the pure-Python reference); tests compare the two on random hands. */
#include <string.h>

#include "he_eval_internal.h"

#define MAXS HE_SETTLE_MAX_SEATS

typedef struct {
    size_t count;
    int64_t amount[MAXS];
    int64_t rake[MAXS];
    uint32_t eligible[MAXS];
    uint32_t winners[MAXS];
    uint16_t rank[MAXS];
} pot_list;

static unsigned popcount32(uint32_t x)
{
    unsigned n = 0;
    while (x) {
        x &= x - 1u;
        n++;
    }
    return n;
}

/* Index of the single set bit of x (x a power of two). */
static size_t seat_of_bit(uint32_t x)
{
    size_t s = 0;
    while (x > 1u) {
        x >>= 1;
        s++;
    }
    return s;
}

/* Seats of `eligible` holding its best (lowest) rank; all of them without a showdown. */
static uint32_t best_of(uint32_t eligible, const uint16_t *rank, int showdown, size_t seats,
                        uint16_t *best_rank)
{
    if (!showdown) {
        *best_rank = 0;
        return eligible;
    }
    unsigned best = 0xFFFFu;
    for (size_t s = 0; s < seats; s++) {
        unsigned r = (eligible >> s & 1u) ? rank[s] : 0xFFFFu;
        best = r < best ? r : best;
    }
    uint32_t winners = 0;
    for (size_t s = 0; s < seats; s++) {
        winners |= (uint32_t)(rank[s] == best) << s;
    }
    *best_rank = (uint16_t)best;
    return winners & eligible;
}

/* Python's round() of a non-negative double: nearest integer, ties to even. x < 2^62. */
static int64_t round_half_even(double x)
{
    int64_t whole = (int64_t)x;
    double frac = x - (double)whole;
    if (frac > 0.5 || (frac == 0.5 && (whole & 1))) {
        whole++;
    }
    return whole;
}

/* floor(amount * num / den) without overflow for 0 <= num <= den <= 2^31. */
static int64_t rate_floor(int64_t amount, int64_t num, int64_t den)
{
    return (amount / den) * num + (amount % den) * num / den;
}

static int64_t capped(int64_t raked, int64_t cap)
{
    return (cap >= 0 && raked > cap) ? cap : raked;
}

static int rules_ok(const he_settle_rules *r)
{
    return r != NULL && (r->method == HE_SETTLE_TDA || r->method == HE_SETTLE_POKERKIT)
           && (r->odd_chips == HE_ODD_CLOCKWISE || r->odd_chips == HE_ODD_FIRST_WINNER)
           && r->rate_den > 0 && r->rate_den <= ((int64_t)1 << 31) && r->rate_num >= 0
           && r->rate_num <= r->rate_den && r->rate >= 0.0 && r->rate <= 1.0 && r->cap >= -1;
}

/* Validates the cards in play and ranks the live seats. `used` holds the board's bits. */
static int rank_seats(const uint8_t *holes, size_t hole_len, const uint8_t *board,
                      size_t seats, uint32_t live, int variant, uint64_t used, uint16_t *rank)
{
    uint64_t bkey = HE_SUIT_BIAS, bbits = 0, bsum = 0;
    if (variant == HE_VARIANT_HOLDEM) {
        for (size_t k = 0; k < 5; k++) {
            HE_ADD_CARD(board[k], bkey, bbits, bsum);
        }
    }
    for (size_t s = 0; s < seats; s++) {
        if (!(live >> s & 1u)) {
            continue;
        }
        const uint8_t *hole = holes + s * hole_len;
        for (size_t j = 0; j < hole_len; j++) {
            if (hole[j] >= HE_NCARDS) {
                return HE_E_CARD_RANGE;
            }
            uint64_t bit = (uint64_t)1 << hole[j];
            if (used & bit) {
                return HE_E_DUPLICATE;
            }
            used |= bit;
        }
        if (variant == HE_VARIANT_HOLDEM) {
            uint64_t key = bkey, bits = bbits, sum = bsum;
            HE_ADD_CARD(hole[0], key, bits, sum);
            HE_ADD_CARD(hole[1], key, bits, sum);
            rank[s] = he_rank_of(key, bits);
        } else {
            size_t bad = 0;
            int st = he_eval_omaha_batch(hole, 1, hole_len, board, 5, 0, &rank[s], &bad);
            if (st != HE_OK) {
                return st;
            }
        }
    }
    return HE_OK;
}

/* Main pot first: pots between consecutive live contribution levels. Each pass finds
 * the next level L (the smallest live contribution above the previous one) and
 * F(L) = sum over seats of min(c, L); the pot between two levels holds F(L) - F(prev).
 * Branch-free inner loops: with random hands the branches would mostly mispredict. */
static void form_pots(const int64_t *c, size_t seats, uint32_t live, pot_list *pots)
{
    pots->count = 0;
    int64_t prev = 0, f_prev = 0, total = 0;
    uint32_t top = live;
    for (size_t s = 0; s < seats; s++) {
        total += c[s];
    }
    for (;;) {
        int64_t level = INT64_MAX;
        for (size_t s = 0; s < seats; s++) {
            int64_t cand = ((live >> s & 1u) && c[s] > prev) ? c[s] : INT64_MAX;
            level = cand < level ? cand : level;
        }
        if (level == INT64_MAX) {
            break;
        }
        int64_t f = 0;
        uint32_t eligible = 0;
        for (size_t s = 0; s < seats; s++) {
            f += c[s] < level ? c[s] : level;
            eligible |= (uint32_t)(c[s] >= level) << s;
        }
        eligible &= live;
        pots->amount[pots->count] = f - f_prev;
        pots->eligible[pots->count] = eligible;
        pots->count++;
        top = eligible;
        prev = level;
        f_prev = f;
    }
    /* Chips above every live level (folded seats only) are dead money: the last pot. */
    int64_t dead = total - f_prev;
    if (dead) {
        if (pots->count) {
            pots->amount[pots->count - 1] += dead;
        } else {
            pots->amount[0] = dead;
            pots->eligible[0] = top;
            pots->count = 1;
        }
    }
}

static int settle_row(const int64_t *chips, const int64_t *dead_chips, const uint8_t *folded,
                      const uint8_t *holes,
                      size_t hole_len, const uint8_t *board, size_t board_cols, size_t seats,
                      size_t button, int variant, const he_settle_rules *rules,
                      int64_t *payouts, int64_t *rake_out, int64_t *detail)
{
    int64_t c[MAXS];
    int64_t pay[MAXS];
    uint16_t rank[MAXS];
    uint32_t live = 0;
    int64_t total = 0, dead_total = 0;
    for (size_t s = 0; s < seats; s++) {
        int64_t x = chips[s];
        if (x < 0 || x > INT64_MAX - total) {
            return HE_E_CHIPS;
        }
        total += x;
        int64_t d = dead_chips ? dead_chips[s] : 0;
        if (d < 0 || d > x) {
            return HE_E_CHIPS;
        }
        dead_total += d;
        c[s] = x - d;
        pay[s] = 0;
        rank[s] = 0;
        if (!folded[s]) {
            live |= 1u << s;
        }
    }
    if (!live) {
        return HE_E_NO_LIVE;
    }
    if (button >= seats) {
        return HE_E_BUTTON;
    }
    size_t nb = 0;
    while (nb < board_cols && board[nb] != HE_NO_CARD) {
        nb++;
    }
    for (size_t k = nb; k < board_cols; k++) {
        if (board[k] != HE_NO_CARD) {
            return HE_E_BOARD;
        }
    }
    if (nb == 1 || nb == 2) {
        return HE_E_BOARD;
    }
    uint64_t used = 0;
    for (size_t k = 0; k < nb; k++) {
        if (board[k] >= HE_NCARDS) {
            return HE_E_CARD_RANGE;
        }
        uint64_t bit = (uint64_t)1 << board[k];
        if (used & bit) {
            return HE_E_DUPLICATE;
        }
        used |= bit;
    }
    int showdown = (live & (live - 1u)) != 0;
    if (showdown) {
        if (nb != 5) {
            return HE_E_BOARD;
        }
        int st = rank_seats(holes, hole_len, board, seats, live, variant, used, rank);
        if (st != HE_OK) {
            return st;
        }
    }

    /* The unmatched part of the largest contribution goes back to its owner. */
    size_t top_seat = 0;
    int64_t top = -1, second = 0;
    for (size_t s = 0; s < seats; s++) {
        if (c[s] > top) {
            second = top < 0 ? 0 : top;
            top = c[s];
            top_seat = s;
        } else if (c[s] > second) {
            second = c[s];
        }
    }
    int64_t returned = top > second ? top - second : 0;
    c[top_seat] -= returned;
    pay[top_seat] = returned;

    pot_list pots;
    form_pots(c, seats, live, &pots);
    if (dead_total) {
        /* dead money joins the main pot, open to every live seat */
        if (!pots.count || pots.eligible[0] != live) {
            memmove(pots.amount + 1, pots.amount, pots.count * sizeof *pots.amount);
            memmove(pots.eligible + 1, pots.eligible, pots.count * sizeof *pots.eligible);
            pots.amount[0] = 0;
            pots.eligible[0] = live;
            pots.count++;
        }
        pots.amount[0] += dead_total;
    }
    if (rules->method == HE_SETTLE_POKERKIT) {
        /* Kill hands that win no pot, then merge adjacent pots left with the same players. */
        uint32_t alive = 0;
        for (size_t i = 0; i < pots.count; i++) {
            alive |= best_of(pots.eligible[i], rank, showdown, seats, &pots.rank[i]);
        }
        size_t m = 0;
        for (size_t i = 0; i < pots.count; i++) {
            uint32_t e = pots.eligible[i] & alive;
            if (m && pots.eligible[m - 1] == e) {
                pots.amount[m - 1] += pots.amount[i];
            } else {
                pots.amount[m] = pots.amount[i];
                pots.eligible[m] = e;
                m++;
            }
        }
        pots.count = m;
    }
    int flop = nb >= 3;
    int64_t rake = 0;
    if (rules->method == HE_SETTLE_POKERKIT) {
        for (size_t i = 0; i < pots.count; i++) {
            int64_t r = 0;
            if (flop || !rules->no_flop_no_drop) {
                r = capped(round_half_even((double)pots.amount[i] * rules->rate), rules->cap);
            }
            pots.rake[i] = r;
            rake += r;
        }
    } else {
        int64_t pot_total = 0;
        for (size_t i = 0; i < pots.count; i++) {
            pot_total += pots.amount[i];
        }
        if (rules->rate_num && (flop || !rules->no_flop_no_drop)) {
            rake = capped(rate_floor(pot_total, rules->rate_num, rules->rate_den), rules->cap);
        }
        int64_t left = rake;
        for (size_t i = 0; i < pots.count; i++) {
            pots.rake[i] = left < pots.amount[i] ? left : pots.amount[i];
            left -= pots.rake[i];
        }
    }

    /* Seats clockwise from the first seat left of the button: the odd-chip order. */
    uint8_t order[MAXS];
    for (size_t j = 0, s = button + 1; j < seats; j++, s++) {
        if (s == seats) {
            s = 0;
        }
        order[j] = (uint8_t)s;
    }
    size_t stride = 5 + seats;
    int64_t *pot_out = detail ? detail + 2 * seats + 2 : NULL;
    for (size_t i = 0; i < pots.count; i++) {
        uint32_t winners = best_of(pots.eligible[i], rank, showdown, seats, &pots.rank[i]);
        int64_t net = pots.amount[i] - pots.rake[i];
        int64_t *shares = NULL;
        if (pot_out) {
            int64_t *p = pot_out + i * stride;
            p[0] = pots.amount[i];
            p[1] = pots.rake[i];
            p[2] = (int64_t)pots.eligible[i];
            p[3] = (int64_t)winners;
            p[4] = pots.rank[i];
            shares = p + 5;
            memset(shares, 0, seats * sizeof *shares);
        }
        if (!(winners & (winners - 1u))) {
            /* One winner (the common case): the whole pot. */
            size_t s = seat_of_bit(winners);
            pay[s] += net;
            if (shares) {
                shares[s] = net;
            }
            continue;
        }
        int64_t k = (int64_t)popcount32(winners);
        int64_t quotient = net / k, remainder = net % k;
        int64_t nth = 0;
        for (size_t j = 0; j < seats; j++) {
            size_t s = order[j];
            if (!(winners >> s & 1u)) {
                continue;
            }
            int64_t share = quotient;
            if (rules->odd_chips == HE_ODD_CLOCKWISE) {
                share += nth < remainder;
            } else if (nth == 0) {
                share += remainder;
            }
            nth++;
            pay[s] += share;
            if (shares) {
                shares[s] = share;
            }
        }
    }
    for (size_t s = 0; s < seats; s++) {
        payouts[s] = pay[s];
    }
    if (rake_out) {
        *rake_out = rake;
    }
    if (detail) {
        for (size_t s = 0; s < seats; s++) {
            detail[s] = s == top_seat ? returned : 0;
            detail[seats + s] = rank[s];
        }
        detail[2 * seats] = rake;
        detail[2 * seats + 1] = (int64_t)pots.count;
    }
    return HE_OK;
}

static int args_ok(size_t hole_len, size_t board_cols, size_t seats, int variant,
                   const he_settle_rules *rules)
{
    if (seats < 2 || seats > MAXS || board_cols > 5 || !rules_ok(rules)) {
        return 0;
    }
    if (variant == HE_VARIANT_HOLDEM) {
        return hole_len == 2;
    }
    return variant == HE_VARIANT_OMAHA && hole_len >= 4 && hole_len <= 6;
}

size_t he_settle_detail_len(size_t seats)
{
    return 2 * seats + 2 + seats * (5 + seats);
}

int he_settle_hand(const int64_t *contributions, const uint8_t *folded, const uint8_t *holes,
                   size_t hole_len, const uint8_t *board, size_t board_cols, size_t seats,
                   size_t button, int variant, const he_settle_rules *rules,
                   int64_t *payouts, int64_t *detail)
{
    if (!args_ok(hole_len, board_cols, seats, variant, rules) || contributions == NULL
        || folded == NULL || holes == NULL || (board_cols && board == NULL)
        || payouts == NULL) {
        return HE_E_ARGUMENT;
    }
    return settle_row(contributions, NULL, folded, holes, hole_len, board, board_cols, seats,
                      button, variant, rules, payouts, NULL, detail);
}

int he_settle_hand_dead(const int64_t *contributions, const int64_t *dead, const uint8_t *folded,
                        const uint8_t *holes, size_t hole_len, const uint8_t *board,
                        size_t board_cols, size_t seats, size_t button, int variant,
                        const he_settle_rules *rules, int64_t *payouts, int64_t *detail)
{
    if (!args_ok(hole_len, board_cols, seats, variant, rules) || contributions == NULL
        || folded == NULL || holes == NULL || (board_cols && board == NULL)
        || payouts == NULL) {
        return HE_E_ARGUMENT;
    }
    return settle_row(contributions, dead, folded, holes, hole_len, board, board_cols, seats,
                      button, variant, rules, payouts, NULL, detail);
}

int he_settle_batch(const int64_t *contributions, const uint8_t *folded, const uint8_t *holes,
                    size_t hole_len, const uint8_t *boards, size_t board_cols,
                    const int64_t *buttons, size_t button_stride, size_t n, size_t seats,
                    int variant, const he_settle_rules *rules, int64_t *payouts,
                    int64_t *rakes, size_t *bad_row)
{
    if (bad_row == NULL || !args_ok(hole_len, board_cols, seats, variant, rules)
        || button_stride > 1
        || (n && (contributions == NULL || folded == NULL || holes == NULL
                  || (board_cols && boards == NULL) || buttons == NULL || payouts == NULL))) {
        return HE_E_ARGUMENT;
    }
    static const uint8_t no_board[1] = {HE_NO_CARD};
    for (size_t i = 0; i < n; i++) {
        int64_t b = buttons[i * button_stride];
        size_t button = b < 0 ? seats : (size_t)b;
        const uint8_t *board = board_cols ? boards + i * board_cols : no_board;
        int st = settle_row(contributions + i * seats, NULL, folded + i * seats,
                            holes + i * seats * hole_len, hole_len, board, board_cols, seats,
                            button, variant, rules, payouts + i * seats,
                            rakes ? rakes + i : NULL, NULL);
        if (st != HE_OK) {
            *bad_row = i;
            return st;
        }
    }
    return HE_OK;
}
