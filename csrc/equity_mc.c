/* Monte Carlo equity (he_equity_mc) and its generator (he_rng_seed): the set-up of the
 * range players' combos, the loop for fixed Hold'em hands and the Omaha loop. Hold'em
 * deals with range or random players run in csrc/equity_mc_tuples.c. Contracts are in
 * csrc/api/equity.h; shared helpers in csrc/equity_mc_internal.h. */
#include <stdlib.h>
#include <string.h>

#include "equity_mc_internal.h"

/* ---------------------------------------------------------------- seeding */

/* splitmix64 (Steele, Lea, Flood 2014): seeds xoshiro and mixes stream numbers. */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void he_rng_seed(uint64_t seed, uint64_t stream, uint64_t *state)
{
    uint64_t s = stream;
    uint64_t x = seed ^ splitmix64(&s);
    for (int i = 0; i < 4; i++) {
        state[i] = splitmix64(&x);
    }
}

/* ---------------------------------------------------------------- batched draws */

/* k uniform draws at once, r[i] in 0 .. n - i - 1 (n >= k, k <= 5, so N, the product of
 * the ranges, passed as `bound` (batch_bound), is below 2**30), from one 64-bit output
 * (Brackett-Rozinsky and Lemire's batched draws, 2024): multiplying x by each range in
 * turn gives the mixed-radix digits of floor(x * N / 2**64), so rejecting as Lemire's
 * method does for a single range N (low word below 2**64 mod N, probability below
 * 2**-34) makes them exact. */
static inline void draw_batch(uint64_t *s, uint32_t n, uint32_t k, uint64_t bound, uint32_t *r)
{
    for (;;) {
        uint64_t x = rng_next(s);
        for (uint32_t i = 0; i < k; i++) {
            r[i] = (uint32_t)mul_hi(x, n - i, &x);
        }
        if (x >= bound || x >= (0 - bound) % bound) {
            return;
        }
    }
}

/* The product n * (n - 1) * ... * (n - k + 1) of draw_batch's ranges. */
static inline uint64_t batch_bound(uint32_t n, uint32_t k)
{
    uint64_t bound = 1;
    for (uint32_t i = 0; i < k; i++) {
        bound *= n - i;
    }
    return bound;
}

/* Monte Carlo when every player's hole cards are fixed (Hold'em): only the board is dealt,
 * all of it from one generator output (draw_batch). Which loop runs depends only on the
 * players, so a seed still fixes the result (other Hold'em deals: the listed tuples of
 * csrc/equity_mc_tuples.c; Omaha: the loop at the end of he_equity_mc). Inlined once per
 * board size and, heads-up, with a constant player count (mc_fixed_holdem), so the deal
 * loop has constant counts; hands are he_acc sums (one vector add per card on x86-64). */
static inline void mc_fixed_nb(u32_src *src, uint8_t *deck, uint32_t ndeck, he_acc board,
                               uint32_t ndeal, size_t np, const he_acc *hole, uint64_t trials,
                               uint64_t *wins, uint64_t *hist)
{
    unsigned r[HE_EQ_MAX_PLAYERS];
    uint64_t rs[4] = {src->s[0], src->s[1], src->s[2], src->s[3]}; /* in registers */
    uint64_t bound = batch_bound(ndeck, ndeal), joint[HU_TALLY] = {0};
    for (uint64_t t = 0; t < trials; t++) {
        /* The deck holds no fixed card, so a partial shuffle never deals a used one. */
        uint32_t first[5];
        draw_batch(rs, ndeck, ndeal, bound, first);
        he_acc h = board;
        for (uint32_t j = 0; j < ndeal; j++) {
            uint32_t at = j + first[j];
            uint8_t c = deck[at];
            deck[at] = deck[j];
            deck[j] = c;
            h = he_acc_add(h, c);
        }
        for (size_t p = 0; p < np; p++) {
            r[p] = he_acc_rank(he_acc_sum(h, hole[p]));
        }
        tally(joint, r, np, wins, hist);
    }
    tally_flush(joint, np, wins, hist);
    memcpy(src->s, rs, sizeof rs);
}

static void mc_fixed_holdem(u32_src *src, uint8_t *deck, uint32_t ndeck, const uint8_t *board,
                            size_t nb, size_t np, const uint8_t *combos,
                            const uint32_t *pick, uint64_t trials, uint64_t *wins,
                            uint64_t *hist)
{
    he_acc b = he_acc_start(), hole[HE_EQ_MAX_PLAYERS];
    for (size_t j = 0; j < nb; j++) {
        b = he_acc_add(b, board[j]);
    }
    for (size_t p = 0; p < np; p++) {
        const uint8_t *c = combos + 2 * (size_t)pick[p];
        hole[p] = he_acc_sum(he_acc_part(c[0]), he_acc_part(c[1]));
    }
    /* Heads-up with a constant player count: two rankings and one joint tally per trial. */
#define MC_FIXED(nd)                                                                  \
    (np == 2 ? mc_fixed_nb(src, deck, ndeck, b, nd, 2, hole, trials, wins, hist)      \
             : mc_fixed_nb(src, deck, ndeck, b, nd, np, hole, trials, wins, hist))
    switch (nb) {
    case 0: MC_FIXED(5); break;
    case 3: MC_FIXED(2); break;
    case 4: MC_FIXED(1); break;
    default: MC_FIXED((uint32_t)(5 - nb));
    }
#undef MC_FIXED
}

/* ---------------------------------------------------------------- he_equity_mc */

int he_equity_mc(const he_eq_players *players, const he_eq_known *known, uint64_t trials,
                 uint64_t *state, const he_eq_counts *out)
{
    if (players == NULL || known == NULL || out == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t np = players->np, nh = players->nh, nb = known->nb, nd = known->nd;
    const uint8_t *combos = players->combos, *board = known->board, *dead = known->dead;
    const uint32_t *offsets = players->offsets, *alias = players->alias;
    const uint64_t *thresh = players->thresh;
    uint64_t *wins = out->wins, *hist = out->hist;
    uint64_t fixed;
    if (np < 2 || np > HE_EQ_MAX_PLAYERS || !(nh == 2 || (nh >= 4 && nh <= 6))
        || offsets == NULL || state == NULL || wins == NULL || hist == NULL
        || (alias == NULL) != (thresh == NULL) || offsets[0] != 0
        || (offsets[np] && combos == NULL) || np * nh + nd + 5 > HE_NCARDS) {
        return HE_E_ARGUMENT; /* arguments before cards: too many cards is not a card error */
    }
    int st = fixed_cards(board, nb, dead, nd, &fixed);
    if (st != HE_OK) {
        return st;
    }
    mc_ctx m;
    st = mc_setup(&m, np, nh, combos, offsets, alias, thresh, fixed);
    if (st != HE_OK) {
        return st;
    }
    /* The generator's state is copied into locals (written back on return): through the
     * caller's pointer it would be reloaded after every store to the deck. */
    uint64_t rs[4] = {state[0], state[1], state[2], state[3]};
    u32_src src = {rs, 0, 0};
    uint8_t deck[HE_NCARDS];
    uint32_t ndeck = mc_deck(m.fixed, 0, deck);
    if (nh == 2 && m.ndrawn == 0 && m.nrandom == 0) {
        mc_fixed_holdem(&src, deck, ndeck, board, nb, np, combos, m.pick, trials,
                        wins, hist);
        memcpy(state, rs, sizeof rs);
        mc_free(&m);
        return HE_OK;
    }
    if (nh == 2) {
        st = he_eq_mc_listed(&m, board, nb, trials, rs, wins, hist);
        memcpy(state, rs, sizeof rs);
        mc_free(&m);
        return st;
    }
    /* Omaha: range combos by draw_tuple, then random players and the board card by card. */
    uint8_t hole[HE_EQ_MAX_PLAYERS][6];
    uint8_t b[5];
    if (nb) {
        memcpy(b, board, nb);
    }
    he_omaha_hole oh[HE_EQ_MAX_PLAYERS];
    for (uint64_t t = 0; t < trials; t++) {
        uint64_t used;
        if (!draw_tuple(&m, &src, &used)) {
            memcpy(state, rs, sizeof rs);
            mc_free(&m);
            return HE_E_NO_DEAL;
        }
        uint32_t dealt = 0;
        for (size_t k = 0; k < m.nrandom; k++) {
            unsigned p = m.random[k];
            for (size_t j = 0; j < nh; j++) {
                hole[p][j] = (uint8_t)deal_card(&src, deck, ndeck, dealt++, &used);
            }
        }
        for (size_t j = nb; j < 5; j++) {
            b[j] = (uint8_t)deal_card(&src, deck, ndeck, dealt++, &used);
        }
        for (size_t p = 0; p < np; p++) {
            const uint8_t *h = offsets[p + 1] == offsets[p]
                               ? hole[p] : combos + (size_t)m.pick[p] * nh;
            he_omaha_hole_init(&oh[p], h, nh);
        }
        omaha_game(oh, np, b, wins, hist);
    }
    memcpy(state, rs, sizeof rs);
    mc_free(&m);
    return HE_OK;
}
