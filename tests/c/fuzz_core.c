/* Fuzz driver for every public C entry point (the csrc/api headers, through csrc/holdem_eval.h),
 * run under ASan and UBSan by tests/test_c_fuzz.py. Each case is a random or boundary
 * input built from one seeded PRNG; the checks are the documented contracts (status codes,
 * output ranges, first bad row, inputs unchanged, nothing written on failure, chips
 * conserved) plus cheap differentials (batch == scalar, 6/7 cards == best 5-card subset,
 * exact equity == brute-force enumeration, an independent hand-category oracle).
 *
 * Usage: fuzz_core [SECONDS [SEED [CASE]]]
 *   SECONDS  time budget (default $HE_FUZZ_SECONDS, else 45); targets run round-robin
 *   SEED     base seed (default $HE_FUZZ_SEED, else 1); case i of a run uses seed (SEED, i)
 *   CASE     replay only case number CASE of every target (as printed by a failure)
 * Exit status 0 when every contract held. `fuzz_core --repro NAME` runs the minimal
 * reproduction of a bug the fuzzer once found (a regression test for its fix). */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "holdem_eval.h"
#include "check.h"

#define MAX_FAILURES 30
#define MAXSEATS 34 /* HE_SETTLE_MAX_SEATS + 2: the fuzzer also passes too many seats */

/* ---------------------------------------------------------------- case context */

static const char *target_name = "";
static uint64_t case_number = 0;
static uint64_t base_seed = 1;

static void report_context(void)
{
    fprintf(stderr, "  in target %s, case %llu (replay: fuzz_core 0 %llu %llu)\n", target_name,
            (unsigned long long)case_number, (unsigned long long)base_seed,
            (unsigned long long)case_number);
    if (failures >= MAX_FAILURES) {
        fprintf(stderr, "too many failures, stopping\n");
        exit(1);
    }
}

/* CHECK from check.h, plus where the failing case came from. */
#define REQUIRE(cond)                  \
    do {                               \
        int before_ = failures;        \
        CHECK(cond);                   \
        if (failures != before_) {     \
            report_context();          \
        }                              \
    } while (0)

/* ---------------------------------------------------------------- random inputs */

static uint64_t rng;

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t next_u64(void)
{
    rng += 0x9E3779B97F4A7C15ULL;
    return mix64(rng);
}

/* Uniform-enough integer in 0 .. n - 1 (0 when n is 0). */
static size_t below(size_t n)
{
    return n ? (size_t)(next_u64() % n) : 0;
}

static int chance(unsigned percent)
{
    return below(100) < percent;
}

/* A size: mostly small, sometimes a block edge, sometimes large, rarely 100 times that. */
static size_t gen_count(size_t large)
{
    static const size_t edges[] = {0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 63, 64, 65};
    unsigned pick = (unsigned)below(1000);
    if (pick < 400) {
        return edges[below(sizeof edges / sizeof edges[0])];
    }
    if (pick < 900) {
        return below(100);
    }
    return below((pick < 998 ? large : 100 * large) + 1);
}

/* A card id that is not a card: 52..255, boundaries more often. */
static uint8_t bad_id(void)
{
    static const uint8_t edges[] = {52, 53, 63, 64, 127, 128, 254, 255};
    return chance(60) ? edges[below(sizeof edges)] : (uint8_t)(52 + below(204));
}

/* n distinct cards not in *used; adds them to *used. Returns 0 if the deck runs out (the
 * rest of out is then filled with repeats of the cards already drawn or with 0). */
static int draw_distinct(uint8_t *out, size_t n, uint64_t *used)
{
    uint8_t deck[52];
    size_t left = 0;
    for (uint8_t c = 0; c < 52; c++) {
        if (!(*used >> c & 1u)) {
            deck[left++] = c;
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (left == 0) {
            for (size_t j = i; j < n; j++) {
                out[j] = i ? out[below(i)] : 0;
            }
            return 0;
        }
        size_t j = below(left);
        out[i] = deck[j];
        deck[j] = deck[--left];
        *used |= 1ULL << out[i];
    }
    return 1;
}

/* Makes one of cards[0..n) a non-card or a copy of another of them. */
static void corrupt(uint8_t *cards, size_t n)
{
    if (n == 0) {
        return;
    }
    size_t i = below(n), j = below(n);
    cards[i] = (n > 1 && i != j && chance(50)) ? cards[j] : bad_id();
}

static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

static void *dup_bytes(const void *p, size_t size)
{
    void *q = xmalloc(size);
    if (size) {
        memcpy(q, p, size);
    }
    return q;
}

/* ---------------------------------------------------------------- status sets */

typedef struct {
    int code[16];
    size_t n;
} codeset;

static void add_code(codeset *s, int code)
{
    for (size_t i = 0; i < s->n; i++) {
        if (s->code[i] == code) {
            return;
        }
    }
    s->code[s->n++] = code;
}

static int in_set(const codeset *s, int code)
{
    for (size_t i = 0; i < s->n; i++) {
        if (s->code[i] == code) {
            return 1;
        }
    }
    return 0;
}

/* What validating these cards together may report: CARD_RANGE for an id >= 52, DUPLICATE
 * for a card twice (either when both apply). Adds to *s; returns 1 if any applied. */
static int card_defects(const uint8_t *a, size_t n, uint64_t *used, codeset *s)
{
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (a[i] >= 52) {
            add_code(s, HE_E_CARD_RANGE);
            bad = 1;
        } else if (*used >> a[i] & 1u) {
            add_code(s, HE_E_DUPLICATE);
            bad = 1;
        } else {
            *used |= 1ULL << a[i];
        }
    }
    return bad;
}

static int cards_ok(const uint8_t *a, size_t n)
{
    codeset s = {{0}, 0};
    uint64_t used = 0;
    return !card_defects(a, n, &used, &s);
}

/* ---------------------------------------------------------------- reference oracles */

/* Category (1 = straight flush .. 9 = high card) of a Cactus Kev rank 1..7462. */
static int category_of_rank(int r)
{
    static const int upper[9] = {10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462};
    for (int c = 0; c < 9; c++) {
        if (r <= upper[c]) {
            return c + 1;
        }
    }
    return 0;
}

/* Category of five valid distinct cards, computed from the cards alone. */
static int category5(const uint8_t *c)
{
    int count[13] = {0};
    unsigned ranks = 0;
    int flush = 1;
    for (size_t i = 0; i < 5; i++) {
        count[c[i] / 4]++;
        ranks |= 1u << (c[i] / 4);
        flush &= (c[i] % 4) == (c[0] % 4);
    }
    int straight = 0;
    for (unsigned low = 0; low + 5 <= 13; low++) {
        straight |= ranks == (0x1Fu << low);
    }
    straight |= ranks == 0x100Fu; /* A-2-3-4-5 */
    int pairs = 0, trips = 0, quads = 0;
    for (size_t r = 0; r < 13; r++) {
        pairs += count[r] == 2;
        trips += count[r] == 3;
        quads += count[r] == 4;
    }
    if (straight && flush) {
        return 1;
    }
    if (quads) {
        return 2;
    }
    if (trips && pairs) {
        return 3;
    }
    if (flush) {
        return 4;
    }
    if (straight) {
        return 5;
    }
    return trips ? 6 : pairs == 2 ? 7 : pairs == 1 ? 8 : 9;
}

/* Best rank and category over the 5-card subsets of k = 5..7 valid distinct cards, using
 * he_eval5 for each subset and category5 independently. */
static void best_of_subsets(const uint8_t *c, size_t k, int *rank, int *category)
{
    *rank = 99999;
    *category = 99;
    size_t idx[5];
    for (idx[0] = 0; idx[0] < k; idx[0]++)
        for (idx[1] = idx[0] + 1; idx[1] < k; idx[1]++)
            for (idx[2] = idx[1] + 1; idx[2] < k; idx[2]++)
                for (idx[3] = idx[2] + 1; idx[3] < k; idx[3]++)
                    for (idx[4] = idx[3] + 1; idx[4] < k; idx[4]++) {
                        uint8_t five[5];
                        for (size_t i = 0; i < 5; i++) {
                            five[i] = c[idx[i]];
                        }
                        int r = he_eval5(five[0], five[1], five[2], five[3], five[4]);
                        int cat = category5(five);
                        *rank = r < *rank ? r : *rank;
                        *category = cat < *category ? cat : *category;
                    }
}

/* Best Omaha rank: exactly two of nh hole cards and three of nb board cards (he_eval5). */
static int omaha_reference(const uint8_t *hole, size_t nh, const uint8_t *board, size_t nb)
{
    int best = 99999;
    for (size_t a = 0; a < nh; a++)
        for (size_t b = a + 1; b < nh; b++)
            for (size_t x = 0; x < nb; x++)
                for (size_t y = x + 1; y < nb; y++)
                    for (size_t z = y + 1; z < nb; z++) {
                        int r = he_eval5(hole[a], hole[b], board[x], board[y], board[z]);
                        best = r < best ? r : best;
                    }
    return best;
}

/* ---------------------------------------------------------------- evaluation */

static void fuzz_eval_scalar(void)
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

static void fuzz_eval_hand(void)
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

static void fuzz_eval_batch(void)
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

static void fuzz_hole_board(void)
{
    fuzz_board_kernel(0);
}

static void fuzz_omaha(void)
{
    fuzz_board_kernel(1);
}

/* ---------------------------------------------------------------- bulk columns */

static void fuzz_columns(void)
{
    size_t n = gen_count(3000);
    size_t k = chance(90) ? 5 + below(3) : below(10);
    size_t kk = k >= 5 && k <= 7 ? k : 7;
    uint8_t *rows = gen_rows(n, kk, kk);
    uint8_t *cols[9] = {NULL};
    const uint8_t *ccols[9] = {NULL};
    for (size_t j = 0; j < 9; j++) {
        cols[j] = xmalloc(n);
        for (size_t i = 0; i < n; i++) {
            cols[j][i] = j < kk ? rows[i * kk + j] : 0;
        }
        ccols[j] = cols[j];
    }
    uint16_t *ranks = xmalloc(n * sizeof *ranks);
    uint8_t *cats = xmalloc(n);
    for (size_t i = 0; i < n; i++) {
        ranks[i] = 0xFFFFu;
        cats[i] = 0xFF;
    }
    int want_cats = chance(70);
    size_t bad_row = 424242;
    int st = he_eval_columns(ccols, k, n, ranks, want_cats ? cats : NULL, &bad_row);
    for (size_t j = 0; j < kk; j++) {
        for (size_t i = 0; i < n; i++) {
            REQUIRE(cols[j][i] == rows[i * kk + j]);
        }
    }
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
    for (size_t j = 0; j < 9; j++) {
        free(cols[j]);
    }
    free(rows);
    free(ranks);
    free(cats);
}

/* ---------------------------------------------------------------- dealing */

static void fuzz_deal(void)
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

/* ---------------------------------------------------------------- settlement */

typedef struct {
    size_t seats, hole_len, board_cols, button;
    int variant;
    he_settle_rules rules;
    int64_t chips[MAXSEATS];
    uint8_t folded[MAXSEATS];
    uint8_t holes[MAXSEATS * 8];
    uint8_t board[8];
} settle_case;

static int64_t gen_chip(void)
{
    switch (below(8)) {
    case 0: return 0;
    case 1: return (int64_t)below(10);
    case 2: return (int64_t)(next_u64() >> (1 + below(63)));
    case 3: return (int64_t)(next_u64() >> 24); /* up to 2^40 */
    default: return (int64_t)below(2000);
    }
}

static void gen_rules(he_settle_rules *r)
{
    r->method = chance(50) ? HE_SETTLE_TDA : HE_SETTLE_POKERKIT;
    r->odd_chips = chance(50) ? HE_ODD_CLOCKWISE : HE_ODD_FIRST_WINNER;
    r->no_flop_no_drop = chance(50);
    r->rate_den = chance(30) ? (int64_t)1 << 31 : 1 + (int64_t)below(1000);
    r->rate_num = chance(30) ? 0 : (int64_t)below((size_t)r->rate_den + 1);
    if (chance(15)) { /* a rate fraction beyond 2^31: the kernel's 128-bit path */
        r->rate_den = INT64_MAX - (int64_t)below(1000);
        r->rate_num = chance(20) ? r->rate_den : r->rate_den / (1 + (int64_t)below(1000));
    }
    static const double rates[] = {0.0, 0.05, 0.1, 0.5, 0.999, 1.0};
    r->rate = chance(50) ? rates[below(6)] : (double)below(1001) / 1000.0;
    r->cap = chance(50) ? -1 : (int64_t)below(500);
    if (chance(3)) {
        switch (below(8)) {
        case 0: r->method = 2 + (int)below(5); break;
        case 1: r->odd_chips = -1; break;
        case 2: r->rate_den = 0; break;
        case 3: r->rate_den = -1 - (int64_t)below(1000); break;
        case 4: r->rate_num = r->rate_den + 1; break;
        case 5: r->rate = chance(50) ? NAN : 1.5; break;
        case 6: r->cap = -2; break;
        default: r->rate_num = -1; break;
        }
    }
}

static int rules_valid(const he_settle_rules *r)
{
    return (r->method == HE_SETTLE_TDA || r->method == HE_SETTLE_POKERKIT)
           && (r->odd_chips == HE_ODD_CLOCKWISE || r->odd_chips == HE_ODD_FIRST_WINNER)
           && r->rate_den > 0 && r->rate_num >= 0
           && r->rate_num <= r->rate_den && r->rate >= 0.0 && r->rate <= 1.0 && r->cap >= -1;
}

/* The cards seat x holds: Omaha rows may end in HE_NO_CARD padding down to 4 cards. */
static size_t seat_hole_len(const settle_case *c, size_t x)
{
    size_t len = c->hole_len;
    const uint8_t *h = c->holes + x * c->hole_len;
    while (c->variant == HE_VARIANT_OMAHA && len > 4 && h[len - 1] == HE_NO_CARD) {
        len--;
    }
    return len;
}

/* Row r of a settle case: chips, folds, holes, board (the shape comes from c). */
static void gen_settle_row(settle_case *c, int big_pots)
{
    size_t P = c->seats;
    unsigned chips_mode = (unsigned)below(10);
    for (size_t s = 0; s < P; s++) {
        c->chips[s] = chips_mode == 0 ? (int64_t)(next_u64() >> 24) : gen_chip();
        c->folded[s] = (uint8_t)chance(35);
    }
    if (chance(10)) { /* every seat folded but one, or all of them */
        for (size_t s = 0; s < P; s++) {
            c->folded[s] = 1;
        }
        if (chance(70) && P) {
            c->folded[below(P)] = 0;
        }
    }
    if (chance(5) && P) {
        c->folded[below(P)] = (uint8_t)(2 + below(250)); /* any nonzero byte folds */
    }
    if (big_pots && P) {
        /* Contributions summing to INT64_MAX or near it. */
        int64_t left = INT64_MAX - (int64_t)below(3);
        for (size_t s = 0; s + 1 < P; s++) {
            int64_t x = chance(30) ? 0 : (int64_t)(next_u64() % ((uint64_t)left + 1));
            c->chips[s] = x;
            left -= x;
        }
        c->chips[P - 1] = left;
    }
    if (chance(4) && P) {
        static const int64_t odd[] = {-1, INT64_MIN, INT64_MAX};
        c->chips[below(P)] = odd[below(3)];
    }
    /* Board: 0, 3, 4 or 5 dealt, the rest HE_NO_CARD; sometimes a gap or 1..2 cards. */
    static const size_t dealt_choices[] = {0, 3, 4, 5, 5, 5, 5};
    size_t dealt = dealt_choices[below(7)];
    if (chance(5)) {
        dealt = 1 + below(2);
    }
    dealt = dealt < c->board_cols ? dealt : c->board_cols;
    uint64_t used = 0;
    draw_distinct(c->board, dealt, &used);
    for (size_t k = dealt; k < 8; k++) {
        c->board[k] = HE_NO_CARD;
    }
    for (size_t s = 0; s < P; s++) {
        uint8_t *h = c->holes + s * c->hole_len;
        if (c->folded[s] && chance(50)) {
            for (size_t j = 0; j < c->hole_len; j++) {
                h[j] = chance(50) ? HE_NO_CARD : (uint8_t)below(256); /* ignored */
            }
        } else {
            draw_distinct(h, c->hole_len, &used);
        }
    }
    if (chance(15)) {
        switch (below(4)) {
        case 0:
            if (c->board_cols > 1) { /* a gap */
                size_t k = below(c->board_cols - 1);
                c->board[k] = HE_NO_CARD;
                c->board[k + 1 + below(c->board_cols - k - 1)] = (uint8_t)below(52);
            }
            break;
        case 1: corrupt(c->board, dealt); break;
        case 2:
            if (P) {
                corrupt(c->holes + below(P) * c->hole_len, c->hole_len);
            }
            break;
        default:
            if (P && dealt) {
                c->holes[below(P) * c->hole_len] = c->board[below(dealt)];
            }
            break;
        }
    }
}

static void gen_settle_shape(settle_case *c)
{
    unsigned pick = (unsigned)below(20);
    c->seats = pick < 15 ? 2 + below(8) : pick < 19 ? 2 + below(31) : below(36);
    if (c->seats > MAXSEATS) {
        c->seats = MAXSEATS;
    }
    c->variant = chance(70) ? HE_VARIANT_HOLDEM : HE_VARIANT_OMAHA;
    c->hole_len = c->variant == HE_VARIANT_HOLDEM ? 2 : 4 + below(3);
    if (chance(3)) {
        c->variant = chance(50) ? 2 : -1;
    }
    if (chance(3)) {
        c->hole_len = below(8);
    }
    c->board_cols = chance(85) ? 5 : below(7);
    gen_rules(&c->rules);
}

/* Statuses he_settle_hand may return for c (HE_OK alone when nothing is wrong). */
static codeset settle_expected(const settle_case *c, size_t button)
{
    codeset s = {{0}, 0};
    size_t P = c->seats;
    int args = P >= 2 && P <= HE_SETTLE_MAX_SEATS && c->board_cols <= 5 && rules_valid(&c->rules)
               && ((c->variant == HE_VARIANT_HOLDEM && c->hole_len == 2)
                   || (c->variant == HE_VARIANT_OMAHA && c->hole_len >= 4 && c->hole_len <= 6));
    if (!args) {
        add_code(&s, HE_E_ARGUMENT);
        return s;
    }
    int64_t total = 0;
    size_t live = 0;
    for (size_t x = 0; x < P; x++) {
        if (c->chips[x] < 0 || c->chips[x] > INT64_MAX - total) {
            add_code(&s, HE_E_CHIPS);
        } else {
            total += c->chips[x];
        }
        live += c->folded[x] == 0;
    }
    if (live == 0) {
        add_code(&s, HE_E_NO_LIVE);
    }
    if (button >= P) {
        add_code(&s, HE_E_BUTTON);
    }
    size_t nb = 0;
    while (nb < c->board_cols && c->board[nb] != HE_NO_CARD) {
        nb++;
    }
    for (size_t k = nb; k < c->board_cols; k++) {
        if (c->board[k] != HE_NO_CARD) {
            add_code(&s, HE_E_BOARD);
        }
    }
    if (nb == 1 || nb == 2 || (live >= 2 && nb != 5)) {
        add_code(&s, HE_E_BOARD);
    }
    uint64_t used = 0;
    card_defects(c->board, nb, &used, &s);
    if (live >= 2) {
        for (size_t x = 0; x < P; x++) {
            if (!c->folded[x]) {
                card_defects(c->holes + x * c->hole_len, seat_hole_len(c, x), &used, &s);
            }
        }
    }
    if (s.n == 0) {
        add_code(&s, HE_OK);
    }
    return s;
}

#define SENTINEL ((int64_t)0x5A5A5A5A5A5A5A5ALL)

static int popcount(uint32_t x)
{
    int n = 0;
    for (; x; x &= x - 1u) {
        n++;
    }
    return n;
}

/* Checks a successful settlement against the contract: chips conserved, no negative
 * payout, folded seats paid only returned chips, pots and shares consistent, winners
 * hold the best rank among the eligible, odd chips per the rule, TDA rake per formula. */
static void check_settlement(const settle_case *c, size_t button, const int64_t *pay,
                             const int64_t *d)
{
    size_t P = c->seats;
    int64_t total = 0, sum_pay = 0, returned = 0;
    uint32_t live = 0;
    for (size_t s = 0; s < P; s++) {
        total += c->chips[s];
        sum_pay += pay[s];
        returned += d[s];
        REQUIRE(pay[s] >= 0);
        REQUIRE(d[s] >= 0 && d[s] <= c->chips[s]);
        live |= (uint32_t)(c->folded[s] == 0) << s;
    }
    int64_t rake = d[2 * P];
    REQUIRE(rake >= 0);
    /* payouts + rake == contributions, computed without overflow */
    REQUIRE((unsigned long long)sum_pay + (unsigned long long)rake
            == (unsigned long long)total);
    int showdown = (live & (live - 1u)) != 0;
    for (size_t s = 0; s < P; s++) {
        int64_t r = d[P + s];
        if (!(live >> s & 1u) || !showdown) {
            REQUIRE(r == 0);
            continue;
        }
        const uint8_t *h = c->holes + s * c->hole_len;
        if (c->variant == HE_VARIANT_HOLDEM) {
            uint8_t seven[7];
            memcpy(seven, h, 2);
            memcpy(seven + 2, c->board, 5);
            REQUIRE(r == he_eval_hand(seven, 7));
        } else {
            REQUIRE(r == omaha_reference(h, seat_hole_len(c, s), c->board, 5));
        }
    }
    int64_t K = d[2 * P + 1];
    REQUIRE(K >= 0 && K <= (int64_t)P);
    REQUIRE(K > 0 || total == returned);
    if (K < 0 || K > (int64_t)P) {
        return;
    }
    int64_t got[MAXSEATS] = {0}, pots_total = 0, rake_total = 0;
    for (int64_t i = 0; i < K; i++) {
        const int64_t *p = d + 2 * P + 2 + (size_t)i * (5 + P);
        int64_t amount = p[0], prake = p[1];
        uint32_t elig = (uint32_t)p[2], win = (uint32_t)p[3];
        pots_total += amount;
        rake_total += prake;
        REQUIRE(prake >= 0 && prake <= amount);
        REQUIRE(win != 0 && (win & ~elig) == 0 && (elig & ~live) == 0);
        if (showdown) {
            int64_t best = 99999;
            for (size_t s = 0; s < P; s++) {
                if (elig >> s & 1u) {
                    best = d[P + s] < best ? d[P + s] : best;
                }
            }
            REQUIRE(p[4] == best);
            for (size_t s = 0; s < P; s++) {
                REQUIRE(((win >> s) & 1u) == ((elig >> s & 1u) && d[P + s] == best));
            }
        }
        int64_t net = amount - prake, share_sum = 0;
        int64_t k = (int64_t)popcount(win), q = k ? net / k : 0, rem = k ? net % k : 0;
        int64_t nth = 0;
        for (size_t j = 0; j < P; j++) {
            size_t s = (button + 1 + j) % P; /* clockwise from the left of the button */
            int64_t share = p[5 + s];
            share_sum += share;
            got[s] += share;
            if (!(win >> s & 1u)) {
                REQUIRE(share == 0);
                continue;
            }
            int64_t odd = c->rules.odd_chips == HE_ODD_CLOCKWISE ? nth < rem
                        : nth == 0 ? rem : 0;
            REQUIRE(share == q + odd);
            nth++;
        }
        REQUIRE(share_sum == net);
    }
    REQUIRE(pots_total == total - returned);
    REQUIRE(rake_total == rake);
    for (size_t s = 0; s < P; s++) {
        REQUIRE(pay[s] == got[s] + d[s]);
        if (!(live >> s & 1u)) {
            REQUIRE(pay[s] == d[s]);
        }
    }
    if (c->rules.method == HE_SETTLE_TDA) {
        size_t nb = 0;
        while (nb < c->board_cols && c->board[nb] != HE_NO_CARD) {
            nb++;
        }
        __int128 want = 0;
        if (c->rules.rate_num && (nb >= 3 || !c->rules.no_flop_no_drop)) {
            want = (__int128)(total - returned) * c->rules.rate_num / c->rules.rate_den;
            if (c->rules.cap >= 0 && want > c->rules.cap) {
                want = c->rules.cap;
            }
        }
        REQUIRE(rake == (int64_t)want);
    } else if (c->rules.cap >= 0) {
        REQUIRE(rake <= c->rules.cap * K);
    }
    size_t dealt = 0;
    while (dealt < c->board_cols && c->board[dealt] != HE_NO_CARD) {
        dealt++;
    }
    if (c->rules.no_flop_no_drop && dealt < 3) {
        REQUIRE(rake == 0);
    }
}

static void fuzz_settle_hand(void)
{
    settle_case c;
    memset(&c, 0, sizeof c);
    gen_settle_shape(&c);
    gen_settle_row(&c, chance(10));
    size_t button = chance(95) ? below(c.seats ? c.seats : 1) : c.seats + below(3);
    if (chance(2)) {
        button = SIZE_MAX;
    }
    settle_case before = c;
    size_t P = c.seats, dlen = he_settle_detail_len(P);
    int64_t *pay = xmalloc(P * sizeof *pay), *detail = xmalloc(dlen * sizeof *detail);
    for (size_t i = 0; i < P; i++) {
        pay[i] = SENTINEL;
    }
    for (size_t i = 0; i < dlen; i++) {
        detail[i] = SENTINEL;
    }
    int with_detail = chance(80);
    int st = he_settle_hand(c.chips, c.folded, c.holes, c.hole_len, c.board, c.board_cols, P,
                            button, c.variant, &c.rules, pay, with_detail ? detail : NULL);
    REQUIRE(memcmp(&before, &c, sizeof c) == 0);
    codeset want = settle_expected(&c, button);
    REQUIRE(in_set(&want, st));
    if (st != HE_OK) {
        for (size_t i = 0; i < P; i++) {
            REQUIRE(pay[i] == SENTINEL);
        }
        for (size_t i = 0; i < dlen; i++) {
            REQUIRE(detail[i] == SENTINEL);
        }
    } else if (with_detail) {
        check_settlement(&c, button, pay, detail);
    } else {
        int64_t *pay2 = xmalloc(P * sizeof *pay2);
        REQUIRE(he_settle_hand(c.chips, c.folded, c.holes, c.hole_len, c.board, c.board_cols,
                               P, button, c.variant, &c.rules, pay2, detail) == HE_OK);
        REQUIRE(memcmp(pay, pay2, P * sizeof *pay) == 0);
        check_settlement(&c, button, pay2, detail);
        free(pay2);
    }
    if (st == HE_OK || chance(20)) {
        REQUIRE(he_settle_hand(NULL, c.folded, c.holes, c.hole_len, c.board, c.board_cols, P,
                               button, c.variant, &c.rules, pay, NULL) == HE_E_ARGUMENT);
        REQUIRE(he_settle_hand(c.chips, c.folded, c.holes, c.hole_len, c.board, c.board_cols,
                               P, button, c.variant, NULL, pay, NULL) == HE_E_ARGUMENT);
        REQUIRE(he_settle_hand(c.chips, c.folded, c.holes, c.hole_len, c.board, c.board_cols,
                               P, button, c.variant, &c.rules, NULL, NULL) == HE_E_ARGUMENT);
    }
    free(pay);
    free(detail);
}

static void fuzz_settle_batch(void)
{
    settle_case shape;
    memset(&shape, 0, sizeof shape);
    gen_settle_shape(&shape);
    size_t n = gen_count(200), P = shape.seats;
    size_t hl = shape.hole_len, bc = shape.board_cols;
    int64_t *chips = xmalloc(n * P * sizeof(int64_t)), *buttons = xmalloc(n * sizeof(int64_t));
    uint8_t *folded = xmalloc(n * P), *holes = xmalloc(n * P * hl), *boards = xmalloc(n * bc);
    settle_case *rows = xmalloc(n * sizeof *rows);
    size_t stride = chance(50) ? 1 : 0;
    if (chance(3)) {
        stride = 2 + below(3);
    }
    int64_t one_button = (int64_t)below(P ? P : 1);
    int clean = chance(50); /* mostly valid rows, so that the run goes deep */
    for (size_t i = 0; i < n; i++) {
        settle_case *c = &rows[i];
        *c = shape;
        do {
            gen_settle_row(c, chance(5));
        } while (clean && !chance(3) && !in_set((codeset[]){settle_expected(c, 0)}, HE_OK));
        memcpy(chips + i * P, c->chips, P * sizeof(int64_t));
        memcpy(folded + i * P, c->folded, P);
        memcpy(holes + i * P * hl, c->holes, P * hl);
        memcpy(boards + i * bc, c->board, bc);
        buttons[i] = chance(97) ? (int64_t)below(P ? P : 1)
                   : (chance(50) ? -1 - (int64_t)below(3) : (int64_t)P + (int64_t)below(3));
    }
    if (stride == 0 && n) {
        buttons[0] = one_button;
    }
    int64_t *bcopy = dup_bytes(buttons, n * sizeof(int64_t));
    int64_t *ccopy = dup_bytes(chips, n * P * sizeof(int64_t));
    uint8_t *fcopy = dup_bytes(folded, n * P), *hcopy = dup_bytes(holes, n * P * hl);
    int64_t *pay = xmalloc(n * P * sizeof(int64_t)), *rakes = xmalloc(n * sizeof(int64_t));
    for (size_t i = 0; i < n * P; i++) {
        pay[i] = SENTINEL;
    }
    int with_rakes = chance(70);
    size_t bad_row = 55555;
    int st = he_settle_batch(chips, folded, holes, hl, bc ? boards : NULL, bc, buttons, stride,
                             n, P, shape.variant, &shape.rules, pay, with_rakes ? rakes : NULL,
                             &bad_row);
    REQUIRE(memcmp(bcopy, buttons, n * sizeof(int64_t)) == 0);
    REQUIRE(memcmp(ccopy, chips, n * P * sizeof(int64_t)) == 0);
    REQUIRE(memcmp(fcopy, folded, n * P) == 0 && memcmp(hcopy, holes, n * P * hl) == 0);
    if (stride > 1) {
        REQUIRE(st == HE_E_ARGUMENT);
        goto done;
    }
    {
        codeset args = settle_expected(&shape, 0);
        if (in_set(&args, HE_E_ARGUMENT)) {
            REQUIRE(st == HE_E_ARGUMENT);
            goto done;
        }
    }
    /* Differential: row by row through he_settle_hand. */
    size_t first_bad = n;
    int first_st = HE_OK;
    int64_t row_pay[MAXSEATS];
    int64_t *detail = xmalloc(he_settle_detail_len(P) * sizeof(int64_t));
    for (size_t i = 0; i < n; i++) {
        int64_t b = buttons[i * stride];
        size_t button = b < 0 ? SIZE_MAX : (size_t)b;
        int s = he_settle_hand(chips + i * P, folded + i * P, holes + i * P * hl, hl,
                               bc ? boards + i * bc : NULL, bc, P, button, shape.variant,
                               &shape.rules, row_pay, detail);
        if (s != HE_OK) {
            first_bad = i;
            first_st = s;
            break;
        }
        check_settlement(&rows[i], button, row_pay, detail);
        REQUIRE(memcmp(row_pay, pay + i * P, P * sizeof(int64_t)) == 0);
        if (with_rakes) {
            REQUIRE(rakes[i] == detail[2 * P]);
        }
    }
    free(detail);
    REQUIRE(st == first_st);
    if (first_bad < n) {
        REQUIRE(bad_row == first_bad);
    }
done:
    free(chips);
    free(buttons);
    free(folded);
    free(holes);
    free(boards);
    free(rows);
    free(bcopy);
    free(ccopy);
    free(fcopy);
    free(hcopy);
    free(pay);
    free(rakes);
}

/* ---------------------------------------------------------------- equity */

#define NCAT 9

typedef struct {
    size_t np, nb, nd, nh;
    uint8_t combos[64 * 6];
    uint32_t offsets[HE_EQ_MAX_PLAYERS + 2];
    double weights[64];
    uint8_t board[8], dead[24];
} eq_case;

/* Ranges of 1..max_combos combos per player (distinct combos, possibly overlapping each
 * other and the board), a board of nb and nd dead cards. */
static void gen_eq_case(eq_case *e, size_t np, size_t nh, size_t max_combos)
{
    memset(e, 0, sizeof *e);
    e->np = np;
    e->nh = nh;
    uint64_t used = 0;
    draw_distinct(e->board, e->nb, &used);
    draw_distinct(e->dead, e->nd, &used);
    size_t row = 0;
    e->offsets[0] = 0;
    for (size_t p = 0; p < np && p <= HE_EQ_MAX_PLAYERS; p++) {
        size_t k = 1 + below(max_combos);
        for (size_t i = 0; i < k && row < 64; i++, row++) {
            /* Mostly from the cards left; sometimes clashing with board or dead cards. */
            uint64_t mine = chance(10) ? 0 : used;
            if (!draw_distinct(e->combos + row * nh, nh, &mine)) {
                mine = 0; /* the deck ran out: a combo that clashes, but a valid one */
                draw_distinct(e->combos + row * nh, nh, &mine);
            }
            used |= chance(60) ? mine : 0; /* players usually do not share cards */
            e->weights[row] = chance(10) ? 1.0 : (double)(1 + below(1000)) / 500.0;
        }
        e->offsets[p + 1] = (uint32_t)row;
    }
}

static uint64_t binomial(size_t n, size_t k)
{
    uint64_t r = 1;
    for (size_t i = 1; i <= k; i++) {
        r = r * (n - k + i) / i;
    }
    return r;
}

/* Brute-force Hold'em/Omaha equity over every valid tuple of combos and every board
 * completion, with he_eval_hand / omaha_reference. */
typedef struct {
    uint64_t wins[1 << HE_EQ_MAX_PLAYERS], hist[HE_EQ_MAX_PLAYERS * NCAT], deals;
    double wwins[1 << HE_EQ_MAX_PLAYERS], wsum; /* wsum: summed weight products of deals */
} eq_result;

static int brute_boards_too = 1; /* 0: count the deals only (boards too many to walk) */

static void brute_boards(const eq_case *e, const uint8_t *const *hands, uint64_t used,
                         uint8_t *b, size_t nb, size_t start, double w, eq_result *out)
{
    if (nb == 5) {
        int r[HE_EQ_MAX_PLAYERS], best = 99999;
        for (size_t p = 0; p < e->np; p++) {
            if (e->nh == 2) {
                uint8_t seven[7] = {hands[p][0], hands[p][1], b[0], b[1], b[2], b[3], b[4]};
                r[p] = he_eval_hand(seven, 7);
            } else {
                r[p] = omaha_reference(hands[p], e->nh, b, 5);
            }
            best = r[p] < best ? r[p] : best;
            out->hist[p * NCAT + (size_t)category_of_rank(r[p]) - 1]++;
        }
        size_t mask = 0;
        for (size_t p = 0; p < e->np; p++) {
            mask |= (size_t)(r[p] == best) << p;
        }
        out->wins[mask]++;
        out->wwins[mask] += w;
        return;
    }
    for (size_t c = start; c < 52; c++) {
        if (!(used >> c & 1u)) {
            b[nb] = (uint8_t)c;
            brute_boards(e, hands, used | 1ULL << c, b, nb + 1, c + 1, w, out);
        }
    }
}

static void brute_tuples(const eq_case *e, size_t p, const uint8_t **hands, uint64_t used,
                         double w, eq_result *out)
{
    if (p == e->np) {
        uint8_t b[5];
        memcpy(b, e->board, e->nb);
        out->deals++;
        out->wsum += w;
        if (brute_boards_too)
            brute_boards(e, hands, used, b, e->nb, 0, w, out);
        return;
    }
    for (uint32_t i = e->offsets[p]; i < e->offsets[p + 1]; i++) {
        const uint8_t *h = e->combos + (size_t)i * e->nh;
        uint64_t m = 0;
        for (size_t j = 0; j < e->nh; j++) {
            m |= 1ULL << h[j];
        }
        if (!(used & m)) {
            hands[p] = h;
            brute_tuples(e, p + 1, hands, used | m, w * e->weights[i], out);
        }
    }
}

static void brute_equity(const eq_case *e, eq_result *out)
{
    memset(out, 0, sizeof *out);
    uint64_t used = 0;
    for (size_t j = 0; j < e->nb; j++) {
        used |= 1ULL << e->board[j];
    }
    for (size_t j = 0; j < e->nd; j++) {
        used |= 1ULL << e->dead[j];
    }
    const uint8_t *hands[HE_EQ_MAX_PLAYERS];
    brute_tuples(e, 0, hands, used, 1.0, out);
}

static int close_enough(double a, double b)
{
    return fabs(a - b) <= 1e-9 * (fabs(a) + fabs(b)) + 1e-9;
}

/* Defects of an equity case's cards: board and dead together, then each combo alone. */
static void eq_card_defects(const eq_case *e, codeset *s)
{
    uint64_t used = 0;
    card_defects(e->board, e->nb, &used, s);
    card_defects(e->dead, e->nd, &used, s);
    for (size_t i = 0; i < e->offsets[e->np]; i++) {
        uint64_t m = 0;
        card_defects(e->combos + i * e->nh, e->nh, &m, s);
    }
}

static void fuzz_equity_exact(void)
{
    eq_case e;
    size_t np = chance(90) ? 2 + below(3) : (chance(50) ? 2 + below(9) : below(12));
    size_t maxc = np <= 2 ? 6 : np == 3 ? 3 : np == 4 ? 2 : 1;
    gen_eq_case(&e, np > HE_EQ_MAX_PLAYERS ? 2 : np, 2, maxc);
    e.np = np;
    e.nb = chance(95) ? 3 + below(3) : below(3);
    if (e.nb < 3 && e.np > 2) {
        e.nb = 5;
    }
    e.nd = chance(60) ? 0 : below(4);
    if (chance(3)) {
        e.nd = 20 + below(4);
    }
    if (chance(3)) {
        e.nb = 6;
    }
    {
        /* Redraw board and dead cards to fit the chosen sizes (combos may clash). */
        uint64_t used = 0;
        draw_distinct(e.board, e.nb < 8 ? e.nb : 8, &used);
        draw_distinct(e.dead, e.nd, &used);
    }
    size_t np_ok = e.np >= 2 && e.np <= HE_EQ_MAX_PLAYERS;
    unsigned defect = chance(85) ? 0 : 1 + (unsigned)below(5);
    if (np_ok) {
        switch (defect) {
        case 1: corrupt(e.combos + 2 * below(e.offsets[e.np]), 2); break;
        case 2: corrupt(e.board, e.nb); break;
        case 3: if (e.nd && e.nb) { e.dead[0] = e.board[below(e.nb)]; } break;
        case 4: e.offsets[1 + below(e.np)] = e.offsets[e.np] + 1; break;
        case 5: e.offsets[0] = 1; break;
        default: break;
        }
    }
    int weighted = chance(50);
    size_t cap = chance(90) ? (size_t)1 << 16 : 1 + below(3);
    size_t nmask = (size_t)1 << (np_ok ? e.np : 2);
    uint64_t wins[1 << HE_EQ_MAX_PLAYERS], hist[HE_EQ_MAX_PLAYERS * NCAT], deals = 987654;
    double wwins[1 << HE_EQ_MAX_PLAYERS], whist[HE_EQ_MAX_PLAYERS * NCAT];
    uint64_t base = below(1000); /* counters accumulate: start from a non-zero value */
    for (size_t i = 0; i < (1u << HE_EQ_MAX_PLAYERS); i++) {
        wins[i] = base;
        wwins[i] = 0.5;
    }
    for (size_t i = 0; i < HE_EQ_MAX_PLAYERS * NCAT; i++) {
        hist[i] = base;
        whist[i] = 0.5;
    }
    eq_case before = e;
    int st = he_equity_exact(e.np, e.combos, e.offsets, weighted ? e.weights : NULL, e.board,
                             e.nb, e.dead, e.nd, cap, wins, hist, wwins, whist, &deals);
    REQUIRE(memcmp(&before, &e, sizeof e) == 0);
    codeset want = {{0}, 0};
    if (!np_ok || e.nb > 5 || e.offsets[0] != 0) {
        add_code(&want, HE_E_ARGUMENT);
        REQUIRE(in_set(&want, st));
        return;
    }
    int offsets_bad = 0;
    for (size_t p = 0; p < e.np; p++) {
        offsets_bad |= e.offsets[p + 1] < e.offsets[p];
    }
    if (offsets_bad) {
        add_code(&want, HE_E_ARGUMENT);
        eq_card_defects(&e, &want); /* board and dead cards are checked first */
        REQUIRE(in_set(&want, st));
        return;
    }
    eq_card_defects(&e, &want);
    if (want.n) {
        REQUIRE(in_set(&want, st));
        return;
    }
    eq_result ref;
    brute_boards_too = e.nb >= 3;
    brute_equity(&e, &ref);
    brute_boards_too = 1;
    if (e.np * 2 + e.nd + 5 > 52) {
        add_code(&want, HE_E_ARGUMENT);
        if (ref.deals == 0) {
            add_code(&want, HE_E_NO_DEAL);
        }
        REQUIRE(in_set(&want, st));
        return;
    }
    if (ref.deals == 0) {
        REQUIRE(st == HE_E_NO_DEAL);
        return;
    }
    if (cap < 4 && st == HE_E_CAPACITY) {
        return;
    }
    REQUIRE(st == HE_OK);
    if (st != HE_OK) {
        return;
    }
    REQUIRE(deals == ref.deals);
    uint64_t boards = binomial(52 - e.nb - e.nd - 2 * e.np, 5 - e.nb);
    uint64_t sum = 0;
    double wsum = 0.0;
    for (size_t m = 0; m < nmask; m++) {
        REQUIRE(wins[m] - base == ref.wins[m] || m == 0 || e.nb < 3);
        sum += wins[m] - base;
        wsum += m ? wwins[m] - 0.5 : 0.0;
        if (weighted && m && e.nb >= 3) {
            REQUIRE(close_enough(wwins[m] - 0.5, ref.wwins[m]));
        }
        if (!weighted) {
            REQUIRE(wwins[m] == 0.5);
        }
    }
    REQUIRE(wins[0] == base);
    REQUIRE(sum == ref.deals * boards);
    if (weighted) {
        REQUIRE(close_enough(wsum, ref.wsum * (double)boards));
    }
    for (size_t p = 0; p < e.np; p++) {
        uint64_t h = 0;
        for (size_t c = 0; c < NCAT; c++) {
            h += hist[p * NCAT + c] - base;
            REQUIRE(hist[p * NCAT + c] - base == ref.hist[p * NCAT + c] || e.nb < 3);
        }
        REQUIRE(h == ref.deals * boards);
    }
    for (size_t i = nmask; i < (1u << HE_EQ_MAX_PLAYERS); i++) {
        REQUIRE(wins[i] == base);
    }
    /* Phase 1 + phase 2 in interleaved parts add up to the same counts. */
    if (chance(30) && e.nb >= 3) {
        uint8_t *reps = xmalloc(cap * e.np * 2);
        uint64_t *mult = xmalloc(cap * sizeof(uint64_t));
        double *weight = xmalloc(cap * sizeof(double));
        uint64_t d2 = 0;
        int nrep = he_equity_classes(e.np, e.combos, e.offsets, NULL, e.board, e.nb, e.dead,
                                     e.nd, cap, reps, mult, weight, &d2);
        REQUIRE(nrep >= 1 && d2 == ref.deals);
        size_t nparts = 1 + below(5);
        uint64_t w2[1 << HE_EQ_MAX_PLAYERS] = {0}, h2[HE_EQ_MAX_PLAYERS * NCAT] = {0};
        for (size_t part = 0; part < nparts && nrep >= 1; part++) {
            REQUIRE(he_equity_enum(e.np, reps, (size_t)nrep, mult, NULL, e.board, e.nb, e.dead,
                                   e.nd, part, nparts, w2, h2, NULL, NULL) == HE_OK);
        }
        REQUIRE(he_equity_enum(e.np, reps, (size_t)(nrep > 0 ? nrep : 0), mult, NULL, e.board,
                               e.nb, e.dead, e.nd, nparts, nparts, w2, h2, NULL, NULL)
                == HE_E_ARGUMENT);
        for (size_t m = 1; m < nmask; m++) {
            REQUIRE(w2[m] == ref.wins[m]);
        }
        for (size_t i = 0; i < e.np * NCAT; i++) {
            REQUIRE(h2[i] == ref.hist[i]);
        }
        free(reps);
        free(mult);
        free(weight);
    }
}

static void fuzz_equity_omaha(void)
{
    eq_case e;
    size_t np = chance(95) ? 2 + below(2) : below(12);
    size_t nh = chance(95) ? 4 + below(3) : below(8);
    size_t np_g = np >= 2 && np <= 4 ? np : 2, nh_g = nh >= 4 && nh <= 6 ? nh : 4;
    gen_eq_case(&e, np_g, nh_g, 1);
    {
        uint64_t used = 0;
        e.nb = chance(70) ? 4 + below(2) : 3;
        e.nd = chance(70) ? 0 : below(4);
        draw_distinct(e.board, e.nb, &used);
        draw_distinct(e.dead, e.nd, &used);
        draw_distinct(e.combos, np_g * nh_g, &used);
    }
    if (chance(10)) {
        corrupt(e.combos, np_g * nh_g);
    }
    e.np = np;
    e.nh = nh;
    size_t nparts = chance(70) ? 1 : 1 + below(4);
    uint64_t wins[1 << HE_EQ_MAX_PLAYERS] = {0}, hist[HE_EQ_MAX_PLAYERS * NCAT] = {0};
    eq_case before = e;
    int st = HE_OK;
    for (size_t part = 0; part < nparts && st == HE_OK; part++) {
        st = he_equity_enum_omaha(e.np, e.nh, e.combos, e.board, e.nb, e.dead, e.nd, part,
                                  nparts, wins, hist);
    }
    REQUIRE(memcmp(&before, &e, sizeof e) == 0);
    if (np != np_g || nh != nh_g) {
        int args_bad = np < 2 || np > HE_EQ_MAX_PLAYERS || nh < 4 || nh > 6;
        if (args_bad) {
            REQUIRE(st == HE_E_ARGUMENT);
        }
        return; /* otherwise the cards were drawn for another shape: any input status */
    }
    codeset want = {{0}, 0};
    uint64_t used = 0;
    card_defects(e.board, e.nb, &used, &want);
    card_defects(e.dead, e.nd, &used, &want);
    card_defects(e.combos, np * nh, &used, &want);
    if (want.n) {
        REQUIRE(in_set(&want, st));
        return;
    }
    REQUIRE(st == HE_OK);
    eq_result ref;
    e.offsets[0] = 0;
    for (size_t p = 0; p < np; p++) {
        e.offsets[p + 1] = (uint32_t)(p + 1);
    }
    brute_equity(&e, &ref);
    for (size_t m = 1; m < ((size_t)1 << np); m++) {
        REQUIRE(wins[m] == ref.wins[m]);
    }
    REQUIRE(wins[0] == 0);
    for (size_t i = 0; i < np * NCAT; i++) {
        REQUIRE(hist[i] == ref.hist[i]);
    }
    REQUIRE(he_equity_enum_omaha(np, nh, e.combos, e.board, e.nb, e.dead, e.nd, 0, 0, wins, hist)
            == HE_E_ARGUMENT);
}

static void fuzz_equity_mc(void)
{
    size_t np = chance(95) ? 2 + below(4) : below(12);
    static const size_t nhs[] = {2, 2, 2, 4, 5, 6};
    size_t nh = chance(97) ? nhs[below(6)] : below(8);
    size_t np_g = np >= 2 && np <= HE_EQ_MAX_PLAYERS ? np : 2;
    size_t nh_g = nh == 2 || (nh >= 4 && nh <= 6) ? nh : 2;
    eq_case e;
    memset(&e, 0, sizeof e);
    e.np = np;
    e.nh = nh;
    e.nb = chance(80) ? below(6) : 5;
    e.nd = chance(70) ? 0 : below(4);
    uint64_t used = 0;
    draw_distinct(e.board, e.nb, &used);
    draw_distinct(e.dead, e.nd, &used);
    /* Each player: random (no combos), fixed (one) or a range (2..4 combos). */
    size_t row = 0;
    int all_fixed = 1;
    for (size_t p = 0; p < np_g; p++) {
        unsigned kind = (unsigned)below(3);
        size_t k = kind == 0 ? 0 : kind == 1 ? 1 : 2 + below(3);
        if (np_g * nh_g > 20 && kind == 2) {
            k = 1;
        }
        all_fixed &= k == 1;
        for (size_t i = 0; i < k; i++, row++) {
            uint64_t mine = used;
            if (!draw_distinct(e.combos + row * nh_g, nh_g, &mine)) {
                mine = 0; /* the deck ran out: a combo that clashes, but a valid one */
                draw_distinct(e.combos + row * nh_g, nh_g, &mine);
            }
            if (k == 1 || chance(50)) {
                used = mine;
            }
        }
        e.offsets[p + 1] = (uint32_t)row;
    }
    uint32_t alias[64];
    uint64_t thresh[64];
    int with_alias = chance(40);
    for (size_t p = 0; p < np_g; p++) {
        for (uint32_t i = e.offsets[p]; i < e.offsets[p + 1]; i++) {
            alias[i] = e.offsets[p] + (uint32_t)below(e.offsets[p + 1] - e.offsets[p]);
            thresh[i] = chance(20) ? 1ULL << 32 : next_u64() >> 32;
        }
    }
    unsigned defect = chance(90) ? 0 : 1 + (unsigned)below(5);
    switch (defect) {
    case 1: if (row) { corrupt(e.combos + below(row) * nh_g, nh_g); } break;
    case 2: corrupt(e.board, e.nb); break;
    case 3: if (row && with_alias) { alias[below(row)] = (uint32_t)row + (uint32_t)below(3); } break;
    case 4: if (row && with_alias) { thresh[below(row)] = (1ULL << 32) + 1; } break;
    default: break;
    }
    uint64_t trials = chance(90) ? below(200) : below(3);
    uint64_t state[4], state0[4];
    he_rng_seed(next_u64(), below(4), state);
    memcpy(state0, state, sizeof state);
    uint64_t wins[1 << HE_EQ_MAX_PLAYERS] = {0}, hist[HE_EQ_MAX_PLAYERS * NCAT] = {0};
    eq_case before = e;
    uint32_t abefore[64];
    memcpy(abefore, alias, sizeof alias);
    int st = he_equity_mc(np, nh, e.combos, e.offsets, with_alias ? alias : NULL,
                          with_alias ? thresh : NULL, e.board, e.nb, e.dead, e.nd, trials,
                          state, wins, hist);
    REQUIRE(memcmp(&before, &e, sizeof e) == 0 && memcmp(abefore, alias, sizeof alias) == 0);
    if (np != np_g || nh != nh_g || np * nh + e.nd + 5 > 52) {
        REQUIRE(st == HE_E_ARGUMENT);
        return;
    }
    if (defect) {
        codeset want = {{0}, 0};
        uint64_t u = 0;
        card_defects(e.board, e.nb, &u, &want);
        card_defects(e.dead, e.nd, &u, &want);
        for (size_t i = 0; i < row; i++) {
            uint64_t m = 0;
            card_defects(e.combos + i * nh, nh, &m, &want);
        }
        if ((defect == 3 || defect == 4) && with_alias && row) {
            add_code(&want, HE_E_ARGUMENT);
        }
        if (want.n) {
            REQUIRE(in_set(&want, st));
            if (!in_set(&want, st)) {
                fprintf(stderr, "  status %d, defect %u, np %zu nh %zu nb %zu nd %zu rows %zu\n",
                        st, defect, np, nh, e.nb, e.nd, row);
            }
            return;
        }
    }
    if (st == HE_E_NO_DEAL) {
        return; /* a fixed hand clashing with the board, or no range combo fits */
    }
    REQUIRE(st == HE_OK);
    if (st != HE_OK) {
        fprintf(stderr, "  status %d, defect %u, np %zu nh %zu nb %zu nd %zu rows %zu\n",
                st, defect, np, nh, e.nb, e.nd, row);
        return;
    }
    uint64_t sum = 0;
    for (size_t m = 0; m < ((size_t)1 << np); m++) {
        sum += wins[m];
    }
    REQUIRE(wins[0] == 0 && sum == trials);
    for (size_t p = 0; p < np; p++) {
        uint64_t h = 0;
        for (size_t c = 0; c < NCAT; c++) {
            h += hist[p * NCAT + c];
        }
        REQUIRE(h == trials);
    }
    /* The same seed gives the same answer and leaves the same state. */
    uint64_t w2[1 << HE_EQ_MAX_PLAYERS] = {0}, h2[HE_EQ_MAX_PLAYERS * NCAT] = {0};
    REQUIRE(he_equity_mc(np, nh, e.combos, e.offsets, with_alias ? alias : NULL,
                         with_alias ? thresh : NULL, e.board, e.nb, e.dead, e.nd, trials,
                         state0, w2, h2) == HE_OK);
    REQUIRE(memcmp(w2, wins, sizeof wins) == 0 && memcmp(h2, hist, sizeof hist) == 0);
    REQUIRE(memcmp(state0, state, sizeof state) == 0);
    /* Every hand fixed and the whole board known: every trial has the one outcome. */
    if (all_fixed && e.nb == 5 && trials) {
        eq_result ref;
        brute_equity(&e, &ref);
        for (size_t m = 0; m < ((size_t)1 << np); m++) {
            REQUIRE(wins[m] == ref.wins[m] * trials);
        }
    }
}

static void fuzz_rng_seed(void)
{
    uint64_t seed = next_u64(), stream = chance(50) ? below(4) : next_u64();
    uint64_t a[4], b[4], c[4];
    he_rng_seed(seed, stream, a);
    he_rng_seed(seed, stream, b);
    he_rng_seed(seed, stream + 1, c);
    REQUIRE(memcmp(a, b, sizeof a) == 0);
    REQUIRE(memcmp(a, c, sizeof a) != 0);
    REQUIRE((a[0] | a[1] | a[2] | a[3]) != 0);
}

/* ---------------------------------------------------------------- reproductions */

/* Minimal reproductions of reported bugs: each returns 0 when the contract holds. */
typedef struct {
    const char *name;
    int (*run)(void);
} repro;

/* Settles seat 0 (live) against seat 1 (folded) under PokerKit rules with a 100% rake
 * and checks the contract: payouts + rake == contributions, no payout below zero. */
static int pokerkit_full_rake(int64_t chips0, int64_t chips1)
{
    he_settle_rules rules = {HE_SETTLE_POKERKIT, HE_ODD_CLOCKWISE, 0, 0, 1, 1.0, -1};
    int64_t chips[2] = {chips0, chips1}, pay[2];
    uint8_t folded[2] = {0, 1}, holes[4] = {0, 1, 2, 3};
    int64_t detail[64];
    int st = he_settle_hand(chips, folded, holes, 2, NULL, 0, 2, 0, HE_VARIANT_HOLDEM, &rules,
                            pay, detail);
    if (st != HE_OK) {
        printf("status %d\n", st);
        return 0; /* a clear refusal honours the contract too */
    }
    int64_t rake = detail[2 * 2];
    printf("contributions %lld %lld: payouts %lld %lld, rake %lld\n", (long long)chips0,
           (long long)chips1, (long long)pay[0], (long long)pay[1], (long long)rake);
    return !(pay[0] >= 0 && pay[1] >= 0 && rake >= 0 && rake <= chips0 + chips1
             && pay[0] + pay[1] + rake == chips0 + chips1);
}

/* A pot of 2^60 - 2 chips converts to the double 2^60: the rake exceeds the pot and
 * seat 0 is paid -1. */
static int repro_pokerkit_rake(void)
{
    return pokerkit_full_rake((int64_t)1 << 59, ((int64_t)1 << 59) - 1);
}

/* A pot of 2^63 - 2 chips converts to the double 2^63, outside int64: the conversion back
 * is undefined behaviour (UBSan: float-cast-overflow), the rake comes out negative. */
static int repro_pokerkit_rake_overflow(void)
{
    return pokerkit_full_rake(((int64_t)1 << 62) - 1, ((int64_t)1 << 62) - 1);
}

static const repro repros[] = {
    {"pokerkit-rake", repro_pokerkit_rake},
    {"pokerkit-rake-overflow", repro_pokerkit_rake_overflow},
};

/* ---------------------------------------------------------------- driver */

typedef struct {
    const char *name;
    void (*run)(void);
    uint64_t cases;
} target;

static target targets[] = {
    {"eval_scalar", fuzz_eval_scalar, 0},       {"eval_hand", fuzz_eval_hand, 0},
    {"eval_batch", fuzz_eval_batch, 0},         {"eval_hole_board", fuzz_hole_board, 0},
    {"eval_omaha_batch", fuzz_omaha, 0},        {"eval_columns", fuzz_columns, 0},
    {"deal_seeded", fuzz_deal, 0},              {"settle_hand", fuzz_settle_hand, 0},
    {"settle_batch", fuzz_settle_batch, 0},     {"equity_exact", fuzz_equity_exact, 0},
    {"equity_enum_omaha", fuzz_equity_omaha, 0}, {"equity_mc", fuzz_equity_mc, 0},
    {"rng_seed", fuzz_rng_seed, 0},
};
#define NTARGETS (sizeof targets / sizeof targets[0])

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void run_case(target *t, uint64_t number)
{
    target_name = t->name;
    case_number = number;
    rng = mix64(base_seed ^ mix64(number + 0x1234567ULL * (uint64_t)(t - targets + 1)));
    t->run();
    t->cases++;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "--repro") == 0) {
        for (size_t i = 0; i < sizeof repros / sizeof repros[0]; i++) {
            if (argc >= 3 && strcmp(argv[2], repros[i].name) == 0) {
                int bad = repros[i].run();
                printf("repro %s: %s\n", repros[i].name, bad ? "BUG PRESENT" : "contract holds");
                return bad ? 1 : 0;
            }
        }
        fprintf(stderr, "unknown reproduction %s\n", argc >= 3 ? argv[2] : "(none)");
        return 2;
    }
    const char *env_seconds = getenv("HE_FUZZ_SECONDS"), *env_seed = getenv("HE_FUZZ_SEED");
    double seconds = argc >= 2 ? atof(argv[1]) : env_seconds ? atof(env_seconds) : 45.0;
    base_seed = argc >= 3 ? strtoull(argv[2], NULL, 0)
              : env_seed ? strtoull(env_seed, NULL, 0) : 1;
    if (argc >= 4) {
        uint64_t number = strtoull(argv[3], NULL, 0);
        for (size_t t = 0; t < NTARGETS; t++) {
            run_case(&targets[t], number);
        }
    } else {
        double start = now_seconds();
        uint64_t number = 0;
        do {
            for (size_t t = 0; t < NTARGETS; t++) {
                run_case(&targets[t], number);
            }
            number++;
        } while (now_seconds() - start < seconds);
    }
    uint64_t total = 0;
    for (size_t t = 0; t < NTARGETS; t++) {
        printf("%-18s %10llu cases\n", targets[t].name, (unsigned long long)targets[t].cases);
        total += targets[t].cases;
    }
    printf("seed %llu: %llu cases, %d failed checks\n", (unsigned long long)base_seed,
           (unsigned long long)total, failures);
    if (failures == 0) {
        printf("all C fuzz contracts held\n");
    }
    return failures != 0;
}
