/* C-only checks of the hi-lo kernels (csrc/eval_low.c, csrc/eval_low_equity.c and the
 * hi/lo paths of csrc/settle.c), run under ASan and UBSan by tests/test_hilo_c.py: the low
 * scale, worked hands, every status code, batch / scalar agreement, a quartered pot, the
 * muck rule over both halves and the equity counters' invariants. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "holdem_eval.h"
#include "eval_low_internal.h"
#include "check.h"

static const he_settle_rules TDA = {HE_SETTLE_TDA, HE_ODD_CLOCKWISE, 0, 0, 1, 0.0, -1};

static uint8_t card(const char *text)
{
    const char *ranks = "23456789TJQKA", *suits = "cdhs";
    return (uint8_t)(4 * (strchr(ranks, text[0]) - ranks) + (strchr(suits, text[1]) - suits));
}

static void cards(const char *text, uint8_t *out)
{
    for (size_t i = 0; text[2 * i]; i++) {
        out[i] = card(text + 2 * i);
    }
}

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
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
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

/* Equity counters: every deal's shares sum to a whole pot; a river spot is one deal. */
static void test_equity(void)
{
    uint8_t holes[8], board[5];
    cards("As2dKhKcAc2h7s7d", holes);
    cards("3c4d8hKs9s", board);
    uint64_t share[2] = {0}, scoop[2] = {0}, high[2] = {0}, low[2] = {0}, sq[2] = {0};
    uint64_t winners[4] = {0}, hist[18] = {0}, no_low = 0, deals = 0;
    he_hilo_counts out = {share, scoop, high, low, sq, winners, hist, &no_low, &deals};
    he_eq_known known = {board, 5, NULL, 0};
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, 2, 4, holes, &known, 0, NULL, 0, 1, &out)
          == HE_OK);
    CHECK(deals == 1 && share[0] == 3 * HE_HILO_POT / 4 && share[1] == HE_HILO_POT / 4);
    CHECK(winners[3] == 1 && high[0] == 1 && low[0] == 1 && low[1] == 1);
    known.nb = 3;
    uint64_t state[4] = {1, 2, 3, 4};
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, 2, 4, holes, &known, 5000, state, 0, 1, &out)
          == HE_OK);
    CHECK(deals == 5001 && share[0] + share[1] == 5001 * (uint64_t)HE_HILO_POT);
    uint8_t random_holes[8];
    memset(random_holes, HE_NO_CARD, 8);
    memcpy(random_holes, holes, 4);
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, 2, 4, random_holes, &known, 0, NULL, 0, 1, &out)
          == HE_E_ARGUMENT); /* exact equity deals the board only */
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, 2, 4, random_holes, &known, 100, state, 0, 1,
                         &out) == HE_OK);
    holes[4] = holes[0];
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA_HI_LO, 2, 4, holes, &known, 0, NULL, 0, 1, &out)
          == HE_E_DUPLICATE);
    CHECK(he_equity_hilo(HE_VARIANT_OMAHA, 2, 4, holes, &known, 0, NULL, 0, 1, &out)
          == HE_E_ARGUMENT);
}

int main(void)
{
    test_low_scale();
    test_worked_hands();
    test_batch();
    test_quartered_pot();
    test_muck_over_both_halves();
    test_equity();
    if (failures) {
        fprintf(stderr, "%d hi-lo check(s) failed\n", failures);
        return 1;
    }
    printf("all C hi-lo checks passed\n");
    return 0;
}
