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
 * (k = 0 .. nplaces - 1, nplaces <= n); prize equity is that matrix times the payouts,
 * which the Python layer forms (holdem_eval/icm.py). Neither kernel keeps state; any
 * thread may call either at any time. */

/* The most players he_icm_exact takes: it holds one double per subset of the players,
 * 2**24 * 8 bytes = 128 MiB at the limit, and does about 2**n * n steps (~0.5 s at 24). */
#define HE_ICM_EXACT_MAX_PLAYERS 24
/* Monte Carlo trials per random stream: block b of a run uses he_rng_seed(seed, b), so a
 * run's result does not depend on how many threads share the blocks. */
#define HE_ICM_MC_BLOCK 4096

#define HE_E_ICM_STACK -200   /* a stack negative, NaN or infinite, or all stacks zero */
#define HE_E_ICM_MEMORY -201  /* the kernel could not allocate its working memory */

/* Exact place probabilities by dynamic programming over the subsets of players: P(the
 * players in places 1..|S| are exactly the set S), pushed from each set to its supersets
 * of one more player. n: 1..HE_ICM_EXACT_MAX_PLAYERS; nplaces: 1..n; places[n * nplaces]
 * is overwritten. Returns HE_OK, HE_E_ARGUMENT (counts), HE_E_ICM_STACK or
 * HE_E_ICM_MEMORY. */
int he_icm_exact(size_t n, const double *stacks, size_t nplaces, double *places);

/* Monte Carlo place counts: `trials` finishing orders of the top nplaces places drawn
 * from the model (players drawn without replacement in proportion to their stacks from a
 * Fenwick tree of the stacks, so a trial costs about nplaces * log2(n) steps). The trials
 * are cut into blocks of HE_ICM_MC_BLOCK; block b draws from he_rng_seed(seed, b). Up to
 * `threads` threads (csrc/pool.c) share the blocks: part t (t < parts, parts =
 * min(threads, blocks)) adds its counts to counts[t * n * nplaces ..], so `counts` holds
 * threads * n * nplaces zeroed uint64 (the parts' sums are the same for every threads).
 * counts[t][i][k] counts the trials in which player i took place k + 1. n >= 1,
 * nplaces 1..n, threads 1..HE_POOL_MAX_PARTS. Returns HE_OK, HE_E_ARGUMENT,
 * HE_E_ICM_STACK or HE_E_ICM_MEMORY. */
int he_icm_mc(size_t n, const double *stacks, size_t nplaces, uint64_t trials, uint64_t seed,
              size_t threads, uint64_t *counts);
