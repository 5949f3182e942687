/* Monte Carlo internals shared by csrc/equity_mc.c (he_equity_mc, he_rng_seed, fixed
 * hands and Omaha), csrc/equity_mc_tuples.c (Hold'em deals from listed tuples) and the
 * variants' Monte Carlo kernels: the random number generator, the range players' combos
 * (mc_setup, draw_tuple), outcome tallies. Not part of the
 * Python-visible API; he_equity_mc's contract is in csrc/api/equity.h. */
#ifndef HE_EQUITY_MC_INTERNAL_H
#define HE_EQUITY_MC_INTERNAL_H

#include <stdlib.h>
#include <string.h>

#include "equity_internal.h"

#define MAX_REDRAWS 1000000u /* tuples redrawn in a row before HE_E_NO_DEAL */

/* ---------------------------------------------------------------- random numbers */

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256** 1.0 (Blackman, Vigna 2018). */
static inline uint64_t rng_next(uint64_t *s)
{
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* 32-bit halves of xoshiro outputs, for the deck draws below. */
typedef struct {
    uint64_t *s;
    uint64_t buf;
    int have;
} u32_src;

static inline uint32_t next32(u32_src *src)
{
    if (src->have) {
        src->have = 0;
        return (uint32_t)(src->buf >> 32);
    }
    src->buf = rng_next(src->s);
    src->have = 1;
    return (uint32_t)src->buf;
}

/* Uniform in 0 .. n - 1 (Lemire's multiply-and-reject on 32 bits). */
static inline uint32_t below32(u32_src *src, uint32_t n)
{
    uint64_t m = (uint64_t)next32(src) * n;
    if ((uint32_t)m < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while ((uint32_t)m < t) {
            m = (uint64_t)next32(src) * n;
        }
    }
    return (uint32_t)(m >> 32);
}

/* The k-th card of a partial Fisher-Yates shuffle of deck[0 .. n): a uniform card of
 * deck[k .. n) moved to deck[k]; cards in *used (other players' drawn hands) are rejected
 * and drawn again, so the result is uniform over the unused ones. */
static inline unsigned deal_card(u32_src *src, uint8_t *deck, uint32_t n, uint32_t k,
                                 uint64_t *used)
{
    for (;;) {
        uint32_t j = k + below32(src, n - k);
        uint8_t c = deck[j];
        deck[j] = deck[k];
        deck[k] = c;
        if (!(*used >> c & 1u)) {
            *used |= 1ULL << c;
            return c;
        }
    }
}

/* hi:lo = x * n for n < 2**32: returns the high word and stores the low one (one
 * multiply where the compiler has 128-bit integers). */
static inline uint64_t mul_hi(uint64_t x, uint32_t n, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128; /* __extension__: no -Wpedantic noise */
    u128 p = (u128)x * n;
    *lo = (uint64_t)p;
    return (uint64_t)(p >> 64);
#else
    uint64_t p1 = (x & 0xFFFFFFFFULL) * n, p2 = (x >> 32) * n;
    *lo = x * n;
    return (p2 + (p1 >> 32)) >> 32;
#endif
}

/* ---------------------------------------------------------------- range players */

typedef struct {
    size_t np, nh;
    const uint32_t *offsets, *alias;
    const uint64_t *thresh;
    const uint8_t *combos;
    uint64_t *cmask, *ckey, *cbits; /* per combo: card mask, summed keys and bits */
    uint64_t fixed; /* board, dead cards and the hands of one-combo players */
    size_t ndrawn, nrandom;
    unsigned drawn[HE_EQ_MAX_PLAYERS];  /* players with two or more combos */
    unsigned random[HE_EQ_MAX_PLAYERS]; /* players dealt from the deck */
    uint32_t pick[HE_EQ_MAX_PLAYERS];   /* combo row of each range player */
} mc_ctx;

/* ---------------------------------------------------------------- drawing and setting up range players */

/* Draws one combo per range player, redrawing the whole tuple on any conflict. Stores the
 * cards in use in *out and returns 1, or returns 0 after MAX_REDRAWS failures. */
static inline int draw_tuple(mc_ctx *m, u32_src *s, uint64_t *out)
{
    for (unsigned redraws = 0; redraws < MAX_REDRAWS; redraws++) {
        uint64_t used = m->fixed;
        size_t k = 0;
        for (; k < m->ndrawn; k++) {
            unsigned p = m->drawn[k];
            uint32_t lo = m->offsets[p];
            uint32_t i = lo + below32(s, m->offsets[p + 1] - lo);
            if (m->alias != NULL && next32(s) >= m->thresh[i]) {
                i = m->alias[i];
            }
            if (used & m->cmask[i]) {
                break;
            }
            used |= m->cmask[i];
            m->pick[p] = i;
        }
        if (k == m->ndrawn) {
            *out = used;
            return 1;
        }
    }
    return 0;
}

static inline int mc_fill(mc_ctx *m, size_t np, size_t nh, const uint8_t *combos,
                          const uint32_t *offsets, const uint32_t *alias, const uint64_t *thresh,
                          uint64_t fixed)
{
    memset(m, 0, sizeof *m);
    m->np = np;
    m->nh = nh;
    m->offsets = offsets;
    m->alias = alias;
    m->thresh = thresh;
    m->combos = combos;
    size_t ncombos = offsets[np];
    size_t alloc = ncombos ? ncombos : 1;
    m->cmask = malloc(alloc * sizeof(uint64_t));
    m->ckey = malloc(alloc * sizeof(uint64_t));
    m->cbits = malloc(alloc * sizeof(uint64_t));
    if (m->cmask == NULL || m->ckey == NULL || m->cbits == NULL) {
        return HE_E_ARGUMENT;
    }
    for (size_t i = 0; i < ncombos; i++) {
        uint64_t mask = 0;
        int st = he_add_mask(combos + i * nh, nh, &mask);
        if (st != HE_OK) {
            return st;
        }
        if (alias != NULL && thresh[i] > (1ULL << 32)) {
            return HE_E_ARGUMENT;
        }
        m->cmask[i] = mask;
        m->ckey[i] = 0;
        m->cbits[i] = 0;
        for (size_t j = 0; j < nh; j++) {
            m->ckey[i] += he_cards[combos[i * nh + j]].key;
            m->cbits[i] |= he_cards[combos[i * nh + j]].bits;
        }
    }
    m->fixed = fixed;
    for (size_t p = 0; p < np; p++) {
        uint32_t lo = offsets[p], hi = offsets[p + 1];
        if (hi < lo) {
            return HE_E_ARGUMENT;
        }
        if (alias != NULL) {
            for (uint32_t i = lo; i < hi; i++) {
                if (alias[i] < lo || alias[i] >= hi) { /* must stay in the player's rows */
                    return HE_E_ARGUMENT;
                }
            }
        }
        if (hi == lo) {
            m->random[m->nrandom++] = (unsigned)p;
        } else if (hi - lo == 1) {
            if (m->fixed & m->cmask[lo]) {
                return HE_E_NO_DEAL; /* a fixed hand clashes with fixed cards */
            }
            m->fixed |= m->cmask[lo];
            m->pick[p] = lo;
        } else {
            m->drawn[m->ndrawn++] = (unsigned)p;
        }
    }
    return HE_OK;
}

/* Releases what mc_setup took (again: a no-op). */
static inline void mc_free(mc_ctx *m)
{
    free(m->cmask);
    free(m->ckey);
    free(m->cbits);
    m->cmask = m->ckey = m->cbits = NULL;
}

/* Sets m up for np players of nh-card hands: each player's rows of combos (offsets, and the
 * alias tables when drawn by weight) checked and pre-summed, the one-combo players' hands
 * added to the fixed cards. On an error m holds nothing (mc_free not needed). */
static inline int mc_setup(mc_ctx *m, size_t np, size_t nh, const uint8_t *combos,
                           const uint32_t *offsets, const uint32_t *alias,
                           const uint64_t *thresh, uint64_t fixed)
{
    int st = mc_fill(m, np, nh, combos, offsets, alias, thresh, fixed);
    if (st != HE_OK) {
        mc_free(m);
    }
    return st;
}

/* The deck left to deal: the cards lowest .. 51 not in `fixed`, in order; returns their
 * count. */
static inline uint32_t mc_deck(uint64_t fixed, unsigned lowest, uint8_t *deck)
{
    uint32_t ndeck = 0;
    for (unsigned c = lowest; c < HE_NCARDS; c++) {
        if (!(fixed >> c & 1u)) {
            deck[ndeck++] = (uint8_t)c;
        }
    }
    return ndeck;
}

/* ---------------------------------------------------------------- outcome counts */

/* Outcome counts of a Monte Carlo loop. Heads-up, one counter per (player 0's category,
 * player 1's, winners) takes the place of three: one memory increment per trial instead of
 * three, and consecutive trials less often increment the same word (an increment waits
 * for the previous one to the same word). tally_flush adds them to wins and hist. */
#define HU_TALLY (NCAT * NCAT * 4)

HE_ALWAYS_INLINE void tally(uint64_t *joint, const unsigned *r, size_t np, uint64_t *wins,
                            uint64_t *hist)
{
    if (np == 2) {
        joint[(cat_index(r[0]) * NCAT + cat_index(r[1])) * 4 + winners_flat(r, 2)]++;
        return;
    }
    count_game(r, np, wins, hist);
}

static inline void tally_flush(const uint64_t *joint, size_t np, uint64_t *wins,
                               uint64_t *hist)
{
    if (np != 2) {
        return;
    }
    for (unsigned i = 0; i < HU_TALLY; i++) {
        uint64_t n = joint[i];
        hist[i / (4 * NCAT)] += n;
        hist[NCAT + i / 4 % NCAT] += n;
        wins[i % 4] += n;
    }
}

/* Hold'em Monte Carlo with at least one range or random player (csrc/equity_mc_tuples.c):
 * `trials` trials of he_equity_mc for the players of m (set up by he_equity_mc) on the nb
 * valid board cards, drawing from the generator state rs[4] and adding to wins/hist.
 * Returns HE_OK, HE_E_NO_DEAL (no valid tuple, or MAX_REDRAWS redraws in a row) or
 * HE_E_ARGUMENT (out of memory). */
int he_eq_mc_listed(const mc_ctx *m, const uint8_t *board, size_t nb, uint64_t trials,
                    uint64_t *rs, uint64_t *wins, uint64_t *hist);

#endif
