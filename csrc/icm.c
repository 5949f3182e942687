/* The Independent Chip Model kernels of api/icm.h: exact place probabilities by dynamic
 * programming over subsets, and seeded, threaded Monte Carlo for large fields. */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "holdem_eval.h"
#include "equity_mc_internal.h"

/* Stacks must be finite and >= 0 with a positive sum. *positive receives the count of
 * players with chips. */
static int check_stacks(size_t n, const double *stacks, size_t *positive)
{
    double total = 0.0;
    size_t pos = 0;
    for (size_t i = 0; i < n; i++) {
        double s = stacks[i];
        if (!isfinite(s) || s < 0.0) {
            return HE_E_ICM_STACK;
        }
        if (s > 0.0) {
            pos++;
        }
        total += s;
    }
    if (!(total > 0.0) || !isfinite(total)) {
        return HE_E_ICM_STACK;
    }
    *positive = pos;
    return HE_OK;
}

/* ------------------------------------------------------------------------ exact */

int he_icm_exact(size_t n, const double *stacks, size_t nplaces, double *places)
{
    if (n < 1 || n > HE_ICM_EXACT_MAX_PLAYERS || nplaces < 1 || nplaces > n || !stacks || !places) {
        return HE_E_ARGUMENT;
    }
    size_t positive;
    int st = check_stacks(n, stacks, &positive);
    if (st != HE_OK) {
        return st;
    }
    uint32_t full = (uint32_t)1 << n;
    uint32_t all = full - 1;
    /* reach[S]: probability that the players in places 1..|S| are exactly the set S. */
    double *reach = calloc(full, sizeof *reach);
    if (!reach) {
        return HE_E_ICM_MEMORY;
    }
    memset(places, 0, n * nplaces * sizeof *places);
    reach[0] = 1.0;
    for (uint32_t mask = 0; mask < full; mask++) {
        double p = reach[mask];
        if (p == 0.0) {
            continue; /* never reached: a zero stack placed above a player with chips */
        }
        size_t k = (size_t)he_popcount_portable(mask);
        if (k >= nplaces) {
            continue;
        }
        uint32_t left = all & ~mask;
        /* the remaining stacks summed directly (not total - placed): no cancellation */
        double rem = 0.0;
        for (uint32_t m = left; m; m &= m - 1) {
            rem += stacks[he_ctz64(m)];
        }
        int push = k + 1 < nplaces;
        if (rem > 0.0) {
            double f = p / rem;
            for (uint32_t m = left; m; m &= m - 1) {
                unsigned j = he_ctz64(m);
                if (stacks[j] > 0.0) {
                    double q = f * stacks[j];
                    places[j * nplaces + k] += q;
                    if (push) {
                        reach[mask | ((uint32_t)1 << j)] += q;
                    }
                }
            }
        } else { /* only zero stacks left: every order of them equally likely */
            double q = p / (double)he_popcount_portable(left);
            for (uint32_t m = left; m; m &= m - 1) {
                unsigned j = he_ctz64(m);
                places[j * nplaces + k] += q;
                if (push) {
                    reach[mask | ((uint32_t)1 << j)] += q;
                }
            }
        }
    }
    free(reach);
    return HE_OK;
}

/* ------------------------------------------------------------------- Monte Carlo */

typedef struct {
    size_t n, nplaces, positive, nzero, parts;
    uint64_t trials, seed, blocks;
    const double *stacks;
    const double *tree0;  /* Fenwick tree of the stacks, 1-based: tree0[1..n] */
    const size_t *zeros;  /* the players with zero stacks */
    double *scratch;      /* per part: a tree (n + 1 doubles) */
    size_t *iscratch;     /* per part: picks (nplaces) and a copy of zeros (nzero) */
    uint8_t *taken;       /* per part: n flags */
    uint64_t *counts;
} mc_job;

static size_t high_bit(size_t n)
{
    size_t b = 1;
    while (b <= n / 2) {
        b <<= 1;
    }
    return b;
}

/* Uniform double in [0, 1): the top 53 bits of one draw. */
static inline double unit(uint64_t *s)
{
    return (double)(rng_next(s) >> 11) * 0x1p-53;
}

/* A remaining player drawn in proportion to its stack by a linear scan: the fallback for
 * the rare draw that rounding sends past the tree's last player or onto a placed one. */
static size_t draw_linear(const mc_job *job, const uint8_t *taken, uint64_t *s)
{
    double rem = 0.0;
    size_t last = 0;
    for (size_t i = 0; i < job->n; i++) {
        if (!taken[i] && job->stacks[i] > 0.0) {
            rem += job->stacks[i];
            last = i;
        }
    }
    double u = unit(s) * rem;
    for (size_t i = 0; i < job->n; i++) {
        if (!taken[i] && job->stacks[i] > 0.0) {
            if (u < job->stacks[i]) {
                return i;
            }
            u -= job->stacks[i];
        }
    }
    return last;
}

static void mc_part(void *ctx, size_t part)
{
    mc_job *job = ctx;
    size_t n = job->n, np = job->nplaces;
    double *tree = job->scratch + part * (n + 1);
    size_t *picks = job->iscratch + part * (np + job->nzero);
    size_t *zbuf = picks + np;
    uint8_t *taken = job->taken + part * n;
    uint64_t *counts = job->counts + part * n * np;
    size_t top = high_bit(n);
    size_t kpos = np < job->positive ? np : job->positive;
    uint64_t state[4];

    for (uint64_t b = part; b < job->blocks; b += job->parts) {
        he_rng_seed(job->seed, b, state);
        uint64_t lo = b * HE_ICM_MC_BLOCK;
        uint64_t hi = lo + HE_ICM_MC_BLOCK < job->trials ? lo + HE_ICM_MC_BLOCK : job->trials;
        for (uint64_t t = lo; t < hi; t++) {
            memcpy(tree, job->tree0, (n + 1) * sizeof *tree);
            for (size_t k = 0; k < kpos; k++) {
                double rem = 0.0;
                for (size_t i = n; i; i &= i - 1) {
                    rem += tree[i];
                }
                double u = unit(state) * rem;
                size_t pos = 0;
                for (size_t step = top; step; step >>= 1) {
                    if (pos + step <= n && tree[pos + step] <= u) {
                        pos += step;
                        u -= tree[pos];
                    }
                }
                if (pos >= n || taken[pos]) {
                    pos = draw_linear(job, taken, state);
                }
                taken[pos] = 1;
                picks[k] = pos;
                counts[pos * np + k]++;
                double w = job->stacks[pos];
                for (size_t i = pos + 1; i <= n; i += i & (~i + 1)) {
                    tree[i] -= w;
                }
            }
            if (np > kpos) { /* places below every player with chips: zero stacks, at random */
                memcpy(zbuf, job->zeros, job->nzero * sizeof *zbuf);
                for (size_t k = kpos; k < np; k++) {
                    size_t r = k - kpos;
                    size_t left = job->nzero - r;
                    size_t j = r + (size_t)((double)left * unit(state));
                    if (j >= job->nzero) {
                        j = job->nzero - 1;
                    }
                    size_t tmp = zbuf[r];
                    zbuf[r] = zbuf[j];
                    zbuf[j] = tmp;
                    counts[zbuf[r] * np + k]++;
                }
            }
            for (size_t k = 0; k < kpos; k++) {
                taken[picks[k]] = 0;
            }
        }
    }
}

int he_icm_mc(size_t n, const double *stacks, size_t nplaces, uint64_t trials, uint64_t seed,
              size_t threads, uint64_t *counts)
{
    if (n < 1 || nplaces < 1 || nplaces > n || threads < 1 || threads > HE_POOL_MAX_PARTS
        || !stacks || !counts || n > SIZE_MAX / 64 / HE_POOL_MAX_PARTS) {
        return HE_E_ARGUMENT;
    }
    size_t positive;
    int st = check_stacks(n, stacks, &positive);
    if (st != HE_OK) {
        return st;
    }
    if (trials == 0) {
        return HE_OK;
    }
    uint64_t blocks = (trials - 1) / HE_ICM_MC_BLOCK + 1;
    size_t parts = blocks < threads ? (size_t)blocks : threads;
    size_t nzero = n - positive;
    double *tree0 = calloc((n + 1) * (parts + 1), sizeof *tree0);
    size_t *ibuf = malloc((nzero + (nplaces + nzero) * parts + 1) * sizeof *ibuf);
    uint8_t *taken = calloc(n * parts, 1);
    if (!tree0 || !ibuf || !taken) {
        free(tree0);
        free(ibuf);
        free(taken);
        return HE_E_ICM_MEMORY;
    }
    /* Fenwick tree in O(n): each node passes its sum to its parent. */
    for (size_t i = 1; i <= n; i++) {
        tree0[i] += stacks[i - 1];
        size_t parent = i + (i & (~i + 1));
        if (parent <= n) {
            tree0[parent] += tree0[i];
        }
    }
    size_t z = 0;
    for (size_t i = 0; i < n; i++) {
        if (stacks[i] == 0.0) {
            ibuf[z++] = i;
        }
    }
    mc_job job = {
        .n = n, .nplaces = nplaces, .positive = positive, .nzero = nzero, .parts = parts,
        .trials = trials, .seed = seed, .blocks = blocks, .stacks = stacks, .tree0 = tree0,
        .zeros = ibuf, .scratch = tree0 + (n + 1), .iscratch = ibuf + nzero, .taken = taken,
        .counts = counts,
    };
    he_pool_run(mc_part, &job, parts, parts);
    free(tree0);
    free(ibuf);
    free(taken);
    return HE_OK;
}
