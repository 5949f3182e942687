/* Brute-force equity for the C fuzz targets (fuzz_equity.c, fuzz_equity_short.c): every
 * valid tuple of combos (one a player, no card twice, none of the board's or dead cards)
 * and every completion of the board from the deck's cards, each player's hand ranked by the
 * caller's function; counted by winner mask (weighted too), by player and category, by
 * tuple and by board. */
#ifndef HE_TEST_BRUTE_EQUITY_H
#define HE_TEST_BRUTE_EQUITY_H

#include <stdint.h>
#include <string.h>

#include "holdem_eval.h"

#define BRUTE_NCAT 9

/* Rank (lower is stronger) of the nh cards of hand with the five of board; *cat gets its
 * category 1..9. ctx is the walk's. */
typedef int (*brute_rank_fn)(const void *ctx, const uint8_t *hand, size_t nh,
                             const uint8_t *board, int *cat);

typedef struct {
    size_t np, nh;            /* players, cards a combo */
    const uint8_t *combos;    /* nh cards a combo */
    const uint32_t *offsets;  /* player p's combos: offsets[p] .. offsets[p + 1] - 1 */
    const double *weights;    /* one a combo */
    const uint8_t *board, *dead;
    size_t nb, nd;
    unsigned first_card;      /* the deck's lowest card id (16: the short deck) */
    int boards;               /* 0: count the tuples only (boards too many to walk) */
    brute_rank_fn rank;
    const void *ctx;
} brute_walk;

typedef struct {
    uint64_t wins[1 << HE_EQ_MAX_PLAYERS], hist[HE_EQ_MAX_PLAYERS * BRUTE_NCAT];
    uint64_t deals, games;    /* tuples of combos; tuples times boards */
    double wwins[1 << HE_EQ_MAX_PLAYERS], wsum; /* wsum: summed weight products of deals */
} brute_counts;

static void brute_boards(const brute_walk *e, const uint8_t *const *hands, uint64_t used,
                         uint8_t *b, size_t nb, unsigned start, double w, brute_counts *out)
{
    if (nb == 5) {
        int r[HE_EQ_MAX_PLAYERS], best = 99999;
        for (size_t p = 0; p < e->np; p++) {
            int cat;
            r[p] = e->rank(e->ctx, hands[p], e->nh, b, &cat);
            best = r[p] < best ? r[p] : best;
            out->hist[p * BRUTE_NCAT + (size_t)cat - 1]++;
        }
        size_t mask = 0;
        for (size_t p = 0; p < e->np; p++) {
            mask |= (size_t)(r[p] == best) << p;
        }
        out->wins[mask]++;
        out->wwins[mask] += w;
        out->games++;
        return;
    }
    for (unsigned c = start; c < 52; c++) {
        if (!(used >> c & 1u)) {
            b[nb] = (uint8_t)c;
            brute_boards(e, hands, used | 1ULL << c, b, nb + 1, c + 1, w, out);
        }
    }
}

static void brute_tuples(const brute_walk *e, size_t p, const uint8_t **hands, uint64_t used,
                         double w, brute_counts *out)
{
    if (p == e->np) {
        uint8_t b[5];
        memcpy(b, e->board, e->nb);
        out->deals++;
        out->wsum += w;
        if (e->boards)
            brute_boards(e, hands, used, b, e->nb, e->first_card, w, out);
        return;
    }
    for (uint32_t i = e->offsets[p]; i < e->offsets[p + 1]; i++) {
        const uint8_t *h = e->combos + (size_t)i * e->nh;
        uint64_t m = 0;
        for (size_t j = 0; j < e->nh; j++) {
            m |= 1ULL << h[j];
        }
        if (!(used & m)) {
            hands[p] = h;
            brute_tuples(e, p + 1, hands, used | m, w * e->weights[i], out);
        }
    }
}

/* The counts of the walk e, from zero. */
static void brute_equity(const brute_walk *e, brute_counts *out)
{
    memset(out, 0, sizeof *out);
    uint64_t used = 0;
    for (size_t j = 0; j < e->nb; j++) {
        used |= 1ULL << e->board[j];
    }
    for (size_t j = 0; j < e->nd; j++) {
        used |= 1ULL << e->dead[j];
    }
    const uint8_t *hands[HE_EQ_MAX_PLAYERS];
    brute_tuples(e, 0, hands, used, 1.0, out);
}

#endif
