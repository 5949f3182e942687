/* The public batch calls (api/hand_batch.h): each picks the hand layout of its spec
 * (spec->compact: the kernels of csrc/hand_batch.c compiled for it, through
 * csrc/hand_batch_internal.h) and runs it over its range in parts on the C worker pool
 * (csrc/pool.c); and the calls that do not depend on the layout (he_batch_check,
 * he_batch_sample, he_batch_next_seed). Compiled once. */
#include <stddef.h>
#include <string.h>

#include "hand_batch_internal.h"
#include "swar.h"

enum { CALL_START, CALL_VIEW, CALL_OBSERVE, CALL_STEP, CALL_SAMPLE };

/* The arguments of one call: its op, its spec and what that op reads and writes. */
typedef struct {
    int op;
    const he_batch_spec *spec;
    const he_batch_hands *hands;
    const he_batch_views *views;
    const he_batch_actions *actions;
    const he_batch_results *results;
    const int64_t *stacks, *buttons;
    const uint8_t *mask; /* he_batch_sample: rows of k entries, key, picks out */
    size_t k;
    uint64_t key;
    int32_t *picks;
} batch_args;

/* One call running: its arguments, its spec's layout, its range in parts, and the status
 * (and bad hand) of each part. */
typedef struct {
    batch_args a;
    const he_batch_layout *layout;
    size_t first, count, parts;
    int results_of[HE_POOL_MAX_PARTS];
    size_t bad[HE_POOL_MAX_PARTS];
} batch_call;

static void sample(const uint8_t *mask, size_t k, uint64_t key, int32_t *out, size_t first,
                   size_t end);

/* Part p of the call: hands [first + count * p / parts, first + count * (p + 1) / parts). */
static void run_part(void *ctx, size_t p)
{
    batch_call *c = (batch_call *)ctx;
    const batch_args *a = &c->a;
    const he_batch_layout *l = c->layout;
    size_t lo = c->first + (size_t)((uint64_t)c->count * p / c->parts);
    size_t hi = c->first + (size_t)((uint64_t)c->count * (p + 1) / c->parts);
    size_t *bad = &c->bad[p];
    switch (a->op) {
    case CALL_START:
        c->results_of[p] = l->start(a->spec, a->hands, a->stacks, a->buttons, lo, hi, bad);
        break;
    case CALL_VIEW:
        c->results_of[p] = l->view(a->spec, a->hands, a->views, lo, hi);
        break;
    case CALL_OBSERVE:
        c->results_of[p] = l->observe(1, a->spec, a->hands, a->views, lo, hi);
        break;
    case CALL_SAMPLE:
        sample(a->mask, a->k, a->key, a->picks, lo, hi);
        c->results_of[p] = HE_OK;
        break;
    default:
        c->results_of[p] = l->step(a->spec, a->hands, a->actions, a->results, a->views, lo, hi,
                                   bad);
        break;
    }
}

/* Runs the call of arguments `a` over the range on its spec's layout; the status of the
 * first failing part (its bad hand in *bad when bad is not NULL: the smallest, since parts
 * are in order and each reports its first), else HE_OK. */
static int run_parts(const batch_args *a, const he_batch_range *range, size_t *bad)
{
    if (range == NULL || range->parts < 1 || range->parts > HE_POOL_MAX_PARTS
        || range->threads < 1 || range->threads > HE_POOL_MAX_PARTS) {
        return HE_E_ARGUMENT;
    }
    batch_call c;
    c.a = *a;
    c.layout = he_batch_layout_of(a->spec != NULL && a->spec->compact);
    c.first = range->first;
    c.count = range->end > range->first ? range->end - range->first : 0;
    c.parts = range->parts;
    he_pool_run(run_part, &c, range->parts, range->threads);
    for (size_t p = 0; p < range->parts; p++) {
        if (c.results_of[p] != HE_OK) {
            if (bad != NULL) {
                *bad = c.bad[p];
            }
            return c.results_of[p];
        }
    }
    return HE_OK;
}

const he_batch_layout *he_batch_layout_of(int compact)
{
    return compact ? &he_batch_compact_layout : &he_batch_full_layout;
}

size_t he_batch_hand_size(int compact) { return he_batch_layout_of(compact)->hand_size(); }

int he_batch_hand_field(int compact, size_t field, he_batch_field *out)
{
    const he_batch_layout *l = he_batch_layout_of(compact);
    if (out == NULL || field >= l->field_count()) {
        return HE_E_ARGUMENT;
    }
    out->name = l->field_name(field);
    out->offset = l->field_offset(field);
    out->length = l->field_length(field);
    out->width = l->field_width(field);
    return HE_OK;
}

size_t he_batch_observation_size(size_t seats)
{
    return HE_OBS_SEATS + (HE_OBS_SEAT_BLOCKS + HE_BATCH_STREETS) * seats;
}

int he_batch_start(const he_batch_spec *spec, const he_batch_hands *hands,
                   const int64_t *stacks, const int64_t *buttons, const he_batch_range *range,
                   size_t *bad)
{
    if (bad == NULL) {
        return HE_E_ARGUMENT;
    }
    const batch_args a = {
        .op = CALL_START, .spec = spec, .hands = hands, .stacks = stacks, .buttons = buttons};
    return run_parts(&a, range, bad);
}

/* he_batch_view (CALL_VIEW) or he_batch_observe (CALL_OBSERVE). */
static int run_views(int op, const he_batch_spec *spec, const he_batch_hands *hands,
                     const he_batch_views *views, const he_batch_range *range)
{
    const batch_args a = {.op = op, .spec = spec, .hands = hands, .views = views};
    return run_parts(&a, range, NULL);
}

int he_batch_view(const he_batch_spec *spec, const he_batch_hands *hands,
                  const he_batch_views *views, const he_batch_range *range)
{
    return run_views(CALL_VIEW, spec, hands, views, range);
}

int he_batch_observe(const he_batch_spec *spec, const he_batch_hands *hands,
                     const he_batch_views *views, const he_batch_range *range)
{
    return run_views(CALL_OBSERVE, spec, hands, views, range);
}

int he_batch_step(const he_batch_spec *spec, const he_batch_hands *hands,
                  const he_batch_actions *actions, const he_batch_results *results,
                  const he_batch_views *views, int strict, const he_batch_range *range,
                  size_t *bad)
{
    if (bad == NULL || range == NULL) {
        return HE_E_ARGUMENT;
    }
    if (strict) {
        int st = he_batch_check(spec, views, actions, range->first, range->end, bad);
        if (st != HE_OK) {
            return st;
        }
    }
    const batch_args a = {.op = CALL_STEP, .spec = spec, .hands = hands, .actions = actions,
                          .results = results, .views = views};
    return run_parts(&a, range, bad);
}

int he_batch_fresh(const he_batch_spec *spec, void *fresh, const int64_t *stacks)
{
    return he_batch_layout_of(spec != NULL && spec->compact)->fresh(spec, fresh, stacks);
}

int he_batch_check_hands(const he_batch_spec *spec, const void *hands, size_t first,
                         size_t end, size_t *bad, int *fault)
{
    return he_batch_layout_of(spec != NULL && spec->compact)
        ->check_hands(spec, hands, first, end, bad, fault);
}

int he_batch_check(const he_batch_spec *spec, const he_batch_views *views,
                   const he_batch_actions *actions, size_t first, size_t end, size_t *bad)
{
    if (spec == NULL || spec->n_fractions > HE_BATCH_MAX_FRACTIONS || views == NULL
        || actions == NULL || views->mask == NULL || views->min_raise == NULL
        || views->max_raise == NULL || views->actor == NULL || actions->kinds == NULL
        || bad == NULL) {
        return HE_E_ARGUMENT;
    }
    size_t k = spec->n_fractions + 3;
    const int32_t *kinds = actions->kinds;
    const int64_t *amounts = actions->amounts, *actor = views->actor;
    for (size_t i = first; i < end; i++) {
        if (actor[i] < 0 || kinds[i] == HE_BATCH_SKIP) {
            continue;
        }
        int st = HE_E_BATCH_ILLEGAL;
        if (kinds[i] != HE_BATCH_RAISE_TO || amounts != NULL) {
            st = he_batch_legal_kind(spec, views->mask + i * k, views->min_raise[i],
                                     views->max_raise[i], actor[i], kinds[i],
                                     amounts != NULL ? amounts[i] : 0);
        }
        if (st != HE_OK) {
            *bad = i;
            return st;
        }
    }
    return HE_OK;
}

int he_batch_sample(const uint8_t *mask, size_t k, uint64_t key, int32_t *out,
                    const he_batch_range *range)
{
    if (mask == NULL || out == NULL) {
        return HE_E_ARGUMENT;
    }
    const batch_args a = {.op = CALL_SAMPLE, .mask = mask, .k = k, .key = key, .picks = out};
    return run_parts(&a, range, NULL);
}

uint64_t he_batch_next_seed(uint64_t seed) { return he_batch_seed_after(seed); }

/* he_batch_sample over hands [first, end) of one part. */
static void sample(const uint8_t *mask, size_t k, uint64_t key, int32_t *out, size_t first,
                   size_t end)
{
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
        uint64_t r = he_batch_mix(key + 0x9E3779B97F4A7C15ULL * (uint64_t)(i + 1));
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
