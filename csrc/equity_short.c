/* Short-deck (6+ Hold'em) equity: he_equity_short_enum (every board of the 36-card deck for
 * each distinct deal of he_equity_classes) and he_equity_short_mc (Monte Carlo). Contracts
 * in csrc/api/equity.h. Hands are summed from the full deck's he_cards and ranked by
 * he_short_rank_of (eval_short_internal.h): one addition per card and one table lookup per
 * player, as the Hold'em kernels do; range combos are drawn by the shared mc_setup /
 * draw_tuple (equity_mc_internal.h). */
#include "equity_mc_internal.h"
#include "eval_short_internal.h"

#define SHORT_DECK (HE_NCARDS - HE_SHORT_LOWEST_CARD) /* 36 cards */

/* What every game of one call shares: the rule set's rank table and category of each rank
 * (he_short_rank_category, generated with the tables: 1 straight flush .. 9 high card). */
typedef struct {
    const uint16_t *table;
    const uint8_t *cat;
} short_game;

static int short_game_init(short_game *g, int rules)
{
    if (!he_short_rules_ok(rules)) {
        return HE_E_ARGUMENT;
    }
    g->table = he_short_table(rules);
    g->cat = he_short_categories(rules);
    return HE_OK;
}

/* Card mask of the deuces..fives: none of them is in the short deck. */
#define LOW_CARDS ((1ULL << HE_SHORT_LOWEST_CARD) - 1u)

/* Board and dead cards of `known` in the short deck: their mask, or an error. */
static int short_fixed(const he_eq_known *known, uint64_t *mask)
{
    int st = fixed_cards(known->board, known->nb, known->dead, known->nd, mask);
    return st == HE_OK && (*mask & LOW_CARDS) ? HE_E_CARD_RANGE : st;
}

/* One game: players' hands h[0..np) (summed, with the board); counts it. */
HE_ALWAYS_INLINE void short_count(const short_game *g, const he_acc *h, size_t np,
                                  uint64_t *wins, uint64_t *hist)
{
    unsigned r[HE_EQ_MAX_PLAYERS];
    r[0] = he_short_rank_of(he_acc_key(h[0]), he_acc_bits(h[0]), g->table); /* np >= 2 */
    hist[g->cat[r[0]] - 1u]++;
    for (size_t p = 1; p < np; p++) {
        r[p] = he_short_rank_of(he_acc_key(h[p]), he_acc_bits(h[p]), g->table);
        hist[p * NCAT + g->cat[r[p]] - 1u]++;
    }
    wins[winners_flat(r, np)]++;
}

/* ---------------------------------------------------------------- exact */

/* Every completion of the board `b` (summed) by `left` more cards of deck[from .. n): the
 * players' hole parts hole[0..np). When `part` is not SIZE_MAX, only the first added
 * cards with index % nparts == part (interleaved shares for threads). */
static void short_boards(const short_game *g, he_acc b, unsigned left, const uint8_t *deck,
                         size_t from, size_t n, const he_acc *hole, size_t np, size_t part,
                         size_t nparts, uint64_t *wins, uint64_t *hist)
{
    if (left == 0) {
        he_acc h[HE_EQ_MAX_PLAYERS];
        for (size_t p = 0; p < np; p++) {
            h[p] = he_acc_sum(b, hole[p]);
        }
        short_count(g, h, np, wins, hist);
        return;
    }
    if (left == 1) { /* the innermost loop inline: no call per board */
        for (size_t i = from; i < n; i++) {
            if (part != SIZE_MAX && i % nparts != part) {
                continue;
            }
            he_acc bb = he_acc_add(b, deck[i]), h[HE_EQ_MAX_PLAYERS];
            for (size_t p = 0; p < np; p++) {
                h[p] = he_acc_sum(bb, hole[p]);
            }
            short_count(g, h, np, wins, hist);
        }
        return;
    }
    for (size_t i = from; i + left <= n; i++) {
        if (part != SIZE_MAX && i % nparts != part) {
            continue;
        }
        short_boards(g, he_acc_add(b, deck[i]), left - 1, deck, i + 1, n, hole, np, SIZE_MAX,
                     nparts, wins, hist);
    }
}

int he_equity_short_enum(size_t np, const uint8_t *reps, size_t nreps, const uint64_t *mult,
                         const double *weight, const he_eq_known *known, int rules,
                         size_t part, size_t nparts, const he_eq_counts *out)
{
    short_game g;
    uint64_t fixed;
    if (known == NULL || out == NULL || np < 2 || np > HE_EQ_MAX_PLAYERS
        || (nreps && (reps == NULL || mult == NULL)) || out->wins == NULL || out->hist == NULL
        || nparts == 0 || part >= nparts
        || (weight != NULL && (out->wwins == NULL || out->whist == NULL))
        || short_game_init(&g, rules) != HE_OK || np * 2 + known->nd + 5 > SHORT_DECK) {
        return HE_E_ARGUMENT;
    }
    int st = short_fixed(known, &fixed);
    if (st != HE_OK) {
        return st;
    }
    size_t nb = known->nb;
    he_acc board = he_acc_start();
    for (size_t j = 0; j < nb; j++) {
        board = he_acc_add(board, known->board[j]);
    }
    size_t nmask = (size_t)1 << np;
    uint64_t lw[1 << HE_EQ_MAX_PLAYERS], lh[HE_EQ_MAX_PLAYERS * NCAT];
    for (size_t k = 0; k < nreps; k++) {
        const uint8_t *h = reps + k * np * 2;
        uint64_t used = fixed;
        st = he_add_mask(h, np * 2, &used);
        if (st != HE_OK || (used & LOW_CARDS)) {
            return st != HE_OK ? st : HE_E_CARD_RANGE;
        }
        he_acc hole[HE_EQ_MAX_PLAYERS];
        for (size_t p = 0; p < np; p++) {
            hole[p] = he_acc_sum(he_acc_part(h[2 * p]), he_acc_part(h[2 * p + 1]));
        }
        uint8_t deck[SHORT_DECK];
        size_t n = 0;
        for (unsigned c = HE_SHORT_LOWEST_CARD; c < HE_NCARDS; c++) {
            if (!(used >> c & 1u)) {
                deck[n++] = (uint8_t)c;
            }
        }
        memset(lw, 0, nmask * sizeof lw[0]);
        memset(lh, 0, np * NCAT * sizeof lh[0]);
        if (nb == 5) {
            if (part == 0) { /* one board: the first part counts it */
                short_boards(&g, board, 0, deck, 0, n, hole, np, SIZE_MAX, nparts, lw, lh);
            }
        } else {
            short_boards(&g, board, (unsigned)(5 - nb), deck, 0, n, hole, np, part, nparts,
                         lw, lh);
        }
        for (size_t m = 1; m < nmask; m++) {
            out->wins[m] += lw[m] * mult[k];
        }
        for (size_t i = 0; i < np * NCAT; i++) {
            out->hist[i] += lh[i] * mult[k];
        }
        if (weight != NULL) {
            for (size_t m = 1; m < nmask; m++) {
                out->wwins[m] += (double)lw[m] * weight[k];
            }
            for (size_t i = 0; i < np * NCAT; i++) {
                out->whist[i] += (double)lh[i] * weight[k];
            }
        }
    }
    return HE_OK;
}

/* ---------------------------------------------------------------- Monte Carlo */

int he_equity_short_mc(const he_eq_players *players, const he_eq_known *known, int rules,
                       uint64_t trials, uint64_t *state, const he_eq_counts *out)
{
    short_game g;
    uint64_t fixed;
    if (players == NULL || known == NULL || out == NULL || short_game_init(&g, rules) != HE_OK) {
        return HE_E_ARGUMENT;
    }
    size_t np = players->np, nb = known->nb;
    const uint32_t *offsets = players->offsets;
    if (np < 2 || np > HE_EQ_MAX_PLAYERS || players->nh != 2 || offsets == NULL
        || state == NULL || out->wins == NULL || out->hist == NULL
        || (players->alias == NULL) != (players->thresh == NULL) || offsets[0] != 0
        || (offsets[np] && players->combos == NULL) || np * 2 + known->nd + 5 > SHORT_DECK) {
        return HE_E_ARGUMENT;
    }
    int st = short_fixed(known, &fixed);
    if (st != HE_OK) {
        return st;
    }
    for (size_t i = 0; i < 2 * (size_t)offsets[np]; i++) {
        if (players->combos[i] < HE_SHORT_LOWEST_CARD) {
            return HE_E_CARD_RANGE; /* a bad card before a clash of fixed hands */
        }
    }
    mc_ctx m;
    st = mc_setup(&m, np, 2, players->combos, offsets, players->alias, players->thresh, fixed);
    if (st != HE_OK) {
        return st;
    }
    /* The generator's state in locals (written back on return), as he_equity_mc keeps it. */
    uint64_t rs[4] = {state[0], state[1], state[2], state[3]};
    u32_src src = {rs, 0, 0};
    uint8_t deck[SHORT_DECK];
    uint32_t ndeck = mc_deck(m.fixed, HE_SHORT_LOWEST_CARD, deck);
    he_acc board = he_acc_start(), hole[HE_EQ_MAX_PLAYERS], h[HE_EQ_MAX_PLAYERS];
    for (size_t j = 0; j < nb; j++) {
        board = he_acc_add(board, known->board[j]);
    }
    for (size_t p = 0; p < np; p++) { /* fixed hands now; drawn and random ones per trial */
        if (offsets[p + 1] - offsets[p] == 1) {
            hole[p] = he_acc_make(m.ckey[m.pick[p]], m.cbits[m.pick[p]]);
        }
    }
    for (uint64_t t = 0; t < trials; t++) {
        uint64_t used = m.fixed;
        if (m.ndrawn && !draw_tuple(&m, &src, &used)) {
            mc_free(&m);
            memcpy(state, rs, sizeof rs);
            return HE_E_NO_DEAL;
        }
        for (size_t k = 0; k < m.ndrawn; k++) {
            uint32_t i = m.pick[m.drawn[k]];
            hole[m.drawn[k]] = he_acc_make(m.ckey[i], m.cbits[i]);
        }
        uint32_t dealt = 0;
        for (size_t k = 0; k < m.nrandom; k++) {
            unsigned a = deal_card(&src, deck, ndeck, dealt++, &used);
            unsigned b = deal_card(&src, deck, ndeck, dealt++, &used);
            hole[m.random[k]] = he_acc_sum(he_acc_part(a), he_acc_part(b));
        }
        he_acc b = board;
        for (size_t j = nb; j < 5; j++) {
            b = he_acc_add(b, deal_card(&src, deck, ndeck, dealt++, &used));
        }
        for (size_t p = 0; p < np; p++) {
            h[p] = he_acc_sum(b, hole[p]);
        }
        short_count(&g, h, np, out->wins, out->hist);
    }
    memcpy(state, rs, sizeof rs);
    mc_free(&m);
    return HE_OK;
}
