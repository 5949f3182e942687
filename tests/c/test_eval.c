/* C-only tests of the evaluator kernels, built by tests/test_c_core.py with
 * -fsanitize=address,undefined. Exhaustive 5/6/7-card category counts and distinct ranks,
 * the status and bad_row contracts, Omaha, and hole+board equivalence. Exit 0 = pass. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "he_eval_internal.h"
#include "check.h"
#include "xorshift.h"

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
        if (!he_next_combination(idx, k, 52)) {
            break;
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
            uint8_t c = (uint8_t)(xorshift64(&s) % 52);
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

/* Deterministic pseudo-random numbers for the tests (a 64-bit LCG's high bits). */
static uint64_t lcg = 0x9E3779B97F4A7C15ULL;

static unsigned next_below(unsigned m)
{
    lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)((lcg >> 33) % m);
}

/* n rows of k distinct random cards. */
static void random_rows(uint8_t *rows, size_t n, size_t k)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t used = 0;
        for (size_t j = 0; j < k; j++) {
            unsigned c;
            do {
                c = next_below(52);
            } while (used >> c & 1u);
            used |= 1ULL << c;
            rows[i * k + j] = (uint8_t)c;
        }
    }
}

/* One variant of the batch kernel against he_eval_hand, on good rows and on one bad row
 * at each position (first, second of a pair of rows, odd tail). */
static void check_variant(int variant, size_t k)
{
    enum { N = 4001 };
    static uint8_t rows[N * 7];
    static uint16_t out[N];
    size_t bad = 0;
    random_rows(rows, N, k);
    CHECK(he_eval_batch_variant(variant, rows, N, k, out, &bad) == HE_OK);
    for (size_t i = 0; i < N; i++) {
        CHECK(out[i] == he_eval_hand(rows + i * k, k));
    }
    static const size_t at[] = {0, 1, 2, 3, 1000, 1001, N - 2, N - 1};
    for (size_t a = 0; a < sizeof at / sizeof at[0]; a++) {
        size_t i = at[a];
        uint8_t *row = rows + i * k;
        row[k - 1] = row[0]; /* a duplicate */
        bad = 12345;
        CHECK(he_eval_batch_variant(variant, rows, N, k, out, &bad) == HE_E_DUPLICATE);
        CHECK(bad == i);
        row[0] = 52; /* and now an id out of range too: range is reported first */
        CHECK(he_eval_batch_variant(variant, rows, N, k, out, &bad) == HE_E_CARD_RANGE);
        CHECK(bad == i);
        row[0] = row[k - 1] = 255;
        CHECK(he_eval_batch_variant(variant, rows, N, k, out, &bad) == HE_E_CARD_RANGE);
        CHECK(bad == i);
        random_rows(row, 1, k); /* good again for the next position */
    }
    /* every single wrong card in one row: each duplicate pair, each id 52..255 */
    for (size_t x = 0; x < k; x++) {
        for (size_t y = x + 1; y < k; y++) {
            uint8_t row[7];
            random_rows(row, 1, k);
            row[y] = row[x];
            CHECK(he_eval_batch_variant(variant, row, 1, k, out, &bad) == HE_E_DUPLICATE);
        }
        for (unsigned id = 52; id < 256; id++) {
            uint8_t row[7];
            random_rows(row, 1, k);
            row[x] = (uint8_t)id;
            CHECK(he_eval_batch_variant(variant, row, 1, k, out, &bad) == HE_E_CARD_RANGE);
        }
    }
}

/* Both popcount variants (portable and POPCNT, when this CPU has it) and the portable
 * popcount itself. */
static void popcount_paths(void)
{
    for (int i = 0; i < 100000; i++) {
        uint64_t x = ((uint64_t)next_below(1u << 31) << 33) ^ ((uint64_t)next_below(1u << 31) << 2)
                     ^ next_below(4);
        unsigned want = 0;
        for (uint64_t y = x; y; y >>= 1) {
            want += (unsigned)(y & 1u);
        }
        CHECK(he_popcount_portable(x) == want);
    }
    CHECK(he_popcount_portable(0) == 0 && he_popcount_portable(~0ULL) == 64);
    for (size_t k = 5; k <= 7; k++) {
        check_variant(HE_POPCNT_PORTABLE, k);
        check_variant(HE_POPCNT_HW, k);
    }
    printf("popcount paths: portable%s\n",
           he_cpu_has_popcnt() ? " and POPCNT" : " only (no POPCNT)");
}

int main(void)
{
    static const long long c5[9] = {40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540};
    static const long long c6[9] = {1844, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900};
    static const long long c7[9] = {41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460};
    contracts();
    popcount_paths();
    hole_board_and_omaha();
    exhaustive(5, c5, 7462);
    exhaustive(6, c6, 6075);
    exhaustive(7, c7, 4824);
    return check_report("evaluator");
}
