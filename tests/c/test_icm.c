/* C-only checks of the ICM kernels (csrc/icm.c, api/icm.h), run by tests/test_c_core.py
 * under ASan/UBSan: random rows of 1..14 players (zero stacks, ties, few and many places
 * paid, batches of 0..4 rows and rows of more than 10 players, whose table is on the heap)
 * give place columns that sum to 1 and equities that sum to the paid payouts, every row as
 * when settled alone; the statuses of he_icm_check with the bad row and index; the tie
 * average beyond the insertion sort's 32 players. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "holdem_eval.h"
#include "check.h"

#define MAXN 14
#define MAXROWS 4

static void random_rows(void)
{
    static double stacks[MAXROWS * MAXN], pay[MAXN + 3], eq[MAXROWS * MAXN],
        places[MAXROWS * MAXN * MAXN], one_eq[MAXN];
    size_t bad[2];
    srand(1);
    for (int it = 0; it < 300; it++) {
        size_t n = 1 + (size_t)rand() % MAXN, rows = (size_t)rand() % (MAXROWS + 1);
        size_t npay = 1 + (size_t)rand() % (n + 3), np = npay < n ? npay : n;
        for (size_t i = 0; i < rows * n; i++) {
            stacks[i] = rand() % 4 == 0 ? 0.0 : (double)(rand() % 50); /* zeros and ties */
        }
        for (size_t r = 0; r < rows; r++) {
            stacks[r * n] += 1.0; /* no row all zero */
        }
        for (size_t k = 0; k < npay; k++) {
            pay[k] = (double)(200 - 7 * (int)k);
        }
        CHECK(he_icm_exact(rows, n, stacks, npay, pay, eq, places, bad) == HE_OK);
        double paid = 0.0;
        for (size_t k = 0; k < np; k++) {
            paid += pay[k];
        }
        for (size_t r = 0; r < rows; r++) {
            double total = 0.0;
            for (size_t i = 0; i < n; i++) {
                total += eq[r * n + i];
            }
            CHECK(fabs(total - paid) <= 1e-9 * paid);
            for (size_t k = 0; k < np; k++) {
                double column = 0.0;
                for (size_t i = 0; i < n; i++) {
                    column += places[(r * n + i) * np + k];
                }
                CHECK(fabs(column - 1.0) <= 1e-12);
            }
            CHECK(he_icm_exact(1, n, stacks + r * n, npay, pay, one_eq, NULL, bad) == HE_OK);
            for (size_t i = 0; i < n; i++) {
                CHECK(one_eq[i] == eq[r * n + i]);
                for (size_t j = 0; j < n; j++) { /* equal stacks, equal results */
                    if (stacks[r * n + i] == stacks[r * n + j]) {
                        CHECK(eq[r * n + i] == eq[r * n + j]);
                    }
                }
            }
        }
    }
}

static void statuses(void)
{
    size_t bad[2];
    double eq[4], pay[3] = {5.0, 3.0, 2.0};
    double rows[6] = {1.0, 2.0, 3.0, 4.0, -1.0, 6.0};
    CHECK(he_icm_exact(2, 3, rows, 3, pay, eq, NULL, bad) == HE_E_ICM_STACK);
    CHECK(bad[0] == 1 && bad[1] == 1);
    double zero[6] = {1.0, 2.0, 3.0, 0.0, 0.0, 0.0};
    CHECK(he_icm_check(2, 3, zero, 3, pay, bad) == HE_E_ICM_STACKS_ZERO && bad[0] == 1);
    double huge[2] = {1e308, 1e308};
    CHECK(he_icm_check(1, 2, huge, 1, pay, bad) == HE_E_ICM_STACKS_SUM && bad[0] == 0);
    double ok[3] = {1.0, 2.0, 3.0}, rise[3] = {5.0, 3.0, 4.0}, neg[2] = {5.0, NAN};
    CHECK(he_icm_check(1, 3, ok, 3, rise, bad) == HE_E_ICM_PAYOUT_RISE && bad[1] == 2);
    CHECK(he_icm_check(1, 3, ok, 2, neg, bad) == HE_E_ICM_PAYOUT && bad[1] == 1);
    CHECK(he_icm_exact(0, 3, ok, 3, pay, eq, NULL, bad) == HE_OK); /* no rows */
    CHECK(he_icm_exact(1, HE_ICM_EXACT_MAX_PLAYERS + 1, ok, 3, pay, eq, NULL, bad)
          == HE_E_ARGUMENT);
    CHECK(he_icm_check(1, 3, ok, 3, pay, NULL) == HE_E_ARGUMENT);
}

static void tie_average_many(void)
{
    double stacks[40], m[40 * 2];
    for (int i = 0; i < 40; i++) {
        stacks[i] = (double)(i % 5);
        m[2 * i] = (double)i;
        m[2 * i + 1] = 1.0;
    }
    CHECK(he_icm_tie_average(40, stacks, 2, m) == HE_OK);
    for (int i = 0; i < 40; i++) { /* players i % 5 == g: mean of g, g + 5, ..., g + 35 */
        CHECK(m[2 * i] == (double)(i % 5) + 17.5 && m[2 * i + 1] == 1.0);
    }
}

int main(void)
{
    random_rows();
    statuses();
    tie_average_many();
    if (failures) {
        fprintf(stderr, "%d ICM checks failed\n", failures);
        return 1;
    }
    puts("all C ICM checks passed");
    return 0;
}
