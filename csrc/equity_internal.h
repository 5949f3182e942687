/* Helpers shared by the equity kernels (csrc/equity.c: board enumeration; equity_classes.c:
 * distinct deals; equity_mc.c and equity_mc_tuples.c: Monte Carlo): card checks, outcome
 * counting. Contracts of the kernels are in csrc/api/equity.h. How hands are ranked:
 * csrc/he_eval_internal.h (a hand's key is the sum of its cards' keys, so board and hole
 * keys are pre-summed once and each showdown costs one addition and one table lookup per
 * player). Not part of the Python-visible API. */
#ifndef HE_EQUITY_INTERNAL_H
#define HE_EQUITY_INTERNAL_H

#include "eval_omaha_internal.h"

#define NCAT 9 /* made-hand categories, straight flush .. high card */

/* Category index 0..8 (straight flush .. high card) of a rank 1..7462. */
static inline unsigned cat_index(unsigned r)
{
    return he_rank_category[r] - 1u;
}

/* Board and dead cards: their joint mask, or an error. */
static inline int fixed_cards(const uint8_t *board, size_t nb, const uint8_t *dead, size_t nd,
                              uint64_t *mask)
{
    if (nb > 5 || (nb && board == NULL) || (nd && dead == NULL)) {
        return HE_E_ARGUMENT;
    }
    *mask = 0;
    int st = he_add_mask(board, nb, mask);
    return st != HE_OK ? st : he_add_mask(dead, nd, mask);
}

/* Winners mask of ranks r[0..np) (the players with the best rank), without data-dependent
 * branches: a mispredicted branch at the end of a Monte Carlo trial would expose the whole
 * deal's latency instead of overlapping it with the next trial. */
HE_ALWAYS_INLINE unsigned winners_flat(const unsigned *r, size_t np)
{
    unsigned best = r[0], mask = 0;
    for (size_t p = 1; p < np; p++) {
        best = r[p] < best ? r[p] : best;
    }
    for (size_t p = 0; p < np; p++) {
        mask |= (unsigned)(r[p] == best) << p;
    }
    return mask;
}

/* Adds one game with ranks r[0..np) to the outcome counters wins and hist. */
HE_ALWAYS_INLINE void count_game(const unsigned *r, size_t np, uint64_t *wins, uint64_t *hist)
{
    for (size_t p = 0; p < np; p++) {
        hist[p * NCAT + cat_index(r[p])]++;
    }
    wins[winners_flat(r, np)]++;
}

/* Best Omaha rank of each of np holes on a five-card board b: one game for count_game.
 * Omaha hands are ranked by he_omaha_best (eval_omaha_internal.h): the board's row of the
 * direct table found once, one load per hole pair, flushes only in a suit the board allows. */
static inline void omaha_game(const he_omaha_hole *holes, size_t np, const uint8_t *b,
                              uint64_t *wins, uint64_t *hist)
{
    he_omaha_board board;
    he_omaha_board_init(&board, b, 5);
    unsigned r[HE_EQ_MAX_PLAYERS];
    for (size_t p = 0; p < np; p++) {
        r[p] = he_omaha_best(&holes[p], &board);
    }
    count_game(r, np, wins, hist);
}

#endif
