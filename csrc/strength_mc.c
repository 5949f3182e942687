/* Monte Carlo hand strength (he_strength_mc, contract in csrc/api/strength.h): per row, a
 * xoshiro256** stream of its own (he_rng_seed(seed, first_row + i)); one opponent scores each
 * dealt board exactly against the whole range (csrc/strength.c), several opponents play out
 * each deal. Shared internals: csrc/strength_internal.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "equity_mc_internal.h"
#include "strength_internal.h"

/* One combo of the range by weight (Walker's alias method over its rows). */
static inline unsigned draw_row(const he_strength_range *g, u32_src *src)
{
    uint32_t k = below32(src, (uint32_t)g->ncombos);
    if (g->thresh != NULL && next32(src) >= g->thresh[k]) {
        k = g->alias[k];
    }
    return k;
}

/* Per-trial moments of a row's estimate. */
typedef struct {
    double s1, s2;
} moments;

static inline void add_moment(moments *m, double v)
{
    m->s1 += v;
    m->s2 += v * v;
}

static inline double mean_of(const moments *m, double n)
{
    return m->s1 / n;
}

/* Standard error of the mean of n >= 2 trials. */
static inline double se_of(const moments *m, double n)
{
    double mu = m->s1 / n, var = (m->s2 - n * mu * mu) / (n - 1.0);
    return var > 0.0 ? sqrt(var / n) : 0.0;
}

/* One opponent: each trial scores a board dealt with an opponent combo (by weight). */
static int mc_row_one(const strength_job *j, row_ctx *c, size_t i, double *hist, uint64_t *state)
{
    size_t nb = j->nb, m = 5 - nb, bins = j->out->bins;
    const he_strength_range *g = j->range;
    int st = he_strength_row_setup(c, j->holes + 2 * i, j->boards + nb * i, nb);
    if (st != HE_OK) {
        return st;
    }
    uint8_t deck[HE_NCARDS], x[MAX_NEW];
    uint32_t nd = 0;
    for (unsigned card = 0; card < HE_NCARDS; card++) {
        if (!(c->used >> card & 1u)) {
            deck[nd++] = (uint8_t)card;
        }
    }
    u32_src src = {state, 0, 0};
    moments e = {0, 0}, e2 = {0, 0};
    if (hist != NULL) {
        memset(hist, 0, bins * sizeof hist[0]);
    }
    board_tally t;
    for (uint64_t trial = 0; trial < j->trials; trial++) {
        uint64_t mask = c->used;
        if (g->weights != NULL) {
            unsigned redraws = 0;
            for (;;) {
                const uint8_t *cb = g->combos + 2 * draw_row(g, &src);
                uint64_t cm = (1ULL << cb[0]) | (1ULL << cb[1]);
                if (!(cm & mask)) {
                    mask |= cm;
                    break;
                }
                if (++redraws >= MAX_REDRAWS) {
                    return HE_E_NO_DEAL;
                }
            }
        }
        for (size_t k = 0; k < m; k++) {
            x[k] = (uint8_t)deal_card(&src, deck, nd, (uint32_t)k, &mask);
        }
        he_strength_score(c, x, m, &t);
        double N = t.N[0], hs = N > 0.0 ? (t.A[0] + 0.5 * t.T[0]) / N : 0.0;
        add_moment(&e, hs);
        add_moment(&e2, hs * hs);
        if (hist != NULL) {
            hist[bin_of(hs, bins)] += 1.0;
        }
    }
    double n = (double)j->trials;
    const he_strength_out *o = j->out, *se = j->err;
    if (o->ehs) {
        o->ehs[i] = mean_of(&e, n);
    }
    if (o->ehs2) {
        o->ehs2[i] = mean_of(&e2, n);
    }
    if (se != NULL && se->ehs) {
        se->ehs[i] = se_of(&e, n);
    }
    if (se != NULL && se->ehs2) {
        se->ehs2[i] = se_of(&e2, n);
    }
    if (o->hist) {
        for (size_t k = 0; k < bins; k++) {
            double p = hist[k] / n;
            o->hist[i * bins + k] = p;
            if (se != NULL && se->hist) {
                se->hist[i * bins + k] = sqrt(p * (1.0 - p) / (n - 1.0));
            }
        }
    }
    return HE_OK;
}

/* k >= 2 opponents: each trial deals k combos and the board and adds hero's pot share. */
static int mc_row_many(const strength_job *j, size_t i, uint64_t *state)
{
    size_t nb = j->nb, m = 5 - nb, k = j->opponents;
    const he_strength_range *g = j->range;
    const uint8_t *hole = j->holes + 2 * i, *board = j->boards + nb * i;
    uint64_t used;
    int st = row_cards(&j->deck, hole, board, nb, &used);
    if (st != HE_OK) {
        return st;
    }
    if (g->weights != NULL) { /* a row that leaves the range nothing */
        int any = 0;
        for (size_t q = 0; q < g->ncombos && !any; q++) {
            any = !((used >> g->combos[2 * q] & 1u) || (used >> g->combos[2 * q + 1] & 1u));
        }
        if (!any) {
            return HE_E_NO_DEAL;
        }
    }
    uint64_t bkey = HE_SUIT_BIAS, bbits = 0;
    for (size_t q = 0; q < nb; q++) {
        bkey += he_cards[board[q]].key;
        bbits += he_cards[board[q]].bits;
    }
    uint8_t deck[HE_NCARDS], opp[2 * HE_STRENGTH_MAX_OPPONENTS];
    uint32_t nd = 0;
    for (unsigned card = 0; card < HE_NCARDS; card++) {
        if (!(used >> card & 1u)) {
            deck[nd++] = (uint8_t)card;
        }
    }
    u32_src src = {state, 0, 0};
    moments e = {0, 0};
    for (uint64_t trial = 0; trial < j->trials; trial++) {
        uint64_t mask = used;
        uint32_t dealt = 0;
        if (g->weights != NULL) {
            unsigned redraws = 0;
            for (;;) {
                uint64_t tm = used;
                size_t p = 0;
                for (; p < k; p++) {
                    const uint8_t *cb = g->combos + 2 * draw_row(g, &src);
                    uint64_t cm = (1ULL << cb[0]) | (1ULL << cb[1]);
                    if (cm & tm) {
                        break;
                    }
                    tm |= cm;
                    opp[2 * p] = cb[0];
                    opp[2 * p + 1] = cb[1];
                }
                if (p == k) {
                    mask = tm;
                    break;
                }
                if (++redraws >= MAX_REDRAWS) {
                    return HE_E_NO_DEAL;
                }
            }
        } else {
            for (size_t p = 0; p < 2 * k; p++) {
                opp[p] = (uint8_t)deal_card(&src, deck, nd, dealt++, &mask);
            }
        }
        uint64_t key = bkey, bits = bbits;
        for (size_t q = 0; q < m; q++) {
            unsigned card = deal_card(&src, deck, nd, dealt++, &mask);
            key += he_cards[card].key;
            bits += he_cards[card].bits;
        }
        unsigned hero = rank_full(j->deck.table, key + he_cards[hole[0]].key + he_cards[hole[1]].key,
                                   bits + he_cards[hole[0]].bits + he_cards[hole[1]].bits);
        unsigned best = 0xFFFFu, ties = 0;
        for (size_t p = 0; p < k; p++) {
            unsigned r = rank_full(j->deck.table, key + he_cards[opp[2 * p]].key + he_cards[opp[2 * p + 1]].key,
                                    bits + he_cards[opp[2 * p]].bits + he_cards[opp[2 * p + 1]].bits);
            best = r < best ? r : best;
            ties += r == hero;
        }
        add_moment(&e, hero < best ? 1.0 : (hero == best ? 1.0 / (1.0 + ties) : 0.0));
    }
    double n = (double)j->trials;
    j->out->ehs[i] = mean_of(&e, n);
    if (j->err != NULL && j->err->ehs) {
        j->err->ehs[i] = se_of(&e, n);
    }
    return HE_OK;
}

/* Row i from its own generator (seeded by the job's seed and the row's number in the whole
 * input, first_row + i): the same draws whatever the threads or the chunking. */
static int mc_row(const strength_job *j, row_ctx *c, size_t i, double *hist)
{
    uint64_t state[4];
    he_rng_seed(j->seed, j->first_row + i, state);
    return j->opponents == 1 ? mc_row_one(j, c, i, hist, state) : mc_row_many(j, i, state);
}

int he_strength_mc(const uint8_t *holes, const uint8_t *boards, size_t n, size_t nb, int rules,
                   const he_strength_range *range, const he_strength_draws *draws,
                   const he_strength_out *out, const he_strength_out *err, size_t threads,
                   size_t *bad_row)
{
    int st = he_strength_check(holes, boards, n, nb, range, out, rules);
    if (st != HE_OK) {
        return st;
    }
    if (draws == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t opponents = draws->opponents;
    uint64_t trials = draws->trials, seed = draws->seed, first_row = draws->first_row;
    if (out->ppot != NULL || out->npot != NULL || trials < 2 || opponents < 1
        || opponents > HE_STRENGTH_MAX_OPPONENTS
        || (opponents > 1 && (out->ehs == NULL || out->ehs2 != NULL || out->hist != NULL))
        || (range->weights != NULL
            && (range->combos == NULL || range->ncombos == 0 || range->ncombos > HE_STRENGTH_COMBOS
                || (range->alias == NULL) != (range->thresh == NULL)))) {
        return HE_E_ARGUMENT;
    }
    if (n == 0) {
        return HE_OK;
    }
    strength_job j;
    he_strength_job_init(&j, holes, boards, n, nb, rules, range, out);
    j.err = err;
    j.opponents = opponents;
    j.trials = trials;
    j.seed = seed;
    j.first_row = first_row;
    /* one opponent: scored by class as the exact kernel does; several: ranked deal by deal */
    return he_strength_run(&j, mc_row, opponents == 1 ? 1 : 0, threads, bad_row);
}
