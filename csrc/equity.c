/* Exact equity by board enumeration: Hold'em deals with boards grouped by ranks
 * (he_equity_enum) and Omaha, every board (he_equity_enum_omaha). The distinct deals that
 * he_equity_enum takes are listed by csrc/equity_classes.c. Contracts are in
 * csrc/api/equity.h; shared helpers in csrc/equity_internal.h. */
#include <stdlib.h>
#include <string.h>

#include "equity_internal.h"

/* ---------------------------------------------------------------- Hold'em */

/* Boards are not enumerated one by one. Two facts make that possible:
 *  1. A hand that holds no flush is ranked by its multiset of ranks alone.
 *  2. A flush needs three or more board cards of one suit (a player holds at most two),
 *     so a five-card board has at most one such suit, and a player with a flush has no
 *     quads or full house (seven cards cannot hold both).
 * So a deal's counts are (a) every completion of the board grouped by the multiset of
 * ranks it adds, each counted with its number of suit choices as if nobody had a flush,
 * plus (b) a correction for the boards on which someone does have a flush: for each suit
 * s, every set S of new cards of suit s large enough to give someone five of s, with the
 * rest of the board from other suits grouped by ranks again; on those boards the count
 * moves from the no-flush outcome to the true one. (a) has at most 6,188 rank multisets;
 * (b) enumerates only the flush boards, the other suits by ranks. */

typedef struct {
    uint64_t key;  /* summed rank keys (5 ** rank each) */
    uint64_t ways; /* number of card choices with these ranks */
} rank_set;

#define MAX_RANK_SETS 6188 /* multisets of at most 5 of 13 ranks: C(17, 5) */

/* binom[n][k] for n, k <= 4 */
static const uint64_t binom[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1},
};

static void rank_sets_rec(const unsigned *avail, int r, unsigned j, uint64_t key, uint64_t ways,
                          rank_set *out, size_t *n)
{
    if (j == 0) {
        out[*n].key = key;
        out[(*n)++].ways = ways;
        return;
    }
    if (r < 0) {
        return;
    }
    uint64_t k5 = he_cards[4 * r].key & 0xFFFFFFFFULL;
    for (unsigned m = 0; m <= j && m <= avail[r]; m++) {
        rank_sets_rec(avail, r - 1, j - m, key + m * k5, ways * binom[avail[r]][m], out, n);
    }
}

/* Every multiset of j ranks taking at most avail[r] cards of rank r, with its count of
 * card choices. Turn-and-river and river-only (j <= 2, every postflop spot) take direct
 * loops; the recursion serves j = 3..5. */
static size_t rank_sets(const unsigned *avail, unsigned j, rank_set *out)
{
    size_t n = 0;
    if (j == 0) {
        out[0].key = 0;
        out[0].ways = 1;
        return 1;
    }
    if (j > 2) {
        rank_sets_rec(avail, 12, j, 0, 1, out, &n);
        return n;
    }
    for (unsigned r = 0; r < 13; r++) {
        if (avail[r] == 0) {
            continue;
        }
        uint64_t k5 = he_cards[4 * r].key & 0xFFFFFFFFULL;
        if (j == 1) {
            out[n].key = k5;
            out[n++].ways = avail[r];
            continue;
        }
        if (avail[r] >= 2) {
            out[n].key = 2 * k5;
            out[n++].ways = binom[avail[r]][2];
        }
        for (unsigned q = 0; q < r; q++) {
            if (avail[q]) {
                out[n].key = k5 + (he_cards[4 * q].key & 0xFFFFFFFFULL);
                out[n++].ways = (uint64_t)avail[r] * avail[q];
            }
        }
    }
    return n;
}

typedef struct {
    size_t np;
    uint64_t rkey[HE_EQ_MAX_PLAYERS]; /* rank keys of hole + fixed board */
    unsigned hsuit[HE_EQ_MAX_PLAYERS][4]; /* 13-bit rank mask of each hole suit */
    unsigned hcount[HE_EQ_MAX_PLAYERS][4];
    uint64_t *wins, *hist; /* wrap-around (mod 2**64) sums: corrections subtract */
    size_t part, nparts, unit;
    rank_set *sets; /* scratch, MAX_RANK_SETS */
} deal_ctx;

static inline int mine(deal_ctx *c)
{
    return c->nparts == 1 || c->unit++ % c->nparts == c->part;
}

/* Winners mask of ranks r[0..np): winners_flat (csrc/equity_internal.h) with branches,
 * which the enumeration loops below run 3 to 8 % faster with (the Monte Carlo loops and
 * the Omaha showdown want winners_flat). */
static inline unsigned winners(const unsigned *r, size_t np)
{
    unsigned best = 0xFFFFu, mask = 0;
    for (size_t p = 0; p < np; p++) {
        if (r[p] < best) {
            best = r[p];
            mask = 1u << p;
        } else if (r[p] == best) {
            mask |= 1u << p;
        }
    }
    return mask;
}

/* (a): every completion grouped by ranks, outcome without flushes. */
static void count_by_ranks(deal_ctx *c, const unsigned *avail, unsigned left)
{
    size_t n = rank_sets(avail, left, c->sets);
    unsigned r[HE_EQ_MAX_PLAYERS];
    for (size_t i = 0; i < n; i++) {
        if (!mine(c)) {
            continue;
        }
        uint64_t key = c->sets[i].key, w = c->sets[i].ways;
        for (size_t p = 0; p < c->np; p++) {
            r[p] = he_rank_noflush(c->rkey[p] + key);
            c->hist[p * NCAT + cat_index(r[p])] += w;
        }
        c->wins[winners(r, c->np)] += w;
    }
}

/* (b) for one set S of knew new suit-s cards (flushmask: their ranks and the fixed board's
 * in suit s; skey: their rank keys): the rest of the board comes from other suits, by
 * ranks (c->sets holds those multisets). */
static void correct_flush(deal_ctx *c, unsigned s, unsigned flushmask, uint64_t skey,
                          unsigned knew, size_t nsets)
{
    unsigned fr[HE_EQ_MAX_PLAYERS];
    unsigned flushers = 0;
    for (size_t p = 0; p < c->np; p++) {
        if (knew + c->hcount[p][s] >= 5) { /* hcount: hole + fixed board cards of s */
            fr[p] = he_flush_rank[flushmask | c->hsuit[p][s]];
            flushers |= 1u << p;
        }
    }
    if (!flushers) {
        return;
    }
    unsigned nf[HE_EQ_MAX_PLAYERS], tr[HE_EQ_MAX_PLAYERS];
    for (size_t i = 0; i < nsets; i++) {
        uint64_t key = skey + c->sets[i].key, w = c->sets[i].ways;
        for (size_t p = 0; p < c->np; p++) {
            nf[p] = he_rank_noflush(c->rkey[p] + key);
            tr[p] = flushers >> p & 1u ? fr[p] : nf[p];
        }
        for (size_t p = 0; p < c->np; p++) {
            if (flushers >> p & 1u) {
                c->hist[p * NCAT + cat_index(nf[p])] -= w;
                c->hist[p * NCAT + cat_index(tr[p])] += w;
            }
        }
        c->wins[winners(nf, c->np)] -= w;
        c->wins[winners(tr, c->np)] += w;
    }
}

/* Enumerates the k-subsets of the available suit-s ranks ranks[from..na). */
static void flush_subsets(deal_ctx *c, unsigned s, const unsigned *ranks, unsigned na,
                          unsigned from, unsigned k, unsigned mask, uint64_t skey,
                          unsigned knew, size_t nsets)
{
    if (k == 0) {
        if (mine(c)) {
            correct_flush(c, s, mask, skey, knew, nsets);
        }
        return;
    }
    for (unsigned i = from; i + k <= na; i++) {
        unsigned r = ranks[i];
        flush_subsets(c, s, ranks, na, i + 1, k - 1, mask | 1u << r,
                      skey + (he_cards[4 * r].key & 0xFFFFFFFFULL), knew, nsets);
    }
}

/* Outcome counts of one deal (np hands of two cards, already validated against `used`),
 * added to wins/hist (which the caller zeroed; entries may wrap, the sum is right). */
static void enum_deal(size_t np, const uint8_t *holes, uint64_t used, const uint8_t *board,
                      size_t nb, size_t part, size_t nparts, rank_set *sets, uint64_t *wins,
                      uint64_t *hist)
{
    deal_ctx c;
    memset(&c, 0, sizeof c);
    c.np = np;
    c.wins = wins;
    c.hist = hist;
    c.part = part;
    c.nparts = nparts;
    c.sets = sets;
    unsigned left = (unsigned)(5 - nb);
    if (left == 0) {
        if (part == 0) {
            uint64_t key = HE_SUIT_BIAS, bits = 0;
            for (size_t j = 0; j < nb; j++) {
                key += he_cards[board[j]].key;
                bits |= he_cards[board[j]].bits;
            }
            unsigned r[HE_EQ_MAX_PLAYERS];
            for (size_t p = 0; p < np; p++) {
                unsigned a = holes[2 * p], b = holes[2 * p + 1];
                r[p] = he_rank_of(key + he_cards[a].key + he_cards[b].key,
                                  bits | he_cards[a].bits | he_cards[b].bits);
            }
            count_game(r, np, wins, hist);
        }
        return;
    }
    uint64_t bkey = 0;
    unsigned bsuit[4] = {0, 0, 0, 0}, bcount[4] = {0, 0, 0, 0};
    for (size_t j = 0; j < nb; j++) {
        bkey += he_cards[board[j]].key & 0xFFFFFFFFULL;
        bsuit[board[j] & 3u] |= 1u << (board[j] >> 2);
        bcount[board[j] & 3u]++;
    }
    unsigned hmax[4] = {0, 0, 0, 0};
    for (size_t p = 0; p < np; p++) {
        c.rkey[p] = bkey;
        for (size_t i = 0; i < 2; i++) {
            unsigned card = holes[2 * p + i], s = card & 3u;
            c.rkey[p] += he_cards[card].key & 0xFFFFFFFFULL;
            c.hsuit[p][s] |= 1u << (card >> 2);
            c.hcount[p][s]++;
        }
        for (unsigned s = 0; s < 4; s++) {
            c.hsuit[p][s] |= bsuit[s];
            c.hcount[p][s] += bcount[s];
            hmax[s] = c.hcount[p][s] > hmax[s] ? c.hcount[p][s] : hmax[s];
        }
    }
    unsigned avail[13] = {0};
    for (unsigned card = 0; card < HE_NCARDS; card++) {
        if (!(used >> card & 1u)) {
            avail[card >> 2]++;
        }
    }
    count_by_ranks(&c, avail, left);
    for (unsigned s = 0; s < 4; s++) {
        /* New cards of suit s needed for someone's flush: 5 - (most of s held with the
         * board). hmax counts hole + board cards of s. */
        unsigned kmin = hmax[s] >= 5 ? 0 : 5 - hmax[s];
        if (kmin > left) {
            continue;
        }
        unsigned ranks[13], na = 0, other[13];
        for (unsigned r = 0; r < 13; r++) {
            int free_s = !(used >> (4 * r + s) & 1u);
            other[r] = avail[r] - (unsigned)free_s;
            if (free_s) {
                ranks[na++] = r;
            }
        }
        for (unsigned k = kmin; k <= left && k <= na; k++) {
            size_t nsets = rank_sets(other, left - k, c.sets);
            flush_subsets(&c, s, ranks, na, 0, k, bsuit[s], 0, k, nsets);
        }
    }
}
int he_equity_enum(size_t np, const uint8_t *reps, size_t nreps, const uint64_t *mult,
                   const double *weight, const he_eq_known *known, size_t part, size_t nparts,
                   const he_eq_counts *out)
{
    if (known == NULL || out == NULL) {
        return HE_E_ARGUMENT;
    }
    const uint8_t *board = known->board, *dead = known->dead;
    size_t nb = known->nb, nd = known->nd;
    uint64_t *wins = out->wins, *hist = out->hist;
    double *wwins = out->wwins, *whist = out->whist;
    uint64_t fixed;
    if (np < 2 || np > HE_EQ_MAX_PLAYERS || (nreps && (reps == NULL || mult == NULL))
        || wins == NULL || hist == NULL || nparts == 0 || part >= nparts
        || (weight != NULL && (wwins == NULL || whist == NULL))) {
        return HE_E_ARGUMENT;
    }
    int st = fixed_cards(board, nb, dead, nd, &fixed);
    if (st != HE_OK) {
        return st;
    }
    if (np * 2 + nb + nd + (5 - nb) > HE_NCARDS) {
        return HE_E_ARGUMENT;
    }
    rank_set *sets = malloc(MAX_RANK_SETS * sizeof(rank_set));
    if (sets == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t nmask = (size_t)1 << np;
    uint64_t lw[1 << HE_EQ_MAX_PLAYERS];
    uint64_t lh[HE_EQ_MAX_PLAYERS * NCAT];
    for (size_t k = 0; k < nreps; k++) {
        const uint8_t *h = reps + k * np * 2;
        uint64_t used = fixed;
        st = he_add_mask(h, np * 2, &used);
        if (st != HE_OK) {
            free(sets);
            return st;
        }
        memset(lw, 0, nmask * sizeof lw[0]);
        memset(lh, 0, np * NCAT * sizeof lh[0]);
        enum_deal(np, h, used, board, nb, part, nparts, sets, lw, lh);
        for (size_t m = 1; m < nmask; m++) {
            wins[m] += lw[m] * mult[k];
        }
        for (size_t i = 0; i < np * NCAT; i++) {
            hist[i] += lh[i] * mult[k];
        }
        if (weight != NULL) {
            for (size_t m = 1; m < nmask; m++) {
                wwins[m] += (double)(int64_t)lw[m] * weight[k]; /* a part may be < 0 */
            }
            for (size_t i = 0; i < np * NCAT; i++) {
                whist[i] += (double)(int64_t)lh[i] * weight[k];
            }
        }
    }
    free(sets);
    return HE_OK;
}

/* ---------------------------------------------------------------- Omaha */

typedef struct {
    size_t np;
    he_omaha_hole hole[HE_EQ_MAX_PLAYERS];
    uint64_t *wins, *hist;
} omaha_ctx;

static void omaha_rec(omaha_ctx *c, uint8_t *b, size_t nb, const uint8_t *deck, size_t ndeck,
                      size_t start, size_t part, size_t nparts, int top)
{
    if (nb == 5) {
        omaha_game(c->hole, c->np, b, c->wins, c->hist);
        return;
    }
    for (size_t i = start; i < ndeck; i++) {
        if (top && nparts > 1 && i % nparts != part) {
            continue;
        }
        b[nb] = deck[i];
        omaha_rec(c, b, nb + 1, deck, ndeck, i + 1, part, nparts, 0);
    }
}

int he_equity_enum_omaha(size_t np, size_t nh, const uint8_t *holes, const he_eq_known *known,
                         size_t part, size_t nparts, const he_eq_counts *out)
{
    if (known == NULL || out == NULL) {
        return HE_E_ARGUMENT;
    }
    const uint8_t *board = known->board, *dead = known->dead;
    size_t nb = known->nb, nd = known->nd;
    uint64_t *wins = out->wins, *hist = out->hist;
    uint64_t used;
    if (np < 2 || np > HE_EQ_MAX_PLAYERS || nh < 4 || nh > 6 || holes == NULL || wins == NULL
        || hist == NULL || nparts == 0 || part >= nparts) {
        return HE_E_ARGUMENT;
    }
    int st = fixed_cards(board, nb, dead, nd, &used);
    if (st == HE_OK) {
        st = he_add_mask(holes, np * nh, &used);
    }
    if (st != HE_OK) {
        return st;
    }
    if (np * nh + nb + nd + (5 - nb) > HE_NCARDS) {
        return HE_E_ARGUMENT;
    }
    omaha_ctx c;
    c.np = np;
    c.wins = wins;
    c.hist = hist;
    for (size_t p = 0; p < np; p++) {
        he_omaha_hole_init(&c.hole[p], holes + p * nh, nh);
    }
    uint8_t deck[HE_NCARDS], b[5];
    size_t ndeck = 0;
    for (unsigned card = 0; card < HE_NCARDS; card++) {
        if (!(used >> card & 1u)) {
            deck[ndeck++] = (uint8_t)card;
        }
    }
    if (nb) {
        memcpy(b, board, nb);
    }
    if (nb == 5) {
        if (part == 0) {
            omaha_game(c.hole, c.np, b, wins, hist);
        }
        return HE_OK;
    }
    omaha_rec(&c, b, nb, deck, ndeck, 0, part, nparts, 1);
    return HE_OK;
}
