/* The equity kernels with every input as its own argument, for the C tests' many calls
 * (test_equity.c, fuzz_equity.c): each builds the he_eq_known / he_eq_players /
 * he_eq_counts structs of api/equity.h and calls the kernel. */
#ifndef HE_TEST_EQUITY_CALLS_H
#define HE_TEST_EQUITY_CALLS_H

#include "holdem_eval.h"

static inline int eq_classes(size_t np, const uint8_t *combos, const uint32_t *offsets,
                             const double *weights, const uint8_t *board, size_t nb,
                             const uint8_t *dead, size_t nd, size_t cap, uint8_t *reps,
                             uint64_t *mult, double *weight, uint64_t *deals)
{
    he_eq_players p = {np, 2, combos, offsets, weights, NULL, NULL};
    he_eq_known k = {board, nb, dead, nd};
    return he_equity_classes(&p, &k, cap, reps, mult, weight, deals);
}

static inline int eq_enum(size_t np, const uint8_t *reps, size_t nreps, const uint64_t *mult,
                          const double *weight, const uint8_t *board, size_t nb,
                          const uint8_t *dead, size_t nd, size_t part, size_t nparts,
                          uint64_t *wins, uint64_t *hist, double *wwins, double *whist)
{
    he_eq_known k = {board, nb, dead, nd};
    he_eq_counts c = {wins, hist, wwins, whist};
    return he_equity_enum(np, reps, nreps, mult, weight, &k, part, nparts, &c);
}

static inline int eq_exact(size_t np, const uint8_t *combos, const uint32_t *offsets,
                           const double *weights, const uint8_t *board, size_t nb,
                           const uint8_t *dead, size_t nd, size_t cap, uint64_t *wins,
                           uint64_t *hist, double *wwins, double *whist, uint64_t *deals)
{
    he_eq_players p = {np, 2, combos, offsets, weights, NULL, NULL};
    he_eq_known k = {board, nb, dead, nd};
    he_eq_counts c = {wins, hist, wwins, whist};
    return he_equity_exact(&p, &k, cap, &c, deals);
}

static inline int eq_enum_omaha(size_t np, size_t nh, const uint8_t *holes,
                                const uint8_t *board, size_t nb, const uint8_t *dead,
                                size_t nd, size_t part, size_t nparts, uint64_t *wins,
                                uint64_t *hist)
{
    he_eq_known k = {board, nb, dead, nd};
    he_eq_counts c = {wins, hist, NULL, NULL};
    return he_equity_enum_omaha(np, nh, holes, &k, part, nparts, &c);
}

static inline int eq_mc(size_t np, size_t nh, const uint8_t *combos, const uint32_t *offsets,
                        const uint32_t *alias, const uint64_t *thresh, const uint8_t *board,
                        size_t nb, const uint8_t *dead, size_t nd, uint64_t trials,
                        uint64_t *state, uint64_t *wins, uint64_t *hist)
{
    he_eq_players p = {np, nh, combos, offsets, NULL, alias, thresh};
    he_eq_known k = {board, nb, dead, nd};
    he_eq_counts c = {wins, hist, NULL, NULL};
    return he_equity_mc(&p, &k, trials, state, &c);
}

#endif
