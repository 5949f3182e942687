/* Hold'em Monte Carlo with range or random players (he_eq_mc_listed, called by
 * he_equity_mc): deals from listed tuples of the range players' combos, each trial loop
 * inlined per shape. Contracts are in csrc/api/equity.h; shared helpers in
 * csrc/equity_mc_internal.h. */
#include <stdlib.h>
#include <string.h>

#include "equity_mc_internal.h"

/* ---------------------------------------------------------------- dealing */

#if defined(__GNUC__) || defined(__clang__)
#define EQ_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define EQ_NOINLINE __declspec(noinline)
#else
#define EQ_NOINLINE
#endif

/* deal_card, kept out of line: the rare retry of deal_card_at. */
static EQ_NOINLINE unsigned deal_card_again(u32_src *src, uint8_t *deck, uint32_t n, uint32_t k,
                                            uint64_t *used)
{
    return deal_card(src, deck, n, k, used);
}

/* deal_card whose first try is deck[k + first] (first a uniform draw in 0 .. n - k - 1,
 * from batched draws); a used card is drawn again as deal_card does. */
static inline unsigned deal_card_at(u32_src *src, uint8_t *deck, uint32_t n, uint32_t k,
                                    uint32_t first, uint64_t *used)
{
    uint32_t j = k + first;
    uint8_t c = deck[j];
    deck[j] = deck[k];
    deck[k] = c;
    if (!(*used >> c & 1u)) {
        *used |= 1ULL << c;
        return c;
    }
    return deal_card_again(src, deck, n, k, used);
}

/* ---------------------------------------------------------------- listed tuples (Hold'em) */

/* Hold'em Monte Carlo deals from listed tuples. The range players whose combo counts
 * multiply to at most MC_TUPLE_CAP (taken in order; the "listed" players) have every
 * tuple of combos without a shared card listed once per call, with all players' summed
 * hole cards and the tuple's own deck: the cards left once the board, dead cards, fixed
 * hands and the tuple's combos are out. A trial draws one tuple, then a combo for each
 * other range player (the "unlisted" ones, none in most spots), and deals the random
 * players' cards and the board from the tuple's deck by a partial Fisher-Yates shuffle.
 * With no unlisted player no card is ever drawn twice and none is rejected: the deal
 * costs what a deal of fixed hands costs. An unlisted player's cards are rejected from
 * the deck as deal_card_at does.
 *
 * The distribution is the documented one (range combos by weight, the whole tuple redrawn
 * on any conflict, so uniform by weight over the valid tuples; then the rest uniform from
 * the remaining deck). With equal weights the listed tuple is drawn uniformly from the
 * valid ones (the result of redrawing conflicts until none is left), and unlisted combos
 * uniformly, all redrawn together on a conflict. With weights every range player draws by
 * alias as draw_tuple (equity_mc_internal.h) does, and a tuple with a conflict is redrawn
 * whole, with every other draw of the trial. Each deck is shuffled in place from trial to
 * trial; a partial shuffle deals a uniform ordered set from any order. */

#define MC_TUPLE_CAP 1024u /* most tuples listed: a call's set-up is a few % of its trials */
#define MC_DECK_STRIDE 64u  /* bytes per listed deck (52 cards at most) */
#define MC_MAX_DIGITS (2 * HE_EQ_MAX_PLAYERS + 2 * HE_EQ_MAX_PLAYERS + 5)
/* Largest product of ranges drawn from one generator output: the output is redrawn with
 * probability below bound / 2**64 <= 2**-12. */
#define MC_CHUNK_BOUND (1ULL << 52)

typedef struct {
    size_t np, nt;     /* players; valid (listed) tuples */
    he_acc *hands;     /* nt * np: each player's summed hole cards (random, unlisted: 0) */
    uint64_t *tmask;   /* nt: the cards of each tuple (when there are unlisted players) */
    uint8_t *decks;    /* nt * MC_DECK_STRIDE: the deck left to each tuple */
    int32_t *slot;     /* weighted: listed tuple of each combination of draws, -1 if none */
    uint32_t ndeck;    /* cards in every deck */
    size_t nlist, nun; /* listed and unlisted range players: */
    unsigned list[HE_EQ_MAX_PLAYERS], un[HE_EQ_MAX_PLAYERS];
    uint32_t nrand;    /* random players, dealt from the deck: */
    unsigned rand[HE_EQ_MAX_PLAYERS];
    int weighted;
    /* Draws per trial (mixed-radix digits of generator outputs): weighted, one row per
     * listed player, else one listed tuple; one row per unlisted player; then the random
     * players' cards and the board's. */
    uint32_t ndig, range[MC_MAX_DIGITS];
    uint32_t nchunk, chunk_end[MC_MAX_DIGITS];
    uint64_t chunk_min[MC_MAX_DIGITS]; /* an output's low word is kept from here up */
    int plain; /* the chunks are the fast loop's: one, or with random players two (the
                * board from an output of its own: two shorter chains of multiplies) */
} mc_tuples;

/* Index of the highest set bit of x != 0. */
static inline unsigned top_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return 63u - (unsigned)__builtin_clzll(x);
#elif defined(_MSC_VER) && defined(_M_X64)
    unsigned long i;
    _BitScanReverse64(&i, x);
    return (unsigned)i;
#else
    unsigned n = 0;
    while (x >>= 1) {
        n++;
    }
    return n;
#endif
}

static void mc_tuples_free(mc_tuples *T)
{
    free(T->hands);
    free(T->tmask);
    free(T->decks);
    free(T->slot);
}

/* Lists the valid tuples of m's listed players (Hold'em). Returns HE_OK or HE_E_ARGUMENT
 * when memory runs out (T then holds nothing to free). */
static int mc_tuples_setup(mc_tuples *T, const mc_ctx *m, uint32_t ndeal)
{
    memset(T, 0, sizeof *T);
    size_t np = m->np, P = 1;
    for (size_t k = 0; k < m->ndrawn; k++) {
        unsigned p = m->drawn[k];
        size_t n = m->offsets[p + 1] - m->offsets[p];
        if (P * n <= MC_TUPLE_CAP) {
            P *= n;
            T->list[T->nlist++] = p;
        } else {
            T->un[T->nun++] = p;
        }
    }
    T->np = np;
    T->weighted = m->alias != NULL && m->ndrawn > 0;
    T->hands = malloc(P * np * sizeof(he_acc));
    T->decks = malloc(P * MC_DECK_STRIDE);
    T->tmask = malloc(P * sizeof(uint64_t));
    T->slot = T->weighted ? malloc(P * sizeof(int32_t)) : NULL;
    if (T->hands == NULL || T->decks == NULL || T->tmask == NULL
        || (T->weighted && T->slot == NULL)) {
        mc_tuples_free(T);
        memset(T, 0, sizeof *T);
        return HE_E_ARGUMENT;
    }
    uint8_t base[MC_DECK_STRIDE], pos[HE_NCARDS];
    uint32_t nbase = 0;
    for (unsigned card = 0; card < HE_NCARDS; card++) {
        if (!(m->fixed >> card & 1u)) {
            pos[card] = (uint8_t)nbase;
            base[nbase++] = (uint8_t)card;
        }
    }
    memset(base + nbase, 0, MC_DECK_STRIDE - nbase);
    T->ndeck = nbase - 2u * (uint32_t)T->nlist;
    he_acc tmpl[HE_EQ_MAX_PLAYERS];
    for (size_t p = 0; p < np; p++) {
        uint32_t lo = m->offsets[p];
        tmpl[p] = he_acc_make(0, 0);
        if (m->offsets[p + 1] - lo == 1) {
            tmpl[p] = he_acc_make(m->ckey[lo], m->cbits[lo]);
        } else if (m->offsets[p + 1] == lo) {
            T->rand[T->nrand++] = (unsigned)p;
        }
    }
    /* Every combination idx of rows, player list[k]'s row being digit k (the last varies
     * fastest), counted like an odometer. */
    uint32_t row[HE_EQ_MAX_PLAYERS];
    for (size_t k = 0; k < T->nlist; k++) {
        row[k] = m->offsets[T->list[k]];
    }
    for (size_t idx = 0; idx < P; idx++) {
        if (idx) {
            size_t k = T->nlist - 1;
            while (++row[k] == m->offsets[T->list[k] + 1]) {
                row[k] = m->offsets[T->list[k]];
                k--;
            }
        }
        uint64_t used = 0;
        int clash = 0;
        for (size_t k = 0; k < T->nlist; k++) {
            clash |= (used & m->cmask[row[k]]) != 0;
            used |= m->cmask[row[k]];
        }
        if (clash || (used & m->fixed)) {
            if (T->weighted) {
                T->slot[idx] = -1;
            }
            continue;
        }
        size_t t = T->nt++;
        if (T->weighted) {
            T->slot[idx] = (int32_t)t;
        }
        T->tmask[t] = used;
        he_acc *h = T->hands + t * np;
        memcpy(h, tmpl, np * sizeof(he_acc));
        for (size_t k = 0; k < T->nlist; k++) {
            h[T->list[k]] = he_acc_make(m->ckey[row[k]], m->cbits[row[k]]);
        }
        /* The deck: base without the tuple's cards, each replaced by the last card left.
         * base is in card order, so taking the highest card first removes the highest
         * position first, and a card moved down is never one still to remove. */
        uint8_t *deck = T->decks + t * MC_DECK_STRIDE;
        memcpy(deck, base, MC_DECK_STRIDE);
        uint32_t len = nbase;
        while (used) {
            unsigned c = top_bit(used);
            used &= ~(1ULL << c);
            deck[pos[c]] = deck[--len];
        }
    }
    /* The draws of a trial, and how they share generator outputs. */
    uint32_t nd = 0;
    if (T->weighted) {
        for (size_t k = 0; k < T->nlist; k++) {
            unsigned p = T->list[k];
            T->range[nd++] = m->offsets[p + 1] - m->offsets[p];
        }
    } else {
        T->range[nd++] = (uint32_t)(T->nt ? T->nt : 1);
    }
    for (size_t k = 0; k < T->nun; k++) {
        unsigned p = T->un[k];
        T->range[nd++] = m->offsets[p + 1] - m->offsets[p];
    }
    for (uint32_t j = 0; j < 2 * T->nrand + ndeal; j++) {
        T->range[nd++] = T->ndeck - j;
    }
    T->ndig = nd;
    uint32_t board_at = T->nrand && ndeal ? nd - ndeal : nd;
    uint64_t bound = 1;
    for (uint32_t d = 0; d < nd; d++) {
        if (d > 0 && (d == board_at || bound > MC_CHUNK_BOUND / T->range[d])) {
            T->chunk_end[T->nchunk] = d;
            T->chunk_min[T->nchunk++] = (0 - bound) % bound;
            bound = 1;
        }
        bound *= T->range[d];
    }
    T->chunk_end[T->nchunk] = nd;
    T->chunk_min[T->nchunk++] = (0 - bound) % bound;
    T->plain = T->nchunk == 1 || (T->nchunk == 2 && T->chunk_end[0] == board_at);
    return HE_OK;
}

/* The k-th card of a partial shuffle whose draw in deck[k ..) is `first`: swapped to k. */
static inline unsigned swap_in(uint8_t *deck, uint32_t k, uint32_t first)
{
    uint32_t at = k + first;
    uint8_t c = deck[at];
    deck[at] = deck[k];
    deck[k] = c;
    return c;
}

/* Row of range player p from a uniform draw d of its rows (Walker's alias method with a
 * fresh 32-bit uniform when weighted, as draw_tuple). */
static inline uint32_t mc_row(const mc_ctx *m, unsigned p, uint32_t d, u32_src *src)
{
    uint32_t i = m->offsets[p] + d;
    if (m->alias != NULL && next32(src) >= m->thresh[i]) {
        i = m->alias[i];
    }
    return i;
}

/* The trial loop over listed tuples, inlined per loop shape (mc_tuples_run): np, nrand and
 * ndeal (constants for heads-up); fast: every draw of a trial from one generator output,
 * with no unlisted player, or one (un1), or weighted (wt: one or two listed players, no
 * unlisted one); rp >= 0: the one random player's seat; else (!fast) any deal, draws in
 * chunks. Every shape draws the same numbers in the same order, so the shape never
 * changes a result. Returns HE_OK, or HE_E_NO_DEAL after MAX_REDRAWS redraws in a row. */
HE_ALWAYS_INLINE int mc_tuple_trials(const mc_tuples *T, const mc_ctx *m, uint64_t *rs,
                                     he_acc board, size_t np, uint32_t nrand, uint32_t ndeal,
                                     int fast, int un1, int rp, int wt, uint64_t trials,
                                     uint64_t *wins, uint64_t *hist)
{
    /* wt (fast only, no unlisted player): weighted, one or two listed players, whose rows
     * are drawn by alias with the two halves of a second output (as draw_tuple would). */
    uint32_t lbase[2] = {0, 0}, lrange[2] = {1, 1};
    for (size_t k = 0; wt && k < T->nlist && k < 2; k++) {
        lbase[k] = m->offsets[T->list[k]];
        lrange[k] = m->offsets[T->list[k] + 1] - lbase[k];
    }
    const size_t nlist = wt ? T->nlist : 0;
    const uint32_t *alias = m->alias;
    const uint64_t *thr = m->thresh;
    const int32_t *slot = T->slot;
    /* un1 (fast only): one unlisted player, p1, with rows ulo .. ulo + un - 1. */
    const unsigned p1 = un1 ? T->un[0] : 0;
    const uint32_t ulo = un1 ? m->offsets[p1] : 0, un = un1 ? m->offsets[p1 + 1] - ulo : 1;
    const uint64_t *tmask = T->tmask, *cmask = m->cmask, fixed = m->fixed;
    const he_acc *hands = T->hands;
    uint8_t *decks = T->decks;
    const uint32_t nt = (uint32_t)T->nt, ndeck = T->ndeck, ncards = 2 * nrand + ndeal;
    /* fast: draws 0 .. split - 1 (after the tuple's) from one output, the rest (the
     * board, when there are random players) from the next. */
    const uint32_t split = nrand && ndeal ? 2 * nrand : ncards;
    const uint64_t min0 = T->chunk_min[0], min1 = T->chunk_min[T->nchunk > 1];
    unsigned rnd[HE_EQ_MAX_PLAYERS]; /* a local copy: the deck's byte stores cannot alias it */
    memcpy(rnd, T->rand, sizeof rnd);
    unsigned r[HE_EQ_MAX_PLAYERS];
    uint64_t joint[HU_TALLY] = {0};
    int st = HE_OK;
    for (uint64_t t = 0; t < trials; t++) {
        uint32_t dig[MC_MAX_DIGITS], tu, urow[HE_EQ_MAX_PLAYERS];
        uint64_t used = 0; /* unlisted players' cards */
        const uint32_t *cd;
        if (fast) {
            for (unsigned redraws = 0;;) {
                uint32_t row[2] = {0, 0}, ui = 0;
                for (;;) {
                    uint64_t x = rng_next(rs);
                    if (wt) {
                        for (size_t k = 0; k < nlist; k++) {
                            row[k] = lbase[k] + (uint32_t)mul_hi(x, lrange[k], &x);
                        }
                    } else {
                        tu = (uint32_t)mul_hi(x, nt, &x);
                    }
                    ui = un1 ? ulo + (uint32_t)mul_hi(x, un, &x) : 0;
                    for (uint32_t j = 0; j < split; j++) {
                        dig[j] = (uint32_t)mul_hi(x, ndeck - j, &x);
                    }
                    if (x >= min0) {
                        break;
                    }
                }
                while (split < ncards) {
                    uint64_t y = rng_next(rs);
                    for (uint32_t j = split; j < ncards; j++) {
                        dig[j] = (uint32_t)mul_hi(y, ndeck - j, &y);
                    }
                    if (y >= min1) {
                        break;
                    }
                }
                if (wt) {
                    uint64_t u = rng_next(rs);
                    size_t idx = 0;
                    for (size_t k = 0; k < nlist; k++) {
                        uint32_t i = row[k];
                        if ((k ? u >> 32 : u & 0xFFFFFFFFULL) >= thr[i]) {
                            i = alias[i];
                        }
                        idx = idx * lrange[k] + (i - lbase[k]);
                    }
                    int32_t sl = slot[idx];
                    if (sl < 0) {
                        if (++redraws >= MAX_REDRAWS) {
                            st = HE_E_NO_DEAL;
                            goto done;
                        }
                        continue;
                    }
                    tu = (uint32_t)sl;
                }
                if (un1) {
                    urow[0] = ui;
                    used = cmask[ui];
                    if ((tmask[tu] | fixed) & used) {
                        if (++redraws >= MAX_REDRAWS) {
                            st = HE_E_NO_DEAL;
                            goto done;
                        }
                        continue;
                    }
                }
                break;
            }
            cd = dig;
        } else {
            unsigned redraws = 0;
            for (;;) {
                uint32_t d = 0;
                for (uint32_t c = 0; c < T->nchunk; c++) {
                    uint32_t end = T->chunk_end[c];
                    for (;;) {
                        uint64_t x = rng_next(rs);
                        for (uint32_t i = d; i < end; i++) {
                            dig[i] = (uint32_t)mul_hi(x, T->range[i], &x);
                        }
                        if (x >= T->chunk_min[c]) {
                            break;
                        }
                    }
                    d = end;
                }
                u32_src src = {rs, 0, 0};
                int ok = 1;
                if (T->weighted) {
                    size_t idx = 0;
                    for (size_t k = 0; k < T->nlist; k++) {
                        unsigned p = T->list[k];
                        uint32_t i = mc_row(m, p, dig[k], &src);
                        idx = idx * (m->offsets[p + 1] - m->offsets[p]) + (i - m->offsets[p]);
                    }
                    int32_t s = T->slot[idx];
                    ok = s >= 0;
                    tu = ok ? (uint32_t)s : 0;
                    d = (uint32_t)T->nlist;
                } else {
                    tu = dig[0];
                    d = 1;
                }
                if (ok && T->nun) {
                    uint64_t all = T->tmask[tu] | m->fixed;
                    for (size_t k = 0; k < T->nun && ok; k++) {
                        uint32_t i = mc_row(m, T->un[k], dig[d + k], &src);
                        ok = !(all & m->cmask[i]);
                        all |= m->cmask[i];
                        used |= m->cmask[i];
                        urow[k] = i;
                    }
                }
                if (ok) {
                    cd = dig + d + T->nun;
                    break;
                }
                used = 0;
                if (++redraws >= MAX_REDRAWS) {
                    st = HE_E_NO_DEAL;
                    goto done;
                }
            }
        }
        uint8_t *deck = decks + (size_t)tu * MC_DECK_STRIDE;
        he_acc ph[HE_EQ_MAX_PLAYERS];
        for (size_t p = 0; p < np; p++) {
            ph[p] = hands[(size_t)tu * np + p];
        }
        /* Unlisted players' cards are in the deck: rejected as deal_card_at does. Else
         * every card of the deck is free and the partial shuffle takes it as it comes. */
        const int reject = !fast || un1;
        u32_src src = {rs, 0, 0};
        uint32_t j = 0;
        for (uint32_t q = 0; q < nrand; q++) {
            he_acc hr = he_acc_make(0, 0);
            for (uint32_t e = 0; e < 2; e++, j++) {
                unsigned c = reject ? deal_card_at(&src, deck, ndeck, j, cd[j], &used)
                                    : swap_in(deck, j, cd[j]);
                hr = he_acc_sum(hr, he_acc_part(c));
            }
            ph[rp >= 0 ? (unsigned)rp : rnd[q]] = hr;
        }
        he_acc h = board;
        for (; j < ncards; j++) {
            unsigned c = reject ? deal_card_at(&src, deck, ndeck, j, cd[j], &used)
                                : swap_in(deck, j, cd[j]);
            h = he_acc_add(h, c);
        }
        for (size_t k = 0; k < (un1 ? 1 : fast ? 0 : T->nun); k++) {
            ph[T->un[k]] = he_acc_make(m->ckey[urow[k]], m->cbits[urow[k]]);
        }
        for (size_t p = 0; p < np; p++) {
            r[p] = he_acc_rank(he_acc_sum(h, ph[p]));
        }
        tally(joint, r, np, wins, hist);
    }
done:
    tally_flush(joint, np, wins, hist);
    return st;
}

/* mc_tuple_trials with its loop shape (np, nrand, ndeal, fast, un1, rp, wt); heads-up
 * shapes get constant counts, so the compiler unrolls their draws and deals. */
#define MC_RUN(np_, nr, nd, fast, un1, rp, wt) \
    mc_tuple_trials(T, m, rs, board, np_, nr, nd, fast, un1, rp, wt, trials, wins, hist)
#define MC_HU(nr, nd) MC_RUN(2, nr, nd, 1, 0, -1, 0)  /* no random player or two */
#define MC_HUR(rp, nd) MC_RUN(2, 1, nd, 1, 0, rp, 0)  /* random player in seat rp */
#define MC_HU1(nd) MC_RUN(2, 0, nd, 1, 1, -1, 0)      /* one unlisted range */
#define MC_HUW(nr, nd) MC_RUN(2, nr, nd, 1, 0, -1, 1) /* weighted */

static int mc_tuples_run(const mc_tuples *T, const mc_ctx *m, uint64_t *rs, he_acc board,
                         uint32_t ndeal, uint64_t trials, uint64_t *wins, uint64_t *hist)
{
    if (trials && T->nt == 0) {
        return HE_E_NO_DEAL; /* every combination of the listed ranges shares a card */
    }
    unsigned shape = T->nrand * 8 + ndeal; /* random players (0..2), board cards to deal */
    if (T->np == 2 && T->plain && !T->weighted && T->nun == 0) {
        switch (shape) {
        case 5: return MC_HU(0, 5);
        case 2: return MC_HU(0, 2);
        case 1: return MC_HU(0, 1);
        case 13: return T->rand[0] ? MC_HUR(1, 5) : MC_HUR(0, 5);
        case 10: return T->rand[0] ? MC_HUR(1, 2) : MC_HUR(0, 2);
        case 9: return T->rand[0] ? MC_HUR(1, 1) : MC_HUR(0, 1);
        case 21: return MC_HU(2, 5);
        case 18: return MC_HU(2, 2);
        case 17: return MC_HU(2, 1);
        default: break;
        }
    }
    if (T->np == 2 && T->plain && T->weighted && T->nun == 0 && T->nlist <= 2) {
        switch (shape) {
        case 5: return MC_HUW(0, 5);
        case 2: return MC_HUW(0, 2);
        case 1: return MC_HUW(0, 1);
        case 13: return MC_HUW(1, 5);
        case 10: return MC_HUW(1, 2);
        case 9: return MC_HUW(1, 1);
        default: break;
        }
    }
    if (T->np == 2 && T->plain && !T->weighted && T->nun == 1) {
        switch (ndeal) {
        case 5: return MC_HU1(5);
        case 2: return MC_HU1(2);
        case 1: return MC_HU1(1);
        default: break;
        }
    }
    if (T->np == 3 && T->plain && !T->weighted && T->nun == 0 && ndeal == 5) {
        /* three players preflop: ranges or hands, at most one random player */
        switch (T->nrand) {
        case 0: return MC_RUN(3, 0, 5, 1, 0, -1, 0);
        case 1:
            switch (T->rand[0]) {
            case 0: return MC_RUN(3, 1, 5, 1, 0, 0, 0);
            case 1: return MC_RUN(3, 1, 5, 1, 0, 1, 0);
            default: return MC_RUN(3, 1, 5, 1, 0, 2, 0);
            }
        default: break;
        }
    }
    if (T->plain && !T->weighted && T->nun <= 1) {
        return T->nun ? MC_RUN(T->np, T->nrand, ndeal, 1, 1, -1, 0)
                      : MC_RUN(T->np, T->nrand, ndeal, 1, 0, -1, 0);
    }
    return MC_RUN(T->np, T->nrand, ndeal, 0, 0, -1, 0);
}
#undef MC_RUN
#undef MC_HU
#undef MC_HUR
#undef MC_HU1
#undef MC_HUW

int he_eq_mc_listed(const mc_ctx *m, const uint8_t *board, size_t nb, uint64_t trials,
                    uint64_t *rs, uint64_t *wins, uint64_t *hist)
{
    mc_tuples T;
    int st = mc_tuples_setup(&T, m, (uint32_t)(5 - nb));
    if (st != HE_OK) {
        return st;
    }
    he_acc hb = he_acc_start();
    for (size_t j = 0; j < nb; j++) {
        hb = he_acc_add(hb, board[j]);
    }
    st = mc_tuples_run(&T, m, rs, hb, (uint32_t)(5 - nb), trials, wins, hist);
    mc_tuples_free(&T);
    return st;
}
