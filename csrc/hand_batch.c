/* The batch kernels of one hand layout (api/hand_batch.h; csrc/hand_batch_internal.h):
 * a loop over the hand state machine of csrc/hand.c. The rules live there; this file only
 * maps discrete actions onto he_hand_act, writes legality masks and observations
 * (csrc/hand_batch_observe.h), and restarts finished hands. Compiled once per layout: as
 * itself (the full one, which also holds he_batch_observe_hand for engine.Hand) and inside
 * csrc/hand_compact.c; csrc/hand_batch_api.c picks the layout and splits the calls.
 *
 * The mapping is the one documented in engine/discrete.py, whose Python functions over
 * engine.Hand are the reference that tests compare with. */

#include <stddef.h>
#include <string.h>

#include "hand_internal.h" /* first: the compact layout's renames come before the API */
#include "hand_batch_internal.h"
#include "hand_batch_observe.h"

#define TWO_TO_61 2305843009213693952.0

static he_hand *hand_at(void *hands, size_t i) { return (he_hand *)hands + i; }
static const he_hand *hand_at_c(const void *hands, size_t i) { return (const he_hand *)hands + i; }

static int spec_ok(const he_batch_spec *s)
{
    return s != NULL && s->config != NULL && s->seats >= 2 && s->seats <= HE_HAND_MAX_SEATS
           && s->n_fractions <= HE_BATCH_MAX_FRACTIONS && s->chip_unit > 0;
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

/* Row i of the view: hand h's mask row, raise range and actor, and its observation when
 * obs is not NULL. */
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

static int batch_view(const he_batch_spec *spec, const he_batch_hands *hands,
                      const he_batch_views *views, size_t first, size_t end)
{
    if (!spec_ok(spec) || hands == NULL || hands->hands == NULL || hands->history == NULL
        || views == NULL || views->mask == NULL || views->min_raise == NULL
        || views->max_raise == NULL || views->actor == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t hsz = HE_BATCH_STREETS * spec->seats;
    double inv = exact_inverse(spec->chip_unit);
    int simd = obs_simd();
    const void *records = hands->hands;
    const uint8_t *history = hands->history;
    uint8_t *mask = views->mask;
    int64_t *min_raise = views->min_raise, *max_raise = views->max_raise;
    int64_t *actor = views->actor;
    float *obs = views->obs;
    for (size_t i = first; i < end; i++) {
        view_one(spec, hand_at_c(records, i), history + i * hsz, i, mask, min_raise, max_raise,
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

static int batch_fresh(const he_batch_spec *spec, void *out, const int64_t *stacks)
{
    if (!spec_ok(spec) || out == NULL || stacks == NULL) {
        return HE_E_ARGUMENT;
    }
    for (size_t b = 0; b < spec->seats; b++) {
        int st = start_one(spec, hand_at(out, b), 0, stacks, (int64_t)b);
        if (st != HE_OK) {
            return st;
        }
    }
    return HE_OK;
}

/* Bytes of a list of the game's settings (csrc/hand_state.h) as the record holds them. */
#define SETTING_BYTES(S, A, type, name, length, lo, hi) +sizeof(type) * (length)
enum {
    WIDE_BYTES = 0 HE_HAND_SETTINGS_WIDE(SETTING_BYTES, _, _),
    SMALL_BYTES = 0 HE_HAND_SETTINGS_SMALL(SETTING_BYTES, _, _)
};
#define SMALL_BEFORE_N(S, A, type, name, length, lo, hi)                                    \
    &&offsetof(he_hand, name) >= offsetof(he_hand, n) - (size_t)SMALL_BYTES                \
        && offsetof(he_hand, name) + sizeof(type) * (length) <= offsetof(he_hand, n)
/* same_game's two memcmp read the game where the record holds it: the wide settings
 * first (then the starting stacks), the small ones right before n, then the button */
typedef char same_game_reads_the_game_where_it_is[
    offsetof(he_hand, starting_stacks) == (size_t)WIDE_BYTES
    && offsetof(he_hand, starting_stacks) + sizeof(((he_hand *)0)->starting_stacks)
       == offsetof(he_hand, stacks)
    HE_HAND_SETTINGS_SMALL(SMALL_BEFORE_N, _, _)
    && offsetof(he_hand, n) + 1 == offsetof(he_hand, button) ? 1 : -1];

/* Whether hands f and h have the same game: the record's leading amounts up to byte `lead`
 * (offsetof starting_stacks; offsetof stacks to compare the starting stacks too) and its
 * small settings and seat count (the bytes before the button). */
static int same_game(const he_hand *f, const he_hand *h, size_t lead)
{
    size_t small = offsetof(he_hand, n) - (size_t)SMALL_BYTES;
    return memcmp(f, h, lead) == 0
           && memcmp((const char *)f + small, (const char *)h + small, (size_t)SMALL_BYTES + 1)
                  == 0;
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

static int batch_check_hands(const he_batch_spec *spec, const void *hands, size_t first,
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

static int batch_start(const he_batch_spec *spec, const he_batch_hands *hands,
                       const int64_t *stacks, const int64_t *buttons, size_t first, size_t end,
                       size_t *bad)
{
    if (!spec_ok(spec) || hands == NULL || hands->hands == NULL || hands->history == NULL
        || hands->seeds == NULL || stacks == NULL || buttons == NULL || bad == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t n = spec->seats, hsz = HE_BATCH_STREETS * n;
    for (size_t i = first; i < end; i++) {
        if (buttons[i] < 0 || buttons[i] >= (int64_t)n) {
            *bad = i;
            return HE_E_HAND_BUTTON;
        }
        int st = start_one(spec, hand_at(hands->hands, i), hands->seeds[i], stacks + i * n,
                           buttons[i]);
        if (st != HE_OK) {
            *bad = i;
            return st;
        }
        memset(hands->history + i * hsz, 0, hsz);
    }
    return HE_OK;
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

static int batch_observe(int simd, const he_batch_spec *spec, const he_batch_hands *hands,
                         const he_batch_views *views, size_t first, size_t end)
{
    if (!spec_ok(spec) || hands == NULL || hands->hands == NULL || hands->history == NULL
        || views == NULL || views->min_raise == NULL || views->max_raise == NULL
        || views->obs == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t hsz = HE_BATCH_STREETS * spec->seats, d = obs_size(spec->seats);
    double inv = exact_inverse(spec->chip_unit);
    simd = simd && obs_simd();
    for (size_t i = first; i < end; i++) {
        observe_one(spec, hand_at_c(hands->hands, i), hands->history + i * hsz,
                    views->min_raise[i], views->max_raise[i], inv, simd, views->obs + i * d);
    }
    return HE_OK;
}

static int batch_step(const he_batch_spec *spec, const he_batch_hands *hands,
                      const he_batch_actions *actions, const he_batch_results *results,
                      const he_batch_views *views, size_t first, size_t end, size_t *bad)
{
    if (!spec_ok(spec) || hands == NULL || actions == NULL || results == NULL || views == NULL
        || hands->hands == NULL || hands->history == NULL || hands->seeds == NULL
        || actions->kinds == NULL || results->illegal == NULL || results->acted == NULL
        || results->done == NULL || results->rewards == NULL || views->mask == NULL
        || views->min_raise == NULL || views->max_raise == NULL || views->actor == NULL
        || bad == NULL) {
        return HE_E_ARGUMENT;
    }
    /* locals: the stores to the byte arrays could alias the structs */
    void *records = hands->hands;
    uint8_t *history = hands->history;
    uint64_t *seeds = hands->seeds;
    const int32_t *kinds = actions->kinds;
    const int64_t *amounts = actions->amounts;
    uint8_t *illegal = results->illegal, *acted = results->acted, *done = results->done;
    int64_t *rewards = results->rewards;
    uint8_t *mask = views->mask;
    int64_t *min_raise = views->min_raise, *max_raise = views->max_raise;
    int64_t *actor = views->actor;
    float *obs = views->obs;
    size_t n = spec->seats, hsz = HE_BATCH_STREETS * n;
    double inv = exact_inverse(spec->chip_unit);
    int simd = obs_simd(), result = HE_OK;
    /* the rows of hands that do not end stay zero: one memset for them all costs less
     * than a few zeros a hand */
    memset(rewards + first * n, 0, (end - first) * n * sizeof *rewards);
    for (size_t i = first; i < end; i++) {
        he_hand *h = hand_at(records, i);
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
                st = he_batch_legal_kind(spec, mask + i * (spec->n_fractions + 3),
                                         min_raise[i], max_raise[i], h->actor, kinds[i], amount);
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
                        seeds[i] = he_batch_seed_after(seeds[i]);
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

/* This layout's record and kernels, for csrc/hand_batch_api.c. */
#ifdef HE_HAND_COMPACT
#define THIS_LAYOUT he_batch_compact_layout
#else
#define THIS_LAYOUT he_batch_full_layout
#endif
const he_batch_layout THIS_LAYOUT = {
    he_hand_size, he_hand_field_count, he_hand_field_name, he_hand_field_offset,
    he_hand_field_length, he_hand_field_width,
    batch_start, batch_view, batch_observe, batch_step, batch_fresh, batch_check_hands,
};

#ifndef HE_HAND_COMPACT /* engine.Hand holds the full layout */
int he_batch_observe_hand(const he_hand *hand, const he_hand_event *events, size_t n_events,
                          size_t seat, double chip_unit, float *obs)
{
    if (hand == NULL || (events == NULL && n_events > 0) || obs == NULL || !(chip_unit > 0)) {
        return HE_E_ARGUMENT;
    }
    if (he_hand_check(hand) != HE_OK) {
        return HE_E_HAND_STATE;
    }
    size_t n = (size_t)hand->n;
    if (seat >= n) {
        return HE_E_ARGUMENT;
    }
    /* the batch's history row from the log: bets and raises per street and seat */
    uint8_t hist[HE_BATCH_STREETS * HE_HAND_MAX_SEATS] = {0};
    int64_t street = 0, dealt = 0;
    for (size_t e = 0; e < n_events; e++) {
        const he_hand_event *ev = &events[e];
        if (ev->kind == HE_EV_BOARD) {
            dealt += ev->n_cards;
            street = dealt >= 3 && dealt <= 5 ? dealt - 2 : street;
        } else if ((ev->kind == HE_EV_BET || ev->kind == HE_EV_RAISE) && ev->seat >= 0
                   && (size_t)ev->seat < n) {
            uint8_t *raises = &hist[(size_t)street * n + (size_t)ev->seat];
            *raises = (uint8_t)(*raises + (*raises < 255));
        }
    }
    int64_t a = (int64_t)seat, lo = -1, hi = -1, to_call = 0;
    if (hand->actor == a) {
        he_hi_legal_range(hand, &lo, &hi);
        to_call = hand->cur_bet - hand->bets[a];
    }
    observe_seat(hand, hist, n, a, to_call, lo, hi, chip_unit, exact_inverse(chip_unit), 0, obs);
    return HE_OK;
}
#endif
