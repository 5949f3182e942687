/* C-only tests of the short-deck kernels (csrc/eval_short.c), built by
 * tests/test_short_deck_c.py with -fsanitize=address,undefined: exhaustive 5- and 7-card
 * category counts of the 36-card deck under both rule sets (the counts the Python oracle
 * tests/test_short_deck.py derives), batch == scalar == hole+board == the bulk column
 * kernel (csrc/bulk.c), each rank's category in the generated table, and the status and
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
 * per rule set against `want` (index category - 1), each row's batch rank equal to the
 * scalar rank, and the column kernel's rank and category of the same hands, one column per
 * card, equal to the batch rank and its category. */
static void exhaustive(size_t k, const long long want[2][9])
{
    enum { ROWS = 4096 };
    static uint8_t rows[ROWS * 7], cols[7][ROWS];
    static uint16_t out[2][ROWS], col_ranks[ROWS];
    static uint8_t col_cats[ROWS];
    const uint8_t *col_ptrs[7] = {cols[0], cols[1], cols[2], cols[3], cols[4], cols[5], cols[6]};
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
        int last = !he_next_combination(idx, k, 36);
        if (n == ROWS || last) {
            for (size_t i = 0; i < n; i++) {
                for (size_t c = 0; c < k; c++) {
                    cols[c][i] = rows[i * k + c];
                }
            }
            for (int r = 0; r < 2; r++) {
                CHECK(he_short_eval_batch(rows, n, k, r, out[r], &bad) == HE_OK);
                CHECK(he_short_eval_columns(col_ptrs, k, n, r, col_ranks, col_cats, &bad) == HE_OK);
                for (size_t i = 0; i < n; i++) {
                    int cat = category(out[r][i], r);
                    cats[r][cat - 1]++;
                    if (col_ranks[i] != out[r][i] || col_cats[i] != cat) {
                        fprintf(stderr, "k=%zu rules %d row %zu: columns %d/%d, batch %d/%d\n", k,
                                r, i, col_ranks[i], col_cats[i], out[r][i], cat);
                        failures++;
                    }
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

/* The generated category of every rank under both rule sets (he_short_rank_category, the
 * table the column kernel reads) against the bounds above. */
static void category_table(void)
{
    for (int r = 0; r < 2; r++) {
        const uint8_t *row = he_short_rank_category + r * (HE_SHORT_RANK_WORST + 1);
        CHECK(row[0] == 0);
        for (int rank = 1; rank <= HE_SHORT_RANK_WORST; rank++) {
            if (row[rank] != category(rank, r)) {
                fprintf(stderr, "rules %d rank %d: category %d, want %d\n", r, rank, row[rank],
                        category(rank, r));
                failures++;
            }
        }
    }
}

/* he_short_eval_columns' statuses: the first bad row and its status as the batch kernel
 * reports them, rows before it written, and its arguments. */
static void column_statuses(void)
{
    /* four 5-card rows, one column per card: a royal flush, the 6-high-straight flush, a
     * pair of sixes (9-8-7), and a row changed below */
    uint8_t c0[4] = {51, 16, 16, 51}, c1[4] = {47, 20, 17, 47}, c2[4] = {43, 24, 21, 43};
    uint8_t c3[4] = {39, 28, 25, 39}, c4[4] = {35, 48, 28, 35};
    const uint8_t *cols[7] = {c0, c1, c2, c3, c4, NULL, NULL};
    uint16_t ranks[4];
    uint8_t cats[4];
    size_t bad = 99;
    CHECK(he_short_eval_columns(cols, 5, 4, 0, ranks, cats, &bad) == HE_OK);
    CHECK(ranks[0] == 1 && ranks[1] == 6 && ranks[2] == 1284 && ranks[3] == 1);
    CHECK(cats[0] == 1 && cats[1] == 1 && cats[2] == 8 && cats[3] == 1);
    CHECK(he_short_eval_columns(cols, 5, 4, 1, ranks, NULL, &bad) == HE_OK && ranks[2] == 1284);

    /* a deuce..five or an id above 51 is out of range; a repeat is a duplicate; a row with
     * both is out of range; the first bad row is reported, the rows before it written */
    static const struct {
        uint8_t row2[5];
        int status;
    } cases[] = {
        {{16, 17, 21, 25, 3}, HE_E_CARD_RANGE},   /* the deuce of spades */
        {{16, 17, 21, 25, 15}, HE_E_CARD_RANGE},  /* the five of spades, just below the deck */
        {{0, 17, 21, 25, 28}, HE_E_CARD_RANGE},   /* the deuce of clubs, in the first column */
        {{16, 17, 21, 25, 52}, HE_E_CARD_RANGE},
        {{255, 17, 21, 25, 28}, HE_E_CARD_RANGE},
        {{16, 17, 21, 25, 16}, HE_E_DUPLICATE},
        {{16, 16, 21, 25, 2}, HE_E_CARD_RANGE},   /* a repeat and a deuce: the range first */
    };
    uint8_t *c[5] = {c0, c1, c2, c3, c4};
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        for (size_t j = 0; j < 5; j++) {
            c[j][2] = cases[t].row2[j];
            c[j][3] = 3; /* row 3 is bad too: the first bad row is reported */
        }
        uint8_t rows[4 * 5];
        for (size_t i = 0; i < 4; i++) {
            for (size_t j = 0; j < 5; j++) {
                rows[i * 5 + j] = c[j][i];
            }
        }
        for (int r = 0; r < 2; r++) {
            uint16_t want[4];
            size_t want_bad = 98;
            ranks[0] = ranks[1] = 0;
            bad = 99;
            int st = he_short_eval_columns(cols, 5, 4, r, ranks, cats, &bad);
            CHECK(st == cases[t].status && bad == 2);
            CHECK(he_short_eval_batch(rows, 4, 5, r, want, &want_bad) == st && want_bad == bad);
            CHECK(ranks[0] == 1 && ranks[1] == 6);
        }
    }
    /* a deuce is a Hold'em card: the same loop ranks it in he_eval_columns */
    for (size_t j = 0; j < 5; j++) {
        c[j][2] = cases[0].row2[j];
        c[j][3] = (uint8_t)(51 - 4 * j);
    }
    CHECK(he_eval_columns(cols, 5, 4, ranks, cats, &bad) == HE_OK);
    CHECK(ranks[0] == 1 && ranks[3] == 1 && cats[2] == 8); /* 6c 6d 7d 8d 2s: a pair */
    CHECK(he_short_eval_columns(cols, 5, 4, 0, ranks, cats, &bad) == HE_E_CARD_RANGE && bad == 2);

    /* arguments */
    CHECK(he_short_eval_columns(cols, 5, 2, 2, ranks, cats, &bad) == HE_E_ARGUMENT);
    CHECK(he_short_eval_columns(cols, 5, 2, -1, ranks, cats, &bad) == HE_E_ARGUMENT);
    CHECK(he_short_eval_columns(cols, 4, 2, 0, ranks, cats, &bad) == HE_E_ARGUMENT);
    CHECK(he_short_eval_columns(cols, 8, 2, 0, ranks, cats, &bad) == HE_E_ARGUMENT);
    CHECK(he_short_eval_columns(cols, 6, 2, 0, ranks, cats, &bad) == HE_E_ARGUMENT); /* NULL column */
    CHECK(he_short_eval_columns(NULL, 5, 2, 0, ranks, cats, &bad) == HE_E_ARGUMENT);
    CHECK(he_short_eval_columns(cols, 5, 2, 0, NULL, cats, &bad) == HE_E_ARGUMENT);
    CHECK(he_short_eval_columns(cols, 5, 2, 0, ranks, cats, NULL) == HE_E_ARGUMENT);
    CHECK(he_short_eval_columns(cols, 6, 0, 0, NULL, NULL, &bad) == HE_OK);
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
    category_table();
    column_statuses();
    exhaustive(5, five);
    exhaustive(7, seven);
    return check_report("short-deck");
}
