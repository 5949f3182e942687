/* One hand's settlement (he_settle_row, csrc/settle_internal.h): each seat's chips net of
 * dead money and the uncalled return, the live hands ranked on each run's board (high, and
 * low in a hi-lo game), the pots cut at the all-in levels (dead money in the main pot;
 * PokerKit's pots merged after the hands that win nothing are killed), the rake taken
 * (csrc/settle_rake.c), every pot awarded run by run and half by half, the odd chips. The
 * entry points, which check their input first, are in csrc/settle.c. */
#include <string.h>

#include "he_eval_internal.h"
#include "eval_low_internal.h"
#include "settle_internal.h"

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

/* Validates the cards in play (unless `known`: checked before) and ranks the live seats.
 * `used` holds the board's bits. */
static int rank_seats(const uint8_t *holes, size_t hole_len, const uint8_t *board,
                      uint32_t live, int variant, uint64_t used, int known, uint16_t *rank)
{
    const he_variant *v = he_variant_info((size_t)variant); /* known: args_ok checked it */
    /* Hold'em, the best five of all cards: the board's part of the rank key is computed
     * once (other rows, short deck too, rank through their row's function) */
    int best_five = variant == HE_VARIANT_HOLDEM;
    uint64_t bkey = HE_SUIT_BIAS, bbits = 0, bsum = 0;
    if (best_five) {
        for (size_t k = 0; k < 5; k++) {
            HE_ADD_CARD(board[k], bkey, bbits, bsum);
        }
    }
    for (uint32_t left = live; left; left &= left - 1u) { /* the live seats, in order */
        size_t s = he_ctz64(left);
        const uint8_t *hole = holes + s * hole_len;
        size_t len = hole_len;
        /* a seat may hold fewer cards than the widest (Omaha: 4 of 6): NO_CARD pads its row */
        while (len > (size_t)v->hole_min && hole[len - 1] == HE_NO_CARD) {
            len--;
        }
        int bad = known ? HE_OK : he_add_mask(hole, len, &used);
        if (bad != HE_OK) {
            return bad;
        }
        if (best_five) {
            uint64_t key = bkey, bits = bbits, sum = bsum;
            for (size_t j = 0; j < len; j++) {
                HE_ADD_CARD(hole[j], key, bits, sum);
            }
            rank[s] = he_rank_of(key, bits);
        } else {
            int st = he_variant_rank((size_t)variant, hole, len, board, 5, &rank[s]);
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
    int64_t prev = 0, f_prev = 0, total = 0, low = INT64_MAX, high = 0;
    uint32_t top = live;
    for (size_t s = 0; s < seats; s++) {
        int is_live = (live >> s & 1u) != 0;
        total += c[s];
        low = is_live && c[s] < low ? c[s] : low;
        high = is_live && c[s] > high ? c[s] : high;
    }
    if (low == high && low > 0) {
        /* Every live seat at one level (a call-down, or one seat left): what the loop
         * below finds too, one pot of every chip, open to all of them. */
        pots->amount[0] = total;
        pots->eligible[0] = live;
        pots->count = 1;
        return;
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

/* Each seat's chips in the pots: its contribution less its dead part (dead money reaches
 * no all-in level) and less the uncalled return, the unmatched part of the largest, which
 * goes back to its owner. Writes net[P], the return's seat and amount, and the sums of the
 * contributions and of the dead parts. HE_E_CHIPS for a negative amount, a dead part above
 * its contribution, or contributions summing beyond int64 (not looked for when `known`). */
int he_settle_net_chips(const int64_t *chips, const int64_t *dead, size_t seats, int known,
                        int64_t *net, size_t *return_seat, int64_t *returned, int64_t *total,
                        int64_t *dead_total)
{
    int64_t sum = 0, dead_sum = 0, top = -1, second = 0;
    size_t top_seat = 0;
    for (size_t s = 0; s < seats; s++) {
        int64_t x = chips[s], d = dead ? dead[s] : 0;
        if (!known && (x < 0 || x > INT64_MAX - sum || d < 0 || d > x)) {
            return HE_E_CHIPS;
        }
        sum += x;
        dead_sum += d;
        net[s] = x - d;
        if (net[s] > top) {
            second = top < 0 ? 0 : top;
            top = net[s];
            top_seat = s;
        } else if (net[s] > second) {
            second = net[s];
        }
    }
    *returned = top > second ? top - second : 0;
    net[top_seat] -= *returned;
    *return_seat = top_seat;
    *total = sum;
    *dead_total = dead_sum;
    return HE_OK;
}

/* The board of run r, its dealt cards counted and checked (unless `known`); `used` gets
 * its bits. */
static int check_board(const uint8_t *board, size_t board_cols, int known, size_t *dealt,
                       uint64_t *used)
{
    size_t nb = 0;
    while (nb < board_cols && board[nb] != HE_NO_CARD) {
        nb++;
    }
    for (size_t k = nb; k < board_cols && !known; k++) {
        if (board[k] != HE_NO_CARD) {
            return HE_E_BOARD;
        }
    }
    if (nb == 1 || nb == 2) {
        return HE_E_BOARD;
    }
    uint64_t mask = 0;
    int bad = known ? HE_OK : he_add_mask(board, nb, &mask);
    if (bad != HE_OK) {
        return bad;
    }
    *dealt = nb;
    *used = mask;
    return HE_OK;
}

/* The low ranks (HE_LOW_*) of the live seats on one board of 5 cards: rows with low = 8
 * only; cards checked before. */
static void rank_lows(const uint8_t *holes, size_t hole_len, const uint8_t *board,
                      uint32_t live, const he_variant *v, uint16_t *low)
{
    unsigned bmask = 0;
    for (size_t k = 0; k < 5; k++) {
        bmask |= he_low_bit(board[k]);
    }
    for (uint32_t left = live; left; left &= left - 1u) {
        size_t s = he_ctz64(left);
        unsigned hmask = 0;
        for (size_t j = 0; j < hole_len; j++) {
            unsigned c = holes[s * hole_len + j];
            hmask |= c < HE_NCARDS ? he_low_bit(c) : 0u;
        }
        low[s] = (uint16_t)(v->hole_used == 2 ? he_low_two_three(hmask, bmask)
                                              : he_low_any_five(hmask | bmask));
    }
}

/* Seats of `eligible` holding its best low (lowest nonzero rank); 0 when none qualifies. */
static uint32_t best_low_of(uint32_t eligible, const uint16_t *low, uint16_t *best_rank)
{
    unsigned best = 0xFFFFu;
    for (uint32_t left = eligible; left; left &= left - 1u) {
        unsigned r = low[he_ctz64(left)];
        best = (r && r < best) ? r : best;
    }
    uint32_t winners = 0;
    for (uint32_t left = eligible; left; left &= left - 1u) {
        size_t s = he_ctz64(left);
        winners |= (uint32_t)(low[s] == best) << s;
    }
    *best_rank = best == 0xFFFFu ? 0 : (uint16_t)best;
    return winners;
}

/* Splits `net` chips between `winners` (a nonempty seat mask) clockwise from the left of
 * the button, the odd chips per rules->odd_chips; adds each share to pay and, when not
 * NULL, writes it to shares[P] (zeroed before). */
static void split_between(int64_t net, uint32_t winners, size_t seats, size_t button,
                          const he_settle_rules *rules, int64_t *pay, int64_t *shares)
{
    if (!(winners & (winners - 1u))) {
        /* One winner (the common case): all of it. */
        size_t s = seat_of_bit(winners);
        pay[s] += net;
        if (shares) {
            shares[s] = net;
        }
        return;
    }
    int64_t k = (int64_t)popcount32(winners);
    int64_t quotient = net / k, remainder = net % k;
    int64_t nth = 0;
    /* the odd-chip order: seats clockwise from the first seat left of the button */
    for (size_t j = 0, s = button + 1 == seats ? 0 : button + 1; j < seats;
         j++, s = s + 1 == seats ? 0 : s + 1) {
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

/* One hand's settlement. `known`: its chips, cards and boards were checked before (the
 * hand machine's state), so they are not checked again. Writes payouts and `out`. */
int he_settle_row(const he_settle_table *t, const he_settle_rules *rules, int known,
                  int64_t *payouts, const he_settle_out *out)
{
    const uint8_t *folded = t->folded;
    size_t seats = t->seats, board_cols = t->board_cols, button = t->button;
    size_t runs = t->runs > 1 ? t->runs : 1;
    int64_t c[MAXS];
    int64_t pay[MAXS];
    uint16_t rank[HE_SETTLE_MAX_RUNS][MAXS];
    uint16_t low[HE_SETTLE_MAX_RUNS][MAXS];
    uint32_t live = 0;
    size_t top_seat;
    int64_t returned, total, dead_total;
    if (runs > HE_SETTLE_MAX_RUNS) {
        return HE_E_ARGUMENT;
    }
    int st0 = he_settle_net_chips(t->contributions, t->dead, seats, known, c, &top_seat, &returned, &total,
                        &dead_total);
    if (st0 != HE_OK) {
        return st0;
    }
    /* seats entries zeroed, not MAXS: the compiler clears a whole array with a slow
     * `rep stos` */
    for (size_t s = 0; s < seats; s++) {
        pay[s] = 0;
        live |= (uint32_t)(folded[s] == 0) << s;
    }
    for (size_t r = 0; r < runs; r++) {
        for (size_t s = 0; s < seats; s++) {
            rank[r][s] = 0;
            low[r][s] = 0;
        }
    }
    if (!live) {
        return HE_E_NO_LIVE;
    }
    if (button >= seats) {
        return HE_E_BUTTON;
    }
    const he_variant *v = he_variant_info((size_t)t->variant); /* args_ok checked it */
    int showdown = (live & (live - 1u)) != 0;
    int has_low = v->low != 0 && showdown;
    size_t nb = 0;
    for (size_t r = 0; r < runs; r++) {
        const uint8_t *board = t->board + r * board_cols;
        size_t dealt;
        uint64_t used;
        int st = check_board(board, board_cols, known, &dealt, &used);
        if (st != HE_OK) {
            return st;
        }
        if (r == 0) {
            nb = dealt;
        }
        if (showdown) {
            if (dealt != 5) {
                return HE_E_BOARD;
            }
            st = rank_seats(t->holes, t->hole_len, board, live, t->variant, used, known,
                            rank[r]);
            if (st != HE_OK) {
                return st;
            }
            if (has_low) {
                rank_lows(t->holes, t->hole_len, board, live, v, low[r]);
            }
        }
    }
    size_t award_runs = showdown ? runs : 1;

    pay[top_seat] = returned; /* the uncalled chips go back (he_settle_net_chips took them out) */

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
        /* Kill hands that win no pot (no half of it, on no run), then merge adjacent pots
         * left with the same players. */
        uint32_t alive = 0;
        uint16_t unused;
        for (size_t i = 0; i < pots.count; i++) {
            for (size_t r = 0; r < award_runs; r++) {
                alive |= best_of(pots.eligible[i], rank[r], showdown, seats, &unused);
                if (has_low) {
                    alive |= best_low_of(pots.eligible[i], low[r], &unused);
                }
            }
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
            pots.rake[i] = he_settle_rake_of(rules, pots.amount[i], flop);
            rake += pots.rake[i];
        }
    } else {
        int64_t pot_total = 0;
        for (size_t i = 0; i < pots.count; i++) {
            pot_total += pots.amount[i];
        }
        rake = he_settle_rake_of(rules, pot_total, flop);
        int64_t left = rake;
        for (size_t i = 0; i < pots.count; i++) {
            pots.rake[i] = left < pots.amount[i] ? left : pots.amount[i];
            left -= pots.rake[i];
        }
    }

    /* the he_settle_hand record: one run, high only */
    size_t stride = 5 + seats;
    int64_t *pot_out = out->detail ? out->detail + 2 * seats + 2 : NULL;
    /* the he_settle_split record */
    int64_t *split = out->split, *award = NULL;
    size_t n_awards = 0;
    if (split) {
        int64_t *p = split + seats + 3 + 2 * runs * seats;
        for (size_t i = 0; i < pots.count; i++, p += 3) {
            p[0] = pots.amount[i];
            p[1] = pots.rake[i];
            p[2] = (int64_t)pots.eligible[i];
        }
        award = p;
    }
    for (size_t i = 0; i < pots.count; i++) {
        int64_t net = pots.amount[i] - pots.rake[i];
        if (award_runs == 1 && !has_low && !split) {
            uint32_t winners = best_of(pots.eligible[i], rank[0], showdown, seats, &pots.rank[i]);
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
            split_between(net, winners, seats, button, rules, pay, shares);
            continue;
        }
        /* Run shares: floor(net / R) each, the odd chips one each to the first runs. */
        int64_t per_run = net / (int64_t)award_runs, odd = net % (int64_t)award_runs;
        for (size_t r = 0; r < award_runs; r++) {
            int64_t share = per_run + ((int64_t)r < odd);
            uint16_t high_rank, low_rank = 0;
            uint32_t high = best_of(pots.eligible[i], rank[r], showdown, seats, &high_rank);
            uint32_t lows = has_low ? best_low_of(pots.eligible[i], low[r], &low_rank) : 0;
            /* the odd chip of a high / low split goes to the high half */
            int64_t low_half = lows ? share / 2 : 0;
            for (int half = 0; half < 2; half++) {
                uint32_t winners = half ? lows : high;
                int64_t chips = half ? low_half : share - low_half;
                if (!winners) {
                    continue;
                }
                int64_t *shares = NULL;
                if (award) {
                    award[0] = (int64_t)i;
                    award[1] = (int64_t)r;
                    award[2] = half;
                    award[3] = chips;
                    award[4] = (int64_t)winners;
                    award[5] = half ? low_rank : high_rank;
                    shares = award + 6;
                    memset(shares, 0, seats * sizeof *shares);
                    award += 6 + seats;
                    n_awards++;
                }
                split_between(chips, winners, seats, button, rules, pay, shares);
            }
        }
    }
    for (size_t s = 0; s < seats; s++) {
        payouts[s] = pay[s];
    }
    if (out->rake) {
        *out->rake = rake;
    }
    for (size_t r = 0; r < runs; r++) {
        if (out->ranks) {
            memcpy(out->ranks + r * seats, rank[r], seats * sizeof **rank);
        }
        if (out->lows) {
            memcpy(out->lows + r * seats, low[r], seats * sizeof **low);
        }
    }
    if (out->detail) {
        for (size_t s = 0; s < seats; s++) {
            out->detail[s] = s == top_seat ? returned : 0;
            out->detail[seats + s] = rank[0][s];
        }
        out->detail[2 * seats] = rake;
        out->detail[2 * seats + 1] = (int64_t)pots.count;
    }
    if (split) {
        for (size_t s = 0; s < seats; s++) {
            split[s] = s == top_seat ? returned : 0;
        }
        split[seats] = rake;
        split[seats + 1] = (int64_t)pots.count;
        split[seats + 2] = (int64_t)n_awards;
        int64_t *ranks_out = split + seats + 3;
        for (size_t r = 0; r < runs; r++) {
            for (size_t s = 0; s < seats; s++) {
                ranks_out[r * seats + s] = rank[r][s];
                ranks_out[(runs + r) * seats + s] = low[r][s];
            }
        }
    }
    return HE_OK;
}
