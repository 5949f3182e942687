/* The Independent Chip Model kernels of api/icm.h: exact place probabilities by dynamic
 * programming over subsets, and seeded, threaded Monte Carlo for large fields. */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "holdem_eval.h"
#include "equity_mc_internal.h"

/* One row of stacks: finite and >= 0 with a positive, finite sum. *bad_index receives the
 * bad stack's index; *positive (when OK) the count of players with chips. */
static int check_stacks(size_t n, const double *stacks, size_t *bad_index, size_t *positive)
{
    double total = 0.0;
    size_t pos = 0;
    for (size_t i = 0; i < n; i++) {
        double s = stacks[i];
        if (!isfinite(s) || s < 0.0) {
            *bad_index = i;
            return HE_E_ICM_STACK;
        }
        if (s > 0.0) {
            pos++;
        }
        total += s;
    }
    *bad_index = 0;
    if (!(total > 0.0)) {
        return HE_E_ICM_STACKS_ZERO;
    }
    if (!isfinite(total)) {
        return HE_E_ICM_STACKS_SUM;
    }
    *positive = pos;
    return HE_OK;
}

int he_icm_check(size_t rows, size_t n, const double *stacks, size_t npay, const double *payouts,
                 size_t *bad)
{
    if (n < 1 || npay < 1 || rows > SIZE_MAX / n || !stacks || !payouts || !bad) {
        return HE_E_ARGUMENT;
    }
    size_t positive;
    for (size_t r = 0; r < rows; r++) {
        int st = check_stacks(n, stacks + r * n, &bad[1], &positive);
        if (st != HE_OK) {
            bad[0] = r;
            return st;
        }
    }
    bad[0] = 0;
    for (size_t k = 0; k < npay; k++) {
        double p = payouts[k];
        bad[1] = k;
        if (!isfinite(p) || p < 0.0) {
            return HE_E_ICM_PAYOUT;
        }
        if (k > 0 && p > payouts[k - 1]) {
            return HE_E_ICM_PAYOUT_RISE;
        }
    }
    bad[1] = 0;
    return HE_OK;
}

/* A player's stack with its index: tie_average sorts these to find equal stacks. */
typedef struct {
    double stack;
    size_t player;
} keyed;

static int keyed_cmp(const void *pa, const void *pb)
{
    const keyed *a = pa, *b = pb;
    if (a->stack != b->stack) {
        return a->stack < b->stack ? -1 : 1;
    }
    return a->player < b->player ? -1 : a->player > b->player;
}

/* he_icm_tie_average with the caller's scratch of n keyed. */
static void tie_average(size_t n, const double *stacks, size_t ncols, double *matrix, keyed *key)
{
    for (size_t i = 0; i < n; i++) {
        key[i].stack = stacks[i];
        key[i].player = i;
    }
    if (n <= 32) { /* insertion sort: a few dozen steps for a table's players */
        for (size_t i = 1; i < n; i++) {
            keyed k = key[i];
            size_t j = i;
            for (; j > 0 && keyed_cmp(&key[j - 1], &k) > 0; j--) {
                key[j] = key[j - 1];
            }
            key[j] = k;
        }
    } else {
        qsort(key, n, sizeof *key, keyed_cmp);
    }
    for (size_t lo = 0, hi; lo < n; lo = hi) {
        for (hi = lo + 1; hi < n && key[hi].stack == key[lo].stack; hi++) {
        }
        if (hi - lo == 1) {
            continue;
        }
        for (size_t c = 0; c < ncols; c++) { /* summed in player order */
            double sum = matrix[key[lo].player * ncols + c];
            for (size_t g = lo + 1; g < hi; g++) {
                sum += matrix[key[g].player * ncols + c];
            }
            double mean = sum / (double)(hi - lo);
            for (size_t g = lo; g < hi; g++) {
                matrix[key[g].player * ncols + c] = mean;
            }
        }
    }
}

int he_icm_tie_average(size_t n, const double *stacks, size_t ncols, double *matrix)
{
    if (n < 1 || ncols < 1 || n > SIZE_MAX / sizeof(keyed) || !stacks || !matrix) {
        return HE_E_ARGUMENT;
    }
    keyed *key = malloc(n * sizeof *key);
    if (!key) {
        return HE_E_ICM_MEMORY;
    }
    tie_average(n, stacks, ncols, matrix, key);
    free(key);
    return HE_OK;
}

/* ------------------------------------------------------------------------ exact */

/* Players whose subset sums exact_places tabulates: 2**SUM_BITS doubles (8 KiB). */
#define SUM_BITS 10

/* Place probabilities of one row of n checked stacks, place-major: by_place[k * n + j] is
 * the probability that player j finishes in place k + 1 (k < nplaces), overwritten.
 * reach: 2**n doubles, all zero on entry, all zero again on return (each set's entry is
 * cleared as it is read), so a batch zeroes it once. low_sums: 2**min(n, SUM_BITS) doubles
 * of scratch. The sets of k players are visited level by level in increasing order
 * (Gosper's next-combination step), which adds every term in the same order as one
 * increasing pass over all 2**n sets would. */
static void exact_places(size_t n, const double *stacks, size_t nplaces, double *by_place,
                         double *reach, double *low_sums)
{
    uint32_t all = ((uint32_t)1 << n) - 1;
    uint32_t chips = 0; /* the players with chips */
    for (size_t j = 0; j < n; j++) {
        if (stacks[j] > 0.0) {
            chips |= (uint32_t)1 << j;
        }
    }
    /* low_sums[m]: the stacks of the players in m (of the first low_bits) summed in player
     * order, each from the sum without its highest player. Worth its 2**low_bits steps
     * when most sets are visited (many places paid); else low_bits = 0 and every sum runs
     * over the players left. */
    size_t low_bits = 2 * nplaces <= n ? 0 : n < SUM_BITS ? n : SUM_BITS;
    uint32_t low = ((uint32_t)1 << low_bits) - 1;
    low_sums[0] = 0.0;
    for (uint32_t m = 1, top = 0; m <= low; m++) {
        top += m >> (top + 1); /* m's highest player */
        low_sums[m] = low_sums[m ^ ((uint32_t)1 << top)] + stacks[top];
    }
    memset(by_place, 0, n * nplaces * sizeof *by_place);
    reach[0] = 1.0;
    for (size_t k = 0; k < nplaces; k++) {
        double *col = by_place + k * n;
        int push = k + 1 < nplaces;
        uint32_t mask = ((uint32_t)1 << k) - 1; /* the smallest set of k players */
        for (;;) {
            double p = reach[mask];
            reach[mask] = 0.0;
            /* p == 0: never reached, a zero stack placed above a player with chips */
            if (p != 0.0) {
                uint32_t left = all & ~mask;
                uint32_t live = left & chips;
                if (live) {
                    /* the remaining stacks summed directly (not total - placed), in player
                     * order: no cancellation (the zero stacks left add nothing) */
                    double rem = low_sums[live & low];
                    for (uint32_t m = live & ~low; m; m &= m - 1) {
                        rem += stacks[he_ctz64(m)];
                    }
                    double f = p / rem;
                    if (push) {
                        for (uint32_t m = live; m; m &= m - 1) {
                            unsigned j = he_ctz64(m);
                            double q = f * stacks[j];
                            col[j] += q;
                            reach[mask | ((uint32_t)1 << j)] += q;
                        }
                    } else {
                        for (uint32_t m = live; m; m &= m - 1) {
                            unsigned j = he_ctz64(m);
                            col[j] += f * stacks[j];
                        }
                    }
                } else { /* only zero stacks left: every order of them equally likely */
                    double q = p / (double)he_popcount_portable(left);
                    for (uint32_t m = left; m; m &= m - 1) {
                        unsigned j = he_ctz64(m);
                        col[j] += q;
                        if (push) {
                            reach[mask | ((uint32_t)1 << j)] += q;
                        }
                    }
                }
            }
            if (k == 0) {
                break;
            }
            /* the next larger set of k players: move the lowest run of ones up by one */
            uint32_t lowest = mask & (~mask + 1);
            uint32_t ripple = mask + lowest;
            if (ripple > all) {
                break;
            }
            mask = ripple | (((ripple ^ mask) >> 2) >> he_ctz64(mask));
        }
    }
}

/* Sets of players up to which the exact kernel keeps its tables on the stack (8 KiB). */
#define LOCAL_REACH ((size_t)1 << 10)

int he_icm_exact(size_t rows, size_t n, const double *stacks, size_t npay, const double *payouts,
                 double *equity, double *places, size_t *bad)
{
    if (n > HE_ICM_EXACT_MAX_PLAYERS) {
        return HE_E_ARGUMENT;
    }
    int st = he_icm_check(rows, n, stacks, npay, payouts, bad);
    if (st != HE_OK || rows == 0) {
        return st;
    }
    size_t np = npay < n ? npay : n;
    size_t sets = (size_t)1 << n;
    size_t sums = (size_t)1 << (n < SUM_BITS ? n : SUM_BITS);
    size_t cells = n * np;
    /* reach (sets), low_sums (sums), the place-major and player-major matrices (cells each) */
    double local[LOCAL_REACH + ((size_t)1 << SUM_BITS) + 2 * 10 * 10];
    keyed key[HE_ICM_EXACT_MAX_PLAYERS];
    double *reach = local;
    if (sets > LOCAL_REACH) {
        reach = calloc(sets + sums + 2 * cells, sizeof *reach);
        if (!reach) {
            return HE_E_ICM_MEMORY;
        }
    } else {
        memset(local, 0, sets * sizeof *local);
    }
    double *low_sums = reach + sets;
    double *by_place = low_sums + sums;
    double *by_player = by_place + cells;
    for (size_t r = 0; r < rows; r++) {
        const double *s = stacks + r * n;
        exact_places(n, s, np, by_place, reach, low_sums);
        for (size_t i = 0; i < n; i++) {
            for (size_t k = 0; k < np; k++) {
                by_player[i * np + k] = by_place[k * n + i];
            }
        }
        tie_average(n, s, np, by_player, key);
        if (places) {
            memcpy(places + r * cells, by_player, cells * sizeof *places);
        }
        if (equity) {
            for (size_t i = 0; i < n; i++) {
                double e = 0.0;
                for (size_t k = 0; k < np; k++) {
                    e += by_player[i * np + k] * payouts[k];
                }
                equity[r * n + i] = e;
            }
        }
    }
    if (reach != local) {
        free(reach);
    }
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
    size_t positive, bad_index;
    int st = check_stacks(n, stacks, &bad_index, &positive);
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
