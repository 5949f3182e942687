/* C fuzz target (see fuzz_core.c): the short-deck kernels (csrc/eval_short.c). Rows of 5..7
 * ids, most of them from the short deck (16..51), some with a deuce..five, a bad id or a
 * repeat, under a rule set or a bad one. The status must be the first defect's, in the
 * order the kernels report (HE_E_ARGUMENT, then HE_E_CARD_RANGE, then HE_E_DUPLICATE); a
 * good row's rank the best of its fives, batch == scalar == hole + board. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fuzz_common.h"
#include "eval_short_internal.h"

static void short_row(uint8_t *cards, size_t k)
{
    uint64_t used = 0;
    for (size_t i = 0; i < k; i++) {
        uint8_t c;
        do {
            c = (uint8_t)(16 + below(36));
        } while (used >> c & 1u);
        used |= (uint64_t)1 << c;
        cards[i] = c;
    }
}

void fuzz_short(void)
{
    size_t k = 5 + below(3);
    int rules = chance(95) ? (int)below(2) : (chance(50) ? 2 : -1);
    uint8_t cards[7];
    short_row(cards, k);
    int range = 0, dup = 0;
    if (chance(25)) {
        size_t i = below(k);
        unsigned what = (unsigned)below(3);
        if (what == 0) {
            cards[i] = (uint8_t)below(16); /* a deuce..five */
        } else if (what == 1) {
            cards[i] = bad_id();
        } else {
            cards[i] = cards[below(k)];
        }
    }
    uint64_t seen = 0;
    for (size_t i = 0; i < k; i++) {
        if (cards[i] < 16 || cards[i] > 51) {
            range = 1;
        } else if (seen >> cards[i] & 1u) {
            dup = 1;
        } else {
            seen |= (uint64_t)1 << cards[i];
        }
    }
    int want = rules != 0 && rules != 1 ? HE_E_ARGUMENT
             : range ? HE_E_CARD_RANGE : dup ? HE_E_DUPLICATE : HE_OK;
    int r = he_short_eval_hand(cards, k, rules);
    uint16_t out[1] = {0};
    size_t bad = 99;
    int st = he_short_eval_batch(cards, 1, k, rules, out, &bad);
    if (want != HE_OK) {
        REQUIRE(r == want && st == want);
        REQUIRE(want == HE_E_ARGUMENT || bad == 0);
        return;
    }
    REQUIRE(r >= 1 && r <= HE_SHORT_RANK_WORST && st == HE_OK && out[0] == r);
    int best = 0xFFFF;
    size_t idx[5];
    for (idx[0] = 0; idx[0] < k; idx[0]++) {
        for (idx[1] = idx[0] + 1; idx[1] < k; idx[1]++) {
            for (idx[2] = idx[1] + 1; idx[2] < k; idx[2]++) {
                for (idx[3] = idx[2] + 1; idx[3] < k; idx[3]++) {
                    for (idx[4] = idx[3] + 1; idx[4] < k; idx[4]++) {
                        uint8_t five[5];
                        for (int j = 0; j < 5; j++) {
                            five[j] = cards[idx[j]];
                        }
                        int f = he_short_eval_hand(five, 5, rules);
                        best = f < best ? f : best;
                    }
                }
            }
        }
    }
    REQUIRE(r == best);
    uint8_t rev[7];
    for (size_t i = 0; i < k; i++) {
        rev[i] = cards[k - 1 - i];
    }
    REQUIRE(he_short_eval_hand(rev, k, rules) == r);
    uint16_t hb[1] = {0};
    REQUIRE(he_short_eval_hole_board(cards, 1, cards + 2, k - 2, 0, rules, hb, &bad) == HE_OK);
    REQUIRE(hb[0] == r);
}

/* The bulk column kernel (csrc/bulk.c): rows of short-deck cards, some with a deuce..five,
 * a bad id or a repeat, laid out one column per card, under a rule set or a bad one, with
 * k in 5..7 or not. The differential is he_short_eval_batch on the same rows: the same
 * status and first bad row, the same ranks before it, and each rank's category from the
 * rule set's table (tests/c/test_eval_short.c checks that table against the category
 * bounds). The columns are never written. */
void fuzz_short_columns(void)
{
    size_t n = gen_count(3000);
    size_t k = chance(90) ? 5 + below(3) : below(10);
    size_t kk = k >= 5 && k <= 7 ? k : 7;
    int rules = chance(95) ? (int)below(2) : (chance(50) ? 2 : -1);
    uint8_t *rows = xmalloc(n * kk);
    for (size_t i = 0; i < n; i++) {
        short_row(rows + i * kk, kk);
    }
    if (n && chance(40)) {
        for (size_t b = 1 + below(3); b > 0; b--) {
            uint8_t *row = rows + below(n) * kk;
            size_t i = below(kk);
            unsigned what = (unsigned)below(3);
            row[i] = what == 0 ? (uint8_t)below(16) : what == 1 ? bad_id() : row[below(kk)];
        }
    }
    uint8_t *cols[9];
    const uint8_t *ccols[9];
    rows_to_columns(rows, n, kk, cols, ccols);
    uint16_t *ranks = xmalloc(n * sizeof *ranks);
    uint16_t *want = xmalloc(n * sizeof *want);
    uint8_t *cats = xmalloc(n);
    for (size_t i = 0; i < n; i++) {
        ranks[i] = want[i] = 0xFFFFu;
        cats[i] = 0xFF;
    }
    int want_cats = chance(70);
    size_t bad_row = 424242, want_bad = 999999;
    int st = he_short_eval_columns(ccols, k, n, rules, ranks, want_cats ? cats : NULL, &bad_row);
    REQUIRE(columns_hold_rows(rows, n, kk, cols));
    if (k < 5 || k > 7 || (rules != 0 && rules != 1)) {
        REQUIRE(st == HE_E_ARGUMENT);
        goto done;
    }
    REQUIRE(he_short_eval_columns(NULL, k, n, rules, ranks, cats, &bad_row) == HE_E_ARGUMENT);
    REQUIRE(he_short_eval_columns(ccols, k, n, rules, ranks, cats, NULL) == HE_E_ARGUMENT);
    if (n) {
        const uint8_t *holey[9];
        memcpy(holey, ccols, sizeof holey);
        holey[below(k)] = NULL;
        size_t dummy;
        REQUIRE(he_short_eval_columns(holey, k, n, rules, ranks, cats, &dummy) == HE_E_ARGUMENT);
        REQUIRE(he_short_eval_columns(ccols, k, n, rules, NULL, cats, &dummy) == HE_E_ARGUMENT);
    }
    int want_st = he_short_eval_batch(rows, n, k, rules, want, &want_bad);
    REQUIRE(st == want_st);
    size_t first_bad = n;
    if (st != HE_OK) {
        REQUIRE(bad_row == want_bad);
        first_bad = want_bad < n ? want_bad : n;
    }
    const uint8_t *table = he_short_rank_category + rules * (HE_SHORT_RANK_WORST + 1);
    for (size_t i = 0; i < first_bad; i++) {
        REQUIRE(ranks[i] == want[i]);
        REQUIRE(cats[i] == (want_cats ? table[want[i]] : 0xFF));
    }
done:
    free_columns(cols);
    free(rows);
    free(ranks);
    free(want);
    free(cats);
}
