/* Hi-lo equity (he_equity_hilo, api/eval_low.h): exact enumeration of the board's
 * completions or Monte Carlo deals; each deal's pot split high / low as settlement splits
 * it (csrc/settle.c), counted in whole units of 1 / HE_HILO_POT of the pot. */
#include <string.h>

#include "equity_mc_internal.h"
#include "eval_low_internal.h"

#define MAXP HE_EQ_MAX_PLAYERS

/* What every deal of one call shares: the game and the players' fixed parts. */
typedef struct {
    const he_variant *v;
    size_t np, nh;
    unsigned hole_low[MAXP]; /* low bits of each player's hole (exact players) */
    const he_hilo_counts *out;
} hilo_game;

/* The high rank of one hand (cards checked before). */
static unsigned high_of(const hilo_game *g, const uint8_t *hole, const uint8_t *board)
{
    if (g->v->hole_used == 2) {
        uint16_t r = 0;
        size_t bad;
        he_eval_omaha_batch(hole, 1, g->nh, board, 5, 0, &r, &bad);
        return r;
    }
    uint8_t cards[7];
    memcpy(cards, hole, g->nh);
    memcpy(cards + g->nh, board, 5);
    return (unsigned)he_eval_hand(cards, g->nh + 5);
}

/* Scores one deal: holes[np * nh] (every player's cards), board[5]. */
static void score(const hilo_game *g, const uint8_t *holes, const unsigned *hole_low,
                  const uint8_t *board)
{
    unsigned bmask = 0, high[MAXP], low[MAXP], best_high = 0xFFFFu, best_low = 0xFFFFu;
    for (size_t k = 0; k < 5; k++) {
        bmask |= he_low_bit(board[k]);
    }
    for (size_t p = 0; p < g->np; p++) {
        high[p] = high_of(g, holes + p * g->nh, board);
        low[p] = g->v->hole_used == 2 ? he_low_two_three(hole_low[p], bmask)
                                      : he_low_any_five(hole_low[p] | bmask);
        best_high = high[p] < best_high ? high[p] : best_high;
        best_low = (low[p] && low[p] < best_low) ? low[p] : best_low;
    }
    unsigned nhigh = 0, nlow = 0;
    for (size_t p = 0; p < g->np; p++) {
        nhigh += high[p] == best_high;
        nlow += low[p] == best_low;
    }
    const he_hilo_counts *out = g->out;
    uint64_t high_units = nlow ? HE_HILO_POT / 2 / nhigh : HE_HILO_POT / nhigh;
    uint64_t low_units = nlow ? HE_HILO_POT / 2 / nlow : 0;
    size_t mask = 0;
    for (size_t p = 0; p < g->np; p++) {
        int wins_high = high[p] == best_high, wins_low = nlow && low[p] == best_low;
        uint64_t units = (wins_high ? high_units : 0) + (wins_low ? low_units : 0);
        mask |= (size_t)(units != 0) << p;
        out->share[p] += units;
        out->share_sq[p] += units * units;
        out->hist[p * 9 + he_rank_category[high[p]] - 1]++;
        out->high[p] += (uint64_t)wins_high;
        out->low[p] += (uint64_t)wins_low;
        out->scoop[p] += (uint64_t)(wins_high && nhigh == 1 && (!nlow || (wins_low && nlow == 1)));
    }
    out->winners[mask]++;
    out->no_low[0] += nlow == 0;
    out->deals[0]++;
}

/* Every completion of board[0 .. nb) from deck[from .. m): k more cards. */
static void enumerate(const hilo_game *g, const uint8_t *holes, uint8_t *board, size_t nb,
                      const uint8_t *deck, size_t m, size_t from, size_t part, size_t nparts)
{
    if (nb == 5) {
        score(g, holes, g->hole_low, board);
        return;
    }
    for (size_t i = from; i < m; i++) {
        if (part != SIZE_MAX && i % nparts != part) {
            continue; /* the first added card decides which call deals it */
        }
        board[nb] = deck[i];
        enumerate(g, holes, board, nb + 1, deck, m, i + 1, SIZE_MAX, nparts);
    }
}

int he_equity_hilo(size_t variant, size_t np, size_t nh, const uint8_t *holes,
                   const he_eq_known *known, uint64_t trials, uint64_t *state, size_t part,
                   size_t nparts, const he_hilo_counts *out)
{
    const he_variant *v = he_variant_info(variant);
    if (v == NULL || v->low == 0 || np < 2 || np > MAXP || nh < (size_t)v->hole_min
        || nh > (size_t)v->hole_max || holes == NULL || known == NULL || out == NULL
        || known->nb > 5 || (known->nb && known->board == NULL)
        || (known->nd && known->dead == NULL) || out->share == NULL || out->scoop == NULL
        || out->high == NULL || out->low == NULL || out->no_low == NULL || out->deals == NULL
        || out->share_sq == NULL || out->winners == NULL || out->hist == NULL
        || (trials == 0 && (nparts == 0 || part >= nparts)) || (trials && state == NULL)) {
        return HE_E_ARGUMENT;
    }
    hilo_game g = {v, np, nh, {0}, out};
    uint64_t used = 0;
    size_t random_players = 0;
    uint8_t board[5];
    for (size_t k = 0; k < known->nb + known->nd; k++) {
        unsigned c = k < known->nb ? known->board[k] : known->dead[k - known->nb];
        if (c >= HE_NCARDS) {
            return HE_E_CARD_RANGE;
        }
        if (used >> c & 1u) {
            return HE_E_DUPLICATE;
        }
        used |= (uint64_t)1 << c;
        if (k < known->nb) {
            board[k] = (uint8_t)c;
        }
    }
    int is_random[MAXP];
    for (size_t p = 0; p < np; p++) {
        const uint8_t *hole = holes + p * nh;
        is_random[p] = hole[0] == HE_NO_CARD;
        random_players += (size_t)is_random[p];
        for (size_t j = 0; j < nh; j++) {
            unsigned c = hole[j];
            if (is_random[p]) {
                if (c != HE_NO_CARD) {
                    return HE_E_ARGUMENT; /* a random player's row is all HE_NO_CARD */
                }
                continue;
            }
            if (c >= HE_NCARDS) {
                return HE_E_CARD_RANGE;
            }
            if (used >> c & 1u) {
                return HE_E_DUPLICATE;
            }
            used |= (uint64_t)1 << c;
            g.hole_low[p] |= he_low_bit(c);
        }
    }
    uint8_t deck[HE_NCARDS];
    size_t m = 0;
    for (unsigned c = 0; c < HE_NCARDS; c++) {
        if (!(used >> c & 1u)) {
            deck[m++] = (uint8_t)c;
        }
    }
    if (m < random_players * nh + 5 - known->nb) {
        return HE_E_NO_DEAL;
    }
    if (trials == 0) {
        if (random_players) {
            return HE_E_ARGUMENT; /* exact equity deals the board only */
        }
        if (known->nb == 5 && part != 0) {
            return HE_OK; /* one deal: the first call scores it */
        }
        enumerate(&g, holes, board, known->nb, deck, m, 0, known->nb == 5 ? SIZE_MAX : part,
                  nparts);
        return HE_OK;
    }
    uint8_t dealt[MAXP * 6];
    unsigned hole_low[MAXP];
    memcpy(dealt, holes, np * nh);
    u32_src src = {state, 0, 0};
    for (uint64_t t = 0; t < trials; t++) {
        uint32_t k = 0;
        uint64_t taken = 0;
        for (size_t p = 0; p < np; p++) {
            hole_low[p] = g.hole_low[p];
            if (!is_random[p]) {
                continue;
            }
            for (size_t j = 0; j < nh; j++) {
                unsigned c = deal_card(&src, deck, (uint32_t)m, k++, &taken);
                dealt[p * nh + j] = (uint8_t)c;
                hole_low[p] |= he_low_bit(c);
            }
        }
        for (size_t j = known->nb; j < 5; j++) {
            board[j] = (uint8_t)deal_card(&src, deck, (uint32_t)m, k++, &taken);
        }
        score(&g, dealt, hole_low, board);
    }
    return HE_OK;
}
