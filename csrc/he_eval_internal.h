/* Evaluator internals shared by the C kernels (batch, equity, settlement, bulk): the
 * generated tables and inline helpers that turn a summed hand into a rank. Not part of
 * the Python-visible API. The scheme is explained in scripts/gen_tables.py. */
#ifndef HE_EVAL_INTERNAL_H
#define HE_EVAL_INTERNAL_H

#include "holdem_eval.h"

#if (defined(__x86_64__) || defined(_M_X64)) && !defined(HE_NO_SIMD)
#include <emmintrin.h> /* SSE2: baseline on every x86-64 CPU (HE_NO_SIMD: test the portable code) */
#define HE_SSE2 1
#endif
#if defined(_MSC_VER)
#include <intrin.h>
#endif

/* Rows of 2**HE_ROW_SHIFT consecutive rank keys share one he_row_offset entry;
 * gen_tables.py writes tables for exactly this value. */
#define HE_ROW_SHIFT 12
/* Every suit counter (4 bits at 32 + 4 * suit) starts at 3: it reaches 8 at five cards. */
#define HE_SUIT_BIAS 0x333300000000ULL
#define HE_FLUSH_BITS 0x888800000000ULL
#define HE_NCARDS HE_DECK_SIZE

/* A helper that must be inlined: the kernels rely on constant arguments folding away. */
#if defined(__GNUC__) || defined(__clang__)
#define HE_ALWAYS_INLINE static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define HE_ALWAYS_INLINE static __forceinline
#else
#define HE_ALWAYS_INLINE static inline
#endif

#if defined(_MSC_VER)
#define HE_ALIGN16_PRE __declspec(align(16))
#define HE_ALIGN16_POST
#else
#define HE_ALIGN16_PRE
#define HE_ALIGN16_POST __attribute__((aligned(16)))
#endif

/* One card: `key` (rank multiplier in bits 0..31, a one in its suit's counter at
 * 32 + 4 * suit) and `bits` (1 << (16 * suit + rank)). Ids 52..255: {0, 0}. Aligned so
 * that an entry is one 16-byte vector load. he_cards[256 + id] is he_cards[id] with
 * HE_SUIT_BIAS added to its key: the first card of a hand (he_acc_first). */
typedef HE_ALIGN16_PRE struct {
    uint64_t key;
    uint64_t bits;
} HE_ALIGN16_POST he_card_entry;

extern const he_card_entry he_cards[512];
extern const uint16_t he_flush_rank[8192];
extern const uint8_t he_rank_category[HE_RANK_WORST + 1]; /* 1 = straight flush .. 9 = high card */
extern const uint32_t he_row_offset[8191];
extern const uint16_t he_rank_table[83116];

/* ------------------------------------------------------------------ bit helpers */

/* Index of the lowest set bit of x != 0. */
static inline unsigned he_ctz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctzll(x);
#elif defined(_MSC_VER) && defined(_M_X64)
    unsigned long i;
    _BitScanForward64(&i, x);
    return (unsigned)i;
#else
    unsigned n = 0;
    while (!(x & 1u)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* Set bits of x, without any CPU extension (SWAR). */
static inline unsigned he_popcount_portable(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (unsigned)((x * 0x0101010101010101ULL) >> 56);
}

/* HE_POPCNT_DISPATCH: the compiler can build a function for the x86 POPCNT instruction
 * (target("popcnt")) and ask at run time whether this CPU has it. Elsewhere (MSVC, other
 * architectures) every kernel uses he_popcount_portable. */
#if defined(HE_SSE2) && (defined(__GNUC__) || defined(__clang__))
#define HE_POPCNT_DISPATCH 1
#define HE_TARGET_POPCNT __attribute__((target("popcnt")))
/* 1 when this CPU has POPCNT. Reads the CPU model libgcc fills in before any code runs. */
static inline int he_cpu_has_popcnt(void)
{
    return __builtin_cpu_supports("popcnt") != 0;
}
#else
#define HE_POPCNT_DISPATCH 0
#define HE_TARGET_POPCNT
static inline int he_cpu_has_popcnt(void)
{
    return 0;
}
#endif

/* ------------------------------------------------------------------ combinations */

/* Steps idx[0..m) (increasing positions in 0..n-1) to the next m-subset of n positions in
 * lexicographic order; 0 when idx was the last one. */
static inline int he_next_combination(size_t *idx, size_t m, size_t n)
{
    size_t k = m;
    while (k > 0 && idx[k - 1] == n - m + k - 1) {
        k--;
    }
    if (k == 0) {
        return 0;
    }
    idx[k - 1]++;
    for (size_t q = k; q < m; q++) {
        idx[q] = idx[q - 1] + 1;
    }
    return 1;
}

/* ------------------------------------------------------------------ hand accumulators */

/* A hand being summed (he_acc): {key, bits} as one SSE2 register on x86-64, two words
 * elsewhere. (he_hand is the engine's hand state, csrc/api/hand.h.) */
#ifdef HE_SSE2
typedef __m128i he_acc;

static inline he_acc he_acc_start(void)
{
    return _mm_set_epi64x(0, (long long)HE_SUIT_BIAS);
}

static inline he_acc he_acc_add(he_acc h, unsigned card)
{
    return _mm_add_epi64(h, _mm_load_si128((const __m128i *)(const void *)&he_cards[card]));
}

/* A hand part from its summed key and bits. */
static inline he_acc he_acc_make(uint64_t key, uint64_t bits)
{
    return _mm_set_epi64x((long long)bits, (long long)key);
}

/* One card's entry, without the suit bias (a part of a hand, for he_acc_sum). */
static inline he_acc he_acc_part(unsigned card)
{
    return _mm_load_si128((const __m128i *)(const void *)&he_cards[card]);
}

/* The hand of one card (he_acc_add(he_acc_start(), card) in one load). */
static inline he_acc he_acc_first(unsigned card)
{
    return _mm_load_si128((const __m128i *)(const void *)&he_cards[256u + card]);
}

static inline he_acc he_acc_sum(he_acc a, he_acc b)
{
    return _mm_add_epi64(a, b);
}

static inline uint64_t he_acc_key(he_acc h)
{
    return (uint64_t)_mm_cvtsi128_si64(h);
}

static inline uint64_t he_acc_bits(he_acc h)
{
    return (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(h, h));
}
#else
typedef he_card_entry he_acc;

static inline he_acc he_acc_start(void)
{
    he_acc h;
    h.key = HE_SUIT_BIAS;
    h.bits = 0;
    return h;
}

static inline he_acc he_acc_add(he_acc h, unsigned card)
{
    h.key += he_cards[card].key;
    h.bits += he_cards[card].bits;
    return h;
}

static inline he_acc he_acc_make(uint64_t key, uint64_t bits)
{
    he_acc h;
    h.key = key;
    h.bits = bits;
    return h;
}

static inline he_acc he_acc_part(unsigned card)
{
    return he_cards[card];
}

static inline he_acc he_acc_first(unsigned card)
{
    return he_cards[256u + card];
}

static inline he_acc he_acc_sum(he_acc a, he_acc b)
{
    a.key += b.key;
    a.bits += b.bits;
    return a;
}

static inline uint64_t he_acc_key(he_acc h)
{
    return h.key;
}

static inline uint64_t he_acc_bits(he_acc h)
{
    return h.bits;
}
#endif

/* The summed hand of one row of k cards, added to `board` when `with_board` (the batch
 * kernels of eval.c and eval_short.c). Two independent sums (cards 0.. and k/2..) halve the chain of dependent adds. */
HE_ALWAYS_INLINE he_acc he_row_hand(const uint8_t *row, size_t k, int with_board, he_acc board)
{
    he_acc h = with_board ? he_acc_add(board, row[0]) : he_acc_first(row[0]);
    he_acc g = he_acc_part(row[k / 2]);
    for (size_t t = 1; t < k / 2; t++) {
        h = he_acc_add(h, row[t]);
    }
    for (size_t t = k / 2 + 1; t < k; t++) {
        g = he_acc_add(g, row[t]);
    }
    return he_acc_sum(h, g);
}

/* Rank of a hand that holds no flush, from its rank key (bits 0..31 of a summed key):
 * the offset-table perfect hash (gen_tables.py). */
static inline uint16_t he_rank_noflush(uint64_t key)
{
    uint32_t k = (uint32_t)key;
    return he_rank_table[(uint32_t)(k + he_row_offset[k >> HE_ROW_SHIFT])];
}

/* Rank of a hand of 5..7 valid, distinct cards from its summed key (starting at
 * HE_SUIT_BIAS) and its summed (equivalently ORed) card bits. */
static inline uint16_t he_rank_of(uint64_t key, uint64_t bits)
{
    if (key & HE_FLUSH_BITS) {
        /* Only one suit can hold five of at most seven cards; its flush bit is
         * 35 + 4 * suit and its rank mask starts at bit 16 * suit. (Not written as
         * ctz(key & HE_FLUSH_BITS), which the compiler would keep a copy of.) */
        unsigned shift = 4u * (he_ctz64((key >> 32) & 0x8888u) - 3u);
        return he_flush_rank[(bits >> shift) & 0x1FFFu];
    }
    return he_rank_noflush(key);
}

/* Rank of a summed hand (see he_rank_of). */
static inline uint16_t he_acc_rank(he_acc h)
{
    return he_rank_of(he_acc_key(h), he_acc_bits(h));
}

/* Word-wise accumulator for kernels that sum cards one by one without validating them
 * (their caller already did): `key`, `bits` and `sum` sum he_cards (`sum` is kept for
 * callers written against the older OR-and-sum check; it equals `bits`). */
#define HE_ADD_CARD(c, k_, b_, s_)                                     \
    do {                                                              \
        const he_card_entry *he_e_ = &he_cards[(uint8_t)(c)];        \
        (k_) += he_e_->key;                                           \
        (b_) += he_e_->bits;                                          \
        (s_) += he_e_->bits;                                          \
    } while (0)

/* Status of k card ids already found bad by the popcount check: HE_E_CARD_RANGE when one
 * id is 52 or more, else HE_E_DUPLICATE (the order every kernel reports them in). */
static inline int he_bad_status(const uint8_t *cards, size_t k)
{
    for (size_t i = 0; i < k; i++) {
        if (cards[i] >= HE_NCARDS) {
            return HE_E_CARD_RANGE;
        }
    }
    return HE_E_DUPLICATE;
}

/* Adds n card ids to a 52-bit card mask; HE_E_CARD_RANGE or HE_E_DUPLICATE on bad input
 * (the cards before the bad one are added). */
static inline int he_add_mask(const uint8_t *cards, size_t n, uint64_t *mask)
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

/* The batch kernel with a chosen popcount (HE_POPCNT_PORTABLE or HE_POPCNT_HW; HW falls
 * back to the portable code where the CPU or compiler lacks it): he_eval_batch without
 * the run-time choice, so tests can run both. */
#define HE_POPCNT_PORTABLE 0
#define HE_POPCNT_HW 1
int he_eval_batch_variant(int variant, const uint8_t *cards, size_t n, size_t k,
                          uint16_t *out, size_t *bad_row);

/* he_deal_seeded with a chosen card selection (HE_DEAL_PORTABLE_VARIANT, or
 * HE_DEAL_PDEP_VARIANT: x86 BMI2, falling back where the CPU or compiler lacks it), so
 * tests can compare both; he_deal_seeded picks PDEP where it is fast. */
#define HE_DEAL_PORTABLE_VARIANT 0
#define HE_DEAL_PDEP_VARIANT 1
int he_deal_seeded_variant(int variant, uint64_t seed, uint64_t exclude_mask, size_t count,
                           uint8_t *out);

#endif
