/* Equity kernels: exact board enumeration with suit isomorphism, and a seeded Monte Carlo.
 * Contracts are in csrc/api/equity.h. How hands are ranked: csrc/he_eval_internal.h (a
 * hand's key is the sum of its cards' keys, so board and hole keys are pre-summed once and
 * each showdown costs one addition and one table lookup per player). */
#include <stdlib.h>
#include <string.h>

#include "he_eval_internal.h"

#define NCAT 9 /* made-hand categories, straight flush .. high card */
#define MAX_REDRAWS 1000000u
#define EQ_MIX_MUL 0x9E3779B97F4A7C15ULL /* 2**64 / golden ratio, odd: a multiplicative mixer */

/* ---------------------------------------------------------------- shared helpers */

/* Category index 0..8 (straight flush .. high card) of a rank 1..7462. */
static inline unsigned cat_index(unsigned r)
{
    return he_rank_category[r] - 1u;
}

/* Rank of a hand that cannot hold a flush: the perfect hash of its rank part only. */
static inline unsigned rank_noflush(uint64_t key)
{
    return he_rank_noflush(key);
}

/* Adds n card ids to a 52-bit card mask; HE_E_CARD_RANGE or HE_E_DUPLICATE on bad input. */
static int add_mask(const uint8_t *cards, size_t n, uint64_t *mask)
{
    for (size_t i = 0; i < n; i++) {
        if (cards[i] >= HE_NCARDS) {
            return HE_E_CARD_RANGE;
        }
        uint64_t b = 1ULL << cards[i];
        if (*mask & b) {
            return HE_E_DUPLICATE;
        }
        *mask |= b;
    }
    return HE_OK;
}

/* Board and dead cards: their joint mask, or an error. */
static int fixed_cards(const uint8_t *board, size_t nb, const uint8_t *dead, size_t nd,
                       uint64_t *mask)
{
    if (nb > 5 || (nb && board == NULL) || (nd && dead == NULL)) {
        return HE_E_ARGUMENT;
    }
    *mask = 0;
    int st = add_mask(board, nb, mask);
    return st != HE_OK ? st : add_mask(dead, nd, mask);
}

/* ---------------------------------------------------------------- random numbers */

/* splitmix64 (Steele, Lea, Flood 2014): seeds xoshiro and mixes stream numbers. */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void he_rng_seed(uint64_t seed, uint64_t stream, uint64_t *state)
{
    uint64_t s = stream;
    uint64_t x = seed ^ splitmix64(&s);
    for (int i = 0; i < 4; i++) {
        state[i] = splitmix64(&x);
    }
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256** 1.0 (Blackman, Vigna 2018). */
static inline uint64_t rng_next(uint64_t *s)
{
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* 32-bit halves of xoshiro outputs, for the deck draws below. */
typedef struct {
    uint64_t *s;
    uint64_t buf;
    int have;
} u32_src;

static inline uint32_t next32(u32_src *src)
{
    if (src->have) {
        src->have = 0;
        return (uint32_t)(src->buf >> 32);
    }
    src->buf = rng_next(src->s);
    src->have = 1;
    return (uint32_t)src->buf;
}

/* Uniform in 0 .. n - 1 (Lemire's multiply-and-reject on 32 bits). */
static inline uint32_t below32(u32_src *src, uint32_t n)
{
    uint64_t m = (uint64_t)next32(src) * n;
    if ((uint32_t)m < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while ((uint32_t)m < t) {
            m = (uint64_t)next32(src) * n;
        }
    }
    return (uint32_t)(m >> 32);
}

/* The k-th card of a partial Fisher-Yates shuffle of deck[0 .. n): a uniform card of
 * deck[k .. n) moved to deck[k]; cards in *used (other players' drawn hands) are rejected
 * and drawn again, so the result is uniform over the unused ones. */
static inline unsigned deal_card(u32_src *src, uint8_t *deck, uint32_t n, uint32_t k,
                                 uint64_t *used)
{
    for (;;) {
        uint32_t j = k + below32(src, n - k);
        uint8_t c = deck[j];
        deck[j] = deck[k];
        deck[k] = c;
        if (!(*used >> c & 1u)) {
            *used |= 1ULL << c;
            return c;
        }
    }
}

/* hi:lo = x * n for n < 2**32: returns the high word and stores the low one (one
 * multiply where the compiler has 128-bit integers). */
static inline uint64_t mul_hi(uint64_t x, uint32_t n, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128; /* __extension__: no -Wpedantic noise */
    u128 p = (u128)x * n;
    *lo = (uint64_t)p;
    return (uint64_t)(p >> 64);
#else
    uint64_t p1 = (x & 0xFFFFFFFFULL) * n, p2 = (x >> 32) * n;
    *lo = x * n;
    return (p2 + (p1 >> 32)) >> 32;
#endif
}

/* k uniform draws at once, r[i] in 0 .. n - i - 1 (n >= k, k <= 5, so N, the product of
 * the ranges, passed as `bound` (batch_bound), is below 2**30), from one 64-bit output
 * (Brackett-Rozinsky and Lemire's batched draws, 2024): multiplying x by each range in
 * turn gives the mixed-radix digits of floor(x * N / 2**64), so rejecting as Lemire's
 * method does for a single range N (low word below 2**64 mod N, probability below
 * 2**-34) makes them exact. */
static inline void draw_batch(uint64_t *s, uint32_t n, uint32_t k, uint64_t bound, uint32_t *r)
{
    for (;;) {
        uint64_t x = rng_next(s);
        for (uint32_t i = 0; i < k; i++) {
            r[i] = (uint32_t)mul_hi(x, n - i, &x);
        }
        if (x >= bound || x >= (0 - bound) % bound) {
            return;
        }
    }
}

/* The product n * (n - 1) * ... * (n - k + 1) of draw_batch's ranges. */
static inline uint64_t batch_bound(uint32_t n, uint32_t k)
{
    uint64_t bound = 1;
    for (uint32_t i = 0; i < k; i++) {
        bound *= n - i;
    }
    return bound;
}

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

/* ---------------------------------------------------------------- exact Hold'em */

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

/* Winners mask of ranks r[0..np). */
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

/* winners() without data-dependent branches: a mispredicted branch at the end of a trial
 * would expose the whole deal's latency instead of overlapping it with the next trial. */
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

/* Outcome counts of a Monte Carlo loop. Heads-up, one counter per (player 0's category,
 * player 1's, winners) takes the place of three: one memory increment per trial instead of
 * three, and consecutive trials less often increment the same word (an increment waits
 * for the previous one to the same word). tally_flush adds them to wins and hist. */
#define HU_TALLY (NCAT * NCAT * 4)

HE_ALWAYS_INLINE void tally(uint64_t *joint, const unsigned *r, size_t np, uint64_t *wins,
                            uint64_t *hist)
{
    if (np == 2) {
        joint[(cat_index(r[0]) * NCAT + cat_index(r[1])) * 4 + winners_flat(r, 2)]++;
        return;
    }
    for (size_t p = 0; p < np; p++) {
        hist[p * NCAT + cat_index(r[p])]++;
    }
    wins[winners_flat(r, np)]++;
}

static void tally_flush(const uint64_t *joint, size_t np, uint64_t *wins, uint64_t *hist)
{
    if (np != 2) {
        return;
    }
    for (unsigned i = 0; i < HU_TALLY; i++) {
        uint64_t n = joint[i];
        hist[i / (4 * NCAT)] += n;
        hist[NCAT + i / 4 % NCAT] += n;
        wins[i % 4] += n;
    }
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
            r[p] = rank_noflush(c->rkey[p] + key);
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
            nf[p] = rank_noflush(c->rkey[p] + key);
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
                hist[p * NCAT + cat_index(r[p])]++;
            }
            wins[winners(r, np)]++;
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
                   const double *weight, const uint8_t *board, size_t nb, const uint8_t *dead,
                   size_t nd, size_t part, size_t nparts, uint64_t *wins, uint64_t *hist,
                   double *wwins, double *whist)
{
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
        st = add_mask(h, np * 2, &used);
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

/* ---------------------------------------------------------------- distinct deals */

/* The 24 permutations of the four suits. */
static void suit_perms(uint8_t perms[24][4])
{
    size_t n = 0;
    for (uint8_t a = 0; a < 4; a++) {
        for (uint8_t b = 0; b < 4; b++) {
            for (uint8_t c = 0; c < 4; c++) {
                for (uint8_t d = 0; d < 4; d++) {
                    if (a != b && a != c && a != d && b != c && b != d && c != d) {
                        perms[n][0] = a;
                        perms[n][1] = b;
                        perms[n][2] = c;
                        perms[n][3] = d;
                        n++;
                    }
                }
            }
        }
    }
}

static uint64_t permute_mask(uint64_t mask, const uint8_t *perm)
{
    uint64_t out = 0;
    for (unsigned card = 0; card < HE_NCARDS; card++) {
        if (mask >> card & 1u) {
            out |= 1ULL << ((card & ~3u) | perm[card & 3u]);
        }
    }
    return out;
}

typedef struct {
    size_t np;
    const uint8_t *combos;
    const uint32_t *offsets;
    const double *weights;
    uint8_t perms[24][4];
    size_t nperms;
    /* open-addressing table of canonical keys -> class index */
    uint64_t *tk0, *tk1;
    uint32_t *tidx; /* class index + 1; 0 = empty slot */
    size_t tmask;
    size_t cap, nclasses;
    uint8_t *reps;
    uint64_t *mult;
    double *weight;
    uint64_t deals;
    int status;
    uint32_t pick[HE_EQ_MAX_PLAYERS];
} class_ctx;

/* Canonical key of the deal cc->pick: the smallest, over the suit permutations that keep
 * the board and dead cards in place, of the players' hand codes (hi * (hi - 1) / 2 + lo,
 * 0..1325) read as base-2048 digits, player 0 first, five players per word. */
static void canon_key(const class_ctx *cc, uint64_t *k0, uint64_t *k1)
{
    uint64_t best0 = UINT64_MAX, best1 = UINT64_MAX;
    for (size_t q = 0; q < cc->nperms; q++) {
        const uint8_t *perm = cc->perms[q];
        uint64_t w[2] = {0, 0};
        for (size_t p = 0; p < cc->np; p++) {
            const uint8_t *h = cc->combos + 2 * (size_t)cc->pick[p];
            unsigned a = (h[0] & ~3u) | perm[h[0] & 3u];
            unsigned b = (h[1] & ~3u) | perm[h[1] & 3u];
            unsigned hi = a > b ? a : b, lo = a > b ? b : a;
            w[p / 5] = w[p / 5] * 2048u + hi * (hi - 1) / 2 + lo;
        }
        if (w[0] < best0 || (w[0] == best0 && w[1] < best1)) {
            best0 = w[0];
            best1 = w[1];
        }
    }
    *k0 = best0;
    *k1 = best1;
}

static void add_deal(class_ctx *cc)
{
    double wt = 1.0;
    if (cc->weights != NULL) {
        for (size_t p = 0; p < cc->np; p++) {
            wt *= cc->weights[cc->pick[p]];
        }
    }
    cc->deals++;
    uint64_t k0, k1;
    canon_key(cc, &k0, &k1);
    size_t slot = (size_t)(((k0 ^ (k1 * 0xC2B2AE3D27D4EB4FULL)) * EQ_MIX_MUL) >> 20) & cc->tmask;
    for (;; slot = (slot + 1) & cc->tmask) {
        uint32_t idx = cc->tidx[slot];
        if (idx == 0) {
            if (cc->nclasses == cc->cap) {
                cc->status = HE_E_CAPACITY;
                return;
            }
            size_t k = cc->nclasses++;
            cc->tk0[slot] = k0;
            cc->tk1[slot] = k1;
            cc->tidx[slot] = (uint32_t)(k + 1);
            for (size_t p = 0; p < cc->np; p++) {
                memcpy(cc->reps + (k * cc->np + p) * 2, cc->combos + 2 * (size_t)cc->pick[p], 2);
            }
            cc->mult[k] = 1;
            cc->weight[k] = wt;
            return;
        }
        if (cc->tk0[slot] == k0 && cc->tk1[slot] == k1) {
            cc->mult[idx - 1]++;
            cc->weight[idx - 1] += wt;
            return;
        }
    }
}

static void walk_deals(class_ctx *cc, size_t p, uint64_t used)
{
    for (uint32_t i = cc->offsets[p]; i < cc->offsets[p + 1] && cc->status == HE_OK; i++) {
        const uint8_t *h = cc->combos + 2 * (size_t)i;
        uint64_t m = (1ULL << h[0]) | (1ULL << h[1]);
        if (used & m) {
            continue;
        }
        cc->pick[p] = i;
        if (p + 1 == cc->np) {
            add_deal(cc);
        } else {
            walk_deals(cc, p + 1, used | m);
        }
    }
}

int he_equity_classes(size_t np, const uint8_t *combos, const uint32_t *offsets,
                      const double *weights, const uint8_t *board, size_t nb,
                      const uint8_t *dead, size_t nd, size_t cap, uint8_t *reps,
                      uint64_t *mult, double *weight, uint64_t *deals)
{
    uint64_t fixed;
    if (np < 2 || np > HE_EQ_MAX_PLAYERS || offsets == NULL || reps == NULL || mult == NULL
        || weight == NULL || deals == NULL || cap == 0 || cap >= UINT32_MAX) {
        return HE_E_ARGUMENT;
    }
    int st = fixed_cards(board, nb, dead, nd, &fixed);
    if (st != HE_OK) {
        return st;
    }
    if (offsets[0] != 0 || (offsets[np] && combos == NULL)) {
        return HE_E_ARGUMENT;
    }
    for (size_t p = 0; p < np; p++) {
        if (offsets[p + 1] < offsets[p]) {
            return HE_E_ARGUMENT;
        }
    }
    for (size_t i = 0; i < offsets[np]; i++) {
        uint64_t m = 0;
        st = add_mask(combos + 2 * i, 2, &m);
        if (st != HE_OK) {
            return st;
        }
    }
    class_ctx cc;
    memset(&cc, 0, sizeof cc);
    cc.np = np;
    cc.combos = combos;
    cc.offsets = offsets;
    cc.weights = weights;
    uint8_t all[24][4];
    suit_perms(all);
    uint64_t bmask = 0, dmask = 0;
    for (size_t j = 0; j < nb; j++) {
        bmask |= 1ULL << board[j];
    }
    for (size_t j = 0; j < nd; j++) {
        dmask |= 1ULL << dead[j];
    }
    for (size_t q = 0; q < 24; q++) {
        if (permute_mask(bmask, all[q]) == bmask && permute_mask(dmask, all[q]) == dmask) {
            memcpy(cc.perms[cc.nperms++], all[q], 4);
        }
    }
    size_t size = 1024; /* a power of two, at least twice the classes it may hold */
    while (size < 2 * cap) {
        size <<= 1;
    }
    cc.tmask = size - 1;
    cc.tk0 = malloc(size * sizeof(uint64_t));
    cc.tk1 = malloc(size * sizeof(uint64_t));
    cc.tidx = calloc(size, sizeof(uint32_t));
    if (cc.tk0 == NULL || cc.tk1 == NULL || cc.tidx == NULL) {
        free(cc.tk0);
        free(cc.tk1);
        free(cc.tidx);
        return HE_E_ARGUMENT;
    }
    cc.cap = cap;
    cc.reps = reps;
    cc.mult = mult;
    cc.weight = weight;
    cc.status = HE_OK;
    walk_deals(&cc, 0, fixed);
    free(cc.tk0);
    free(cc.tk1);
    free(cc.tidx);
    *deals = cc.deals;
    if (cc.status != HE_OK) {
        return cc.status;
    }
    if (cc.nclasses == 0) {
        return HE_E_NO_DEAL;
    }
    return (int)cc.nclasses;
}

int he_equity_exact(size_t np, const uint8_t *combos, const uint32_t *offsets,
                    const double *weights, const uint8_t *board, size_t nb,
                    const uint8_t *dead, size_t nd, size_t cap, uint64_t *wins,
                    uint64_t *hist, double *wwins, double *whist, uint64_t *deals)
{
    if (cap == 0 || cap >= UINT32_MAX || np < 2 || np > HE_EQ_MAX_PLAYERS) {
        return HE_E_ARGUMENT;
    }
    uint8_t *reps = malloc(cap * np * 2);
    uint64_t *mult = malloc(cap * sizeof(uint64_t));
    double *weight = malloc(cap * sizeof(double));
    int st = HE_E_ARGUMENT;
    if (reps != NULL && mult != NULL && weight != NULL) {
        st = he_equity_classes(np, combos, offsets, weights, board, nb, dead, nd, cap, reps,
                               mult, weight, deals);
        if (st >= 0) {
            st = he_equity_enum(np, reps, (size_t)st, mult, weights != NULL ? weight : NULL,
                                board, nb, dead, nd, 0, 1, wins, hist, wwins, whist);
        }
    }
    free(reps);
    free(mult);
    free(weight);
    return st;
}

/* ---------------------------------------------------------------- Omaha */

/* Omaha hands are ranked by he_omaha_best (he_eval_internal.h): a pair-by-triple table
 * lookup per choice of five cards, flushes only in a suit the board allows. */

typedef struct {
    size_t np;
    he_omaha_hole hole[HE_EQ_MAX_PLAYERS];
    uint64_t *wins, *hist;
} omaha_ctx;

static void omaha_showdown(omaha_ctx *c, const uint8_t *b)
{
    he_omaha_board board;
    he_omaha_board_init(&board, b, 5);
    unsigned best = 0xFFFFu, mask = 0;
    for (size_t p = 0; p < c->np; p++) {
        unsigned r = he_omaha_best(&c->hole[p], &board);
        if (r < best) {
            best = r;
            mask = 1u << p;
        } else if (r == best) {
            mask |= 1u << p;
        }
        c->hist[p * NCAT + cat_index(r)]++;
    }
    c->wins[mask]++;
}

static void omaha_rec(omaha_ctx *c, uint8_t *b, size_t nb, const uint8_t *deck, size_t ndeck,
                      size_t start, size_t part, size_t nparts, int top)
{
    if (nb == 5) {
        omaha_showdown(c, b);
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

int he_equity_enum_omaha(size_t np, size_t nh, const uint8_t *holes, const uint8_t *board,
                         size_t nb, const uint8_t *dead, size_t nd, size_t part,
                         size_t nparts, uint64_t *wins, uint64_t *hist)
{
    uint64_t used;
    if (np < 2 || np > HE_EQ_MAX_PLAYERS || nh < 4 || nh > 6 || holes == NULL || wins == NULL
        || hist == NULL || nparts == 0 || part >= nparts) {
        return HE_E_ARGUMENT;
    }
    int st = fixed_cards(board, nb, dead, nd, &used);
    if (st == HE_OK) {
        st = add_mask(holes, np * nh, &used);
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
            omaha_showdown(&c, b);
        }
        return HE_OK;
    }
    omaha_rec(&c, b, nb, deck, ndeck, 0, part, nparts, 1);
    return HE_OK;
}

/* ---------------------------------------------------------------- Monte Carlo */

typedef struct {
    size_t np, nh;
    const uint32_t *offsets, *alias;
    const uint64_t *thresh;
    const uint8_t *combos;
    uint64_t *cmask, *ckey, *cbits; /* per combo: card mask, summed keys and bits */
    uint64_t fixed; /* board, dead cards and the hands of one-combo players */
    size_t ndrawn, nrandom;
    unsigned drawn[HE_EQ_MAX_PLAYERS];  /* players with two or more combos */
    unsigned random[HE_EQ_MAX_PLAYERS]; /* players dealt from the deck */
    uint32_t pick[HE_EQ_MAX_PLAYERS];   /* combo row of each range player */
} mc_ctx;

/* Draws one combo per range player, redrawing the whole tuple on any conflict. Stores the
 * cards in use in *out and returns 1, or returns 0 after MAX_REDRAWS failures. */
static inline int draw_tuple(mc_ctx *m, u32_src *s, uint64_t *out)
{
    for (unsigned redraws = 0; redraws < MAX_REDRAWS; redraws++) {
        uint64_t used = m->fixed;
        size_t k = 0;
        for (; k < m->ndrawn; k++) {
            unsigned p = m->drawn[k];
            uint32_t lo = m->offsets[p];
            uint32_t i = lo + below32(s, m->offsets[p + 1] - lo);
            if (m->alias != NULL && next32(s) >= m->thresh[i]) {
                i = m->alias[i];
            }
            if (used & m->cmask[i]) {
                break;
            }
            used |= m->cmask[i];
            m->pick[p] = i;
        }
        if (k == m->ndrawn) {
            *out = used;
            return 1;
        }
    }
    return 0;
}

static int mc_setup(mc_ctx *m, size_t np, size_t nh, const uint8_t *combos,
                    const uint32_t *offsets, const uint32_t *alias, const uint64_t *thresh,
                    uint64_t fixed)
{
    memset(m, 0, sizeof *m);
    m->np = np;
    m->nh = nh;
    m->offsets = offsets;
    m->alias = alias;
    m->thresh = thresh;
    m->combos = combos;
    size_t ncombos = offsets[np];
    size_t alloc = ncombos ? ncombos : 1;
    m->cmask = malloc(alloc * sizeof(uint64_t));
    m->ckey = malloc(alloc * sizeof(uint64_t));
    m->cbits = malloc(alloc * sizeof(uint64_t));
    if (m->cmask == NULL || m->ckey == NULL || m->cbits == NULL) {
        return HE_E_ARGUMENT;
    }
    for (size_t i = 0; i < ncombos; i++) {
        uint64_t mask = 0;
        int st = add_mask(combos + i * nh, nh, &mask);
        if (st != HE_OK) {
            return st;
        }
        if (alias != NULL && thresh[i] > (1ULL << 32)) {
            return HE_E_ARGUMENT;
        }
        m->cmask[i] = mask;
        m->ckey[i] = 0;
        m->cbits[i] = 0;
        for (size_t j = 0; j < nh; j++) {
            m->ckey[i] += he_cards[combos[i * nh + j]].key;
            m->cbits[i] |= he_cards[combos[i * nh + j]].bits;
        }
    }
    m->fixed = fixed;
    for (size_t p = 0; p < np; p++) {
        uint32_t lo = offsets[p], hi = offsets[p + 1];
        if (hi < lo) {
            return HE_E_ARGUMENT;
        }
        if (alias != NULL) {
            for (uint32_t i = lo; i < hi; i++) {
                if (alias[i] < lo || alias[i] >= hi) { /* must stay in the player's rows */
                    return HE_E_ARGUMENT;
                }
            }
        }
        if (hi == lo) {
            m->random[m->nrandom++] = (unsigned)p;
        } else if (hi - lo == 1) {
            if (m->fixed & m->cmask[lo]) {
                return HE_E_NO_DEAL; /* a fixed hand clashes with fixed cards */
            }
            m->fixed |= m->cmask[lo];
            m->pick[p] = lo;
        } else {
            m->drawn[m->ndrawn++] = (unsigned)p;
        }
    }
    return HE_OK;
}

static void mc_free(mc_ctx *m)
{
    free(m->cmask);
    free(m->ckey);
    free(m->cbits);
}

/* Monte Carlo when every player's hole cards are fixed (Hold'em): only the board is dealt,
 * all of it from one generator output (draw_batch). Which loop runs depends only on the
 * players, so a seed still fixes the result (other Hold'em deals: the listed tuples below;
 * Omaha: the loop at the end of he_equity_mc). Inlined once per board size
 * (mc_fixed_holdem), so the deal loop has a constant count; hands are he_acc sums (one
 * vector add per card on x86-64). */
static inline void mc_fixed_nb(u32_src *src, uint8_t *deck, uint32_t ndeck, he_acc board,
                               uint32_t ndeal, size_t np, const he_acc *hole, uint64_t trials,
                               uint64_t *wins, uint64_t *hist)
{
    unsigned r[HE_EQ_MAX_PLAYERS];
    uint64_t rs[4] = {src->s[0], src->s[1], src->s[2], src->s[3]}; /* in registers */
    uint64_t bound = batch_bound(ndeck, ndeal), joint[HU_TALLY] = {0};
    for (uint64_t t = 0; t < trials; t++) {
        /* The deck holds no fixed card, so a partial shuffle never deals a used one. */
        uint32_t first[5];
        draw_batch(rs, ndeck, ndeal, bound, first);
        he_acc h = board;
        for (uint32_t j = 0; j < ndeal; j++) {
            uint32_t at = j + first[j];
            uint8_t c = deck[at];
            deck[at] = deck[j];
            deck[j] = c;
            h = he_acc_add(h, c);
        }
        for (size_t p = 0; p < np; p++) {
            r[p] = he_acc_rank(he_acc_sum(h, hole[p]));
        }
        tally(joint, r, np, wins, hist);
    }
    tally_flush(joint, np, wins, hist);
    memcpy(src->s, rs, sizeof rs);
}

static void mc_fixed_holdem(u32_src *src, uint8_t *deck, uint32_t ndeck, const uint8_t *board,
                            size_t nb, size_t np, const uint8_t *combos,
                            const uint32_t *pick, uint64_t trials, uint64_t *wins,
                            uint64_t *hist)
{
    he_acc b = he_acc_start(), hole[HE_EQ_MAX_PLAYERS];
    for (size_t j = 0; j < nb; j++) {
        b = he_acc_add(b, board[j]);
    }
    for (size_t p = 0; p < np; p++) {
        const uint8_t *c = combos + 2 * (size_t)pick[p];
        hole[p] = he_acc_sum(he_acc_part(c[0]), he_acc_part(c[1]));
    }
    switch (nb) {
    case 0: mc_fixed_nb(src, deck, ndeck, b, 5, np, hole, trials, wins, hist); break;
    case 3: mc_fixed_nb(src, deck, ndeck, b, 2, np, hole, trials, wins, hist); break;
    case 4: mc_fixed_nb(src, deck, ndeck, b, 1, np, hole, trials, wins, hist); break;
    default:
        mc_fixed_nb(src, deck, ndeck, b, (uint32_t)(5 - nb), np, hole, trials, wins,
                    hist);
    }
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
 * alias as in draw_tuple, and a tuple with a conflict is redrawn whole, with every other
 * draw of the trial. Each deck is shuffled in place from trial to trial; a partial
 * shuffle deals a uniform ordered set from any order. */

#define MC_TUPLE_CAP 1024u /* most tuples listed: a call's set-up is a few % of its trials */
#define MC_DECK_STRIDE 64u  /* bytes per listed deck (52 cards at most) */
#define MC_MAX_DIGITS (2 * HE_EQ_MAX_PLAYERS + 2 * HE_EQ_MAX_PLAYERS + 5)
/* Largest product of ranges drawn from one generator output: the output is redrawn with
 * probability below bound / 2**64 <= 2**-12. */
#define MC_CHUNK_BOUND (1ULL << 52)

typedef struct {
    size_t np, nt;     /* players; valid (listed) tuples */
    he_acc *hands;    /* nt * np: each player's summed hole cards (random, unlisted: 0) */
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

int he_equity_mc(size_t np, size_t nh, const uint8_t *combos, const uint32_t *offsets,
                 const uint32_t *alias, const uint64_t *thresh, const uint8_t *board,
                 size_t nb, const uint8_t *dead, size_t nd, uint64_t trials,
                 uint64_t *state, uint64_t *wins, uint64_t *hist)
{
    uint64_t fixed;
    if (np < 2 || np > HE_EQ_MAX_PLAYERS || !(nh == 2 || (nh >= 4 && nh <= 6))
        || offsets == NULL || state == NULL || wins == NULL || hist == NULL
        || (alias == NULL) != (thresh == NULL) || offsets[0] != 0
        || (offsets[np] && combos == NULL)) {
        return HE_E_ARGUMENT;
    }
    int st = fixed_cards(board, nb, dead, nd, &fixed);
    if (st != HE_OK) {
        return st;
    }
    if (np * nh + nb + nd + (5 - nb) > HE_NCARDS) {
        return HE_E_ARGUMENT;
    }
    mc_ctx m;
    st = mc_setup(&m, np, nh, combos, offsets, alias, thresh, fixed);
    if (st != HE_OK) {
        mc_free(&m);
        return st;
    }
    /* The generator's state is copied into locals (written back on return): through the
     * caller's pointer it would be reloaded after every store to the deck. */
    uint64_t rs[4] = {state[0], state[1], state[2], state[3]};
    u32_src src = {rs, 0, 0};
    uint8_t deck[HE_NCARDS];
    uint32_t ndeck = 0;
    for (unsigned card = 0; card < HE_NCARDS; card++) {
        if (!(m.fixed >> card & 1u)) {
            deck[ndeck++] = (uint8_t)card;
        }
    }
    if (nh == 2 && m.ndrawn == 0 && m.nrandom == 0) {
        mc_fixed_holdem(&src, deck, ndeck, board, nb, np, combos, m.pick, trials,
                        wins, hist);
        memcpy(state, rs, sizeof rs);
        mc_free(&m);
        return HE_OK;
    }
    if (nh == 2) {
        mc_tuples T;
        st = mc_tuples_setup(&T, &m, (uint32_t)(5 - nb));
        if (st == HE_OK) {
            he_acc hb = he_acc_start();
            for (size_t j = 0; j < nb; j++) {
                hb = he_acc_add(hb, board[j]);
            }
            st = mc_tuples_run(&T, &m, rs, hb, (uint32_t)(5 - nb), trials, wins, hist);
            mc_tuples_free(&T);
        }
        memcpy(state, rs, sizeof rs);
        mc_free(&m);
        return st;
    }
    /* Omaha: range combos by draw_tuple, then random players and the board card by card. */
    uint8_t hole[HE_EQ_MAX_PLAYERS][6];
    uint8_t b[5];
    if (nb) {
        memcpy(b, board, nb);
    }
    unsigned r[HE_EQ_MAX_PLAYERS];
    for (uint64_t t = 0; t < trials; t++) {
        uint64_t used;
        if (!draw_tuple(&m, &src, &used)) {
            memcpy(state, rs, sizeof rs);
            mc_free(&m);
            return HE_E_NO_DEAL;
        }
        uint32_t dealt = 0;
        for (size_t k = 0; k < m.nrandom; k++) {
            unsigned p = m.random[k];
            for (size_t j = 0; j < nh; j++) {
                hole[p][j] = (uint8_t)deal_card(&src, deck, ndeck, dealt++, &used);
            }
        }
        for (size_t j = nb; j < 5; j++) {
            b[j] = (uint8_t)deal_card(&src, deck, ndeck, dealt++, &used);
        }
        he_omaha_board ob;
        he_omaha_board_init(&ob, b, 5);
        for (size_t p = 0; p < np; p++) {
            const uint8_t *h = offsets[p + 1] == offsets[p]
                               ? hole[p] : combos + (size_t)m.pick[p] * nh;
            he_omaha_hole oh;
            he_omaha_hole_init(&oh, h, nh);
            r[p] = he_omaha_best(&oh, &ob);
            hist[p * NCAT + cat_index(r[p])]++;
        }
        wins[winners_flat(r, np)]++;
    }
    memcpy(state, rs, sizeof rs);
    mc_free(&m);
    return HE_OK;
}
