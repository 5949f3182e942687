/* Batches of independent hands (api/hand_batch.h): a loop over the hand state machine of
 * csrc/hand.c. The rules live there; this file only maps discrete actions onto
 * he_hand_act, writes legality masks and observations, and restarts finished hands.
 *
 * The mapping and the observation layout are the ones documented in engine/discrete.py,
 * whose Python functions over engine.Hand are the reference that tests compare with. */

#include <stddef.h>
#include <string.h>
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#endif

#include "hand_internal.h"
#include "swar.h"

#define OBS_HOLE 0
#define OBS_BOARD 52
#define OBS_STREET 104
#define OBS_POT 108
#define OBS_TO_CALL 109
#define OBS_MIN_RAISE 110
#define OBS_MAX_RAISE 111
#define OBS_SEATS 112
#define OBS_SEAT_BLOCKS 6 /* stack, bet, put in, folded, all-in, button */
#define TWO_TO_61 2305843009213693952.0

static size_t obs_size(size_t seats) { return OBS_SEATS + (OBS_SEAT_BLOCKS + HE_BATCH_STREETS) * seats; }

static he_hand *hand_at(void *hands, size_t i) { return (he_hand *)hands + i; }
static const he_hand *hand_at_c(const void *hands, size_t i) { return (const he_hand *)hands + i; }

static int spec_ok(const he_batch_spec *s)
{
    return s != NULL && s->config != NULL && s->seats >= 2 && s->seats <= HE_HAND_MAX_SEATS
           && s->n_fractions <= HE_BATCH_MAX_FRACTIONS && s->chip_unit > 0;
}

uint64_t he_batch_next_seed(uint64_t seed)
{
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The "to" amount of a pot-fraction bet or raise: cur_bet + floor(fraction * base), base
 * the pot after calling (fraction_base); -1 when that is beyond every stack (2**61 chips
 * or more). */
static inline int64_t fraction_to(double fraction, double base, int64_t cur_bet)
{
    double t = fraction * base; /* >= 0: truncating it below is its floor */
    return t < TWO_TO_61 ? cur_bet + (int64_t)t : -1;
}

/* The pot after the seat to act (h->actor >= 0) calls: what the fractions multiply. */
static inline double fraction_base(const he_hand *h)
{
    return (double)(h->pot + h->cur_bet - h->bets[h->actor]);
}

/* The mask cell of a pot-fraction bet or raise for a seat whose raise range is low..high
 * (low < 0: none). */
static inline uint8_t fraction_cell(double fraction, double base, int64_t cur_bet, int64_t low,
                                    int64_t high)
{
    int64_t to = fraction_to(fraction, base, cur_bet);
    return (uint8_t)(low >= 0 && to >= low && to < high);
}

/* The legal discrete actions of the seat to act in `h`: mask row (k entries) and the
 * bet/raise range (lo = hi = -1 when it may not bet or raise). 0 when nobody is to act. */
static int legal_row(const he_batch_spec *s, const he_hand *h, uint8_t *row, int64_t *lo,
                     int64_t *hi)
{
    size_t k = s->n_fractions + 3;
    int64_t i = h->actor;
    if (i < 0) {
        *lo = *hi = -1;
        memset(row, 0, k);
        return 0;
    }
    int64_t low, high; /* locals: the stores to row (bytes) could alias *lo and *hi */
    row[0] = (uint8_t)he_hi_legal_range(h, &low, &high);
    row[1] = 1;
    row[k - 1] = low >= 0;
    double base = fraction_base(h);
    if (s->n_fractions == 2) { /* the default action set: the loop below, unrolled */
        row[2] = fraction_cell(s->fractions[0], base, h->cur_bet, low, high);
        row[3] = fraction_cell(s->fractions[1], base, h->cur_bet, low, high);
    } else {
        for (size_t j = 0; j < s->n_fractions; j++) {
            row[2 + j] = fraction_cell(s->fractions[j], base, h->cur_bet, low, high);
        }
    }
    *lo = low;
    *hi = high;
    return 1;
}

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

/* Zeros in o[0 .. OBS_POT): the card and street one-hots. With SSE2 (every x86-64) as
 * 27 unrolled 16-byte stores: compilers turn a loop or a memset of this size into
 * `rep stos`, whose start-up costs more than the stores. */
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
    memset(o, 0, OBS_POT * sizeof *o);
#endif
}

/* The compact layout's seat blocks with AVX2 (x86-64, chosen at run time: obs_simd). */
#if defined(HE_HAND_COMPACT) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define OBS_AVX2 1
#include <immintrin.h>

/* The seat blocks (from OBS_SEATS) of a compact hand's observation (int32 chips, at most
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
    const size_t end = (OBS_SEAT_BLOCKS + HE_BATCH_STREETS) * n; /* the row's seat part */
#define STORE8(b, v) ((b) * n + 8 <= end ? _mm256_storeu_ps(seat + (b) * n, (v)) \
                                         : store_lanes(seat + (b) * n, (v), n))
    __m256i stack = SEATS32(h->stacks), bet = SEATS32(h->bets);
    __m256i live = _mm256_cmpeq_epi32(SEATS8(h->folded), zero);
    STORE8(0, CHIPS8(stack));
    STORE8(1, CHIPS8(bet));
    STORE8(2, CHIPS8(_mm256_add_epi32(SEATS32(h->committed), bet)));
    STORE8(3, _mm256_castsi256_ps(_mm256_andnot_si256(live, one)));
    STORE8(4, FLAG8(_mm256_and_si256(live, _mm256_cmpeq_epi32(stack, zero))));
    STORE8(5, FLAG8(_mm256_cmpeq_epi32(idx, _mm256_set1_epi32(h->button))));
    /* the history row, 4 streets * n bytes = n 32-bit words, loaded exactly (lanes n..
     * not read); byte st * n + seat of it is picked by a permute of its word and a shift */
    __m256i words = _mm256_maskload_epi32((const int *)(const void *)hist,
                                          _mm256_cmpgt_epi32(nn, lane));
    for (size_t st = 0; st < HE_BATCH_STREETS; st++) {
        __m256i at = _mm256_add_epi32(idx, _mm256_set1_epi32((int)(st * n)));
        __m256i word = _mm256_permutevar8x32_epi32(words, _mm256_srli_epi32(at, 2));
        __m256i shift = _mm256_slli_epi32(_mm256_and_si256(at, _mm256_set1_epi32(3)), 3);
        __m256i byte = _mm256_and_si256(_mm256_srlv_epi32(word, shift), _mm256_set1_epi32(0xFF));
        STORE8(OBS_SEAT_BLOCKS + st, _mm256_cvtepi32_ps(byte));
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

/* The observation of the seat to act (engine/discrete.py's layout); zeros without one.
 * Chips are divided by s->chip_unit as Python's true division then float32 give: when
 * `exact`, scale is the unit's exact reciprocal (exact_inverse) and multiplying by it
 * gives the same; else scale is the unit and each value is divided. The two callers
 * pass `exact` as a constant, so each gets its own copy without a branch per value.
 *
 * Only the card and street one-hots are cleared first; every other value is written,
 * zeros included, without a branch on the data (which seats folded or are all-in, where
 * the observer sits, which streets saw raises: random play makes such branches
 * mispredict). The history of a street not reached yet is zero in `hist` (a hand's
 * history is cleared when it starts), so all four streets are copied. */
static inline void observe_scaled(const he_batch_spec *s, const he_hand *h,
                                  const uint8_t *hist, int64_t lo, int64_t hi, double scale,
                                  int exact, int simd, float *o)
{
#define CHIPS(v) ((float)(exact ? (double)(v) * scale : (double)(v) / scale))
    size_t n = s->seats;
    int64_t a = h->actor;
    if (a < 0) {
        memset(o, 0, obs_size(n) * sizeof *o);
        return;
    }
    clear_head(o);
    const int8_t *hole = h->holes + a * h->hole_count;
    for (int64_t c = 0; c < h->hole_count; c++) {
        if (hole[c] >= 0) {
            o[OBS_HOLE + hole[c]] = 1.0f;
        }
    }
    for (int64_t c = 0; c < h->board_len; c++) {
        o[OBS_BOARD + h->board[c]] = 1.0f;
    }
    if (h->street < HE_SHOWDOWN) {
        o[OBS_STREET + h->street] = 1.0f;
    }
    o[OBS_POT] = CHIPS(h->pot);
    o[OBS_TO_CALL] = CHIPS(h->cur_bet - h->bets[a]);
    int64_t may_raise = (int64_t)0 - (lo >= 0); /* all ones, or 0: the range is 0, 0 */
    o[OBS_MIN_RAISE] = CHIPS(lo & may_raise);
    o[OBS_MAX_RAISE] = CHIPS(hi & may_raise);
    float *seat = o + OBS_SEATS;
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
        seat[r] = CHIPS(stack);
        seat[n + r] = CHIPS(bet);
        seat[2 * n + r] = CHIPS(h->committed[k] + bet);
        seat[3 * n + r] = (float)folded;
        seat[4 * n + r] = (float)(!folded & (stack == 0));
        seat[5 * n + r] = (float)(k == button);
        for (size_t st = 0; st < HE_BATCH_STREETS; st++) {
            seat[(OBS_SEAT_BLOCKS + st) * n + r] = (float)hist[st * n + k];
        }
    }
#undef CHIPS
}

/* observe_scaled with the chip unit's exact reciprocal `inv`, or with the unit when it
 * has none (inv = 0); `simd`: seat_blocks_avx2 may run (obs_simd). */
static void observe_one(const he_batch_spec *s, const he_hand *h, const uint8_t *hist,
                        int64_t lo, int64_t hi, double inv, int simd, float *o)
{
    if (inv != 0.0) {
        observe_scaled(s, h, hist, lo, hi, inv, 1, simd, o);
    } else {
        observe_scaled(s, h, hist, lo, hi, s->chip_unit, 0, simd, o);
    }
}

static void view_one(const he_batch_spec *s, const he_hand *h, const uint8_t *hist, size_t i,
                     uint8_t *mask, int64_t *min_raise, int64_t *max_raise, int64_t *actor,
                     double inv, int simd, float *obs)
{
    size_t k = s->n_fractions + 3;
    int64_t lo, hi;
    legal_row(s, h, mask + i * k, &lo, &hi);
    min_raise[i] = lo;
    max_raise[i] = hi;
    actor[i] = h->actor;
    if (obs != NULL) {
        observe_one(s, h, hist, lo, hi, inv, simd, obs + i * obs_size(s->seats));
    }
}

int he_batch_view(const he_batch_spec *spec, const void *hands, const uint8_t *history,
                  uint8_t *mask, int64_t *min_raise, int64_t *max_raise, int64_t *actor,
                  float *obs, size_t first, size_t end)
{
    if (!spec_ok(spec) || hands == NULL || history == NULL || mask == NULL || min_raise == NULL
        || max_raise == NULL || actor == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t hsz = HE_BATCH_STREETS * spec->seats;
    double inv = exact_inverse(spec->chip_unit);
    int simd = obs_simd();
    for (size_t i = first; i < end; i++) {
        view_one(spec, hand_at_c(hands, i), history + i * hsz, i, mask, min_raise, max_raise,
                 actor, inv, simd, obs);
    }
    return HE_OK;
}

static int start_one(const he_batch_spec *s, he_hand *h, uint64_t seed, const int64_t *stacks,
                     int64_t button)
{
    he_hand_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.seats = s->seats;
    setup.button = (size_t)button;
    setup.stacks = stacks;
    setup.has_seed = 1;
    setup.seed = seed;
    return he_hand_start(h, s->config, &setup, NULL, NULL);
}

int he_batch_fresh(const he_batch_spec *spec, void *fresh, const int64_t *stacks)
{
    if (!spec_ok(spec) || fresh == NULL || stacks == NULL) {
        return HE_E_ARGUMENT;
    }
    for (size_t b = 0; b < spec->seats; b++) {
        int st = start_one(spec, hand_at(fresh, b), 0, stacks, (int64_t)b);
        if (st != HE_OK) {
            return st;
        }
    }
    return HE_OK;
}

/* same_game's two memcmp read the game where the record holds it */
typedef char same_game_reads_the_game_where_it_is[
    offsetof(he_hand, small_blind) == 0
    && offsetof(he_hand, rake_cap) < offsetof(he_hand, starting_stacks)
    && offsetof(he_hand, starting_stacks) + sizeof(((he_hand *)0)->starting_stacks)
       == offsetof(he_hand, stacks)
    && offsetof(he_hand, no_flop_no_drop) + 1 == offsetof(he_hand, n)
    && offsetof(he_hand, n) == offsetof(he_hand, hole_count) + 9
    && offsetof(he_hand, n) + 1 == offsetof(he_hand, button) ? 1 : -1];

/* Whether hands f and h have the same game: the record's leading amounts up to byte `lead`
 * (offsetof starting_stacks; offsetof stacks to compare the starting stacks too) and its
 * small game fields, hole_count to n. */
static int same_game(const he_hand *f, const he_hand *h, size_t lead)
{
    size_t small = offsetof(he_hand, button) - offsetof(he_hand, hole_count);
    return memcmp(f, h, lead) == 0 && memcmp(&f->hole_count, &h->hole_count, small) == 0;
}

/* spec->fresh's hand for `button` when hand h restarting with it would start the same but
 * for its cards, else NULL: the same game and starting stacks, and nothing of it dealt
 * from its cards (its first round under way, no board, no deck of given cards). */
static const he_hand *fresh_for(const he_batch_spec *s, const he_hand *h, int64_t button)
{
    const he_hand *f = s->fresh != NULL ? hand_at_c(s->fresh, (size_t)button) : NULL;
    if (f == NULL || !same_game(f, h, offsetof(he_hand, stacks)) || f->button != button
        || f->actor < 0 || f->board_len != 0 || f->has_deck) {
        return NULL;
    }
    return f;
}

/* What a batch needs of a hand beyond he_hand_check, as it deals and plays every hand
 * itself: every hole card known, every board card to come in the plan or the seeded deck,
 * no board waited for, and a seat to act unless the hand is over. */
static int batch_hand_ok(const he_hand *h)
{
    for (int64_t k = 0; k < h->n * h->hole_count; k++) {
        if (h->holes[k] < 0) {
            return 0;
        }
    }
    return (h->board_len == 5 || h->plan_len == 5 || h->has_deck) && !h->pending_board
           && (h->over || h->actor >= 0);
}

int he_batch_check_hands(const he_batch_spec *spec, const void *hands, size_t first,
                         size_t end, size_t *bad, int *fault)
{
    if (!spec_ok(spec) || spec->fresh == NULL || hands == NULL || bad == NULL || fault == NULL) {
        return HE_E_ARGUMENT;
    }
    const he_hand *game = hand_at_c(spec->fresh, 0);
    for (size_t i = first; i < end; i++) {
        const he_hand *h = hand_at_c(hands, i);
        int f = he_hand_fault(h), st = HE_OK;
        if (f == 0 && !batch_hand_ok(h)) {
            f = HE_HAND_FAULT_BATCH;
        }
        if (f != 0) {
            st = HE_E_HAND_STATE;
        } else if (h->n != (int64_t)spec->seats
                   || !same_game(game, h, offsetof(he_hand, starting_stacks))) {
            st = HE_E_BATCH_GAME;
        }
        if (st != HE_OK) {
            *bad = i;
            *fault = f;
            return st;
        }
    }
    return HE_OK;
}

/* Restarts hand h, which ended: the next seed, the button one seat clockwise, the same
 * starting stacks. */
static int restart(const he_batch_spec *s, he_hand *h, uint64_t seed)
{
    int64_t button = he_hi_seat_after(h, h->button, 1);
    const he_hand *f = fresh_for(s, h, button);
    if (f != NULL) {
        memcpy(h, f, sizeof *h);
        return he_hi_deal_fresh(h, seed);
    }
    int64_t stacks[HE_HAND_MAX_SEATS];
    for (int64_t k = 0; k < h->n; k++) {
        stacks[k] = h->starting_stacks[k];
    }
    return start_one(s, h, seed, stacks, button);
}

int he_batch_start(const he_batch_spec *spec, void *hands, uint8_t *history,
                   const uint64_t *seeds, const int64_t *stacks, const int64_t *buttons,
                   size_t first, size_t end, size_t *bad)
{
    if (!spec_ok(spec) || hands == NULL || history == NULL || seeds == NULL || stacks == NULL
        || buttons == NULL || bad == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t n = spec->seats, hsz = HE_BATCH_STREETS * n;
    for (size_t i = first; i < end; i++) {
        if (buttons[i] < 0 || buttons[i] >= (int64_t)n) {
            *bad = i;
            return HE_E_HAND_BUTTON;
        }
        int st = start_one(spec, hand_at(hands, i), seeds[i], stacks + i * n, buttons[i]);
        if (st != HE_OK) {
            *bad = i;
            return st;
        }
        memset(history + i * hsz, 0, hsz);
    }
    return HE_OK;
}

/* HE_OK when discrete `kind` (with `amount` for HE_BATCH_RAISE_TO) is legal for a hand
 * whose current view is (row, lo, hi, actor), else HE_E_BATCH_ILLEGAL. */
static int legal_kind(const he_batch_spec *s, const uint8_t *row, int64_t lo, int64_t hi,
                      int64_t actor, int32_t kind, int64_t amount)
{
    if (actor < 0) {
        return HE_E_BATCH_ILLEGAL;
    }
    if (kind == HE_BATCH_RAISE_TO) {
        return lo >= 0 && amount >= lo && amount <= hi ? HE_OK : HE_E_BATCH_ILLEGAL;
    }
    return kind >= 0 && kind < (int32_t)s->n_fractions + 3 && row[kind] ? HE_OK
                                                                          : HE_E_BATCH_ILLEGAL;
}

/* The hand-machine action (*act_kind, "to" amount *to, *wager: 1 for a bet or raise) for
 * a legal discrete `kind` in hand `h` whose raise range is lo..hi. */
static void resolve(const he_batch_spec *s, const he_hand *h, int64_t hi, int32_t kind,
                    int64_t amount, int *act_kind, int64_t *to, int *wager)
{
    int32_t k = (int32_t)s->n_fractions + 3;
    *wager = kind >= 2 || kind == HE_BATCH_RAISE_TO;
    *to = 0;
    if (kind == 0) {
        *act_kind = HE_ACT_FOLD;
    } else if (kind == 1) {
        *act_kind = HE_ACT_CHECK_OR_CALL;
    } else {
        *act_kind = HE_ACT_BET_OR_RAISE;
        if (kind == HE_BATCH_RAISE_TO) {
            *to = amount;
        } else if (kind == k - 1) {
            *to = hi;
        } else {
            *to = fraction_to(s->fractions[kind - 2], fraction_base(h), h->cur_bet); /* legal */
        }
    }
}

int he_batch_check(const he_batch_spec *spec, const uint8_t *mask, const int64_t *min_raise,
                   const int64_t *max_raise, const int64_t *actor, const int32_t *kinds,
                   const int64_t *amounts, size_t first, size_t end, size_t *bad)
{
    if (!spec_ok(spec) || mask == NULL || min_raise == NULL || max_raise == NULL
        || actor == NULL || kinds == NULL || bad == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t k = spec->n_fractions + 3;
    for (size_t i = first; i < end; i++) {
        if (actor[i] < 0 || kinds[i] == HE_BATCH_SKIP) {
            continue;
        }
        int st = HE_E_BATCH_ILLEGAL;
        if (kinds[i] != HE_BATCH_RAISE_TO || amounts != NULL) {
            st = legal_kind(spec, mask + i * k, min_raise[i], max_raise[i], actor[i], kinds[i],
                            amounts != NULL ? amounts[i] : 0);
        }
        if (st != HE_OK) {
            *bad = i;
            return st;
        }
    }
    return HE_OK;
}

int he_batch_observe(const he_batch_spec *spec, const void *hands, const uint8_t *history,
                     const int64_t *min_raise, const int64_t *max_raise, float *obs,
                     size_t first, size_t end)
{
    return he_batch_observe_variant(1, spec, hands, history, min_raise, max_raise, obs, first,
                                    end);
}

int he_batch_observe_variant(int simd, const he_batch_spec *spec, const void *hands,
                             const uint8_t *history, const int64_t *min_raise,
                             const int64_t *max_raise, float *obs, size_t first, size_t end)
{
    if (!spec_ok(spec) || hands == NULL || history == NULL || min_raise == NULL
        || max_raise == NULL || obs == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t hsz = HE_BATCH_STREETS * spec->seats, d = obs_size(spec->seats);
    double inv = exact_inverse(spec->chip_unit);
    simd = simd && obs_simd();
    for (size_t i = first; i < end; i++) {
        observe_one(spec, hand_at_c(hands, i), history + i * hsz, min_raise[i], max_raise[i],
                    inv, simd, obs + i * d);
    }
    return HE_OK;
}

int he_batch_step(const he_batch_spec *spec, void *hands, uint8_t *history, uint64_t *seeds,
                  const int32_t *kinds, const int64_t *amounts, uint8_t *illegal,
                  uint8_t *acted, uint8_t *done, int64_t *rewards, uint8_t *mask,
                  int64_t *min_raise, int64_t *max_raise, int64_t *actor, float *obs,
                  size_t first, size_t end, size_t *bad)
{
    if (!spec_ok(spec) || hands == NULL || history == NULL || seeds == NULL || kinds == NULL
        || illegal == NULL || acted == NULL || done == NULL || rewards == NULL || mask == NULL
        || min_raise == NULL || max_raise == NULL || actor == NULL || bad == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t n = spec->seats, hsz = HE_BATCH_STREETS * n;
    double inv = exact_inverse(spec->chip_unit);
    int simd = obs_simd(), result = HE_OK;
    /* the rows of hands that do not end stay zero: one memset for them all costs less
     * than a few zeros a hand */
    memset(rewards + first * n, 0, (end - first) * n * sizeof *rewards);
    for (size_t i = first; i < end; i++) {
        he_hand *h = hand_at(hands, i);
        uint8_t *hist = history + i * hsz;
        int64_t *won = rewards + i * n;
        illegal[i] = acted[i] = done[i] = 0;
        if (h->actor >= 0 && kinds[i] != HE_BATCH_SKIP) {
            int act_kind, wager;
            int64_t to;
            int64_t seat = h->actor, street = h->street;
            int64_t amount = amounts != NULL ? amounts[i] : 0;
            int st = HE_E_BATCH_ILLEGAL;
            if (kinds[i] != HE_BATCH_RAISE_TO || amounts != NULL) {
                st = legal_kind(spec, mask + i * (spec->n_fractions + 3), min_raise[i],
                                max_raise[i], h->actor, kinds[i], amount);
            }
            if (st == HE_OK) {
                resolve(spec, h, max_raise[i], kinds[i], amount, &act_kind, &to, &wager);
                he_hi_log log = {NULL, 0};
                st = he_hi_act(h, act_kind, to, &log); /* legal: the mask said so */
                if (st != HE_OK && result == HE_OK) {
                    result = st;
                    *bad = i;
                }
            }
            illegal[i] = st == HE_E_BATCH_ILLEGAL;
            if (st == HE_OK) {
                acted[i] = 1;
                uint8_t *raises = hist + street * (int64_t)n + seat; /* saturating at 255 */
                *raises = (uint8_t)(*raises + (wager & (*raises < 255)));
                if (h->over) {
                    done[i] = 1;
                    for (size_t k = 0; k < n; k++) {
                        won[k] = h->stacks[k] - h->starting_stacks[k];
                    }
                    if (spec->auto_reset) {
                        seeds[i] = he_batch_next_seed(seeds[i]);
                        st = restart(spec, h, seeds[i]);
                        memset(hist, 0, hsz);
                        if (st != HE_OK && result == HE_OK) {
                            result = st;
                            *bad = i;
                        }
                    }
                }
            }
        }
        view_one(spec, h, hist, i, mask, min_raise, max_raise, actor, inv, simd, obs);
    }
    return result;
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void he_batch_sample(const uint8_t *mask, size_t k, uint64_t key, int32_t *out, size_t first,
                     size_t end)
{
    if (mask == NULL || out == NULL) {
        return;
    }
    /* where the byte order is known to be little-endian (byte j of a row is byte j of
     * the word), rows of at most 8 entries are read as one 8-byte word while that stays
     * inside rows first..end-1, the bytes past k masked off; the rest entry by entry */
    size_t fast_end = first;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (k >= 1 && k <= 8 && end > first && (end - first) * k >= 8) {
        fast_end = end - (8 - 1) / k; /* i * k + 8 <= end * k for i < fast_end */
    }
#endif
    uint64_t keep = k >= 8 ? ~0ULL : ((uint64_t)1 << (8 * k)) - 1;
    for (size_t i = first; i < end; i++) {
        uint64_t r = mix(key + 0x9E3779B97F4A7C15ULL * (uint64_t)(i + 1));
        const uint8_t *row = mask + i * k;
        if (i < fast_end) {
            uint64_t w;
            memcpy(&w, row, sizeof w);
            /* byte j of prefix: the legal entries among 0..j (<= 8); the entries before
             * legal one number `pick` are the bytes whose prefix is <= pick */
            uint64_t prefix = he_nonzero_bytes(w & keep) * HE_BYTE_ONES;
            uint64_t count = prefix >> 56;
            uint64_t pick = ((r >> 32) * count) >> 32;
            out[i] = count ? (int32_t)he_bytes_at_most(prefix, pick) : -1;
            continue;
        }
        uint64_t count = 0;
        for (size_t j = 0; j < k; j++) {
            count += row[j] != 0;
        }
        if (count == 0) {
            out[i] = -1;
            continue;
        }
        uint64_t pick = ((r >> 32) * count) >> 32;
        /* the index of legal entry number `pick`: the entries before it, legal or not,
         * are those where at most `pick` legal ones were seen (no branch on the data) */
        uint64_t seen = 0;
        int32_t chosen = 0;
        for (size_t j = 0; j < k; j++) {
            seen += row[j] != 0;
            chosen += seen <= pick;
        }
        out[i] = chosen;
    }
}
