/* C-only checks of the settlement kernels (csrc/settle.c), run under ASan and UBSan by
 * tests/engine/test_settle_c.py: worked examples, every status code, and random hands
 * for chip conservation, eligibility and kernel/batch agreement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "holdem_eval.h"
#include "settle_internal.h"
#include "card_text.h"
#include "check.h"
#include "xorshift.h"

static const he_settle_rules TDA = {HE_SETTLE_TDA, HE_ODD_CLOCKWISE, 0, 0, 1, 0.0, -1};

static void test_side_pot_example(void)
{
    int64_t chips[3] = {100, 300, 300}, pay[3];
    uint8_t folded[3] = {0, 0, 0}, holes[6], board[5];
    cards("AsAdKsKdQsQd", holes);
    cards("2c7d9hTcJh", board);
    int64_t detail[64];
    CHECK(he_settle_detail_len(3) <= 64);
    CHECK(he_settle_hand(chips, folded, holes, 2, board, 5, 3, 2, HE_VARIANT_HOLDEM, &TDA, pay,
                         detail) == HE_OK);
    CHECK(pay[0] == 300 && pay[1] == 400 && pay[2] == 0);
    CHECK(detail[7] == 2);               /* two pots */
    CHECK(detail[8] == 300 && detail[16] == 400);
}

/* he_settle_hand's status, after checking that he_settle_hand_dead (no dead chips) gives
 * the same status and payouts: both check their input (csrc/settle.c's internal
 * he_settle_known, which does not, serves only the hand machine). */
static int settle_both(const int64_t *chips, const uint8_t *folded, const uint8_t *holes,
                       size_t hole_len, const uint8_t *board, size_t board_cols, size_t seats,
                       size_t button, int variant, const he_settle_rules *rules, int64_t *pay,
                       int64_t *detail)
{
    int64_t dead[HE_SETTLE_MAX_SEATS] = {0}, pay_dead[HE_SETTLE_MAX_SEATS] = {0};
    int st = he_settle_hand(chips, folded, holes, hole_len, board, board_cols, seats, button,
                            variant, rules, pay, detail);
    he_settle_table t = {chips, dead, folded, holes, hole_len, board, board_cols, seats,
                         button, variant, 1};
    CHECK(he_settle_hand_dead(&t, rules, pay_dead, NULL) == st);
    CHECK(st != HE_OK || memcmp(pay, pay_dead, seats * sizeof *pay) == 0);
    return st;
}

static void test_status_codes(void)
{
    int64_t chips[2] = {10, 10}, pay[2];
    uint8_t folded[2] = {0, 0}, holes[4], board[5];
    cards("AsAdKsKd", holes);
    cards("2c7d9hTcJh", board);
    CHECK(settle_both(chips, folded, holes, 2, board, 5, 2, 0, 0, &TDA, pay, NULL) == HE_OK);
    /* he_settle_hand_dead's table: none, or several runs (he_settle_split's) */
    he_settle_table two_runs = {chips, NULL, folded, holes, 2, board, 5, 2, 0, 0, 2};
    CHECK(he_settle_hand_dead(NULL, &TDA, pay, NULL) == HE_E_ARGUMENT);
    CHECK(he_settle_hand_dead(&two_runs, &TDA, pay, NULL) == HE_E_ARGUMENT);
    two_runs.runs = 1;
    CHECK(he_settle_hand_dead(&two_runs, &TDA, pay, NULL) == HE_OK);
    chips[1] = -1;
    CHECK(settle_both(chips, folded, holes, 2, board, 5, 2, 0, 0, &TDA, pay, NULL)
          == HE_E_CHIPS);
    chips[0] = INT64_MAX;
    chips[1] = 1;
    CHECK(settle_both(chips, folded, holes, 2, board, 5, 2, 0, 0, &TDA, pay, NULL)
          == HE_E_CHIPS);
    chips[0] = chips[1] = 10;
    CHECK(settle_both(chips, folded, holes, 2, board, 5, 2, 2, 0, &TDA, pay, NULL)
          == HE_E_BUTTON);
    CHECK(settle_both(chips, folded, holes, 2, board, 4, 2, 0, 0, &TDA, pay, NULL)
          == HE_E_BOARD);
    folded[0] = folded[1] = 1;
    CHECK(settle_both(chips, folded, holes, 2, board, 5, 2, 0, 0, &TDA, pay, NULL)
          == HE_E_NO_LIVE);
    folded[0] = folded[1] = 0;
    holes[3] = 52;
    CHECK(settle_both(chips, folded, holes, 2, board, 5, 2, 0, 0, &TDA, pay, NULL)
          == HE_E_CARD_RANGE);
    holes[3] = board[4];
    CHECK(settle_both(chips, folded, holes, 2, board, 5, 2, 0, 0, &TDA, pay, NULL)
          == HE_E_DUPLICATE);
    he_settle_rules bad = TDA;
    bad.rate_den = 0;
    CHECK(settle_both(chips, folded, holes, 2, board, 5, 2, 0, 0, &bad, pay, NULL)
          == HE_E_ARGUMENT);
    CHECK(settle_both(chips, folded, holes, 3, board, 5, 2, 0, 0, &TDA, pay, NULL)
          == HE_E_ARGUMENT);
    /* One live seat: no cards needed, no board needed. */
    folded[0] = 1;
    memset(holes, HE_NO_CARD, sizeof holes);
    CHECK(settle_both(chips, folded, holes, 2, board, 0, 2, 0, 0, &TDA, pay, NULL) == HE_OK);
    CHECK(pay[0] == 0 && pay[1] == 20);
}

static uint64_t state = 88172645463325252ULL;

static uint64_t next(void)
{
    return xorshift64(&state);
}

static void test_random_hands(void)
{
    enum { N = 20000, P = 9 };
    static int64_t chips[N * P], pay[N * P], pay1[P], rakes[N], buttons[N];
    static uint8_t folded[N * P], holes[N * P * 2], boards[N * 5];
    for (size_t i = 0; i < N; i++) {
        uint8_t deck[52];
        for (uint8_t k = 0; k < 52; k++) {
            deck[k] = k;
        }
        for (size_t k = 0; k < 5 + 2 * P; k++) {
            size_t j = k + (size_t)(next() % (52 - k));
            uint8_t t = deck[k];
            deck[k] = deck[j];
            deck[j] = t;
        }
        int live = 0;
        for (size_t s = 0; s < P; s++) {
            chips[i * P + s] = (int64_t)(next() % 4) * 50 + (int64_t)(next() % 3);
            folded[i * P + s] = (uint8_t)(next() % 4 == 0);
            live += !folded[i * P + s];
            holes[(i * P + s) * 2] = deck[5 + 2 * s];
            holes[(i * P + s) * 2 + 1] = deck[6 + 2 * s];
        }
        if (!live) {
            folded[i * P] = 0;
        }
        memcpy(boards + i * 5, deck, 5);
        buttons[i] = (int64_t)(next() % P);
    }
    he_settle_rules rules[3] = {
        TDA,
        {HE_SETTLE_TDA, HE_ODD_FIRST_WINNER, 1, 1, 20, 0.0, 5},
        {HE_SETTLE_POKERKIT, HE_ODD_FIRST_WINNER, 0, 0, 1, 0.05, 3},
    };
    for (size_t r = 0; r < 3; r++) {
        size_t bad = 0;
        he_settle_table rows = {chips, NULL, folded, holes, 2, boards, 5, P, 0, HE_VARIANT_HOLDEM, 1};
        CHECK(he_settle_batch(&rows, buttons, 1, N, &rules[r], pay, rakes, &bad) == HE_OK);
        for (size_t i = 0; i < N; i++) {
            int64_t in = 0, out = rakes[i], top = 0;
            for (size_t s = 0; s < P; s++) {
                in += chips[i * P + s];
                out += pay[i * P + s];
                top = chips[i * P + s] > top ? chips[i * P + s] : top;
                CHECK(pay[i * P + s] >= 0);
            }
            CHECK(in == out);
            int64_t detail[2 * P + 2 + P * (5 + P)];
            CHECK(he_settle_hand(chips + i * P, folded + i * P, holes + i * P * 2, 2,
                                 boards + i * 5, 5, P, (size_t)buttons[i], HE_VARIANT_HOLDEM,
                                 &rules[r], pay1, detail) == HE_OK);
            CHECK(memcmp(pay1, pay + i * P, sizeof pay1) == 0);
            CHECK(detail[2 * P] == rakes[i]);
            /* A folded seat gets back at most its uncalled chips. */
            for (size_t s = 0; s < P; s++) {
                if (folded[i * P + s]) {
                    CHECK(pay1[s] == detail[s]);
                }
            }
        }
    }
}

static void test_rake_beyond_2_31(void)
{
    /* rate fractions with a denominator above 2^31 use the kernel's 128-bit product */
    he_settle_rules r = {HE_SETTLE_TDA, HE_ODD_CLOCKWISE, 0, 97, 9223372036854775800LL, 0.0, -1};
    CHECK(he_settle_rake(&r, ((int64_t)1 << 62) + 12345, 1) == 48);
    r.rate_num = INT64_MAX - 1;
    r.rate_den = INT64_MAX;
    CHECK(he_settle_rake(&r, INT64_MAX, 1) == INT64_MAX - 1);
    r.rate_num = 1000000000000000000LL - 7;
    r.rate_den = 3000000000000000000LL;
    CHECK(he_settle_rake(&r, 1000000000000000000LL, 1) == 333333333333333331LL);
    r.no_flop_no_drop = 1;
    CHECK(he_settle_rake(&r, 1000000000000000000LL, 0) == 0);
    CHECK(he_settle_rake(&r, -1, 1) == HE_E_ARGUMENT);
    r.rate_den = 0;
    CHECK(he_settle_rake(&r, 5, 1) == HE_E_ARGUMENT);
}

static void test_showdown_order(void)
{
    /* seats 0, 2, 5 live of 6; button 3: seat 5 shows first without an aggressor */
    uint8_t live[6] = {1, 0, 1, 0, 0, 1}, order[6], muck[6];
    size_t count = 0;
    CHECK(he_showdown_order(NULL, NULL, live, NULL, 6, 3, -1, order, muck, &count) == HE_OK);
    CHECK(count == 3 && order[0] == 5 && order[1] == 0 && order[2] == 2);
    CHECK(he_showdown_order(NULL, NULL, live, NULL, 6, 3, 2, order, muck, &count) == HE_OK);
    CHECK(order[0] == 2 && order[1] == 5 && order[2] == 0 && !muck[0] && !muck[1] && !muck[2]);
    /* 100/300/300, seat 0 best: seat 1 (shows after 0) still wins the side pot, seat 2
     * (beaten by seat 1 in the side pot and by seat 0 in the main) mucks */
    int64_t chips[3] = {100, 300, 300};
    uint16_t ranks[3] = {10, 20, 30};
    uint8_t live3[3] = {1, 1, 1};
    CHECK(he_showdown_order(chips, NULL, live3, ranks, 3, 2, -1, order, muck, &count) == HE_OK);
    CHECK(count == 3 && order[0] == 0 && order[1] == 1 && order[2] == 2);
    CHECK(!muck[0] && !muck[1] && muck[2]);
    CHECK(he_showdown_order(chips, NULL, live3, ranks, 3, 3, -1, order, muck, &count)
          == HE_E_ARGUMENT);
    uint8_t none[3] = {0, 0, 0};
    CHECK(he_showdown_order(NULL, NULL, none, NULL, 3, 0, -1, order, muck, &count)
          == HE_E_NO_LIVE);
    int64_t bad[3] = {100, -1, 300};
    CHECK(he_showdown_order(bad, NULL, live3, ranks, 3, 0, -1, order, muck, &count)
          == HE_E_CHIPS);
}

/* Two runs of the board: he_settle_split's record and he_settle_known's run-by-run ranks
 * (the hand machine's entry) agree; the pot of 301 splits 151 / 150, run 1 first. */
static void test_two_runs(void)
{
    int64_t chips[2] = {150, 151}, pay[2], pay_known[2], rake = -1;
    uint8_t folded[2] = {0, 0}, holes[4], boards[10];
    cards("AsAdKsKd", holes);
    cards("2c7d9hTc3h2c7d9hKcKh", boards);
    he_settle_table t = {chips, NULL, folded, holes, 2, boards, 5, 2, 0, HE_VARIANT_HOLDEM, 2};
    int64_t detail[256];
    uint16_t ranks[4];
    CHECK(he_settle_split_detail_len(2, 2) <= 256);
    CHECK(he_settle_split(&t, &TDA, pay, detail) == HE_OK);
    CHECK(pay[0] == 150 && pay[1] == 151);          /* 150 on run 1, 150 + 1 returned */
    CHECK(detail[1] == 1 && detail[3] == 1 && detail[4] == 2); /* returned, K = 1, A = 2 */
    CHECK(he_settle_known(&t, &TDA, pay_known, &rake, ranks) == HE_OK);
    CHECK(pay_known[0] == 150 && pay_known[1] == 151 && rake == 0);
    for (size_t k = 0; k < 4; k++) {
        CHECK(ranks[k] == detail[5 + k]);           /* run 0's two seats, then run 1's */
    }
    CHECK(ranks[2] > ranks[3]);                     /* the kings' quads win run 2 */
    t.runs = HE_SETTLE_MAX_RUNS + 1;
    CHECK(he_settle_split(&t, &TDA, pay, detail) == HE_E_ARGUMENT);
    t.runs = 2;
    boards[9] = card("As");                         /* run 2 repeats a hole card */
    CHECK(he_settle_split(&t, &TDA, pay, detail) == HE_E_DUPLICATE);
}

int main(void)
{
    test_two_runs();
    test_side_pot_example();
    test_status_codes();
    test_random_hands();
    test_rake_beyond_2_31();
    test_showdown_order();
    return check_report("settlement");
}
