/* C-only tests of the short-deck kernels (csrc/eval_short.c), built by
 * tests/test_short_deck_c.py with -fsanitize=address,undefined: exhaustive 5- and 7-card
 * category counts of the 36-card deck under both rule sets (the counts the Python oracle
 * tests/test_short_deck.py derives), batch == scalar == hole+board, and the status and
 * bad_row contracts. Exit 0 = pass. */
#include <stdio.h>
#include <string.h>

#include "eval_short_internal.h"
#include "check.h"

/* The category of each rank: straight flush, quads, flush, full house, then trips and a
 * straight in the rule set's order, two pair, one pair, high card. */
static int category(int rank, int rules)
{
    static const int last[2][9] = {{6, 78, 198, 270, 522, 528, 780, 1284, 1404},
                                   {6, 78, 198, 270, 276, 528, 780, 1284, 1404}};
    static const int cat[2][9] = {{1, 2, 4, 3, 6, 5, 7, 8, 9}, {1, 2, 4, 3, 5, 6, 7, 8, 9}};
    int i = 0;
    while (rank > last[rules][i]) {
        i++;
    }
    return cat[rules][i];
}

/* Every k-card hand of ids 16..51 (k = 5 or 7), by batches of 4096 rows; category counts
 * per rule set against `want` (index category - 1), and each row's batch rank equal to the
 * scalar rank. */
static void exhaustive(size_t k, const long long want[2][9])
{
    enum { ROWS = 4096 };
    static uint8_t rows[ROWS * 7];
    static uint16_t out[2][ROWS];
    long long cats[2][9] = {{0}};
    size_t idx[7], n = 0, bad = 0;
    for (size_t i = 0; i < k; i++) {
        idx[i] = i;
    }
    for (;;) {
        for (size_t i = 0; i < k; i++) {
            rows[n * k + i] = (uint8_t)(16 + idx[i]);
        }
        n++;
        size_t j = k;
        while (j > 0 && idx[j - 1] == 36 - k + j - 1) {
            j--;
        }
        int last = j == 0;
        if (!last) {
            idx[j - 1]++;
            for (size_t t = j; t < k; t++) {
                idx[t] = idx[t - 1] + 1;
            }
        }
        if (n == ROWS || last) {
            for (int r = 0; r < 2; r++) {
                CHECK(he_short_eval_batch(rows, n, k, r, out[r], &bad) == HE_OK);
                for (size_t i = 0; i < n; i++) {
                    cats[r][category(out[r][i], r) - 1]++;
                    if ((i & 63) == 0) {
                        CHECK(he_short_eval_hand(rows + i * k, k, r) == out[r][i]);
                    }
                }
            }
            n = 0;
        }
        if (last) {
            break;
        }
    }
    for (int r = 0; r < 2; r++) {
        for (int c = 0; c < 9; c++) {
            if (cats[r][c] != want[r][c]) {
                fprintf(stderr, "k=%zu rules %d category %d: %lld, want %lld\n", k, r, c + 1,
                        cats[r][c], want[r][c]);
                failures++;
            }
        }
    }
}

static void statuses(void)
{
    uint8_t hand[7] = {51, 47, 43, 39, 35, 20, 21};
    uint16_t out[3];
    size_t bad = 99;
    CHECK(he_short_eval_hand(hand, 7, 0) == 1);
    CHECK(he_short_eval_hand(hand, 4, 0) == HE_E_ARGUMENT);
    CHECK(he_short_eval_hand(hand, 7, 2) == HE_E_ARGUMENT);
    CHECK(he_short_eval_hand(NULL, 7, 0) == HE_E_ARGUMENT);
    hand[6] = 15; /* the five of spades */
    CHECK(he_short_eval_hand(hand, 7, 0) == HE_E_CARD_RANGE);
    hand[6] = 52;
    CHECK(he_short_eval_hand(hand, 7, 0) == HE_E_CARD_RANGE);
    hand[6] = 255;
    CHECK(he_short_eval_hand(hand, 7, 1) == HE_E_CARD_RANGE);
    hand[6] = 51;
    CHECK(he_short_eval_hand(hand, 7, 0) == HE_E_DUPLICATE);
    hand[6] = 0; /* a deuce and a repeat: the range error first */
    hand[5] = 51;
    CHECK(he_short_eval_hand(hand, 7, 0) == HE_E_CARD_RANGE);

    /* batch: rows before the bad one are written, bad_row names it */
    uint8_t rows[3 * 5] = {51, 47, 43, 39, 35, 16, 20, 24, 28, 48, 16, 20, 24, 28, 3};
    CHECK(he_short_eval_batch(rows, 3, 5, 0, out, &bad) == HE_E_CARD_RANGE && bad == 2);
    CHECK(out[0] == 1 && out[1] == 6);
    rows[14] = 17;
    CHECK(he_short_eval_batch(rows, 3, 5, 1, out, &bad) == HE_OK);
    CHECK(out[2] == 1284); /* a pair of sixes, 9-8-7: the weakest pair */
    rows[14] = 16;
    CHECK(he_short_eval_batch(rows, 3, 5, 0, out, &bad) == HE_E_DUPLICATE && bad == 2);
    CHECK(he_short_eval_batch(rows, 3, 8, 0, out, &bad) == HE_E_ARGUMENT);
    CHECK(he_short_eval_batch(rows, 0, 5, 0, NULL, &bad) == HE_OK);

    /* hole + board, shared and per row */
    uint8_t holes[4] = {51, 47, 16, 17}, board[5] = {43, 39, 35, 18, 22};
    CHECK(he_short_eval_hole_board(holes, 2, board, 5, 0, 0, out, &bad) == HE_OK);
    CHECK(out[0] == 1);
    uint8_t seven[7] = {16, 17, 43, 39, 35, 18, 22}; /* 6c 6d + Jh Ts 9s 6h 7h: trips */
    CHECK(out[1] == he_short_eval_hand(seven, 7, 0) && category(out[1], 0) == 6);
    board[4] = 2;
    CHECK(he_short_eval_hole_board(holes, 2, board, 5, 0, 0, out, &bad) == HE_E_CARD_RANGE
          && bad == 0);
    uint8_t boards[10] = {43, 39, 35, 18, 22, 43, 39, 35, 18, 51};
    CHECK(he_short_eval_hole_board(holes, 2, boards, 5, 5, 0, out, &bad) == HE_OK);
    holes[3] = 43;
    CHECK(he_short_eval_hole_board(holes, 2, boards, 5, 5, 0, out, &bad) == HE_E_DUPLICATE
          && bad == 1);
    CHECK(he_short_eval_hole_board(holes, 2, boards, 5, 4, 0, out, &bad) == HE_E_ARGUMENT);
}

int main(void)
{
    /* the closed-form five-card counts of tests/test_short_deck.py, category 1 .. 9 */
    static const long long five[2][9] = {
        {24, 288, 1728, 480, 6120, 16128, 36288, 193536, 122400},
        {24, 288, 1728, 480, 6120, 16128, 36288, 193536, 122400},
    };
    static const long long seven[2][9] = {
        {10560, 44640, 633024, 175560, 1139580, 637560, 3157056, 2316600, 233100},
        {10560, 44640, 633024, 175560, 1169940, 607200, 3157056, 2316600, 233100},
    };
    statuses();
    exhaustive(5, five);
    exhaustive(7, seven);
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("all C short-deck checks passed\n");
    return 0;
}
