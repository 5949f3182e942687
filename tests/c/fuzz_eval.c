/* C fuzz targets (see fuzz_core.c): the evaluators (scalar, hand, batch, hole + board,
 * Omaha), the bulk columns and the seeded deal. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fuzz_common.h"
#include "he_eval_internal.h"

/* ---------------------------------------------------------------- evaluation */

void fuzz_eval_scalar(void)
{
    static const int odd[] = {-1, -52, 52, 53, 255, 256, 1000, INT32_MIN, INT32_MAX};
    size_t k = 5 + below(3);
    uint8_t cards[7];
    uint64_t used = 0;
    draw_distinct(cards, k, &used);
    int ids[7];
    for (size_t i = 0; i < 7; i++) {
        ids[i] = i < k ? cards[i] : 0;
    }
    int bad = 0;
    if (chance(30)) {
        size_t i = below(k);
        if (chance(50)) {
            ids[i] = odd[below(sizeof odd / sizeof odd[0])];
            bad = 1;
        } else {
            size_t j = below(k);
            bad = ids[i] != ids[j];
            ids[i] = ids[j];
        }
    }
    int r = k == 5 ? he_eval5(ids[0], ids[1], ids[2], ids[3], ids[4])
          : k == 6 ? he_eval6(ids[0], ids[1], ids[2], ids[3], ids[4], ids[5])
                   : he_eval7(ids[0], ids[1], ids[2], ids[3], ids[4], ids[5], ids[6]);
    if (bad) {
        codeset s = {{0}, 0};
        uint64_t seen = 0;
        for (size_t i = 0; i < k; i++) {
            if (ids[i] < 0 || ids[i] >= 52) {
                add_code(&s, HE_E_CARD_RANGE);
            } else if (seen >> ids[i] & 1u) {
                add_code(&s, HE_E_DUPLICATE);
            } else {
                seen |= 1ULL << ids[i];
            }
        }
        REQUIRE(in_set(&s, r));
        return;
    }
    REQUIRE(r >= 1 && r <= 7462);
    int best, cat;
    best_of_subsets(cards, k, &best, &cat);
    REQUIRE(r == best);
    REQUIRE(category_of_rank(r) == cat);
    REQUIRE(he_eval_hand(cards, k) == r);
    /* The order of the cards does not matter. */
    uint8_t rev[7];
    for (size_t i = 0; i < k; i++) {
        rev[i] = cards[k - 1 - i];
    }
    REQUIRE(he_eval_hand(rev, k) == r);
}

void fuzz_eval_hand(void)
{
    size_t k = chance(85) ? 5 + below(3) : below(10);
    uint8_t cards[12];
    uint64_t used = 0;
    draw_distinct(cards, sizeof cards, &used);
    if (chance(30)) {
        corrupt(cards, k < 12 ? k : 12);
    }
    uint8_t before[12];
    memcpy(before, cards, sizeof cards);
    int st = he_eval_hand(cards, k);
    REQUIRE(memcmp(before, cards, sizeof cards) == 0);
    if (k < 5 || k > 7) {
        REQUIRE(st == HE_E_ARGUMENT);
        return;
    }
    REQUIRE(he_eval_hand(NULL, k) == HE_E_ARGUMENT);
    codeset s = {{0}, 0};
    uint64_t seen = 0;
    if (card_defects(cards, k, &seen, &s)) {
        REQUIRE(in_set(&s, st));
        return;
    }
    int best, cat;
    best_of_subsets(cards, k, &best, &cat);
    REQUIRE(st == best);
}

/* n rows of k cards, most valid; sometimes a few bad rows. Returns the allocation. */
static uint8_t *gen_rows(size_t n, size_t k, size_t row_len)
{
    uint8_t *cards = xmalloc(n * row_len);
    for (size_t i = 0; i < n; i++) {
        uint64_t used = 0;
        draw_distinct(cards + i * row_len, row_len, &used);
    }
    if (n && chance(40)) {
        size_t bad = 1 + below(3);
        for (size_t b = 0; b < bad; b++) {
            corrupt(cards + below(n) * row_len, k);
        }
    }
    return cards;
}

void fuzz_eval_batch(void)
{
    size_t n = gen_count(3000);
    size_t k = chance(90) ? 5 + below(3) : below(10);
    size_t row = k >= 5 && k <= 7 ? k : 7;
    uint8_t *cards = gen_rows(n, row, row);
    uint8_t *before = dup_bytes(cards, n * row);
    uint16_t *out = xmalloc(n * sizeof *out);
    for (size_t i = 0; i < n; i++) {
        out[i] = 0xFFFFu;
    }
    size_t bad_row = 12345;
    int st = he_eval_batch(n ? cards : NULL, n, k, n ? out : NULL, &bad_row);
    REQUIRE(memcmp(before, cards, n * row) == 0);
    if (k < 5 || k > 7) {
        REQUIRE(st == HE_E_ARGUMENT);
        goto done;
    }
    REQUIRE(he_eval_batch(cards, n, k, out, NULL) == HE_E_ARGUMENT);
    if (n) {
        size_t dummy;
        REQUIRE(he_eval_batch(NULL, n, k, out, &dummy) == HE_E_ARGUMENT);
        REQUIRE(he_eval_batch(cards, n, k, NULL, &dummy) == HE_E_ARGUMENT);
    }
    size_t first_bad = n;
    for (size_t i = 0; i < n; i++) {
        if (!cards_ok(cards + i * k, k)) {
            first_bad = i;
            break;
        }
    }
    if (first_bad == n) {
        REQUIRE(st == HE_OK);
    } else {
        codeset s = {{0}, 0};
        uint64_t used = 0;
        card_defects(cards + first_bad * k, k, &used, &s);
        REQUIRE(in_set(&s, st));
        REQUIRE(bad_row == first_bad);
    }
    for (size_t i = 0; i < n; i++) {
        if (i < first_bad) {
            REQUIRE(out[i] == he_eval_hand(cards + i * k, k));
        } else {
            REQUIRE(out[i] == 0xFFFFu); /* rows from the bad one on are not written */
        }
    }
done:
    free(cards);
    free(before);
    free(out);
}

/* Shared (stride 0) or per-row boards of nb cards for he_eval_hole_board and Omaha. */
static void fuzz_board_kernel(int omaha)
{
    size_t n = gen_count(1500);
    size_t nh = omaha ? (chance(90) ? 4 + below(3) : below(8)) : 2;
    size_t nb = chance(90) ? 3 + below(3) : below(7);
    int shared = chance(50);
    size_t stride = shared ? 0 : nb;
    if (chance(5)) {
        stride = below(7);
        shared = stride == 0;
    }
    size_t nboards = shared ? 1 : n;
    size_t hrow = nh < 12 ? nh : 12;
    /* Holes and boards drawn together so that a row is valid unless corrupted. */
    uint8_t *holes = xmalloc(n * hrow);
    uint8_t *boards = xmalloc(nboards * (nb ? nb : 1));
    uint64_t shared_used = 0;
    if (shared) {
        draw_distinct(boards, nb, &shared_used);
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t used = shared_used;
        if (!shared) {
            draw_distinct(boards + i * nb, nb, &used);
        }
        draw_distinct(holes + i * hrow, hrow, &used);
    }
    if (n && chance(40)) {
        size_t i = below(n);
        if (chance(50) || (shared && nb == 0)) {
            corrupt(holes + i * hrow, hrow);
        } else if (shared) {
            corrupt(boards, nb);
        } else {
            corrupt(boards + i * nb, nb);
        }
        if (chance(30)) { /* a repeat across hole and board */
            size_t j = below(n);
            if (nb) {
                holes[j * hrow] = shared ? boards[below(nb)] : boards[j * nb + below(nb)];
            }
        }
    }
    uint8_t *hb = dup_bytes(holes, n * hrow), *bb = dup_bytes(boards, nboards * nb);
    uint16_t *out = xmalloc(n * sizeof *out);
    for (size_t i = 0; i < n; i++) {
        out[i] = 0xFFFFu;
    }
    size_t bad_row = 777777;
    int st = omaha ? he_eval_omaha_batch(holes, n, nh, boards, nb, stride, out, &bad_row)
                   : he_eval_hole_board(holes, n, boards, nb, stride, out, &bad_row);
    REQUIRE(memcmp(hb, holes, n * hrow) == 0 && memcmp(bb, boards, nboards * nb) == 0);
    int args_bad = nb < 3 || nb > 5 || (stride != 0 && stride != nb)
                   || (omaha && (nh < 4 || nh > 6));
    if (args_bad) {
        REQUIRE(st == HE_E_ARGUMENT);
        goto done;
    }
    {
        size_t dummy;
        int st2 = omaha ? he_eval_omaha_batch(holes, n, nh, boards, nb, stride, out, NULL)
                        : he_eval_hole_board(holes, n, boards, nb, stride, out, NULL);
        REQUIRE(st2 == HE_E_ARGUMENT);
        if (n) {
            st2 = omaha ? he_eval_omaha_batch(holes, n, nh, NULL, nb, stride, out, &dummy)
                        : he_eval_hole_board(holes, n, NULL, nb, stride, out, &dummy);
            REQUIRE(st2 == HE_E_ARGUMENT);
        }
        for (size_t i = 0; i < n; i++) {
            out[i] = 0xFFFFu;
        }
        st = omaha ? he_eval_omaha_batch(holes, n, nh, boards, nb, stride, out, &bad_row)
                   : he_eval_hole_board(holes, n, boards, nb, stride, out, &bad_row);
    }
    size_t first_bad = n;
    codeset s = {{0}, 0};
    for (size_t i = 0; i < n && first_bad == n; i++) {
        const uint8_t *board = boards + i * stride;
        uint64_t used = 0;
        int bad = card_defects(board, nb, &used, &s);
        bad |= card_defects(holes + i * hrow, nh, &used, &s);
        if (bad) {
            first_bad = i;
        }
    }
    if (first_bad == n) {
        REQUIRE(st == HE_OK);
    } else {
        REQUIRE(in_set(&s, st));
        REQUIRE(bad_row == first_bad);
    }
    for (size_t i = 0; i < n; i++) {
        if (i >= first_bad) {
            REQUIRE(out[i] == 0xFFFFu);
            continue;
        }
        const uint8_t *board = boards + i * stride;
        if (omaha) {
            REQUIRE(out[i] == omaha_reference(holes + i * hrow, nh, board, nb));
        } else {
            uint8_t seven[7];
            memcpy(seven, holes + 2 * i, 2);
            memcpy(seven + 2, board, nb);
            REQUIRE(out[i] == he_eval_hand(seven, 2 + nb));
        }
    }
done:
    free(holes);
    free(boards);
    free(hb);
    free(bb);
    free(out);
}

void fuzz_hole_board(void)
{
    fuzz_board_kernel(0);
}

void fuzz_omaha(void)
{
    fuzz_board_kernel(1);
}

/* ---------------------------------------------------------------- bulk columns */

void fuzz_columns(void)
{
    size_t n = gen_count(3000);
    size_t k = chance(90) ? 5 + below(3) : below(10);
    size_t kk = k >= 5 && k <= 7 ? k : 7;
    uint8_t *rows = gen_rows(n, kk, kk);
    uint8_t *cols[9] = {NULL};
    const uint8_t *ccols[9] = {NULL};
    rows_to_columns(rows, n, kk, cols, ccols);
    uint16_t *ranks = xmalloc(n * sizeof *ranks);
    uint8_t *cats = xmalloc(n);
    for (size_t i = 0; i < n; i++) {
        ranks[i] = 0xFFFFu;
        cats[i] = 0xFF;
    }
    int want_cats = chance(70);
    size_t bad_row = 424242;
    int st = he_eval_columns(ccols, k, n, ranks, want_cats ? cats : NULL, &bad_row);
    REQUIRE(columns_hold_rows(rows, n, kk, cols));
    if (k < 5 || k > 7) {
        REQUIRE(st == HE_E_ARGUMENT);
        goto done;
    }
    REQUIRE(he_eval_columns(NULL, k, n, ranks, cats, &bad_row) == HE_E_ARGUMENT);
    REQUIRE(he_eval_columns(ccols, k, n, ranks, cats, NULL) == HE_E_ARGUMENT);
    if (n) {
        const uint8_t *holey[9];
        memcpy(holey, ccols, sizeof holey);
        holey[below(k)] = NULL;
        size_t dummy;
        REQUIRE(he_eval_columns(holey, k, n, ranks, cats, &dummy) == HE_E_ARGUMENT);
        REQUIRE(he_eval_columns(ccols, k, n, NULL, cats, &dummy) == HE_E_ARGUMENT);
    }
    /* The same hands as rows: he_eval_batch is the differential. */
    uint16_t *want = xmalloc(n * sizeof *want);
    for (size_t i = 0; i < n; i++) {
        want[i] = 0xFFFFu;
    }
    size_t want_bad = 999999;
    int want_st = he_eval_batch(rows, n, k, want, &want_bad);
    for (size_t i = 0; i < n; i++) {
        ranks[i] = 0xFFFFu;
        cats[i] = 0xFF;
    }
    st = he_eval_columns(ccols, k, n, ranks, want_cats ? cats : NULL, &bad_row);
    REQUIRE(st == want_st);
    size_t first_bad = n;
    if (st != HE_OK) {
        REQUIRE(bad_row == want_bad);
        first_bad = want_bad < n ? want_bad : n;
    }
    for (size_t i = 0; i < first_bad; i++) {
        REQUIRE(ranks[i] == want[i]);
        if (want_cats) {
            int best, cat;
            best_of_subsets(rows + i * kk, kk, &best, &cat);
            REQUIRE(cats[i] == cat);
        } else {
            REQUIRE(cats[i] == 0xFF);
        }
    }
    free(want);
done:
    free_columns(cols);
    free(rows);
    free(ranks);
    free(cats);
}

/* ---------------------------------------------------------------- dealing */

void fuzz_deal(void)
{
    static const uint64_t seeds[] = {0, 1, UINT64_MAX, 0x8000000000000000ULL};
    uint64_t seed = chance(20) ? seeds[below(4)] : next_u64();
    uint64_t exclude = 0;
    unsigned mode = (unsigned)below(6);
    if (mode == 1) {
        exclude = next_u64() & next_u64(); /* about a quarter of the cards */
    } else if (mode == 2) {
        exclude = next_u64(); /* half, and bits 52..63 */
    } else if (mode == 3) {
        exclude = (1ULL << 52) - 1; /* every card */
    } else if (mode == 4) {
        exclude = UINT64_MAX;
    }
    size_t left = 0;
    for (unsigned c = 0; c < 52; c++) {
        left += !(exclude >> c & 1u);
    }
    size_t count = chance(80) ? below(left + 1) : left + below(4);
    uint8_t *out = xmalloc(count + 1);
    memset(out, 0xEE, count + 1);
    int st = he_deal_seeded(seed, exclude, count, out);
    if (count > left) {
        REQUIRE(st == HE_E_ARGUMENT);
        free(out);
        return;
    }
    REQUIRE(st == HE_OK);
    REQUIRE(out[count] == 0xEE);
    uint64_t seen = 0;
    for (size_t i = 0; i < count; i++) {
        REQUIRE(out[i] < 52);
        REQUIRE(!(exclude >> (out[i] & 63u) & 1u));
        REQUIRE(!(seen >> (out[i] & 63u) & 1u));
        seen |= 1ULL << (out[i] & 63u);
    }
    /* Both card selections (PDEP where the CPU has it, the portable one) deal the same. */
    uint8_t portable[52], pdep[52];
    REQUIRE(he_deal_seeded_variant(HE_DEAL_PORTABLE_VARIANT, seed, exclude, count, portable)
            == HE_OK);
    REQUIRE(he_deal_seeded_variant(HE_DEAL_PDEP_VARIANT, seed, exclude, count, pdep) == HE_OK);
    REQUIRE(memcmp(portable, out, count) == 0 && memcmp(pdep, out, count) == 0);
    /* Deterministic, and a shorter deal is a prefix of a longer one. */
    uint8_t again[52];
    size_t shorter = below(count + 1);
    REQUIRE(he_deal_seeded(seed, exclude, shorter, again) == HE_OK);
    REQUIRE(memcmp(again, out, shorter) == 0);
    REQUIRE(he_deal_seeded(seed, exclude, 0, NULL) == HE_OK);
    if (count) {
        REQUIRE(he_deal_seeded(seed, exclude, count, NULL) == HE_E_ARGUMENT);
    }
    free(out);
}

