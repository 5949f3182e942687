/* The hand state machine's showdown and the end of the hand (api/hand.h;
 * csrc/hand_internal.h): the pot paid by he_settle_known or, with runs of the board or a
 * hi-lo game, he_settle_split (csrc/settle.c, the one settlement), the showdown order and
 * mucking (he_showdown_order_lo), each run's board and winners logged, and he_hi_showdown,
 * which settles or waits for the hands still to be shown. */
#include "hand_internal.h"
#include "settle_internal.h"

static void finish(he_hand *h, const int64_t *payouts, int64_t rake, he_hi_log *log)
{
    for (int64_t k = 0; k < h->n; k++) {
        h->payouts[k] = CHIP(payouts[k]);
        if (payouts[k]) {
            h->stacks[k] = CHIP(h->stacks[k] + payouts[k]);
            he_hi_emit(log, HE_EV_WIN, k, payouts[k], NULL, 0);
        }
    }
    if (rake) {
        he_hi_emit(log, HE_EV_RAKE, -1, rake, NULL, 0);
    }
    h->pot = 0;
    h->rake = CHIP(rake);
    h->over = 1;
    h->actor = -1;
    h->pending_board = 0;
}

/* The record of he_settle_split for HE_HAND_SEATS seats and HE_HAND_MAX_RUNS runs at most
 * (api/settle.h: returned chips, rake, counts, high and low ranks per run, pots, awards of
 * 6 + seats values, at most one per pot, run and half). */
#define SPLIT_DETAIL                                                                         \
    (HE_HAND_SEATS + 3 + 2 * HE_HAND_MAX_RUNS * HE_HAND_SEATS + 3 * (HE_HAND_SEATS + 1)      \
     + (HE_HAND_SEATS + 1) * HE_HAND_MAX_RUNS * 2 * (6 + HE_HAND_SEATS))

/* The table settled by he_settle_split (csrc/settle.c, the one settlement of runs and
 * halves): payouts, the rake, run 1's high ranks (any may be NULL), and from the award
 * record each run's share per seat (by_run[run * seats + seat]) and each seat's chips from
 * low halves (low[seat]; NULL: not wanted). Kept out of line: HandBatch (no runs, no log)
 * never runs it, and its record (about 11 KB) stays out of the frame of he_hi_settle. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int split_parts(const he_settle_table *table, const he_settle_rules *rules,
                       int64_t *payouts, int64_t *rake, uint16_t *ranks, int64_t *by_run,
                       int64_t *low)
{
    size_t n = table->seats, runs = table->runs;
    int64_t detail[SPLIT_DETAIL], pay[HE_HAND_SEATS];
    if (he_settle_split_detail_len(n, runs) > SPLIT_DETAIL) {
        return HE_E_ARGUMENT; /* not reached: the record's length for n seats bounds it */
    }
    int st = he_settle_split(table, rules, payouts ? payouts : pay, detail);
    if (st != HE_OK) {
        return st;
    }
    if (rake) {
        *rake = detail[n];
    }
    for (size_t k = 0; ranks && k < n; k++) {
        ranks[k] = (uint16_t)detail[n + 3 + k]; /* run 1's high ranks */
    }
    for (size_t k = 0; by_run && k < runs * n; k++) {
        by_run[k] = 0;
    }
    for (size_t k = 0; low && k < n; k++) {
        low[k] = 0;
    }
    size_t pots = (size_t)detail[n + 1], awards = (size_t)detail[n + 2];
    const int64_t *award = detail + n + 3 + 2 * runs * n + 3 * pots; /* after ranks, pots */
    for (size_t i = 0; i < awards; i++, award += 6 + n) {
        for (size_t k = 0; k < n; k++) {
            if (by_run) {
                by_run[(size_t)award[1] * n + k] += award[6 + k];
            }
            if (low && award[2] == 1) {
                low[k] += award[6 + k];
            }
        }
    }
    return HE_OK;
}

/* A hi-lo hand's low ranks (HE_LOW_*, per seat), for its showdown order: the table's
 * settlement by he_settle_known_lo, its payouts unused (lows[seats]: run 1's). Out of line,
 * as split_parts. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int hand_lows(const he_settle_table *table, const he_settle_rules *rules, uint16_t *lows)
{
    int64_t payouts[HE_HAND_SEATS], rake = 0;
    uint16_t ranks[HE_HAND_MAX_RUNS * HE_HAND_SEATS], all[HE_HAND_MAX_RUNS * HE_HAND_SEATS];
    int st = he_settle_known_lo(table, rules, payouts, &rake, ranks, all);
    memcpy(lows, all, table->seats * sizeof *lows); /* run 1's: with runs all hands are shown */
    return st;
}

/* Pays the pot by he_settle_known; `out_of_pot` marks folded and mucked seats. */
int he_hi_settle(he_hand *h, const uint8_t *out_of_pot, he_hi_log *log, int show_order)
{
    size_t n = (size_t)h->n, hc = (size_t)h->hole_count;
    uint8_t holes[HE_HAND_HOLES], board[5];
    int64_t payouts[HE_HAND_SEATS], rake = 0;
    uint16_t ranks[HE_HAND_SEATS];
    memcpy(holes, h->holes, n * hc); /* ids 0..51, and -1 (unknown) is HE_NO_CARD (255) */
    for (size_t k = 0; k < 5; k++) {
        board[k] = (int64_t)k < h->board_len ? (uint8_t)h->board[k] : HE_NO_CARD;
    }
    double rate;
    memcpy(&rate, &h->rate_bits, sizeof rate);
    he_settle_rules rules = {(int)h->settle_method, (int)h->odd_chips, (int)h->no_flop_no_drop,
                             h->rate_num, h->rate_den, rate, h->rake_cap};
#ifdef HE_HAND_COMPACT /* the settlement kernels take int64_t chips */
    int64_t committed[HE_HAND_SEATS] = {0}, dead[HE_HAND_SEATS] = {0};
    for (size_t k = 0; k < n; k++) {
        committed[k] = h->committed[k];
        dead[k] = h->dead[k];
    }
#else
    const int64_t *committed = h->committed, *dead = h->dead;
#endif
    /* the state passes he_hand_check (the functions' contract): no need to check it again */
    he_settle_table table = {committed, dead, out_of_pot, holes, hc, board, 5, n,
                             (size_t)h->button, h->variant, 1};
    int64_t live_n = 0, shown_n = 0, by_run[HE_HAND_MAX_RUNS * HE_HAND_SEATS];
    for (size_t k = 0; k < n; k++) {
        live_n += !out_of_pot[k];
        shown_n += !out_of_pot[k] && h->shown[k] == 1;
    }
    int runs = h->runs > 1 && live_n > 1; /* run it twice: only a showdown has runs */
    uint8_t boards[HE_HAND_MAX_RUNS * 5];
    if (runs) { /* the table's boards: run 1's, then each later run's */
        for (size_t r = 0; r < (size_t)h->runs; r++) {
            for (size_t k = 0; k < 5; k++) {
                boards[r * 5 + k] =
                    (uint8_t)(r == 0 ? h->board[k] : h->run_boards[(r - 1) * 5 + k]);
            }
        }
        table.board = boards;
        table.runs = (size_t)h->runs;
    }
    int st = runs ? split_parts(&table, &rules, payouts, &rake, ranks, by_run, NULL)
                  : he_settle_known(&table, &rules, payouts, &rake, ranks);
    if (st != HE_OK) {
        return st;
    }
    for (size_t k = 0; k < n; k++) {
        h->ranks[k] = ranks[k];
    }
    if (show_order && live_n > 1 && log->ev == NULL) {
        /* not recorded: every live seat that has not shown yet shows or mucks, once */
        log->n += (size_t)(live_n - shown_n);
    } else if (show_order && live_n > 1) {
        /* The showdown order and who may muck: he_showdown_order_lo (settle.c), the one
         * rule; in a hi-lo game over both halves (a hand beaten high may win low).
         * A river aggressor no longer live still starts the order: the first live seat
         * clockwise from it, which is the order from a "button" on its seat. */
        uint8_t live[HE_HAND_SEATS], order[HE_HAND_SEATS], muck[HE_HAND_SEATS];
        for (size_t k = 0; k < n; k++) {
            live[k] = (uint8_t)!out_of_pot[k];
        }
        size_t from = (size_t)h->button, count = 0;
        int64_t last = -1;
        if (h->river_aggressor >= 0 && live[h->river_aggressor]) {
            last = h->river_aggressor;
        } else if (h->river_aggressor >= 0) {
            from = (size_t)h->river_aggressor;
        }
        uint16_t lows[HE_HAND_SEATS];
        const uint16_t *low_ranks = NULL; /* high only */
        if (he_variant_info((size_t)h->variant)->low != 0) {
            st = hand_lows(&table, &rules, lows);
            if (st != HE_OK) {
                return st;
            }
            low_ranks = lows;
        }
        st = he_showdown_order_lo(committed, dead, live, ranks, low_ranks, n, from, last, order,
                                  muck, &count);
        if (st != HE_OK) {
            return st;
        }
        for (size_t k = 0; k < count; k++) {
            int64_t s = order[k];
            if (h->shown[s] == 1) {
                continue; /* it showed its cards already (show, or the all-in tabling) */
            }
            if (muck[k]) {
                he_hi_emit(log, HE_EV_MUCK, s, 0, NULL, 0);
            } else {
                he_hi_emit(log, HE_EV_SHOW, s, 0, h->holes + s * h->hole_count, h->hole_count);
            }
        }
    }
    for (int64_t r = 0; runs && r < h->runs; r++) { /* each run's board and who won it */
        const int8_t *b = r == 0 ? h->board : h->run_boards + (r - 1) * 5;
        he_hi_emit(log, HE_EV_RUN, -1, r + 1, b, 5);
        for (size_t k = 0; k < n; k++) {
            if (by_run[(size_t)r * n + k]) {
                he_hi_emit(log, HE_EV_RUN_WIN, (int64_t)k, by_run[(size_t)r * n + k], NULL, 0);
            }
        }
    }
    finish(h, payouts, rake, log);
    /* a hi-lo game's log says who won the low halves (each seat's part of its win) */
    if (log->ev != NULL && live_n > 1 && he_variant_info((size_t)h->variant)->low != 0) {
        int64_t low[HE_HAND_SEATS];
        st = split_parts(&table, &rules, NULL, NULL, NULL, NULL, low);
        for (size_t k = 0; st == HE_OK && k < n; k++) {
            if (low[k]) {
                he_hi_emit(log, HE_EV_WIN_LOW, (int64_t)k, low[k], NULL, 0);
            }
        }
        return st;
    }
    return HE_OK;
}

/* The betting is over and the river dealt: settle, or wait. A manual showdown waits for
 * every live seat to show or muck; either showdown waits for the cards of a live seat
 * whose hole cards are unknown (show(seat, cards) reveals them, muck(seat) gives up), so
 * the pot is paid once every hand that claims it is known and no state is stuck. */
int he_hi_showdown(he_hand *h, he_hi_log *log)
{
    uint8_t out[HE_HAND_SEATS];
    int64_t live = 0, undecided = 0;
    for (int64_t k = 0; k < h->n; k++) {
        out[k] = (uint8_t)(h->folded[k] || h->shown[k] == 2);
        live += !out[k];
        undecided += !out[k] && !h->shown[k];
    }
    if (live > 1 && h->manual_showdown && undecided) {
        return HE_OK;
    }
    if (live > 1) {
        for (int64_t s = 0; s < h->n; s++) {
            const int8_t *hole = h->holes + s * h->hole_count;
            int unknown = (hole[0] < 0) | (hole[1] < 0); /* two cards or more: config_ok */
            for (int64_t c = 2; c < h->hole_count; c++) {
                unknown |= hole[c] < 0;
            }
            if (unknown && !out[s]) {
                return HE_OK; /* it waits for seat s to show its cards (or muck) */
            }
        }
    }
    return he_hi_settle(h, out, log, !h->manual_showdown);
}
