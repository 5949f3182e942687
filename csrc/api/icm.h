/* Independent Chip Model (Malmuth-Harville): finishing-place probabilities from stacks.
 * Guard-free: cffi's cdef reads this file.
 *
 * The model: the chance that player i finishes first is stacks[i] / (sum of the stacks);
 * given the players already placed, the next place goes to a remaining player with
 * probability proportional to its stack among the remaining stacks. A player with a zero
 * stack finishes below every player with chips; when only zero stacks remain, each order
 * of them is equally likely. Stacks are finite doubles >= 0 with a positive sum.
 *
 * places[i * nplaces + k] is the probability that player i finishes in place k + 1
 * (k = 0 .. nplaces - 1, nplaces <= n); prize equity is that matrix times the payouts
 * (he_icm_exact forms it; holdem_eval/icm.py does for Monte Carlo counts). No kernel keeps
 * state; any thread may call any of them at any time. */

/* The most players he_icm_exact takes: it holds one double per subset of the players,
 * 2**24 * 8 bytes = 128 MiB at the limit, and does about 2**n * n steps (~0.5 s at 24). */
#define HE_ICM_EXACT_MAX_PLAYERS 24
/* Monte Carlo trials per random stream: block b of a run uses he_rng_seed(seed, b), so a
 * run's result does not depend on how many threads share the blocks. */
#define HE_ICM_MC_BLOCK 4096

#define HE_E_ICM_STACK -200         /* a stack negative, NaN or infinite */
#define HE_E_ICM_MEMORY -201        /* the kernel could not allocate its working memory */
#define HE_E_ICM_STACKS_ZERO -202   /* every stack of a row zero */
#define HE_E_ICM_STACKS_SUM -203    /* the stacks of a row sum to more than a double holds */
#define HE_E_ICM_PAYOUT -204        /* a payout negative, NaN or infinite */
#define HE_E_ICM_PAYOUT_RISE -205   /* a payout above the one before it */

/* Checks `rows` rows of n stacks (stacks[r * n + i]) and one list of npay payouts, in that
 * order: stacks finite and >= 0 with a positive, finite sum in each row; payouts finite,
 * >= 0 and non-increasing. On failure bad[0] receives the row (0 for a payout) and bad[1]
 * the stack's or payout's index (0 for a row's sum). rows may be 0; n, npay >= 1. Returns
 * HE_OK, HE_E_ARGUMENT (counts or pointers), HE_E_ICM_STACK, HE_E_ICM_STACKS_ZERO,
 * HE_E_ICM_STACKS_SUM, HE_E_ICM_PAYOUT or HE_E_ICM_PAYOUT_RISE. */
int he_icm_check(size_t rows, size_t n, const double *stacks, size_t npay, const double *payouts,
                 size_t *bad);

/* Exact prize equity of `rows` rows of n players (stacks[r * n + i]) by dynamic programming
 * over the subsets of players: P(the players in places 1..|S| are exactly the set S),
 * pushed from each set of k players to its supersets of k + 1 (sets of k < nplaces players
 * only, nplaces = min(npay, n), so few paid places cost little whatever n is). The rows of
 * players with equal stacks are then averaged (he_icm_tie_average) and
 * equity[r * n + i] = sum over k < nplaces of places[i][k] * payouts[k]; payouts beyond
 * the n-th are not paid. `places` is NULL or receives rows * n * nplaces probabilities
 * (places[(r * n + i) * nplaces + k]: player i of row r finishes in place k + 1); `equity`
 * may be NULL too. Everything is checked first, as he_icm_check (same statuses, same `bad`);
 * nothing is written then. rows >= 0, n 1..HE_ICM_EXACT_MAX_PLAYERS, npay >= 1. Returns
 * HE_OK, one of he_icm_check's statuses or HE_E_ICM_MEMORY. */
int he_icm_exact(size_t rows, size_t n, const double *stacks, size_t npay, const double *payouts,
                 double *equity, double *places, size_t *bad);

/* The model is symmetric: rows of `matrix` (n rows of ncols doubles) that belong to players
 * with equal stacks are replaced by their mean (summed in player order), which removes
 * rounding and Monte Carlo noise between them. Returns HE_OK or HE_E_ARGUMENT. */
int he_icm_tie_average(size_t n, const double *stacks, size_t ncols, double *matrix);

/* Monte Carlo place counts: `trials` finishing orders of the top nplaces places drawn
 * from the model (players drawn without replacement in proportion to their stacks from a
 * Fenwick tree of the stacks, so a trial costs about nplaces * log2(n) steps). The trials
 * are cut into blocks of HE_ICM_MC_BLOCK; block b draws from he_rng_seed(seed, b). Up to
 * `threads` threads (csrc/pool.c) share the blocks: part t (t < parts, parts =
 * min(threads, blocks)) adds its counts to counts[t * n * nplaces ..], so `counts` holds
 * threads * n * nplaces zeroed uint64 (the parts' sums are the same for every threads).
 * counts[t][i][k] counts the trials in which player i took place k + 1. n >= 1,
 * nplaces 1..n, threads 1..HE_POOL_MAX_PARTS. Returns HE_OK, HE_E_ARGUMENT, one of
 * he_icm_check's stack statuses or HE_E_ICM_MEMORY. Counts are raw: ties not averaged. */
int he_icm_mc(size_t n, const double *stacks, size_t nplaces, uint64_t trials, uint64_t seed,
              size_t threads, uint64_t *counts);
