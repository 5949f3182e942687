/* The observation of one seat of one hand (the HE_OBS_* layout of api/hand_batch.h), for
 * csrc/hand_batch.c: static functions, so each hand layout compiled there gets its own
 * copy (the compact one with AVX2 seat blocks). The batch observes each hand's seat to
 * act (he_batch_view, he_batch_step, he_batch_observe), engine.Hand any seat
 * (he_batch_observe_hand); engine/discrete.py documents the layout, and the tests compare
 * it with a Python oracle (tests/engine/observe_reference.py). */
#ifndef HE_HAND_BATCH_OBSERVE_H
#define HE_HAND_BATCH_OBSERVE_H

#include <stddef.h>
#include <string.h>
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#endif

#include "hand_internal.h"

#define OBS_PER_SEAT (HE_OBS_SEAT_BLOCKS + HE_BATCH_STREETS) /* values per seat */

static size_t obs_size(size_t seats) { return HE_OBS_SEATS + OBS_PER_SEAT * seats; }

/* chips / unit is what Python's true division gives; a power-of-two unit (the usual big
 * blind of 2) has an exact reciprocal, and multiplying by it gives the same: that
 * reciprocal, else 0 (divide). */
static double exact_inverse(double unit)
{
    uint64_t bits;
    memcpy(&bits, &unit, sizeof bits);
    int normal = ((bits >> 52) & 0x7FF) != 0 && ((bits >> 52) & 0x7FF) != 0x7FF;
    return normal && (bits & 0xFFFFFFFFFFFFFULL) == 0 ? 1.0 / unit : 0.0;
}

/* Zeros in o[0 .. HE_OBS_POT): the card and street one-hots. With SSE2 (every x86-64) as
 * 27 unrolled 16-byte stores: compilers turn a loop or a memset of this size into
 * `rep stos`, whose start-up costs more than the stores. */
#if defined(__SSE2__) || defined(_M_X64)
typedef char clear_head_stores_108_floats[HE_OBS_POT == 108 ? 1 : -1]; /* else unroll anew */
#endif
static void clear_head(float *o)
{
#if defined(__SSE2__) || defined(_M_X64)
    __m128 z = _mm_setzero_ps();
#define Z4(j) _mm_storeu_ps(o + (j), z);
#define Z16(j) Z4(j) Z4((j) + 4) Z4((j) + 8) Z4((j) + 12)
    Z16(0) Z16(16) Z16(32) Z16(48) Z16(64) Z16(80) Z4(96) Z4(100) Z4(104)
#undef Z16
#undef Z4
#else
    memset(o, 0, HE_OBS_POT * sizeof *o);
#endif
}

/* The compact layout's seat blocks with AVX2 (x86-64, chosen at run time: obs_simd). */
#if defined(HE_HAND_COMPACT) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define OBS_AVX2 1
#include <immintrin.h>

/* The seat blocks (from HE_OBS_SEATS) of a compact hand's observation (int32 chips, at most
 * 6 seats) whose chip unit has an exact reciprocal `scale` (a power of two), eight seats
 * a vector: lane r holds seat idx[r] = (a + r) mod n, the seat r places after the
 * observer. An int32 converts to float as it would through double (double holds it
 * exactly), and multiplying by a power of two commutes with rounding, so each value is
 * the CHIPS / (float) of observe_scaled's scalar loop. The 8-lane loads of the seat
 * arrays read past their 6 entries into the next field of the record (stacks -> bets,
 * bets -> committed, committed -> dead, folded -> shown); those lanes are never stored.
 * A block is stored 8 lanes wide where that stays inside the row (a later block
 * overwrites the extra lanes), else only its n lanes. Nothing is copied through memory:
 * a load of a value just stored piecewise would wait for the stores. */
#if HE_BATCH_STREETS != 4 || HE_HAND_MAX_SEATS > 8
#error "seat_blocks_avx2 reads a hand's history as n 32-bit words, and n seats as 8 lanes"
#endif
/* the 8-lane loads stay inside the record: 32 bytes from committed (after stacks and
 * bets), 8 from folded */
typedef char seat_loads_inside_the_record[
    offsetof(he_hand, committed) + 32 <= sizeof(he_hand) && offsetof(he_hand, stacks)
    < offsetof(he_hand, committed) && offsetof(he_hand, bets) < offsetof(he_hand, committed)
    && offsetof(he_hand, folded) + 8 <= sizeof(he_hand) ? 1 : -1];

/* Stores the first n (1..7) lanes of v at dst. */
__attribute__((target("avx2"), always_inline)) static inline void store_lanes(float *dst, __m256 v,
                                                                            size_t n)
{
    __m128 part = _mm256_castps256_ps128(v);
    if (n >= 4) {
        _mm_storeu_ps(dst, part);
        part = _mm256_extractf128_ps(v, 1);
        dst += 4;
        n -= 4;
    }
    if (n & 2) {
        _mm_storel_pi((__m64 *)(void *)dst, part);
        part = _mm_movehl_ps(part, part);
        dst += 2;
    }
    if (n & 1) {
        _mm_store_ss(dst, part);
    }
}

__attribute__((target("avx2"), always_inline)) static inline void seat_blocks_n(
    const he_hand *h, const uint8_t *hist, size_t n, size_t a, float scale, float *seat)
{
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(0x3F800000);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i nn = _mm256_set1_epi32((int)n);
    __m256i idx = _mm256_add_epi32(lane, _mm256_set1_epi32((int)a));
    idx = _mm256_sub_epi32(idx, _mm256_and_si256(nn, _mm256_cmpgt_epi32(idx, _mm256_sub_epi32(
                                                         nn, _mm256_set1_epi32(1)))));
    const __m256 sc = _mm256_set1_ps(scale);
#define SEATS32(p) _mm256_permutevar8x32_epi32( \
        _mm256_loadu_si256((const __m256i *)(const void *)(p)), idx)
#define SEATS8(p) _mm256_permutevar8x32_epi32( \
        _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(p))), idx)
#define CHIPS8(v) _mm256_mul_ps(_mm256_cvtepi32_ps(v), sc)
#define FLAG8(m) _mm256_castsi256_ps(_mm256_and_si256((m), one)) /* all-ones lanes -> 1.0f */
    const size_t end = OBS_PER_SEAT * n; /* the row's seat part */
#define STORE8(b, v) ((b) * n + 8 <= end ? _mm256_storeu_ps(seat + (b) * n, (v)) \
                                         : store_lanes(seat + (b) * n, (v), n))
    __m256i stack = SEATS32(h->stacks), bet = SEATS32(h->bets);
    __m256i live = _mm256_cmpeq_epi32(SEATS8(h->folded), zero);
    STORE8(HE_OBS_STACK, CHIPS8(stack));
    STORE8(HE_OBS_BET, CHIPS8(bet));
    STORE8(HE_OBS_PUT_IN, CHIPS8(_mm256_add_epi32(SEATS32(h->committed), bet)));
    STORE8(HE_OBS_FOLDED, _mm256_castsi256_ps(_mm256_andnot_si256(live, one)));
    STORE8(HE_OBS_ALL_IN, FLAG8(_mm256_and_si256(live, _mm256_cmpeq_epi32(stack, zero))));
    STORE8(HE_OBS_BUTTON, FLAG8(_mm256_cmpeq_epi32(idx, _mm256_set1_epi32(h->button))));
    /* the history row, 4 streets * n bytes = n 32-bit words, loaded exactly (lanes n..
     * not read); byte st * n + seat of it is picked by a permute of its word and a shift */
    __m256i words = _mm256_maskload_epi32((const int *)(const void *)hist,
                                          _mm256_cmpgt_epi32(nn, lane));
    for (size_t st = 0; st < HE_BATCH_STREETS; st++) {
        __m256i at = _mm256_add_epi32(idx, _mm256_set1_epi32((int)(st * n)));
        __m256i word = _mm256_permutevar8x32_epi32(words, _mm256_srli_epi32(at, 2));
        __m256i shift = _mm256_slli_epi32(_mm256_and_si256(at, _mm256_set1_epi32(3)), 3);
        __m256i byte = _mm256_and_si256(_mm256_srlv_epi32(word, shift), _mm256_set1_epi32(0xFF));
        STORE8(HE_OBS_HISTORY + st, _mm256_cvtepi32_ps(byte));
    }
#undef STORE8
#undef SEATS32
#undef SEATS8
#undef CHIPS8
#undef FLAG8
}

/* seat_blocks_n with the seat count a constant for the usual tables (which blocks are
 * stored 8 lanes wide, the history mask and the wrap of the seat index then fold away). */
__attribute__((target("avx2"))) static void seat_blocks_avx2(const he_hand *h,
                                                             const uint8_t *hist, size_t n,
                                                             size_t a, float scale,
                                                             float *seat)
{
    switch (n) {
    case 2: seat_blocks_n(h, hist, 2, a, scale, seat); break;
    case 6: seat_blocks_n(h, hist, 6, a, scale, seat); break;
    default: seat_blocks_n(h, hist, n, a, scale, seat); break;
    }
}

/* Whether seat_blocks_avx2 may run here. */
static int obs_simd(void) { return __builtin_cpu_supports("avx2") != 0; }
#else
static int obs_simd(void) { return 0; }
#endif

/* The observation of seat `a` of hand h at a table of n seats (its history row `hist`),
 * to_call what `a` must add to call (0 when not its turn), lo..hi its raise range (-1:
 * none). Chips are divided by the chip unit as Python's true division then float32 give:
 * when `exact`, scale is the unit's exact reciprocal (exact_inverse) and multiplying by it
 * gives the same; else scale is the unit and each value is divided. The callers pass
 * `exact` as a constant, so each gets its own copy without a branch per value.
 *
 * Only the card and street one-hots are cleared first; every other value is written,
 * zeros included, without a branch on the data (which seats folded or are all-in, where
 * the observer sits, which streets saw raises: random play makes such branches
 * mispredict). The history of a street not reached yet is zero in `hist` (a hand's
 * history is cleared when it starts), so all four streets are copied. */
static inline void observe_scaled(const he_hand *h, const uint8_t *hist, size_t n, int64_t a,
                                  int64_t to_call, int64_t lo, int64_t hi, double scale,
                                  int exact, int simd, float *o)
{
#define CHIPS(v) ((float)(exact ? (double)(v) * scale : (double)(v) / scale))
    clear_head(o);
    const int8_t *hole = h->holes + a * h->hole_count;
    for (int64_t c = 0; c < h->hole_count; c++) {
        if (hole[c] >= 0) {
            o[HE_OBS_HOLE + hole[c]] = 1.0f;
        }
    }
    for (int64_t c = 0; c < h->board_len; c++) {
        o[HE_OBS_BOARD + h->board[c]] = 1.0f;
    }
    if (h->street < HE_SHOWDOWN) {
        o[HE_OBS_STREET + h->street] = 1.0f;
    }
    o[HE_OBS_POT] = CHIPS(h->pot);
    o[HE_OBS_TO_CALL] = CHIPS(to_call);
    int64_t may_raise = (int64_t)0 - (lo >= 0); /* all ones, or 0: the range is 0, 0 */
    o[HE_OBS_MIN_RAISE] = CHIPS(lo & may_raise);
    o[HE_OBS_MAX_RAISE] = CHIPS(hi & may_raise);
    float *seat = o + HE_OBS_SEATS;
#ifdef OBS_AVX2
    if (exact && simd) {
        seat_blocks_avx2(h, hist, n, (size_t)a, (float)scale, seat);
        return;
    }
#endif
    (void)simd;
    size_t button = (size_t)h->button;
    for (size_t r = 0; r < n; r++) {
        size_t k = (size_t)a + r;
        k -= n & ((size_t)0 - (size_t)(k >= n)); /* the seat r places after the observer */
        int64_t stack = h->stacks[k], bet = h->bets[k];
        int folded = h->folded[k] != 0;
        seat[HE_OBS_STACK * n + r] = CHIPS(stack);
        seat[HE_OBS_BET * n + r] = CHIPS(bet);
        seat[HE_OBS_PUT_IN * n + r] = CHIPS(h->committed[k] + bet);
        seat[HE_OBS_FOLDED * n + r] = (float)folded;
        seat[HE_OBS_ALL_IN * n + r] = (float)(!folded & (stack == 0));
        seat[HE_OBS_BUTTON * n + r] = (float)(k == button);
        for (size_t st = 0; st < HE_BATCH_STREETS; st++) {
            seat[(HE_OBS_HISTORY + st) * n + r] = (float)hist[st * n + k];
        }
    }
#undef CHIPS
}

/* observe_scaled with the chip unit's exact reciprocal `inv`, or with the unit when it
 * has none (inv = 0); `simd`: seat_blocks_avx2 may run (obs_simd). */
static void observe_seat(const he_hand *h, const uint8_t *hist, size_t n, int64_t a,
                         int64_t to_call, int64_t lo, int64_t hi, double unit, double inv,
                         int simd, float *o)
{
    if (inv != 0.0) {
        observe_scaled(h, hist, n, a, to_call, lo, hi, inv, 1, simd, o);
    } else {
        observe_scaled(h, hist, n, a, to_call, lo, hi, unit, 0, simd, o);
    }
}

/* The batch's observation of hand h: of its seat to act (raise range lo..hi), zeros when
 * nobody is to act. */
static void observe_one(const he_batch_spec *s, const he_hand *h, const uint8_t *hist,
                        int64_t lo, int64_t hi, double inv, int simd, float *o)
{
    int64_t a = h->actor;
    if (a < 0) {
        memset(o, 0, obs_size(s->seats) * sizeof *o);
        return;
    }
    observe_seat(h, hist, s->seats, a, h->cur_bet - h->bets[a], lo, hi, s->chip_unit, inv, simd,
                 o);
}

#endif
