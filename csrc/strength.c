/* Hand strength kernels (contracts in csrc/api/strength.h): scoring a board and exact
 * enumeration of every completion of a row's board against a weighted opponent range
 * (Monte Carlo: csrc/strength_mc.c; shared internals: csrc/strength_internal.h).
 *
 * How a board is scored without ranking every opponent combo. A hand with no flush is ranked
 * by its multiset of ranks alone, so on a five-card board b every opponent combo of ranks
 * (hi, lo) has the same non-flush rank: one table lookup per rank class (91 classes) instead
 * of one per combo (about 1,000). Per row the combos' weights are summed once by class (and,
 * for the potentials, by the status now: ahead, tied or behind on the known board), and by
 * card: a completion subtracts the classes' weight held by its new cards and adds back the
 * combos made only of new cards (subtracted twice). A flush needs three board cards of a
 * suit, so at most one suit of b can make one; only the combos with enough cards of that
 * suit (both on a three-flush board, one on a four-flush board, every one on a five-flush
 * board) are ranked one by one, and their weight moves from the class's outcome to their
 * own. On the turn that is 46 boards of 91 lookups and a few dozen flush corrections, where
 * ranking each combo would take 46 x 990 lookups. */
#include <stdlib.h>
#include <string.h>

#include "strength_internal.h"

int he_strength_row_setup(row_ctx *c, const uint8_t *hole, const uint8_t *board, size_t nb)
{
    uint64_t used;
    int st = row_cards(&c->deck, hole, board, nb, &used);
    if (st != HE_OK) {
        return st;
    }
    c->used = used;
    c->free = HE_NCARDS - he_popcount_portable(used);
    memset(c->rkc_ok, 0, sizeof c->rkc_ok);
    memset(c->rr_ok, 0, sizeof c->rr_ok);
    c->bkey = c->bbits = 0;
    for (size_t j = 0; j < nb; j++) {
        c->bkey += he_cards[board[j]].key;
        c->bbits += he_cards[board[j]].bits;
    }
    c->hkey = c->bkey + he_cards[hole[0]].key + he_cards[hole[1]].key;
    c->hbits = c->bbits + he_cards[hole[0]].bits + he_cards[hole[1]].bits;
    for (unsigned r = 0; r < 13; r++) {
        c->avail[r] = 4u - (unsigned)he_popcount_portable(used >> (4u * r) & 0xFu);
    }
    size_t S = c->S;
    if (c->weights == NULL && S == 1) { /* a random hand: score_board counts by ranks */
        c->total = (double)(c->free * (c->free - 1u) / 2u);
        return HE_OK;
    }
    memset(c->base, 0, sizeof c->base);
    memset(c->dcard, 0, sizeof c->dcard);
    unsigned hero_now = 0;
    if (S == NSTATUS) {
        hero_now = rank_full(c->deck.table, HE_SUIT_BIAS + c->hkey, c->hbits);
    }
    double total = 0.0;
    for (unsigned a = 1; a < HE_NCARDS; a++) {
        if (used >> a & 1u) {
            continue;
        }
        for (unsigned b = 0; b < a; b++) {
            if (used >> b & 1u) {
                continue;
            }
            unsigned id = combo_id(a, b);
            double w = weight_of(c, id);
            if (!(w > 0.0)) {
                continue;
            }
            unsigned s = 0;
            if (S == NSTATUS) {
                unsigned r = rank_full(c->deck.table, HE_SUIT_BIAS + c->bkey + he_cards[a].key
                                       + he_cards[b].key, c->bbits + he_cards[a].bits + he_cards[b].bits);
                s = status_of(r, hero_now);
                c->cur[id] = (uint8_t)s;
            }
            unsigned ra = a >> 2, rb = b >> 2;
            c->base[rank_class(ra, rb) * S + s] += w;
            c->dcard[a][rb * S + s] += w;
            c->dcard[b][ra * S + s] += w;
            total += w;
        }
    }
    c->total = total;
    return total > 0.0 ? HE_OK : HE_E_NO_DEAL;
}


/* Moves combo (a, b)'s weight from its class's outcome (class rank cr) to its flush's:
 * sbits are the board's ranks in the flush suit s. Seven cards holding a flush hold no full
 * house or quads, so the flush (or straight flush) is the hand's rank. */
HE_ALWAYS_INLINE void flush_fix(const row_ctx *c, size_t S, board_tally *t, unsigned a,
                                unsigned b, unsigned s, unsigned sbits, const uint16_t *rk,
                                unsigned hero, const uint16_t *tb)
{
    unsigned id = combo_id(a, b);
    double w = weight_of(c, id);
    if (!(w > 0.0)) {
        return;
    }
    unsigned mine = sbits | ((a & 3u) == s ? 1u << (a >> 2) : 0u) | ((b & 3u) == s ? 1u << (b >> 2) : 0u);
    unsigned tr = rank_flush(tb, mine);
    unsigned cr = rk[rank_class(a >> 2, b >> 2)];
    if (tr == cr) {
        return;
    }
    unsigned st = S == NSTATUS ? c->cur[id] : 0u;
    t->A[st] += w * ((double)(tr > hero) - (double)(cr > hero));
    t->T[st] += w * ((double)(tr == hero) - (double)(cr == hero));
}

/* Non-flush ranks of every class on board key key5 (0 for a class with no combo left). */
HE_ALWAYS_INLINE void class_ranks(const row_ctx *c, const uint16_t *tb, const unsigned *navail,
                                  uint64_t key5, uint16_t *rk)
{
    for (unsigned hi = 0; hi < 13; hi++) {
        for (unsigned lo = 0; lo <= hi; lo++) {
            unsigned q = hi * (hi + 1u) / 2u + lo;
            int valid = hi == lo ? navail[hi] >= 2 : (navail[hi] && navail[lo]);
            /* no combo of these ranks is left: a key no hand has, never looked up */
            rk[q] = valid ? (uint16_t)rank_noflush(tb, key5 + c->pairkey[q]) : 0;
        }
    }
}

/* The row's known cards and m new cards x[0 .. m): the cards no combo may hold (the row's
 * used cards and the new ones), the cards of each rank still unseen, the five-card board's
 * summed key and bits, hero's rank on it, and the board's one suit of three or more cards
 * (five cards hold at most one): its number, count (0: no such suit) and rank bits. */
typedef struct {
    uint64_t out, key5, bits5;
    unsigned navail[13];
    unsigned hero;
    unsigned fsuit, fcount, fbits;
} new_cards;

HE_ALWAYS_INLINE void add_new_cards(const row_ctx *c, const uint16_t *tb, const uint8_t *x,
                                    size_t m, new_cards *nc)
{
    uint64_t nkey = 0, nbits = 0, nmask = 0;
    memcpy(nc->navail, c->avail, sizeof nc->navail);
    for (size_t i = 0; i < m; i++) {
        nkey += he_cards[x[i]].key;
        nbits += he_cards[x[i]].bits;
        nmask |= 1ULL << x[i];
        nc->navail[x[i] >> 2]--;
    }
    nc->out = c->used | nmask;
    nc->key5 = c->bkey + nkey;
    nc->bits5 = c->bbits + nbits;
    nc->hero = rank_full(tb, HE_SUIT_BIAS + c->hkey + nkey, c->hbits + nbits);
    nc->fsuit = nc->fcount = nc->fbits = 0;
    for (unsigned s = 0; s < 4; s++) {
        unsigned k = (unsigned)(nc->key5 >> (32u + 4u * s) & 0xFu);
        if (k >= 3) {
            nc->fsuit = s;
            nc->fcount = k;
            nc->fbits = (unsigned)(nc->bits5 >> (16u * s) & 0x1FFFu);
            break;
        }
    }
}

/* The tallies of the board made of the row's known cards and m new cards x[0 .. m). */
HE_ALWAYS_INLINE void score_board(row_ctx *c, size_t S, int short_deck, const uint8_t *x, size_t m,
                                  board_tally *t)
{
    const uint16_t *tb = short_deck ? c->deck.table : NULL; /* a constant NULL for Hold'em */
    new_cards nc;
    add_new_cards(c, tb, x, m, &nc);
    double W[NCLASS * NSTATUS];
    memcpy(W, c->base, NCLASS * S * sizeof W[0]);
    for (size_t i = 0; i < m; i++) {
        unsigned rx = x[i] >> 2;
        const double *d = c->dcard[x[i]];
        for (unsigned r = 0; r < 13; r++) {
            double *wq = W + rank_class(rx, r) * S;
            for (size_t s = 0; s < S; s++) {
                wq[s] -= d[r * S + s];
            }
        }
    }
    for (size_t i = 0; i < m; i++) {
        for (size_t j = i + 1; j < m; j++) {
            unsigned id = combo_id(x[i], x[j]);
            double w = weight_of(c, id);
            if (w > 0.0) {
                W[rank_class(x[i] >> 2, x[j] >> 2) * S + (S == NSTATUS ? c->cur[id] : 0u)] += w;
            }
        }
    }
    uint16_t own[NCLASS];
    const uint16_t *rk = own;
    if (m == 1 || m == 2) {
        unsigned g = m == 1 ? x[0] >> 2 : rank_class(x[0] >> 2, x[1] >> 2);
        if (!c->rkc_ok[g]) {
            class_ranks(c, tb, nc.navail, nc.key5, c->rkc[g]);
            c->rkc_ok[g] = 1;
        }
        rk = c->rkc[g];
    } else {
        class_ranks(c, tb, nc.navail, nc.key5, own);
    }
    for (size_t s = 0; s < S; s++) {
        t->A[s] = t->T[s] = t->N[s] = 0.0;
    }
    for (unsigned q = 0; q < NCLASS; q++) {
        unsigned r = rk[q];
        if (r == 0) {
            continue;
        }
        double ah = (double)(r > nc.hero), ti = (double)(r == nc.hero);
        for (size_t s = 0; s < S; s++) {
            double w = W[q * S + s];
            t->A[s] += w * ah;
            t->T[s] += w * ti;
            t->N[s] += w;
        }
    }
    if (nc.fcount) {
        /* Flush suit s: the combos with at least 5 - k cards of s are ranked one by one. */
        const uint64_t out = nc.out;
        const unsigned s = nc.fsuit, k = nc.fcount, sbits = nc.fbits;
        uint8_t suited[13], others[HE_NCARDS];
        unsigned ns = 0, no = 0;
        for (unsigned card = 0; card < HE_NCARDS; card++) {
            if (out >> card & 1u) {
                continue;
            }
            if ((card & 3u) == s) {
                suited[ns++] = (uint8_t)card;
            } else {
                others[no++] = (uint8_t)card;
            }
        }
        for (unsigned i = 0; i < ns; i++) {
            for (unsigned j = i + 1; j < ns; j++) {
                flush_fix(c, S, t, suited[i], suited[j], s, sbits, rk, nc.hero, tb);
            }
        }
        if (k >= 4) {
            for (unsigned i = 0; i < ns; i++) {
                for (unsigned j = 0; j < no; j++) {
                    flush_fix(c, S, t, suited[i], others[j], s, sbits, rk, nc.hero, tb);
                }
            }
        }
        if (k == 5) {
            for (unsigned i = 0; i < no; i++) {
                for (unsigned j = i + 1; j < no; j++) {
                    flush_fix(c, S, t, others[i], others[j], s, sbits, rk, nc.hero, tb);
                }
            }
        }
    }
}

/* score_board against a random hand (every combo weighs 1), in integers. Each class's rank
 * and number of combos depend on the ranks of the new cards only, so they are kept per rank
 * set (the row's cache) and summed over in one branch-free pass the compiler vectorizes.
 * Flush corrections count combos by rank: a combo with one card of the flush suit and one
 * other has its flush from the suited card alone, whatever the other's suit. */
HE_ALWAYS_INLINE void score_random(row_ctx *c, int short_deck, const uint8_t *x, size_t m,
                                   board_tally *t)
{
    const uint16_t *tb = short_deck ? c->deck.table : NULL; /* a constant NULL for Hold'em */
    new_cards nc;
    add_new_cards(c, tb, x, m, &nc);
    uint16_t lrank[NPAD], lways[NPAD];
    uint16_t *rk = lrank, *ways = lways;
    int cached = m == 1 || m == 2;
    unsigned g = m == 1 ? x[0] >> 2u : (m == 2 ? rank_class(x[0] >> 2, x[1] >> 2) : 0u);
    if (cached) {
        rk = c->rrank[g];
        ways = c->rways[g];
    }
    if (!cached || !c->rr_ok[g]) {
        uint16_t r16[NCLASS];
        class_ranks(c, tb, nc.navail, nc.key5, r16);
        for (unsigned hi = 0; hi < 13; hi++) {
            for (unsigned lo = 0; lo <= hi; lo++) {
                unsigned q = hi * (hi + 1u) / 2u + lo;
                rk[q] = r16[q];
                ways[q] = (uint16_t)(hi == lo ? nc.navail[hi] * (nc.navail[hi] - (nc.navail[hi] > 0)) / 2u
                                              : nc.navail[hi] * nc.navail[lo]);
            }
        }
        for (unsigned q = NCLASS; q < NPAD; q++) {
            rk[q] = ways[q] = 0;
        }
        if (cached) {
            c->rr_ok[g] = 1;
        }
    }
    uint32_t ahead = 0, tied = 0;
    /* rank 0 (no combo) is neither above nor equal to hero's */
#ifdef HE_SSE2
    /* 8 classes a step: ranks < 2**15 compare as signed; a lane sums at most 12 x 16 ways */
    __m128i hv = _mm_set1_epi16((short)nc.hero), va = _mm_setzero_si128(), vt = _mm_setzero_si128();
    for (unsigned q = 0; q < NPAD; q += 8) {
        __m128i r = _mm_loadu_si128((const __m128i *)(const void *)(rk + q));
        __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(ways + q));
        va = _mm_add_epi16(va, _mm_and_si128(_mm_cmpgt_epi16(r, hv), w));
        vt = _mm_add_epi16(vt, _mm_and_si128(_mm_cmpeq_epi16(r, hv), w));
    }
    __m128i ones = _mm_set1_epi16(1);
    __m128i sa = _mm_madd_epi16(va, ones), st = _mm_madd_epi16(vt, ones); /* 4 x int32 */
    sa = _mm_add_epi32(sa, _mm_shuffle_epi32(sa, 0x4E));
    sa = _mm_add_epi32(sa, _mm_shuffle_epi32(sa, 0xB1));
    st = _mm_add_epi32(st, _mm_shuffle_epi32(st, 0x4E));
    st = _mm_add_epi32(st, _mm_shuffle_epi32(st, 0xB1));
    ahead = (uint32_t)_mm_cvtsi128_si32(sa);
    tied = (uint32_t)_mm_cvtsi128_si32(st);
#else
    for (unsigned q = 0; q < NPAD; q++) {
        ahead += rk[q] > nc.hero ? ways[q] : 0u;
        tied += rk[q] == nc.hero ? ways[q] : 0u;
    }
#endif
    int32_t da = 0, dt = 0;
    if (nc.fcount) { /* the combos a flush of suit s changes */
        const uint64_t out = nc.out;
        const unsigned s = nc.fsuit, k = nc.fcount, sbits = nc.fbits;
        unsigned suited[13], ns = 0, other[13];
        for (unsigned r = 0; r < 13; r++) {
            unsigned free_s = !(out >> (4u * r + s) & 1u);
            if (free_s) {
                suited[ns++] = r;
            }
            other[r] = nc.navail[r] - free_s;
        }
        /* both hole cards of suit s */
        for (unsigned i = 0; i < ns; i++) {
            for (unsigned j = i + 1; j < ns; j++) {
                unsigned tr = rank_flush(tb, sbits | 1u << suited[i] | 1u << suited[j]);
                unsigned cr = rk[rank_class(suited[i], suited[j])];
                da += (int32_t)(tr > nc.hero) - (int32_t)(cr > nc.hero);
                dt += (int32_t)(tr == nc.hero) - (int32_t)(cr == nc.hero);
            }
        }
        if (k >= 4) { /* one of suit s, the other any of another suit */
            for (unsigned i = 0; i < ns; i++) {
                unsigned tr = rank_flush(tb, sbits | 1u << suited[i]);
                int32_t ta = (int32_t)(tr > nc.hero), tt = (int32_t)(tr == nc.hero);
                for (unsigned r = 0; r < 13; r++) {
                    unsigned cr = rk[rank_class(suited[i], r)];
                    int32_t n = (int32_t)other[r];
                    da += n * (ta - (int32_t)(cr > nc.hero));
                    dt += n * (tt - (int32_t)(cr == nc.hero));
                }
            }
        }
        if (k == 5) { /* neither of suit s: the board's flush */
            unsigned tr = rank_flush(tb, sbits);
            int32_t ta = (int32_t)(tr > nc.hero), tt = (int32_t)(tr == nc.hero);
            for (unsigned r1 = 0; r1 < 13; r1++) {
                for (unsigned r2 = 0; r2 <= r1; r2++) {
                    int32_t n = (int32_t)(r1 == r2 ? other[r1] * (other[r1] - (other[r1] > 0)) / 2u
                                                   : other[r1] * other[r2]);
                    unsigned cr = rk[rank_class(r1, r2)];
                    da += n * (ta - (int32_t)(cr > nc.hero));
                    dt += n * (tt - (int32_t)(cr == nc.hero));
                }
            }
        }
    }
    unsigned left = c->free - (unsigned)m;
    t->A[0] = (double)((int64_t)ahead + da);
    t->T[0] = (double)((int64_t)tied + dt);
    t->N[0] = (double)(left * (left - 1u) / 2u);
}

/* Sums over a row's boards. */
typedef struct {
    double w, e, e2;          /* sum W(b), sum W(b) HS(b), sum W(b) HS(b)^2 */
    double hp[NSTATUS][NSTATUS];
} row_sums;

/* Adds one scored board to a row's sums (and its weight to the histogram's bin). */
static inline void add_board(row_sums *r, const board_tally *t, size_t S, double *hist,
                             size_t bins)
{
    double A = 0.0, T = 0.0, N = 0.0;
    for (size_t s = 0; s < S; s++) {
        A += t->A[s];
        T += t->T[s];
        N += t->N[s];
        r->hp[s][0] += t->A[s];
        r->hp[s][1] += t->T[s];
        r->hp[s][2] += t->N[s] - t->A[s] - t->T[s];
    }
    if (!(N > 0.0)) {
        return;
    }
    double e = A + 0.5 * T, hs = e / N;
    r->w += N;
    r->e += e;
    r->e2 += e * hs;
    if (hist != NULL) {
        hist[bin_of(hs, bins)] += N;
    }
}

/* Billings et al.'s potentials from HP[now][river] (0 when undefined). */
static void potentials(const row_sums *r, double *ppot, double *npot)
{
    const double (*hp)[NSTATUS] = r->hp;
    double t0 = hp[0][0] + hp[0][1] + hp[0][2], t1 = hp[1][0] + hp[1][1] + hp[1][2];
    double t2 = hp[2][0] + hp[2][1] + hp[2][2];
    double dp = t2 + t1 / 2.0, dn = t0 + t1 / 2.0;
    if (ppot != NULL) {
        *ppot = dp > 0.0 ? (hp[2][0] + hp[2][1] / 2.0 + hp[1][0] / 2.0) / dp : 0.0;
    }
    if (npot != NULL) {
        *npot = dn > 0.0 ? (hp[0][2] + hp[1][2] / 2.0 + hp[0][1] / 2.0) / dn : 0.0;
    }
}

void he_strength_score(row_ctx *c, const uint8_t *x, size_t m, board_tally *t)
{
    int sd = c->deck.table != NULL;
    if (c->weights == NULL) {
        sd ? score_random(c, 1, x, m, t) : score_random(c, 0, x, m, t);
    } else {
        sd ? score_board(c, 1, 1, x, m, t) : score_board(c, 1, 0, x, m, t);
    }
}

/* ---------------------------------------------------------------- rows on the pool */

row_ctx *he_strength_new_ctx(const strength_job *j, size_t S)
{
    row_ctx *c = malloc(sizeof *c);
    if (c == NULL) {
        return NULL;
    }
    c->S = S;
    c->deck = j->deck;
    c->weights = j->range->weights;
    for (unsigned hi = 0; hi < 13; hi++) {
        for (unsigned lo = 0; lo <= hi; lo++) {
            c->pairkey[hi * (hi + 1u) / 2u + lo] = rank_key(hi) + rank_key(lo);
        }
    }
    return c;
}

/* Writes row i's outputs from its sums. */
static void finish_row(const strength_job *j, size_t i, const row_sums *r, const double *hist)
{
    const he_strength_out *o = j->out;
    if (o->ehs) {
        o->ehs[i] = r->e / r->w;
    }
    if (o->ehs2) {
        o->ehs2[i] = r->e2 / r->w;
    }
    potentials(r, o->ppot ? &o->ppot[i] : NULL, o->npot ? &o->npot[i] : NULL);
    if (o->hist) {
        for (size_t k = 0; k < o->bins; k++) {
            o->hist[i * o->bins + k] = hist[k] / r->w;
        }
    }
}

HE_ALWAYS_INLINE int exact_row(const strength_job *j, row_ctx *c, size_t S, int short_deck, size_t i,
                               double *hist)
{
    size_t nb = j->nb, m = 5 - nb, bins = j->out->bins;
    int st = he_strength_row_setup(c, j->holes + 2 * i, j->boards + nb * i, nb);
    if (st != HE_OK) {
        return st;
    }
    uint8_t deck[HE_NCARDS], x[MAX_NEW];
    size_t nd = 0, idx[MAX_NEW];
    for (unsigned card = 0; card < HE_NCARDS; card++) {
        if (!(c->used >> card & 1u)) {
            deck[nd++] = (uint8_t)card;
        }
    }
    if (hist != NULL) {
        memset(hist, 0, bins * sizeof hist[0]);
    }
    row_sums r;
    memset(&r, 0, sizeof r);
    board_tally t;
    /* every m-subset of the deck, in lexicographic order of positions */
    for (size_t k = 0; k < m; k++) {
        idx[k] = k;
    }
    for (;;) {
        for (size_t k = 0; k < m; k++) {
            x[k] = deck[idx[k]];
        }
        if (S == 1 && c->weights == NULL) {
            score_random(c, short_deck, x, m, &t);
        } else {
            score_board(c, S, short_deck, x, m, &t);
        }
        add_board(&r, &t, S, hist, bins);
        if (!he_next_combination(idx, m, nd)) {
            break;
        }
    }
    if (!(r.w > 0.0)) {
        return HE_E_NO_DEAL;
    }
    finish_row(j, i, &r, hist);
    return HE_OK;
}

/* exact_row for the job's deck and statuses (each part's context keeps c->S of them). */
static int exact_any_row(const strength_job *j, row_ctx *c, size_t i, double *hist)
{
    int pots = c->S == NSTATUS;
    return c->deck.table == NULL
               ? (pots ? exact_row(j, c, NSTATUS, 0, i, hist) : exact_row(j, c, 1, 0, i, hist))
               : (pots ? exact_row(j, c, NSTATUS, 1, i, hist) : exact_row(j, c, 1, 1, i, hist));
}

/* One pool part of a kernel call: its rows lo .. hi through j->row; the first bad row stops
 * the part. */
static void run_part(void *ctx, size_t part)
{
    strength_job *j = ctx;
    size_t lo = j->n * part / j->parts, hi = j->n * (part + 1) / j->parts;
    row_ctx *c = j->statuses ? he_strength_new_ctx(j, j->statuses) : NULL;
    double *hist = j->out->hist ? malloc(j->out->bins * sizeof(double)) : NULL;
    j->status[part] = HE_OK;
    if ((j->statuses && c == NULL) || (j->out->hist && hist == NULL)) {
        j->status[part] = HE_E_ARGUMENT;
        j->bad[part] = lo;
    }
    for (size_t i = lo; i < hi && j->status[part] == HE_OK; i++) {
        int st = j->row(j, c, i, hist);
        if (st != HE_OK) {
            j->status[part] = st;
            j->bad[part] = i;
        }
    }
    free(c);
    free(hist);
}

int he_strength_run(strength_job *j, strength_row_fn row, size_t statuses, size_t threads,
                    size_t *bad_row)
{
    j->row = row;
    j->statuses = statuses;
    size_t parts = threads < 1 ? 1 : threads;
    parts = parts > HE_POOL_MAX_PARTS ? HE_POOL_MAX_PARTS : parts;
    parts = parts > j->n ? j->n : parts;
    j->parts = parts;
    he_pool_run(run_part, j, parts, parts);
    int st = HE_OK;
    size_t bad = 0;
    for (size_t p = 0; p < parts; p++) {
        if (j->status[p] != HE_OK && (st == HE_OK || j->bad[p] < bad)) {
            st = j->status[p];
            bad = j->bad[p];
        }
    }
    if (bad_row != NULL) {
        *bad_row = bad;
    }
    return st;
}

int he_strength_check(const uint8_t *holes, const uint8_t *boards, size_t n, size_t nb,
                        const he_strength_range *range, const he_strength_out *out, int rules)
{
    if ((rules != HE_STRENGTH_HOLDEM && !he_short_rules_ok(rules)) || range == NULL || out == NULL || (n && holes == NULL) || (n && nb && boards == NULL)
        || !(nb == 0 || (nb >= 3 && nb <= 5))) {
        return HE_E_ARGUMENT;
    }
    if (out->hist != NULL && (out->bins < 1 || out->bins > MAX_BINS)) {
        return HE_E_ARGUMENT;
    }
    return HE_OK;
}

/* The deck of `rules` (HE_STRENGTH_HOLDEM or a short-deck rule set, already checked). */
static deck_rules strength_deck(int rules)
{
    deck_rules d;
    d.table = rules == HE_STRENGTH_HOLDEM ? NULL : he_short_table(rules);
    d.lowmask = rules == HE_STRENGTH_HOLDEM ? 0 : (1ULL << HE_SHORT_LOWEST_CARD) - 1u;
    return d;
}

void he_strength_job_init(strength_job *j, const uint8_t *holes, const uint8_t *boards, size_t n,
                          size_t nb, int rules, const he_strength_range *range,
                          const he_strength_out *out)
{
    memset(j, 0, sizeof *j);
    j->holes = holes;
    j->boards = boards;
    j->n = n;
    j->nb = nb;
    j->deck = strength_deck(rules);
    j->range = range;
    j->out = out;
}

int he_strength_exact(const uint8_t *holes, const uint8_t *boards, size_t n, size_t nb,
                      int rules, const he_strength_range *range, const he_strength_out *out,
                      size_t threads, size_t *bad_row)
{
    int st = he_strength_check(holes, boards, n, nb, range, out, rules);
    if (st != HE_OK) {
        return st;
    }
    if ((out->ppot != NULL || out->npot != NULL) && (nb < 3 || nb > 4)) {
        return HE_E_ARGUMENT;
    }
    if (n == 0) {
        return HE_OK;
    }
    strength_job j;
    he_strength_job_init(&j, holes, boards, n, nb, rules, range, out);
    int pots = out->ppot != NULL || out->npot != NULL;
    return he_strength_run(&j, exact_any_row, pots ? NSTATUS : 1, threads, bad_row);
}
