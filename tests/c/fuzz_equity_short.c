/* C fuzz target (see fuzz_core.c): short-deck equity (csrc/equity_short.c). Exact counts of
 * he_equity_classes + he_equity_short_enum (in interleaved parts, weighted or not) against
 * brute force over every tuple of combos and every board of the 36-card deck, ranked by
 * he_short_eval_hand and categorised by a classifier written here from the rules; Monte
 * Carlo counts add up, repeat for a seed and only show outcomes brute force finds possible.
 * Bad input (a deuce..five, an id above 51, a repeated card, bad rules or player counts)
 * gets its status. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "brute_equity.h"
#include "check.h"
#include "equity_calls.h"
#include "fuzz_common.h"

#define NCAT BRUTE_NCAT
#define MAXC 16 /* combos in all */

typedef struct {
    size_t np, nb, nd;
    int rules;
    uint8_t combos[MAXC * 2], board[5], dead[4];
    uint32_t offsets[HE_EQ_MAX_PLAYERS + 2];
    double weights[MAXC];
} short_case;

typedef brute_counts short_ref;

/* A card of the short deck (16..51) not in *used, added to it. */
static uint8_t short_card(uint64_t *used)
{
    uint8_t c;
    do {
        c = (uint8_t)(16 + below(36));
    } while (*used >> c & 1u);
    *used |= (uint64_t)1 << c;
    return c;
}

/* Category 1..9 (HandCategory: 1 straight flush .. 9 high card) of five short-deck cards,
 * from the rules: A-6-7-8-9 is a straight, a flush beats a full house, and trips beat a
 * straight under rules 0, a straight beats trips under rules 1. Returns the category's
 * strength (lower is stronger) in *order. */
static int short_category5(const uint8_t *c, int rules, int *order)
{
    unsigned count[13] = {0}, ranks = 0, most = 0, pairs = 0;
    int flush = 1;
    for (int i = 0; i < 5; i++) {
        count[c[i] / 4]++;
        ranks |= 1u << (c[i] / 4);
        flush &= c[i] % 4 == c[0] % 4;
    }
    for (int r = 0; r < 13; r++) {
        most = count[r] > most ? count[r] : most;
        pairs += count[r] == 2;
    }
    int straight = 0;
    for (int lo = 4; lo + 4 <= 12; lo++) {
        straight |= ranks == 0x1Fu << lo;
    }
    straight |= ranks == ((1u << 12) | (0xFu << 4)); /* A-6-7-8-9 */
    int cat = straight && flush ? 1 : most == 4 ? 2 : most == 3 && pairs ? 3 : flush ? 4
            : straight ? 5 : most == 3 ? 6 : pairs == 2 ? 7 : pairs ? 8 : 9;
    /* strength: straight flush, quads, flush, full house, then trips / straight by rules */
    static const int strength[2][10] = {{0, 0, 1, 3, 2, 5, 4, 6, 7, 8},
                                        {0, 0, 1, 3, 2, 4, 5, 6, 7, 8}};
    *order = strength[rules][cat];
    return cat;
}

/* Category of the best five of seven cards, by the rules' order of categories. */
static int short_category7(const uint8_t *c, int rules)
{
    int best = 99, cat = 0;
    for (int skip1 = 0; skip1 < 7; skip1++) {
        for (int skip2 = skip1 + 1; skip2 < 7; skip2++) {
            uint8_t five[5];
            int k = 0, order;
            for (int i = 0; i < 7; i++) {
                if (i != skip1 && i != skip2) {
                    five[k++] = c[i];
                }
            }
            int cc = short_category5(five, rules, &order);
            if (order < best) {
                best = order;
                cat = cc;
            }
        }
    }
    return cat;
}

/* he_short_eval_hand's rank of a hand with a board, and its category by short_category7
 * (brute_equity.h's rank function; ctx: the short_case). */
static int short_rank(const void *ctx, const uint8_t *hand, size_t nh, const uint8_t *b,
                      int *cat)
{
    (void)nh;
    int rules = ((const short_case *)ctx)->rules;
    uint8_t seven[7] = {hand[0], hand[1], b[0], b[1], b[2], b[3], b[4]};
    *cat = short_category7(seven, rules);
    return he_short_eval_hand(seven, 7, rules);
}

static int close_enough(double a, double b)
{
    return fabs(a - b) <= 1e-9 * (fabs(a) + fabs(b)) + 1e-9;
}

static int short_enum(const short_case *e, const uint8_t *reps, size_t nreps,
                      const uint64_t *mult, const double *weight, size_t part, size_t nparts,
                      uint64_t *wins, uint64_t *hist, double *wwins, double *whist)
{
    he_eq_known k = {e->board, e->nb, e->dead, e->nd};
    he_eq_counts c = {wins, hist, wwins, whist};
    return he_equity_short_enum(e->np, reps, nreps, mult, weight, &k, e->rules, part, nparts,
                                &c);
}

static int short_mc(const short_case *e, uint64_t trials, uint64_t *state, uint64_t *wins,
                    uint64_t *hist)
{
    he_eq_players p = {e->np, 2, e->combos, e->offsets, NULL, NULL, NULL};
    he_eq_known k = {e->board, e->nb, e->dead, e->nd};
    he_eq_counts c = {wins, hist, NULL, NULL};
    return he_equity_short_mc(&p, &k, e->rules, trials, state, &c);
}

void fuzz_equity_short(void)
{
    short_case e;
    memset(&e, 0, sizeof e);
    e.np = 2 + below(3);
    e.rules = (int)below(2);
    e.nb = 3 + below(3);
    e.nd = below(3);
    uint64_t used = 0;
    for (size_t j = 0; j < e.nb; j++) {
        e.board[j] = short_card(&used);
    }
    for (size_t j = 0; j < e.nd; j++) {
        e.dead[j] = short_card(&used);
    }
    /* Player 0 holds one combo (so every deal holds it); the others ranges of 1..k combos,
     * mostly apart from each other, sometimes overlapping. */
    size_t most = e.np == 2 ? 5 : e.np == 3 ? 3 : 2, row = 0;
    for (size_t p = 0; p < e.np; p++) {
        size_t k = p == 0 ? 1 : 1 + below(most);
        for (size_t i = 0; i < k; i++, row++) {
            uint64_t mine = used;
            e.combos[2 * row] = short_card(&mine);
            e.combos[2 * row + 1] = short_card(&mine);
            if (p == 0 || chance(70)) {
                used = mine;
            }
            e.weights[row] = chance(20) ? 1.0 : (double)(1 + below(1000)) / 300.0;
        }
        e.offsets[p + 1] = (uint32_t)row;
    }
    unsigned defect = chance(85) ? 0 : 1 + (unsigned)below(6);
    int want = HE_OK;
    switch (defect) {
    case 1: e.combos[below(2)] = (uint8_t)below(16); want = HE_E_CARD_RANGE; break;
    case 2: e.board[below(e.nb)] = (uint8_t)below(16); want = HE_E_CARD_RANGE; break;
    case 3: e.board[0] = bad_id(); want = HE_E_CARD_RANGE; break;
    case 4: e.board[1] = e.board[0]; want = HE_E_DUPLICATE; break;
    case 5: e.rules = chance(50) ? 2 : -1; want = HE_E_ARGUMENT; break;
    case 6: e.np = chance(50) ? 1 : HE_EQ_MAX_PLAYERS + 1; want = HE_E_ARGUMENT; break;
    default: break;
    }
    int weighted = chance(50);
    uint64_t state[4], again[4];
    uint64_t seed = next_u64();
    he_rng_seed(seed, 0, state);
    uint64_t mw[1 << HE_EQ_MAX_PLAYERS] = {0}, mh[HE_EQ_MAX_PLAYERS * NCAT] = {0};
    uint64_t trials = below(300);
    short_case before = e;
    int mst = short_mc(&e, trials, state, mw, mh);
    REQUIRE(memcmp(&before, &e, sizeof e) == 0);
    if (defect) {
        REQUIRE(mst == want);
        if (defect >= 5) { /* the exact kernel refuses them too (the others: classes) */
            uint8_t reps[2 * HE_EQ_MAX_PLAYERS] = {16, 17, 18, 19};
            uint64_t mult[1] = {1}, w[1 << HE_EQ_MAX_PLAYERS] = {0};
            uint64_t h[HE_EQ_MAX_PLAYERS * NCAT] = {0};
            REQUIRE(short_enum(&e, reps, 1, mult, NULL, 0, 1, w, h, NULL, NULL) == want);
        }
        if (defect == 1 || defect == 2) { /* a deuce..five: classes knows no deck */
            uint8_t reps[2 * HE_EQ_MAX_PLAYERS];
            memcpy(reps, e.combos, 2 * e.np); /* player 0's combo, then any cards */
            for (size_t p = 1; p < e.np; p++) {
                reps[2 * p] = (uint8_t)(52 - 2 * p);
                reps[2 * p + 1] = (uint8_t)(51 - 2 * p);
            }
            uint64_t mult[1] = {1}, w[1 << HE_EQ_MAX_PLAYERS] = {0};
            uint64_t h[HE_EQ_MAX_PLAYERS * NCAT] = {0};
            int st = short_enum(&e, reps, 1, mult, NULL, 0, 1, w, h, NULL, NULL);
            REQUIRE(st == HE_E_CARD_RANGE || st == HE_E_DUPLICATE);
        }
        return;
    }
    short_ref ref;
    brute_walk walk = {e.np, 2, e.combos, e.offsets, e.weights, e.board, e.dead, e.nb, e.nd,
                       16, 1, short_rank, &e};
    brute_equity(&walk, &ref);
    size_t cap = 1 << 12, nmask = (size_t)1 << e.np;
    uint8_t reps[(1 << 12) * 2 * 4];
    uint64_t mult[1 << 12], deals = 0;
    double wsum[1 << 12];
    int nrep = eq_classes(e.np, e.combos, e.offsets, weighted ? e.weights : NULL, e.board, e.nb,
                          e.dead, e.nd, cap, reps, mult, wsum, &deals);
    if (ref.games == 0) {
        REQUIRE(nrep == HE_E_NO_DEAL && mst == (trials ? HE_E_NO_DEAL : HE_OK));
        return;
    }
    REQUIRE(nrep >= 1 && mst == HE_OK);
    size_t nparts = 1 + below(4);
    uint64_t w[1 << HE_EQ_MAX_PLAYERS] = {0}, h[HE_EQ_MAX_PLAYERS * NCAT] = {0};
    double ww[1 << HE_EQ_MAX_PLAYERS] = {0}, wh[HE_EQ_MAX_PLAYERS * NCAT] = {0};
    for (size_t part = 0; part < nparts; part++) {
        REQUIRE(short_enum(&e, reps, (size_t)nrep, mult, weighted ? wsum : NULL, part, nparts,
                           w, h, ww, wh) == HE_OK);
    }
    REQUIRE(short_enum(&e, reps, (size_t)nrep, mult, NULL, nparts, nparts, w, h, NULL, NULL)
            == HE_E_ARGUMENT);
    for (size_t m = 0; m < nmask; m++) {
        REQUIRE(w[m] == ref.wins[m]);
        REQUIRE(!weighted || close_enough(ww[m], ref.wwins[m]));
    }
    for (size_t i = 0; i < e.np * NCAT; i++) {
        REQUIRE(h[i] == ref.hist[i]);
    }
    /* Monte Carlo: every trial counted once, only possible outcomes, and a seed repeats. */
    uint64_t sum = 0;
    for (size_t m = 0; m < nmask; m++) {
        sum += mw[m];
        REQUIRE(mw[m] == 0 || ref.wins[m] > 0);
    }
    REQUIRE(sum == trials);
    for (size_t i = 0; i < e.np * NCAT; i++) {
        REQUIRE(mh[i] == 0 || ref.hist[i] > 0);
    }
    uint64_t mw2[1 << HE_EQ_MAX_PLAYERS] = {0}, mh2[HE_EQ_MAX_PLAYERS * NCAT] = {0};
    he_rng_seed(seed, 0, again);
    REQUIRE(short_mc(&e, trials, again, mw2, mh2) == HE_OK);
    REQUIRE(memcmp(mw, mw2, sizeof mw) == 0 && memcmp(mh, mh2, sizeof mh) == 0);
    REQUIRE(memcmp(state, again, sizeof state) == 0);
}
