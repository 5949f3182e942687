/* C fuzz targets (see fuzz_core.c): exact, Omaha and Monte Carlo equity against brute-force
 * enumeration, and the RNG seeding. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute_equity.h"
#include "check.h"
#include "equity_calls.h"
#include "fuzz_common.h"

/* ---------------------------------------------------------------- equity */

#define NCAT BRUTE_NCAT

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

/* Brute-force Hold'em/Omaha equity (brute_equity.h): every valid tuple of combos and every
 * board completion, ranked by he_eval_hand / omaha_reference. */
typedef brute_counts eq_result;

static int brute_boards_too = 1; /* 0: count the deals only (boards too many to walk) */

static int eq_rank(const void *ctx, const uint8_t *hand, size_t nh, const uint8_t *b, int *cat)
{
    (void)ctx;
    int r;
    if (nh == 2) {
        uint8_t seven[7] = {hand[0], hand[1], b[0], b[1], b[2], b[3], b[4]};
        r = he_eval_hand(seven, 7);
    } else {
        r = omaha_reference(hand, nh, b, 5);
    }
    *cat = category_of_rank(r);
    return r;
}

static void eq_brute(const eq_case *e, eq_result *out)
{
    brute_walk w = {e->np, e->nh, e->combos, e->offsets, e->weights, e->board, e->dead,
                    e->nb, e->nd, 0, brute_boards_too, eq_rank, NULL};
    brute_equity(&w, out);
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

void fuzz_equity_exact(void)
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
    int st = eq_exact(e.np, e.combos, e.offsets, weighted ? e.weights : NULL, e.board,
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
    eq_brute(&e, &ref);
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
        int nrep = eq_classes(e.np, e.combos, e.offsets, NULL, e.board, e.nb, e.dead,
                                     e.nd, cap, reps, mult, weight, &d2);
        REQUIRE(nrep >= 1 && d2 == ref.deals);
        size_t nparts = 1 + below(5);
        uint64_t w2[1 << HE_EQ_MAX_PLAYERS] = {0}, h2[HE_EQ_MAX_PLAYERS * NCAT] = {0};
        for (size_t part = 0; part < nparts && nrep >= 1; part++) {
            REQUIRE(eq_enum(e.np, reps, (size_t)nrep, mult, NULL, e.board, e.nb, e.dead,
                                   e.nd, part, nparts, w2, h2, NULL, NULL) == HE_OK);
        }
        REQUIRE(eq_enum(e.np, reps, (size_t)(nrep > 0 ? nrep : 0), mult, NULL, e.board,
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

void fuzz_equity_omaha(void)
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
        st = eq_enum_omaha(e.np, e.nh, e.combos, e.board, e.nb, e.dead, e.nd, part,
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
    eq_brute(&e, &ref);
    for (size_t m = 1; m < ((size_t)1 << np); m++) {
        REQUIRE(wins[m] == ref.wins[m]);
    }
    REQUIRE(wins[0] == 0);
    for (size_t i = 0; i < np * NCAT; i++) {
        REQUIRE(hist[i] == ref.hist[i]);
    }
    REQUIRE(eq_enum_omaha(np, nh, e.combos, e.board, e.nb, e.dead, e.nd, 0, 0, wins, hist)
            == HE_E_ARGUMENT);
}

void fuzz_equity_mc(void)
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
    /* zeroed: only rows [0, row) are drawn, but the checks below compare whole arrays
     * (MemorySanitizer stopped there on the undrawn rest) */
    uint32_t alias[64] = {0};
    uint64_t thresh[64] = {0};
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
    int st = eq_mc(np, nh, e.combos, e.offsets, with_alias ? alias : NULL,
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
    REQUIRE(eq_mc(np, nh, e.combos, e.offsets, with_alias ? alias : NULL,
                         with_alias ? thresh : NULL, e.board, e.nb, e.dead, e.nd, trials,
                         state0, w2, h2) == HE_OK);
    REQUIRE(memcmp(w2, wins, sizeof wins) == 0 && memcmp(h2, hist, sizeof hist) == 0);
    REQUIRE(memcmp(state0, state, sizeof state) == 0);
    /* Every hand fixed and the whole board known: every trial has the one outcome. */
    if (all_fixed && e.nb == 5 && trials) {
        eq_result ref;
        eq_brute(&e, &ref);
        for (size_t m = 0; m < ((size_t)1 << np); m++) {
            REQUIRE(wins[m] == ref.wins[m] * trials);
        }
    }
}

void fuzz_rng_seed(void)
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
