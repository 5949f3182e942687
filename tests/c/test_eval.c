/* C-only tests of the evaluator kernels, built by tests/test_c_core.py with
 * -fsanitize=address,undefined. Exhaustive 5/6/7-card category counts and distinct ranks,
 * the status and bad_row contracts, Omaha, and hole+board equivalence. Exit 0 = pass. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "holdem_eval.h"
#include "check.h"

/* Last rank of each category, straight flush .. high card (Cactus Kev). */
static const int last_rank[9] = {10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462};

static int category(int rank)
{
    int c = 0;
    while (rank > last_rank[c]) {
        c++;
    }
    return c;
}

static void exhaustive(size_t k, const long long *want, int want_distinct)
{
    static long long per_rank[7463];
    long long cats[9] = {0};
    memset(per_rank, 0, sizeof per_rank);
    uint8_t c[7];
    size_t idx[7];
    for (size_t i = 0; i < k; i++) {
        idx[i] = i;
    }
    for (;;) {
        for (size_t i = 0; i < k; i++) {
            c[i] = (uint8_t)idx[i];
        }
        int r = he_eval_hand(c, k);
        if (r < 1 || r > 7462) {
            CHECK(r >= 1 && r <= 7462);
            return;
        }
        per_rank[r]++;
        /* next combination in lexicographic order */
        size_t i = k;
        while (i > 0 && idx[i - 1] == 52 - k + i - 1) {
            i--;
        }
        if (i == 0) {
            break;
        }
        idx[i - 1]++;
        for (size_t j = i; j < k; j++) {
            idx[j] = idx[j - 1] + 1;
        }
    }
    int distinct = 0;
    for (int r = 1; r <= 7462; r++) {
        if (per_rank[r]) {
            distinct++;
            cats[category(r)] += per_rank[r];
        }
    }
    CHECK(distinct == want_distinct);
    for (int i = 0; i < 9; i++) {
        if (cats[i] != want[i]) {
            fprintf(stderr, "k=%zu category %d: %lld, want %lld\n", k, i + 1, cats[i], want[i]);
            failures++;
        }
    }
}

static void contracts(void)
{
    size_t bad = 12345;
    uint8_t hands[3 * 7] = {51, 47, 43, 39, 35, 0, 1, 0, 4, 8, 12, 17, 30, 44, 2, 6, 10, 14, 18, 22, 26};
    uint16_t out[3] = {0, 0, 0};
    CHECK(he_eval_batch(hands, 3, 7, out, &bad) == HE_OK);
    CHECK(out[0] == 1 && out[2] == 7);
    hands[7 + 3] = 4; /* row 1 repeats a card */
    memset(out, 0, sizeof out);
    CHECK(he_eval_batch(hands, 3, 7, out, &bad) == HE_E_DUPLICATE);
    CHECK(bad == 1 && out[0] == 1 && out[2] == 0);
    hands[14] = 52; /* row 2 out of range, but row 1 still comes first */
    CHECK(he_eval_batch(hands, 3, 7, out, &bad) == HE_E_DUPLICATE && bad == 1);
    hands[7 + 3] = 12;
    CHECK(he_eval_batch(hands, 3, 7, out, &bad) == HE_E_CARD_RANGE && bad == 2);
    hands[14] = 255;
    CHECK(he_eval_batch(hands, 3, 7, out, &bad) == HE_E_CARD_RANGE && bad == 2);
    CHECK(he_eval_batch(hands, 3, 8, out, &bad) == HE_E_ARGUMENT);
    CHECK(he_eval_batch(hands, 3, 4, out, &bad) == HE_E_ARGUMENT);
    CHECK(he_eval_batch(NULL, 0, 7, NULL, &bad) == HE_OK);
    CHECK(he_eval7(51, 47, 43, 39, 35, 0, 1) == 1);
    CHECK(he_eval7(51, 47, 43, 39, 35, 0, -1) == HE_E_CARD_RANGE);
    CHECK(he_eval7(51, 47, 43, 39, 35, 0, 308) == HE_E_CARD_RANGE); /* 308 % 256 == 52 */
    CHECK(he_eval7(51, 47, 43, 39, 35, 0, 300) == HE_E_CARD_RANGE); /* 300 % 256 == 44 */
    CHECK(he_eval5(0, 0, 4, 8, 12) == HE_E_DUPLICATE);
    CHECK(he_eval6(20, 8, 4, 0, 12, 51) == 1599); /* 7-5-4-3-2 of clubs and a spade ace */
    CHECK(he_eval_hand(hands, 4) == HE_E_ARGUMENT);
}

static void hole_board_and_omaha(void)
{
    /* pseudo-random deals (xorshift, fixed seed) */
    uint64_t s = 88172645463325252ULL;
    for (int t = 0; t < 200000; t++) {
        uint8_t d[9];
        uint64_t used = 0;
        for (int i = 0; i < 9;) {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            uint8_t c = (uint8_t)(s % 52);
            if (used >> c & 1) {
                continue;
            }
            used |= 1ULL << c;
            d[i++] = c;
        }
        size_t bad;
        uint16_t a, b;
        CHECK(he_eval_hole_board(d, 1, d + 2, 5, 0, &a, &bad) == HE_OK);
        CHECK(a == (uint16_t)he_eval_hand(d, 7));
        CHECK(he_eval_omaha_batch(d, 1, 4, d + 4, 5, 5, &b, &bad) == HE_OK);
        int best = 9999;
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++)
                for (int x = 4; x < 9; x++)
                    for (int y = x + 1; y < 9; y++)
                        for (int z = y + 1; z < 9; z++) {
                            uint8_t f[5] = {d[i], d[j], d[x], d[y], d[z]};
                            int r = he_eval_hand(f, 5);
                            best = r < best ? r : best;
                        }
        CHECK(b == best);
    }
    uint8_t holes[4] = {0, 1, 2, 3}, board[5] = {4, 5, 6, 7, 1};
    uint16_t out[2];
    size_t bad = 99;
    CHECK(he_eval_hole_board(holes, 2, board, 5, 0, out, &bad) == HE_E_DUPLICATE && bad == 0);
    CHECK(he_eval_hole_board(holes, 1, board, 3, 0, out, &bad) == HE_OK);
    CHECK(he_eval_hole_board(holes, 1, board, 6, 0, out, &bad) == HE_E_ARGUMENT);
    CHECK(he_eval_hole_board(holes, 1, board, 5, 4, out, &bad) == HE_E_ARGUMENT);
    CHECK(he_eval_omaha_batch(holes, 1, 4, board, 5, 0, out, &bad) == HE_E_DUPLICATE);
    CHECK(he_eval_omaha_batch(holes, 1, 3, board, 5, 0, out, &bad) == HE_E_ARGUMENT);
    CHECK(he_eval_omaha_batch(holes, 1, 4, board, 2, 0, out, &bad) == HE_E_ARGUMENT);
}

int main(void)
{
    static const long long c5[9] = {40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540};
    static const long long c6[9] = {1844, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900};
    static const long long c7[9] = {41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460};
    contracts();
    hole_board_and_omaha();
    exhaustive(5, c5, 7462);
    exhaustive(6, c6, 6075);
    exhaustive(7, c7, 4824);
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("all C evaluator checks passed\n");
    return 0;
}
