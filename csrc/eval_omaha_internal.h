/* Omaha ranking internals shared by the Omaha batch kernel (csrc/eval_omaha.c) and the
 * equity, hi-lo and settlement kernels: the direct tables of scripts/gen_omaha_tables.py
 * and the inline helpers that rank a hole on a board with them. Not part of the
 * Python-visible API.
 *
 * A board (3..5 cards) names one row of he_omaha_rows through its rank key; a hole pair
 * names one of the row's 91 columns; the entry is the pair's best non-flush rank with any
 * three of the board's cards. A hole of h cards is the minimum of its C(h, 2) entries,
 * and the better of that and the best flush (he_omaha_flush) where the board holds three
 * cards of a suit and the hole two. */
#ifndef HE_EVAL_OMAHA_INTERNAL_H
#define HE_EVAL_OMAHA_INTERNAL_H

#include "he_eval_internal.h"

/* Board rank keys per bucket of he_omaha_board_base: 2**HE_OMAHA_BOARD_SHIFT. */
#define HE_OMAHA_BOARD_SHIFT 11
/* Hole-pair rank multisets (columns of a row) and board rank multisets of 3..5 cards
 * (rows: 455 + 1,820 + 6,175); buckets: the largest board key >> HE_OMAHA_BOARD_SHIFT, + 1. */
#define HE_OMAHA_PAIRS 91
#define HE_OMAHA_BOARDS 8450
#define HE_OMAHA_BUCKETS 11713
/* Hole cards in an Omaha hand, at most; their pairs, at most (C(6, 2)). */
#define HE_OMAHA_MAX_HOLE 6
#define HE_OMAHA_MAX_PAIRS 15

extern const uint16_t he_omaha_board_base[HE_OMAHA_BUCKETS];
extern const uint8_t he_omaha_pair_col[64 * 64];
extern const uint16_t he_omaha_rows[HE_OMAHA_BOARDS * HE_OMAHA_PAIRS];

/* The row of a board from its summed key (he_acc_key of 3..5 valid, distinct cards). */
static inline const uint16_t *he_omaha_row(uint64_t board_key)
{
    uint32_t k = (uint32_t)board_key;
    unsigned row = he_omaha_board_base[k >> HE_OMAHA_BOARD_SHIFT]
                   + (k & ((1u << HE_OMAHA_BOARD_SHIFT) - 1u));
    return he_omaha_rows + (size_t)row * HE_OMAHA_PAIRS;
}

/* The suit counters (4 bits each, bits 32..47 of a summed key) with HE_SUIT_BIAS: bit 3 of
 * suit s's counter + 2 is set iff the board holds three or more of s (3 + 3 + 2 = 8). */
#define HE_OMAHA_BOARD_FLUSH_ADD 0x2222u
/* Without the bias: bit 3 of a hole's counter + 6 is set iff it holds two or more (2 + 6 = 8;
 * six cards make 12, still inside the counter). */
#define HE_OMAHA_HOLE_FLUSH_ADD 0x6666u

/* The suit whose flush the hand may hold, as bit 3 + 4 * suit (0: none; a five-card board
 * holds three of at most one suit, so at most one bit is set), from the board's counters
 * (biased) and the hole's (not biased): the high halves of their summed keys. */
static inline unsigned he_omaha_flush_suit(uint64_t board_key, uint64_t hole_key)
{
    unsigned b = (unsigned)(board_key >> 32) & 0xFFFFu, h = (unsigned)(hole_key >> 32) & 0xFFFFu;
    return (b + HE_OMAHA_BOARD_FLUSH_ADD) & (h + HE_OMAHA_HOLE_FLUSH_ADD) & 0x8888u;
}

/* Best flush of two cards of hole rank mask `hole` (2..6 ranks) and three of board mask
 * `board` (3..5 ranks) of one suit: he_flush_rank of every such five, the common case of
 * exactly two and three in one load. */
static inline unsigned he_omaha_flush(unsigned hole, unsigned board)
{
    if (he_popcount_portable(hole) == 2 && he_popcount_portable(board) == 3) {
        return he_flush_rank[hole | board];
    }
    unsigned best = 0xFFFFu;
    for (unsigned a = hole; a; a &= a - 1u) {
        for (unsigned b = a & (a - 1u); b; b &= b - 1u) {
            unsigned pair = (a & (0u - a)) | (b & (0u - b));
            for (unsigned x = board; x; x &= x - 1u) {
                for (unsigned y = x & (x - 1u); y; y &= y - 1u) {
                    for (unsigned z = y & (y - 1u); z; z &= z - 1u) {
                        unsigned five = pair | (x & (0u - x)) | (y & (0u - y)) | (z & (0u - z));
                        unsigned r = he_flush_rank[five];
                        best = r < best ? r : best;
                    }
                }
            }
        }
    }
    return best;
}

static inline unsigned he_omaha_min(unsigned a, unsigned b)
{
    return b < a ? b : a;
}

/* The better of `best` and the hand's best flush: none when `suit` (he_omaha_flush_suit)
 * is 0, as in 93% of random deals with four hole cards (86% with six): a branch costs less
 * than ranking a flush in every row. (The batch kernel lists its flush rows instead.) */
HE_ALWAYS_INLINE unsigned he_omaha_with_flush(unsigned best, unsigned suit, uint64_t board_bits,
                                              uint64_t hole_bits)
{
    if (suit) {
        unsigned shift = 4u * (he_ctz64(suit) - 3u); /* 16 * suit */
        best = he_omaha_min(best, he_omaha_flush((unsigned)(hole_bits >> shift) & 0x1FFFu,
                                                 (unsigned)(board_bits >> shift) & 0x1FFFu));
    }
    return best;
}

#ifdef HE_SSE2
/* The smallest of the eight 16-bit lanes of v, each below 2**15. */
static inline unsigned he_omaha_lanes_min(__m128i v)
{
    v = _mm_min_epi16(v, _mm_shuffle_epi32(v, 0x4E));   /* lanes 4..7 onto 0..3 */
    v = _mm_min_epi16(v, _mm_shufflelo_epi16(v, 0x4E)); /* 2, 3 onto 0, 1 */
    v = _mm_min_epi16(v, _mm_shufflelo_epi16(v, 0xB1)); /* 1 onto 0 */
    return (unsigned)_mm_cvtsi128_si32(v) & 0xFFFFu;
}
#endif

/* The smallest of row[col[0]] .. row[col[np - 1]] (np 6, 10 or 15: a constant when
 * inlined). On x86-64 the entries go into the 16-bit lanes of two vectors (pinsrw) and
 * the minima are vector ones (pminsw: ranks are below 2**15, so signed minima are
 * theirs), which takes fewer instructions than a compare and a select per entry. */
HE_ALWAYS_INLINE unsigned he_omaha_row_min(const uint16_t *row, const unsigned *col, size_t np)
{
#ifdef HE_SSE2
    __m128i v = _mm_set1_epi16(0x7FFF), w = v;
#define HE_LANE(x, lane, k)                                              \
    if ((k) < np) {                                                      \
        x = _mm_insert_epi16(x, row[col[(k) < np ? (k) : 0]], lane);     \
    }
    HE_LANE(v, 0, 0) HE_LANE(v, 1, 1) HE_LANE(v, 2, 2) HE_LANE(v, 3, 3)
    HE_LANE(v, 4, 4) HE_LANE(v, 5, 5) HE_LANE(v, 6, 6) HE_LANE(v, 7, 7)
    if (np > 8) {
        HE_LANE(w, 0, 8) HE_LANE(w, 1, 9) HE_LANE(w, 2, 10) HE_LANE(w, 3, 11)
        HE_LANE(w, 4, 12) HE_LANE(w, 5, 13) HE_LANE(w, 6, 14)
        v = _mm_min_epi16(v, w);
    }
#undef HE_LANE
    return he_omaha_lanes_min(v);
#else
    unsigned best = 0xFFFFu;
    for (size_t k = 0; k < np; k++) {
        best = he_omaha_min(best, row[col[k]]);
    }
    return best;
#endif
}

/* Best non-flush rank of nh (4..6) valid hole cards in a board's row: the smallest entry
 * of the hole's C(nh, 2) pairs, as he_omaha_row_min takes it. Every pair is written out,
 * each column looked up next to its use (a loop of 15 turns is not always unrolled, and
 * 15 columns held at once spill). Inlined with constant nh. */
HE_ALWAYS_INLINE unsigned he_omaha_pairs_min(const uint16_t *row, const uint8_t *hole, size_t nh)
{
    const uint8_t *col = he_omaha_pair_col;
    unsigned c0 = hole[0], c1 = hole[1], c2 = hole[2], c3 = hole[3];
    unsigned c4 = nh > 4 ? hole[4] : 0, c5 = nh > 5 ? hole[5] : 0;
#define HE_PAIR(a, b) row[col[64u * (a) + (b)]]
#ifdef HE_SSE2
    __m128i v = _mm_set1_epi16(0x7FFF);
    v = _mm_insert_epi16(v, HE_PAIR(c0, c1), 0);
    v = _mm_insert_epi16(v, HE_PAIR(c0, c2), 1);
    v = _mm_insert_epi16(v, HE_PAIR(c0, c3), 2);
    v = _mm_insert_epi16(v, HE_PAIR(c1, c2), 3);
    v = _mm_insert_epi16(v, HE_PAIR(c1, c3), 4);
    v = _mm_insert_epi16(v, HE_PAIR(c2, c3), 5);
    if (nh > 4) {
        __m128i w = _mm_set1_epi16(0x7FFF);
        v = _mm_insert_epi16(v, HE_PAIR(c0, c4), 6);
        v = _mm_insert_epi16(v, HE_PAIR(c1, c4), 7);
        w = _mm_insert_epi16(w, HE_PAIR(c2, c4), 0);
        w = _mm_insert_epi16(w, HE_PAIR(c3, c4), 1);
        if (nh > 5) {
            w = _mm_insert_epi16(w, HE_PAIR(c0, c5), 2);
            w = _mm_insert_epi16(w, HE_PAIR(c1, c5), 3);
            w = _mm_insert_epi16(w, HE_PAIR(c2, c5), 4);
            w = _mm_insert_epi16(w, HE_PAIR(c3, c5), 5);
            w = _mm_insert_epi16(w, HE_PAIR(c4, c5), 6);
        }
        v = _mm_min_epi16(v, w);
    }
    return he_omaha_lanes_min(v);
#else
    unsigned best = he_omaha_min(he_omaha_min(HE_PAIR(c0, c1), HE_PAIR(c0, c2)),
                                 he_omaha_min(HE_PAIR(c0, c3), HE_PAIR(c1, c2)));
    best = he_omaha_min(best, he_omaha_min(HE_PAIR(c1, c3), HE_PAIR(c2, c3)));
    if (nh > 4) {
        best = he_omaha_min(best, he_omaha_min(he_omaha_min(HE_PAIR(c0, c4), HE_PAIR(c1, c4)),
                                               he_omaha_min(HE_PAIR(c2, c4), HE_PAIR(c3, c4))));
    }
    if (nh > 5) {
        unsigned m = he_omaha_min(he_omaha_min(HE_PAIR(c0, c5), HE_PAIR(c1, c5)),
                                  he_omaha_min(HE_PAIR(c2, c5), HE_PAIR(c3, c5)));
        best = he_omaha_min(best, he_omaha_min(m, HE_PAIR(c4, c5)));
    }
    return best;
#endif
#undef HE_PAIR
}

/* Best rank of nh (4..6) valid hole cards on a board (distinct from them): the row of the
 * board, the summed keys and card bits of both (board key summed from HE_SUIT_BIAS, hole
 * key from 0). */
HE_ALWAYS_INLINE unsigned he_omaha_rank_in(const uint16_t *row, const uint8_t *hole, size_t nh,
                                           uint64_t board_key, uint64_t board_bits,
                                           uint64_t hole_key, uint64_t hole_bits)
{
    return he_omaha_with_flush(he_omaha_pairs_min(row, hole, nh),
                               he_omaha_flush_suit(board_key, hole_key), board_bits, hole_bits);
}

/* Omaha hole cards (4..6), ready for he_omaha_best: the column of each of its pairs, its
 * summed key (suit counters, no bias) and card bits. */
typedef struct {
    unsigned np;
    unsigned col[HE_OMAHA_MAX_PAIRS];
    uint64_t key, bits;
} he_omaha_hole;

/* An Omaha board (3..5 cards): its row of he_omaha_rows, its summed key (with
 * HE_SUIT_BIAS) and card bits. */
typedef struct {
    const uint16_t *row;
    uint64_t key, bits;
} he_omaha_board;

/* Fills *h from nh (4..6) valid, distinct hole cards (not kept). */
HE_ALWAYS_INLINE void he_omaha_hole_init(he_omaha_hole *h, const uint8_t *cards, size_t nh)
{
    unsigned np = 0;
    he_acc sum = he_acc_part(cards[0]);
    for (size_t a = 0; a < nh; a++) {
        for (size_t b = a + 1; b < nh; b++) {
            h->col[np++] = he_omaha_pair_col[64u * cards[a] + cards[b]];
        }
        if (a) {
            sum = he_acc_add(sum, cards[a]);
        }
    }
    h->np = np;
    h->key = he_acc_key(sum);
    h->bits = he_acc_bits(sum);
}

/* Fills *b from nb (3..5) valid, distinct board cards (not kept). */
HE_ALWAYS_INLINE void he_omaha_board_init(he_omaha_board *b, const uint8_t *cards, size_t nb)
{
    he_acc sum = he_acc_first(cards[0]);
    for (size_t x = 1; x < nb; x++) {
        sum = he_acc_add(sum, cards[x]);
    }
    b->key = he_acc_key(sum);
    b->bits = he_acc_bits(sum);
    b->row = he_omaha_row(b->key);
}

/* Best Omaha rank of hole h on board b (no card in both). */
HE_ALWAYS_INLINE unsigned he_omaha_best(const he_omaha_hole *h, const he_omaha_board *b)
{
    unsigned best = h->np == 6    ? he_omaha_row_min(b->row, h->col, 6)
                    : h->np == 10 ? he_omaha_row_min(b->row, h->col, 10)
                                  : he_omaha_row_min(b->row, h->col, 15);
    return he_omaha_with_flush(best, he_omaha_flush_suit(b->key, h->key), b->bits, h->bits);
}

#endif
