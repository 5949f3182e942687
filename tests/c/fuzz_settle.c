/* C fuzz targets (see fuzz_core.c): pot settlement, one hand and batches. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fuzz_common.h"

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

/* floor(a * b / c) exactly, for b <= c and 0 < c < 2^63, in 64-bit arithmetic (the TDA
 * rake's oracle): double-and-add over b's bits, keeping the quotient q and remainder r of
 * a * (b's bits so far) / c, so q <= a and r < c < 2^63 never overflow. Independent of
 * csrc/settle.c, which long-divides a two-word product. */
static int64_t mul_div_floor(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t q = 0, r = 0, aq = a / c, ar = a % c;
    for (int bit = 63; bit >= 0; bit--) {
        q *= 2;
        r *= 2;
        if (r >= c) {
            q++;
            r -= c;
        }
        if (b >> bit & 1u) {
            q += aq;
            r += ar;
            if (r >= c) {
                q++;
                r -= c;
            }
        }
    }
    return (int64_t)q;
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
        int64_t want = 0;
        if (c->rules.rate_num && (nb >= 3 || !c->rules.no_flop_no_drop)) {
            want = mul_div_floor((uint64_t)(total - returned), (uint64_t)c->rules.rate_num,
                                 (uint64_t)c->rules.rate_den);
#if defined(__SIZEOF_INT128__) /* where the compiler has 128-bit integers: the plain product */
            __extension__ typedef __int128 i128;
            REQUIRE(want == (int64_t)((i128)(total - returned) * c->rules.rate_num / c->rules.rate_den));
#endif
            if (c->rules.cap >= 0 && want > c->rules.cap) {
                want = c->rules.cap;
            }
        }
        REQUIRE(rake == want);
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

void fuzz_settle_hand(void)
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

void fuzz_settle_batch(void)
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
    he_settle_table table = {chips, NULL, folded, holes, hl, bc ? boards : NULL, bc, P, 0,
                             shape.variant, 1};
    int st = he_settle_batch(&table, buttons, stride, n, &shape.rules, pay,
                             with_rakes ? rakes : NULL, &bad_row);
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

