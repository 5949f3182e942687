/* Exact Hold'em equity, phase 1 and both phases: the distinct deals among all tuples of
 * combos, up to a permutation of suits (he_equity_classes), and he_equity_exact, which
 * enumerates their boards with he_equity_enum (csrc/equity.c). Contracts are in
 * csrc/api/equity.h; shared helpers in csrc/equity_internal.h. */
#include <stdlib.h>
#include <string.h>

#include "equity_internal.h"

#define EQ_MIX_MUL 0x9E3779B97F4A7C15ULL /* 2**64 / golden ratio, odd: a multiplicative mixer */

/* The 24 permutations of the four suits. */
static void suit_perms(uint8_t perms[24][4])
{
    size_t n = 0;
    for (uint8_t a = 0; a < 4; a++) {
        for (uint8_t b = 0; b < 4; b++) {
            for (uint8_t c = 0; c < 4; c++) {
                for (uint8_t d = 0; d < 4; d++) {
                    if (a != b && a != c && a != d && b != c && b != d && c != d) {
                        perms[n][0] = a;
                        perms[n][1] = b;
                        perms[n][2] = c;
                        perms[n][3] = d;
                        n++;
                    }
                }
            }
        }
    }
}

static uint64_t permute_mask(uint64_t mask, const uint8_t *perm)
{
    uint64_t out = 0;
    for (unsigned card = 0; card < HE_NCARDS; card++) {
        if (mask >> card & 1u) {
            out |= 1ULL << ((card & ~3u) | perm[card & 3u]);
        }
    }
    return out;
}

typedef struct {
    size_t np;
    const uint8_t *combos;
    const uint32_t *offsets;
    const double *weights;
    uint8_t perms[24][4];
    size_t nperms;
    /* open-addressing table of canonical keys -> class index */
    uint64_t *tk0, *tk1;
    uint32_t *tidx; /* class index + 1; 0 = empty slot */
    size_t tmask;
    size_t cap, nclasses;
    uint8_t *reps;
    uint64_t *mult;
    double *weight;
    uint64_t deals;
    int status;
    uint32_t pick[HE_EQ_MAX_PLAYERS];
} class_ctx;

/* Canonical key of the deal cc->pick: the smallest, over the suit permutations that keep
 * the board and dead cards in place, of the players' hand codes (hi * (hi - 1) / 2 + lo,
 * 0..1325) read as base-2048 digits, player 0 first, five players per word. */
static void canon_key(const class_ctx *cc, uint64_t *k0, uint64_t *k1)
{
    uint64_t best0 = UINT64_MAX, best1 = UINT64_MAX;
    for (size_t q = 0; q < cc->nperms; q++) {
        const uint8_t *perm = cc->perms[q];
        uint64_t w[2] = {0, 0};
        for (size_t p = 0; p < cc->np; p++) {
            const uint8_t *h = cc->combos + 2 * (size_t)cc->pick[p];
            unsigned a = (h[0] & ~3u) | perm[h[0] & 3u];
            unsigned b = (h[1] & ~3u) | perm[h[1] & 3u];
            unsigned hi = a > b ? a : b, lo = a > b ? b : a;
            w[p / 5] = w[p / 5] * 2048u + hi * (hi - 1) / 2 + lo;
        }
        if (w[0] < best0 || (w[0] == best0 && w[1] < best1)) {
            best0 = w[0];
            best1 = w[1];
        }
    }
    *k0 = best0;
    *k1 = best1;
}

static void add_deal(class_ctx *cc)
{
    double wt = 1.0;
    if (cc->weights != NULL) {
        for (size_t p = 0; p < cc->np; p++) {
            wt *= cc->weights[cc->pick[p]];
        }
    }
    cc->deals++;
    uint64_t k0, k1;
    canon_key(cc, &k0, &k1);
    size_t slot = (size_t)(((k0 ^ (k1 * 0xC2B2AE3D27D4EB4FULL)) * EQ_MIX_MUL) >> 20) & cc->tmask;
    for (;; slot = (slot + 1) & cc->tmask) {
        uint32_t idx = cc->tidx[slot];
        if (idx == 0) {
            if (cc->nclasses == cc->cap) {
                cc->status = HE_E_CAPACITY;
                return;
            }
            size_t k = cc->nclasses++;
            cc->tk0[slot] = k0;
            cc->tk1[slot] = k1;
            cc->tidx[slot] = (uint32_t)(k + 1);
            for (size_t p = 0; p < cc->np; p++) {
                memcpy(cc->reps + (k * cc->np + p) * 2, cc->combos + 2 * (size_t)cc->pick[p], 2);
            }
            cc->mult[k] = 1;
            cc->weight[k] = wt;
            return;
        }
        if (cc->tk0[slot] == k0 && cc->tk1[slot] == k1) {
            cc->mult[idx - 1]++;
            cc->weight[idx - 1] += wt;
            return;
        }
    }
}

static void walk_deals(class_ctx *cc, size_t p, uint64_t used)
{
    for (uint32_t i = cc->offsets[p]; i < cc->offsets[p + 1] && cc->status == HE_OK; i++) {
        const uint8_t *h = cc->combos + 2 * (size_t)i;
        uint64_t m = (1ULL << h[0]) | (1ULL << h[1]);
        if (used & m) {
            continue;
        }
        cc->pick[p] = i;
        if (p + 1 == cc->np) {
            add_deal(cc);
        } else {
            walk_deals(cc, p + 1, used | m);
        }
    }
}

int he_equity_classes(const he_eq_players *players, const he_eq_known *known, size_t cap,
                      uint8_t *reps, uint64_t *mult, double *weight, uint64_t *deals)
{
    if (players == NULL || known == NULL || players->nh != 2) {
        return HE_E_ARGUMENT;
    }
    size_t np = players->np, nb = known->nb, nd = known->nd;
    const uint8_t *combos = players->combos, *board = known->board, *dead = known->dead;
    const uint32_t *offsets = players->offsets;
    const double *weights = players->weights;
    uint64_t fixed;
    if (np < 2 || np > HE_EQ_MAX_PLAYERS || offsets == NULL || reps == NULL || mult == NULL
        || weight == NULL || deals == NULL || cap == 0 || cap >= UINT32_MAX) {
        return HE_E_ARGUMENT;
    }
    int st = fixed_cards(board, nb, dead, nd, &fixed);
    if (st != HE_OK) {
        return st;
    }
    if (offsets[0] != 0 || (offsets[np] && combos == NULL)) {
        return HE_E_ARGUMENT;
    }
    for (size_t p = 0; p < np; p++) {
        if (offsets[p + 1] < offsets[p]) {
            return HE_E_ARGUMENT;
        }
    }
    for (size_t i = 0; i < offsets[np]; i++) {
        uint64_t m = 0;
        st = he_add_mask(combos + 2 * i, 2, &m);
        if (st != HE_OK) {
            return st;
        }
    }
    class_ctx cc;
    memset(&cc, 0, sizeof cc);
    cc.np = np;
    cc.combos = combos;
    cc.offsets = offsets;
    cc.weights = weights;
    uint8_t all[24][4];
    suit_perms(all);
    uint64_t bmask = 0, dmask = 0;
    for (size_t j = 0; j < nb; j++) {
        bmask |= 1ULL << board[j];
    }
    for (size_t j = 0; j < nd; j++) {
        dmask |= 1ULL << dead[j];
    }
    for (size_t q = 0; q < 24; q++) {
        if (permute_mask(bmask, all[q]) == bmask && permute_mask(dmask, all[q]) == dmask) {
            memcpy(cc.perms[cc.nperms++], all[q], 4);
        }
    }
    size_t size = 1024; /* a power of two, at least twice the classes it may hold */
    while (size < 2 * cap) {
        size <<= 1;
    }
    cc.tmask = size - 1;
    cc.tk0 = malloc(size * sizeof(uint64_t));
    cc.tk1 = malloc(size * sizeof(uint64_t));
    cc.tidx = calloc(size, sizeof(uint32_t));
    if (cc.tk0 == NULL || cc.tk1 == NULL || cc.tidx == NULL) {
        free(cc.tk0);
        free(cc.tk1);
        free(cc.tidx);
        return HE_E_ARGUMENT;
    }
    cc.cap = cap;
    cc.reps = reps;
    cc.mult = mult;
    cc.weight = weight;
    cc.status = HE_OK;
    walk_deals(&cc, 0, fixed);
    free(cc.tk0);
    free(cc.tk1);
    free(cc.tidx);
    *deals = cc.deals;
    if (cc.status != HE_OK) {
        return cc.status;
    }
    if (cc.nclasses == 0) {
        return HE_E_NO_DEAL;
    }
    return (int)cc.nclasses;
}

int he_equity_exact(const he_eq_players *players, const he_eq_known *known, size_t cap,
                    const he_eq_counts *out, uint64_t *deals)
{
    if (players == NULL || known == NULL || out == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t np = players->np;
    if (cap == 0 || cap >= UINT32_MAX || np < 2 || np > HE_EQ_MAX_PLAYERS) {
        return HE_E_ARGUMENT;
    }
    uint8_t *reps = malloc(cap * np * 2);
    uint64_t *mult = malloc(cap * sizeof(uint64_t));
    double *weight = malloc(cap * sizeof(double));
    int st = HE_E_ARGUMENT;
    if (reps != NULL && mult != NULL && weight != NULL) {
        st = he_equity_classes(players, known, cap, reps, mult, weight, deals);
        if (st >= 0) {
            st = he_equity_enum(np, reps, (size_t)st, mult,
                                players->weights != NULL ? weight : NULL, known, 0, 1, out);
        }
    }
    free(reps);
    free(mult);
    free(weight);
    return st;
}
