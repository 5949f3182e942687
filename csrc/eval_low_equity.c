/* Hi-lo equity (he_equity_hilo, api/eval_low.h): exact enumeration of every tuple of the
 * players' combos and every completion of the board, or Monte Carlo deals whose range
 * combos are drawn as he_equity_mc draws them (mc_setup, draw_tuple: equity_mc_internal.h);
 * each deal's pot split high / low as settlement splits it (csrc/settle.c), counted in
 * whole units of 1 / HE_HILO_POT of the pot. */
#include <string.h>

#include "equity_mc_internal.h"
#include "eval_low_internal.h"

#define MAXP HE_EQ_MAX_PLAYERS
#define MAXH 6 /* the most hole cards of a hi-lo row (he_variant.hole_max) */

/* One call's game and the players' current hands, ready to rank on any board. */
typedef struct {
    size_t np, nh;
    int omaha;                      /* two hole and three board cards (else best five) */
    int weighted;                   /* exact with weights: the w* counters too */
    const he_hilo_counts *out;
    uint8_t cards[MAXP][MAXH];      /* each player's hole cards (he_omaha_hole points here) */
    unsigned hole_low[MAXP];        /* their low bits (he_low_bit) */
    he_acc hole[MAXP];              /* Hold'em: the two cards summed */
    he_omaha_hole oh[MAXP];         /* Omaha: pairs and suits */
} hilo_game;

/* Player p now holds cards[0 .. nh) (valid: checked by mc_setup or dealt). */
static void set_hole(hilo_game *g, size_t p, const uint8_t *cards)
{
    unsigned low = 0;
    for (size_t j = 0; j < g->nh; j++) {
        g->cards[p][j] = cards[j];
        low |= he_low_bit(cards[j]);
    }
    g->hole_low[p] = low;
    if (g->omaha) {
        he_omaha_hole_init(&g->oh[p], g->cards[p], g->nh);
    } else {
        g->hole[p] = he_acc_sum(he_acc_part(cards[0]), he_acc_part(cards[1]));
    }
}

/* Player p now holds combo `row` of m (its key and bits summed by mc_setup). */
static void set_row(hilo_game *g, const mc_ctx *m, size_t p, uint32_t row)
{
    const uint8_t *cards = m->combos + (size_t)row * m->nh;
    unsigned low = 0;
    for (size_t j = 0; j < g->nh; j++) {
        low |= he_low_bit(cards[j]);
    }
    g->hole_low[p] = low;
    if (g->omaha) {
        he_omaha_hole_init(&g->oh[p], cards, g->nh); /* combos outlive the call */
    } else {
        g->hole[p] = he_acc_make(m->ckey[row], m->cbits[row]);
    }
}

/* Adds n deals (weight w each, weighted only) of one outcome: hmask / lmask the players
 * winning or tying the high / the low half (lmask 0: no low qualifies), cat[p] player p's
 * high category index (0 straight flush .. 8 high card). */
static void count_outcome(const hilo_game *g, unsigned hmask, unsigned lmask,
                          const unsigned *cat, uint64_t n, double w)
{
    unsigned nhigh = 0, nlow = 0;
    for (size_t p = 0; p < g->np; p++) {
        nhigh += hmask >> p & 1u;
        nlow += lmask >> p & 1u;
    }
    const he_hilo_counts *out = g->out;
    uint64_t high_units = nlow ? HE_HILO_POT / 2 / nhigh : HE_HILO_POT / nhigh;
    uint64_t low_units = nlow ? HE_HILO_POT / 2 / nlow : 0;
    size_t mask = 0;
    for (size_t p = 0; p < g->np; p++) {
        unsigned wins_high = hmask >> p & 1u, wins_low = lmask >> p & 1u;
        unsigned scoops = hmask == 1u << p && (lmask == 0 || lmask == 1u << p);
        uint64_t units = (wins_high ? high_units : 0) + (wins_low ? low_units : 0);
        unsigned quartered = units == HE_HILO_POT / 4;
        size_t c = p * 9 + cat[p];
        mask |= (size_t)(units != 0) << p;
        out->share[p] += n * units;
        out->share_sq[p] += n * units * units;
        out->hist[c] += n;
        out->high[p] += n * wins_high;
        out->low[p] += n * wins_low;
        out->scoop[p] += n * scoops;
        out->quarter[p] += n * quartered;
        if (g->weighted) {
            out->wshare[p] += w * (double)units;
            out->whist[c] += w;
            out->whigh[p] += wins_high ? w : 0.0;
            out->wlow[p] += wins_low ? w : 0.0;
            out->wscoop[p] += scoops ? w : 0.0;
            out->wquarter[p] += quartered ? w : 0.0;
        }
    }
    out->winners[mask] += n;
    out->no_low[0] += lmask == 0 ? n : 0;
    out->deals[0] += n;
    if (g->weighted) {
        out->wwinners[mask] += w;
        out->wno_low[0] += lmask == 0 ? w : 0.0;
        out->wdeals[0] += w;
    }
}

/* The outcome of one deal on board[5] with the current hands: the high and low winners'
 * masks (see count_outcome) and each player's high category in cat[np]. */
static void showdown(const hilo_game *g, const uint8_t *board, unsigned *hmask,
                     unsigned *lmask, unsigned *cat)
{
    unsigned bmask = 0, high[MAXP], low[MAXP], best_high = 0xFFFFu, best_low = 0xFFFFu;
    for (size_t k = 0; k < 5; k++) {
        bmask |= he_low_bit(board[k]);
    }
    if (g->omaha) {
        he_omaha_board ob;
        he_omaha_board_init(&ob, board, 5);
        for (size_t p = 0; p < g->np; p++) {
            high[p] = he_omaha_best(&g->oh[p], &ob);
            low[p] = he_low_two_three(g->hole_low[p], bmask);
        }
    } else {
        he_acc b = he_acc_start();
        for (size_t k = 0; k < 5; k++) {
            b = he_acc_add(b, board[k]);
        }
        for (size_t p = 0; p < g->np; p++) {
            high[p] = he_acc_rank(he_acc_sum(b, g->hole[p]));
            low[p] = he_low_any_five(g->hole_low[p] | bmask);
        }
    }
    for (size_t p = 0; p < g->np; p++) {
        best_high = high[p] < best_high ? high[p] : best_high;
        best_low = (low[p] && low[p] < best_low) ? low[p] : best_low;
    }
    unsigned h = 0, l = 0;
    for (size_t p = 0; p < g->np; p++) {
        h |= (unsigned)(high[p] == best_high) << p;
        l |= (unsigned)(low[p] == best_low) << p;
        cat[p] = cat_index(high[p]);
    }
    *hmask = h;
    *lmask = l;
}

/* Scores one deal on board[5]: the current hands; w is the deal's weight (weighted only). */
static void score(const hilo_game *g, const uint8_t *board, double w)
{
    unsigned hmask, lmask, cat[MAXP];
    showdown(g, board, &hmask, &lmask, cat);
    count_outcome(g, hmask, lmask, cat, 1, w);
}

/* ---------------------------------------------------------------- exact */

/* Exact enumeration: the tuples of the range players' combos (mc_setup's drawn players),
 * each with every completion of the board from the cards outside the fixed ones. */
typedef struct {
    hilo_game *g;
    const mc_ctx *m;
    const double *weights;
    const uint8_t *deck; /* every card outside m->fixed */
    size_t ndeck;
    uint8_t board[5];
    size_t nb;           /* the known board cards */
    size_t part, nparts;
    size_t key;          /* the row (within its range) of the leading drawn player's combo */
} hilo_exact;

/* Every completion of board[0 .. nb) by deck cards from index `from` on (stepping by `step`
 * at this level, by one below it), skipping the cards in `used`. */
static void boards(hilo_exact *x, size_t nb, size_t from, size_t step, uint64_t used, double w)
{
    if (nb == 5) {
        score(x->g, x->board, w);
        return;
    }
    for (size_t i = from; i < x->ndeck; i += step) {
        uint8_t c = x->deck[i];
        if (used >> c & 1u) {
            continue;
        }
        x->board[nb] = c;
        boards(x, nb + 1, i + 1, 1, used, w);
    }
}

/* Every combo of drawn player k, k + 1, ... that fits the cards `used`; w is the product
 * of the weights so far. A (tuple, board) pair belongs to the call whose part is (key + i)
 * % nparts, i the deck index of the first board card added (0 with a full board). */
static void walk(hilo_exact *x, size_t k, uint64_t used, double w)
{
    const mc_ctx *m = x->m;
    if (k == m->ndrawn) {
        size_t shift = x->key % x->nparts;
        size_t first = (x->part + x->nparts - shift) % x->nparts;
        if (x->nb < 5) {
            boards(x, x->nb, first, x->nparts, used, w);
        } else if (first == 0) {
            score(x->g, x->board, w);
        }
        return;
    }
    unsigned p = m->drawn[k];
    size_t lo = m->offsets[p], hi = m->offsets[p + 1], step = 1, i = lo;
    if (k == 0 && x->nb == 5) { /* one deal per tuple: the calls split the key player's rows */
        i = lo + x->part;
        step = x->nparts;
    }
    for (; i < hi; i += step) {
        if (used & m->cmask[i]) {
            continue;
        }
        if (k == 0) {
            x->key = i - lo;
        }
        set_row(x->g, m, p, (uint32_t)i);
        walk(x, k + 1, used | m->cmask[i], x->weights != NULL ? w * x->weights[i] : w);
    }
}

static int hilo_exact_run(hilo_game *g, mc_ctx *m, const double *weights,
                          const he_eq_known *known, size_t part, size_t nparts)
{
    if (m->nrandom) {
        return HE_E_ARGUMENT; /* exact equity deals the board only */
    }
    hilo_exact x = {g, m, weights, NULL, 0, {0}, known->nb, part, nparts, 0};
    if (known->nb) {
        memcpy(x.board, known->board, known->nb);
    }
    uint8_t deck[HE_NCARDS];
    x.ndeck = mc_deck(m->fixed, 0, deck);
    x.deck = deck;
    /* The largest range leads: with a full board its rows are what the calls split. */
    for (size_t k = 1; k < m->ndrawn; k++) {
        unsigned a = m->drawn[0], b = m->drawn[k];
        if (m->offsets[b + 1] - m->offsets[b] > m->offsets[a + 1] - m->offsets[a]) {
            m->drawn[0] = b;
            m->drawn[k] = a;
        }
    }
    double w = 1.0;
    for (size_t p = 0; p < m->np; p++) {
        if (m->offsets[p + 1] - m->offsets[p] == 1) {
            set_row(g, m, p, m->pick[p]);
            w *= weights != NULL ? weights[m->pick[p]] : 1.0;
        }
    }
    walk(&x, 0, m->fixed, w);
    return HE_OK;
}

/* ---------------------------------------------------------------- Monte Carlo */

/* Heads-up Monte Carlo counts one counter per outcome (high mask, low mask, both players'
 * categories) instead of a dozen per deal; count_outcome adds them up at the end. */
#define HU_OUTCOMES (4 * 4 * NCAT * NCAT)

static int hilo_mc_run(hilo_game *g, mc_ctx *m, const he_eq_known *known, uint64_t trials,
                       uint64_t *state)
{
    /* The generator's state in locals, written back on return (as he_equity_mc does). */
    uint64_t rs[4] = {state[0], state[1], state[2], state[3]};
    u32_src src = {rs, 0, 0};
    uint8_t deck[HE_NCARDS], board[5], cards[MAXH];
    uint32_t ndeck = mc_deck(m->fixed, 0, deck);
    if (known->nb) {
        memcpy(board, known->board, known->nb);
    }
    for (size_t p = 0; p < m->np; p++) {
        if (m->offsets[p + 1] - m->offsets[p] == 1) {
            set_row(g, m, p, m->pick[p]);
        }
    }
    uint64_t joint[HU_OUTCOMES] = {0};
    int st = HE_OK;
    for (uint64_t t = 0; t < trials; t++) {
        uint64_t used;
        if (!draw_tuple(m, &src, &used)) {
            st = HE_E_NO_DEAL;
            break;
        }
        for (size_t k = 0; k < m->ndrawn; k++) {
            set_row(g, m, m->drawn[k], m->pick[m->drawn[k]]);
        }
        uint32_t dealt = 0;
        for (size_t k = 0; k < m->nrandom; k++) {
            for (size_t j = 0; j < m->nh; j++) {
                cards[j] = (uint8_t)deal_card(&src, deck, ndeck, dealt++, &used);
            }
            set_hole(g, m->random[k], cards);
        }
        for (size_t j = known->nb; j < 5; j++) {
            board[j] = (uint8_t)deal_card(&src, deck, ndeck, dealt++, &used);
        }
        if (g->np == 2) {
            unsigned h, l, cat[MAXP];
            showdown(g, board, &h, &l, cat);
            joint[((h * 4 + l) * NCAT + cat[0]) * NCAT + cat[1]]++;
        } else {
            score(g, board, 1.0);
        }
    }
    for (unsigned i = 0; g->np == 2 && i < HU_OUTCOMES; i++) {
        if (joint[i]) {
            unsigned cat[2] = {i / NCAT % NCAT, i % NCAT};
            count_outcome(g, i / (4 * NCAT * NCAT), i / (NCAT * NCAT) % 4, cat, joint[i], 0.0);
        }
    }
    memcpy(state, rs, sizeof rs);
    return st;
}

/* ---------------------------------------------------------------- he_equity_hilo */

int he_equity_hilo(size_t variant, const he_eq_players *players, const he_eq_known *known,
                   uint64_t trials, uint64_t *state, size_t part, size_t nparts,
                   const he_hilo_counts *out)
{
    const he_variant *v = he_variant_info(variant);
    if (v == NULL || v->low == 0 || players == NULL || known == NULL || out == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t np = players->np, nh = players->nh;
    const uint32_t *offsets = players->offsets;
    int weighted = trials == 0 && players->weights != NULL;
    if (np < 2 || np > MAXP || nh < (size_t)v->hole_min || nh > (size_t)v->hole_max
        || nh > MAXH || offsets == NULL || offsets[0] != 0
        || (offsets[np] && players->combos == NULL)
        || (players->alias == NULL) != (players->thresh == NULL)
        || out->share == NULL || out->scoop == NULL || out->quarter == NULL
        || out->high == NULL || out->low == NULL
        || out->no_low == NULL || out->deals == NULL || out->share_sq == NULL
        || out->winners == NULL || out->hist == NULL
        || (weighted && (out->wshare == NULL || out->wscoop == NULL || out->wquarter == NULL
                         || out->whigh == NULL
                         || out->wlow == NULL || out->wwinners == NULL || out->whist == NULL
                         || out->wno_low == NULL || out->wdeals == NULL))
        || (trials == 0 && (nparts == 0 || part >= nparts)) || (trials && state == NULL)) {
        return HE_E_ARGUMENT;
    }
    uint64_t fixed;
    int st = fixed_cards(known->board, known->nb, known->dead, known->nd, &fixed);
    if (st != HE_OK) {
        return st;
    }
    if (np * nh + 5 + known->nd > HE_NCARDS) {
        return HE_E_ARGUMENT;
    }
    mc_ctx m;
    /* exact equity reads the weights, Monte Carlo the alias tables */
    st = mc_setup(&m, np, nh, players->combos, offsets, trials ? players->alias : NULL,
                  trials ? players->thresh : NULL, fixed);
    if (st == HE_OK) {
        hilo_game g;
        memset(&g, 0, sizeof g);
        g.np = np;
        g.nh = nh;
        g.omaha = v->hole_used == 2;
        g.weighted = weighted;
        g.out = out;
        st = trials ? hilo_mc_run(&g, &m, known, trials, state)
                    : hilo_exact_run(&g, &m, weighted ? players->weights : NULL, known, part,
                                     nparts);
    }
    mc_free(&m);
    return st;
}
