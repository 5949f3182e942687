/* C-only checks of the hi-lo kernels (csrc/eval_low.c, csrc/eval_low_equity.c and the
 * hi/lo paths of csrc/settle.c), run under ASan and UBSan by tests/test_hilo_c.py: the low
 * scale, worked hands, every status code, batch / scalar agreement, a quartered pot, the
 * muck rule over both halves and the equity counters' invariants. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "holdem_eval.h"
#include "eval_low_internal.h"
#include "card_text.h"
#include "check.h"
#include "xorshift.h"

static const he_settle_rules TDA = {HE_SETTLE_TDA, HE_ODD_CLOCKWISE, 0, 0, 1, 0.0, -1};

/* Every five-bit mask of the eight low ranks gets a distinct rank 1..56, in numeric order. */
static void test_low_scale(void)
{
    unsigned seen = 0, last = 0;
    for (unsigned m = 0; m < 256; m++) {
        unsigned bits = 0;
        for (unsigned x = m; x; x &= x - 1u) {
            bits++;
        }
        if (bits != 5) {
            continue;
        }
        unsigned r = he_low_rank_of_mask(m);
        CHECK(r == last + 1);
        last = r;
        seen++;
    }
    CHECK(seen == 56 && last == HE_LOW_WORST);
    CHECK(he_low_rank_of_mask(0x1F) == HE_LOW_BEST);
}

static void test_worked_hands(void)
{
    uint8_t hole[5], board[5];
    uint16_t low = 99;
    cards("As2dKhKc", hole);
    cards("3c4d8hKs9s", board);
    CHECK(he_variant_low_rank(HE_VARIANT_OMAHA_HI_LO, hole, 4, board, 5, &low) == HE_OK);
    CHECK(low == 22); /* 8-4-3-2-A: after the 21 lows of 7 or better */
    cards("AsKdKhQc", hole);
    cards("2c3d4h5s9s", board);
    CHECK(he_variant_low_rank(HE_VARIANT_OMAHA_HI_LO, hole, 4, board, 5, &low) == HE_OK);
    CHECK(low == HE_LOW_NONE); /* one low hole card: no Omaha low */
    CHECK(he_variant_low_rank(HE_VARIANT_HOLDEM_HI_LO, hole, 2, board, 5, &low) == HE_OK);
    CHECK(low == HE_LOW_BEST); /* any five: the wheel */
    /* statuses */
    CHECK(he_variant_low_rank(HE_VARIANT_OMAHA, hole, 4, board, 5, &low) == HE_E_ARGUMENT);
    CHECK(he_variant_low_rank(HE_VARIANT_OMAHA_HI_LO, hole, 5, board, 5, &low) == HE_E_ARGUMENT);
    CHECK(he_variant_low_rank(HE_VARIANT_OMAHA_HI_LO, hole, 4, board, 4, &low) == HE_E_ARGUMENT);
    board[0] = hole[0];
    CHECK(he_variant_low_rank(HE_VARIANT_OMAHA_HI_LO, hole, 4, board, 5, &low) == HE_E_DUPLICATE);
    board[0] = 52;
    CHECK(he_variant_low_rank(HE_VARIANT_OMAHA_HI_LO, hole, 4, board, 5, &low) == HE_E_CARD_RANGE);
}

static uint64_t rng = 0x9E3779B97F4A7C15ULL;

static unsigned next_below(unsigned n)
{
    return (unsigned)(xorshift64(&rng) % n);
}

static void deal(uint8_t *out, size_t k)
{
    uint8_t deck[52];
    for (unsigned c = 0; c < 52; c++) {
        deck[c] = (uint8_t)c;
    }
    for (size_t i = 0; i < k; i++) {
        size_t j = i + next_below((unsigned)(52 - i));
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
        out[i] = deck[i];
    }
}

/* he_eval_hilo_batch agrees with he_variant_rank and he_variant_low_rank row by row, and
 * stops at a bad row with its index. */
static void test_batch(void)
{
    enum { N = 3000 };
    static const size_t variants[3] = {HE_VARIANT_OMAHA_HI_LO, HE_VARIANT_OMAHA5_HI_LO,
                                       HE_VARIANT_HOLDEM_HI_LO};
    static const size_t holes_of[3] = {4, 5, 2};
    static uint8_t holes[N * 5], boards[N * 5];
    static uint16_t high[N], low[N];
    for (size_t v = 0; v < 3; v++) {
        size_t nh = holes_of[v];
        for (size_t i = 0; i < N; i++) {
            uint8_t d[10];
            deal(d, nh + 5);
            memcpy(holes + i * nh, d, nh);
            memcpy(boards + i * 5, d + nh, 5);
        }
        size_t bad = 77;
        CHECK(he_eval_hilo_batch(variants[v], holes, N, nh, boards, 5, 5, high, low, &bad)
              == HE_OK);
        for (size_t i = 0; i < N; i++) {
            uint16_t h = 0, l = 0;
            CHECK(he_variant_rank(variants[v], holes + i * nh, nh, boards + i * 5, 5, &h) == HE_OK);
            CHECK(he_variant_low_rank(variants[v], holes + i * nh, nh, boards + i * 5, 5, &l)
                  == HE_OK);
            CHECK(h == high[i] && l == low[i]);
        }
        boards[700 * 5 + 2] = holes[700 * nh];
        CHECK(he_eval_hilo_batch(variants[v], holes, N, nh, boards, 5, 5, high, low, &bad)
              == HE_E_DUPLICATE);
        CHECK(bad == 700);
        CHECK(he_eval_hilo_batch(HE_VARIANT_OMAHA, holes, N, 4, boards, 5, 5, high, low, &bad)
              == HE_E_ARGUMENT);
    }
}

/* Three seats, 300 chips: seat 0 the high (150), seats 1 and 2 the same low (75 each). */
static void test_quartered_pot(void)
{
    int64_t chips[3] = {100, 100, 100}, pay[3], detail[512];
    uint8_t folded[3] = {0, 0, 0}, holes[12], board[5];
    cards("KsKdQcQdAs3hJcJdAd3cTcTd", holes);
    cards("2c4d7h9sKc", board);
    he_settle_table t = {chips, NULL, folded, holes, 4, board, 5, 3, 0,
                         HE_VARIANT_OMAHA_HI_LO, 1};
    CHECK(he_settle_split_detail_len(3, 1) <= 512);
    CHECK(he_settle_split(&t, &TDA, pay, detail) == HE_OK);
    CHECK(pay[0] == 150 && pay[1] == 75 && pay[2] == 75);
    CHECK(detail[5] == 2); /* two awards: the high half, the low half */
    /* the old record cannot hold halves: he_settle_hand refuses a detail for hi-lo */
    CHECK(he_settle_hand(chips, folded, holes, 4, board, 5, 3, 0, HE_VARIANT_OMAHA_HI_LO, &TDA,
                         pay, detail) == HE_E_ARGUMENT);
    CHECK(he_settle_hand(chips, folded, holes, 4, board, 5, 3, 0, HE_VARIANT_OMAHA_HI_LO, &TDA,
                         pay, NULL) == HE_OK);
    CHECK(pay[0] == 150 && pay[1] == 75 && pay[2] == 75);
}

/* Seat 1 shows the best high first; seat 2 (worse high, the only low) may not muck; seat 0
 * (neither) may. */
static void test_muck_over_both_halves(void)
{
    int64_t chips[3] = {100, 100, 100};
    uint8_t live[3] = {1, 1, 1}, order[3], muck[3];
    uint16_t ranks[3] = {3000, 1000, 5000}, lows[3] = {0, 0, 20};
    size_t count = 0;
    CHECK(he_showdown_order_lo(chips, NULL, live, ranks, lows, 3, 2, 1, order, muck, &count)
          == HE_OK);
    CHECK(count == 3 && order[0] == 1 && order[1] == 2 && order[2] == 0);
    CHECK(muck[0] == 0 && muck[1] == 0 && muck[2] == 1);
    CHECK(he_showdown_order_lo(chips, NULL, live, ranks, NULL, 3, 2, 1, order, muck, &count)
          == HE_OK);
    CHECK(muck[1] == 1 && muck[2] == 1);
}

/* The counters of one he_equity_hilo call, zeroed, for np players (weighted too). */
typedef struct {
    uint64_t share[4], scoop[4], quarter[4], high[4], low[4], sq[4], winners[16], hist[36], no_low, deals;
    double wshare[4], wscoop[4], wquarter[4], whigh[4], wlow[4], wwinners[16], whist[36], wno_low, wdeals;
    he_hilo_counts out;
} hilo_out;

static void hilo_out_init(hilo_out *o, int weighted)
{
    memset(o, 0, sizeof *o);
    he_hilo_counts c = {o->share, o->scoop, o->quarter, o->high, o->low, o->sq, o->winners,
                        o->hist, &o->no_low, &o->deals, NULL, NULL, NULL, NULL, NULL, NULL,
                        NULL, NULL, NULL};
    if (weighted) {
        c.wshare = o->wshare;
        c.wscoop = o->wscoop;
        c.wquarter = o->wquarter;
        c.whigh = o->whigh;
        c.wlow = o->wlow;
        c.wwinners = o->wwinners;
        c.whist = o->whist;
        c.wno_low = &o->wno_low;
        c.wdeals = &o->wdeals;
    }
    o->out = c;
}

/* Equity counters: every deal's shares sum to a whole pot; a river spot is one deal. */
static void test_equity(void)
{
    uint8_t holes[8], board[5];
    cards("As2dKhKcAc2h7s7d", holes);
    cards("3c4d8hKs9s", board);
    uint32_t offsets[3] = {0, 1, 2};
    he_eq_players players = {2, 4, holes, offsets, NULL, NULL, NULL};
    hilo_out o;
    hilo_out_init(&o, 0);
    he_eq_known known = {board, 5, NULL, 0};
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, &players, &known, 0, NULL, 0, 1, &o.out)
          == HE_OK);
    CHECK(o.deals == 1 && o.share[0] == 3 * HE_HILO_POT / 4 && o.share[1] == HE_HILO_POT / 4);
    CHECK(o.quarter[0] == 0 && o.quarter[1] == 1 && o.scoop[0] == 0 && o.scoop[1] == 0);
    CHECK(o.winners[3] == 1 && o.high[0] == 1 && o.low[0] == 1 && o.low[1] == 1);
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, &players, &known, 0, NULL, 1, 2, &o.out)
          == HE_OK && o.deals == 1); /* a full board: the other part has no deal */
    known.nb = 3;
    uint64_t state[4] = {1, 2, 3, 4};
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, &players, &known, 5000, state, 0, 1, &o.out)
          == HE_OK);
    CHECK(o.deals == 5001 && o.share[0] + o.share[1] == 5001 * (uint64_t)HE_HILO_POT);
    uint32_t random_second[3] = {0, 1, 1}; /* player 1 has no rows: random */
    players.offsets = random_second;
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, &players, &known, 0, NULL, 0, 1, &o.out)
          == HE_E_ARGUMENT); /* exact equity deals the board only */
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, &players, &known, 100, state, 0, 1, &o.out)
          == HE_OK && o.deals == 5101);
    players.offsets = offsets;
    holes[4] = holes[0];
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, &players, &known, 0, NULL, 0, 1, &o.out)
          == HE_E_NO_DEAL); /* two fixed hands share a card */
    holes[5] = holes[4];
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, &players, &known, 0, NULL, 0, 1, &o.out)
          == HE_E_DUPLICATE); /* a card twice in one hand */
    holes[4] = 52;
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, &players, &known, 0, NULL, 0, 1, &o.out)
          == HE_E_CARD_RANGE);
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA, &players, &known, 0, NULL, 0, 1, &o.out)
          == HE_E_ARGUMENT);
    players.nh = 2;
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, &players, &known, 0, NULL, 0, 1, &o.out)
          == HE_E_ARGUMENT); /* Omaha hi-lo holds four cards */
}

/* Hold'em hi-lo ranges: {AhAd (weight 1), KsKh (0.25)} against the fixed Qh7c. On the river
 * 3d4s7hKcQd nobody has a low; Qh7c's two pair beat the aces and lose to the kings' set.
 * Exact counts each (tuple, board) once, the weighted sums each deal times its weight; the
 * parts of a split add up to the whole; a conflicting tuple is skipped. */
static void test_equity_ranges(void)
{
    uint8_t combos[6], board[5];
    cards("AhAdKsKhQh7c", combos);
    cards("3d4s7hKcQd", board);
    uint32_t offsets[3] = {0, 2, 3};
    double weights[3] = {1.0, 0.25, 1.0};
    he_eq_players players = {2, 2, combos, offsets, weights, NULL, NULL};
    he_eq_known known = {board, 5, NULL, 0};
    hilo_out o, parts;
    hilo_out_init(&o, 1);
    CHECK(he_equity_hilo(HE_VARIANT_HOLDEM_HI_LO, &players, &known, 0, NULL, 0, 1, &o.out)
          == HE_OK);
    CHECK(o.deals == 2 && o.share[0] == HE_HILO_POT && o.share[1] == HE_HILO_POT);
    CHECK(o.wdeals == 1.25 && o.wshare[0] == 0.25 * HE_HILO_POT && o.wshare[1] == HE_HILO_POT);
    CHECK(o.wscoop[0] == 0.25 && o.wscoop[1] == 1.0 && o.wno_low == 1.25);
    CHECK(o.wwinners[1] == 0.25 && o.wwinners[2] == 1.0 && o.winners[1] == 1);
    CHECK(o.whist[0 * 9 + 6 - 1] == 0.25 && o.whist[0 * 9 + 8 - 1] == 1.0); /* set; a pair */
    hilo_out_init(&parts, 1);
    for (size_t part = 0; part < 3; part++) {
        CHECK(he_equity_hilo(HE_VARIANT_HOLDEM_HI_LO, &players, &known, 0, NULL, part, 3,
                             &parts.out) == HE_OK);
    }
    CHECK(parts.deals == 2 && parts.wdeals == 1.25 && parts.share[0] == HE_HILO_POT);
    known.nb = 3;
    hilo_out_init(&o, 1);
    CHECK(he_equity_hilo(HE_VARIANT_HOLDEM_HI_LO, &players, &known, 0, NULL, 0, 1, &o.out)
          == HE_OK);
    CHECK(o.deals == 2 * 990 && o.wdeals == 1.25 * 990); /* C(45, 2) turns and rivers */
    CHECK(o.share[0] + o.share[1] == 2 * 990 * (uint64_t)HE_HILO_POT);
    hilo_out_init(&parts, 1);
    for (size_t part = 0; part < 7; part++) {
        CHECK(he_equity_hilo(HE_VARIANT_HOLDEM_HI_LO, &players, &known, 0, NULL, part, 7,
                             &parts.out) == HE_OK);
    }
    CHECK(parts.deals == o.deals && parts.share[1] == o.share[1] && parts.high[0] == o.high[0]);
    CHECK(parts.wdeals == o.wdeals && parts.wshare[0] > 0.99999 * o.wshare[0]
          && parts.wshare[0] < 1.00001 * o.wshare[0]);
    cards("AhAdKsKhAh2c", combos); /* player 1's Ah2c meets AhAd: one valid tuple */
    hilo_out_init(&o, 1);
    CHECK(he_equity_hilo(HE_VARIANT_HOLDEM_HI_LO, &players, &known, 0, NULL, 0, 1, &o.out)
          == HE_OK && o.deals == 990 && o.wdeals == 0.25 * 990);
    hilo_out_init(&o, 0); /* weights without the weighted counters */
    CHECK(he_equity_hilo(HE_VARIANT_HOLDEM_HI_LO, &players, &known, 0, NULL, 0, 1, &o.out)
          == HE_E_ARGUMENT);
    /* Monte Carlo: the alias table keeps each of player 0's rows half the time, else takes
     * the other; only KsKh fits Ah2c, drawn again until it comes. */
    uint32_t alias[3] = {1, 0, 2};
    uint64_t thresh[3] = {1ULL << 31, 1ULL << 31, 1ULL << 32};
    players.alias = alias;
    players.thresh = thresh;
    uint64_t state[4] = {5, 6, 7, 8};
    CHECK(he_equity_hilo(HE_VARIANT_HOLDEM_HI_LO, &players, &known, 1000, state, 0, 1, &o.out)
          == HE_OK && o.deals == 1000 && o.hist[9 - 1] == 0); /* KsKh: a pair at least */
    alias[0] = 2; /* outside player 0's rows */
    CHECK(he_equity_hilo(HE_VARIANT_HOLDEM_HI_LO, &players, &known, 10, state, 0, 1, &o.out)
          == HE_E_ARGUMENT);
    alias[0] = 1;
    thresh[0] = (1ULL << 32) + 1; /* above 2**32 */
    CHECK(he_equity_hilo(HE_VARIANT_HOLDEM_HI_LO, &players, &known, 10, state, 0, 1, &o.out)
          == HE_E_ARGUMENT);
    thresh[0] = 1ULL << 31;
    cards("AhAdAhAdAh2c", combos); /* every tuple conflicts */
    hilo_out_init(&o, 1);
    CHECK(he_equity_hilo(HE_VARIANT_HOLDEM_HI_LO, &players, &known, 10, state, 0, 1, &o.out)
          == HE_E_NO_DEAL);
    CHECK(he_equity_hilo(HE_VARIANT_HOLDEM_HI_LO, &players, &known, 0, NULL, 0, 1, &o.out)
          == HE_OK && o.deals == 0);
}

int main(void)
{
    test_low_scale();
    test_worked_hands();
    test_batch();
    test_quartered_pot();
    test_muck_over_both_halves();
    test_equity();
    test_equity_ranges();
    return check_report("hi-lo");
}
