/* The batch loop's *_parts entry points (api/hand_batch.h): one call over several threads
 * of the C worker pool (csrc/pool.c), each part running the per-range function of
 * csrc/hand_batch.c on its hands. Compiled twice like hand_batch.c (hand6_batch_parts.c
 * for the compact layout). */
#include <stddef.h>
#include <string.h>

#include "hand_internal.h"

/* ---- one call over several threads (pool.h): the *_parts entry points ---------------- */

enum { CALL_START, CALL_VIEW, CALL_OBSERVE, CALL_STEP, CALL_SAMPLE };

/* The arguments of one *_parts call and the status (and bad hand) of each of its parts. */
typedef struct {
    int op;
    const he_batch_spec *spec;
    void *hands;
    uint8_t *history;
    uint64_t *seeds;
    const int64_t *stacks, *buttons, *amounts;
    const int32_t *kinds;
    uint8_t *illegal, *acted, *done, *mask;
    int64_t *rewards, *min_raise, *max_raise, *actor;
    float *obs;
    int32_t *picks; /* he_batch_sample's out, from mask rows of k entries and key */
    size_t k;
    uint64_t key;
    size_t first, count, parts, threads;
    int results[HE_POOL_MAX_PARTS];
    size_t bad[HE_POOL_MAX_PARTS];
} batch_call;

/* Part p of the call: hands [first + count * p / parts, first + count * (p + 1) / parts). */
static void run_part(void *ctx, size_t p)
{
    batch_call *c = (batch_call *)ctx;
    size_t lo = c->first + (size_t)((uint64_t)c->count * p / c->parts);
    size_t hi = c->first + (size_t)((uint64_t)c->count * (p + 1) / c->parts);
    size_t *bad = &c->bad[p];
    switch (c->op) {
    case CALL_START:
        c->results[p] = he_batch_start(c->spec, c->hands, c->history, c->seeds, c->stacks,
                                       c->buttons, lo, hi, bad);
        break;
    case CALL_VIEW:
        c->results[p] = he_batch_view(c->spec, c->hands, c->history, c->mask, c->min_raise,
                                      c->max_raise, c->actor, c->obs, lo, hi);
        break;
    case CALL_OBSERVE:
        c->results[p] = he_batch_observe(c->spec, c->hands, c->history, c->min_raise,
                                         c->max_raise, c->obs, lo, hi);
        break;
    case CALL_SAMPLE:
        he_batch_sample(c->mask, c->k, c->key, c->picks, lo, hi);
        c->results[p] = HE_OK;
        break;
    default:
        c->results[p] = he_batch_step(c->spec, c->hands, c->history, c->seeds, c->kinds,
                                      c->amounts, c->illegal, c->acted, c->done, c->rewards,
                                      c->mask, c->min_raise, c->max_raise, c->actor, c->obs,
                                      lo, hi, bad);
        break;
    }
}

/* Runs call `c` over [first, end) in `parts` parts on up to `threads` threads of the
 * pool; the status of the first failing part (its bad hand in *bad when bad is not NULL:
 * the smallest, since parts are in order and each reports its first), else HE_OK. */
static int run_parts(batch_call *c, size_t first, size_t end, size_t parts, size_t threads,
                     size_t *bad)
{
    if (parts < 1 || parts > HE_POOL_MAX_PARTS || threads < 1 || threads > HE_POOL_MAX_PARTS) {
        return HE_E_ARGUMENT;
    }
    c->first = first;
    c->count = end > first ? end - first : 0;
    c->parts = parts;
    he_pool_run(run_part, c, parts, threads);
    for (size_t p = 0; p < parts; p++) {
        if (c->results[p] != HE_OK) {
            if (bad != NULL) {
                *bad = c->bad[p];
            }
            return c->results[p];
        }
    }
    return HE_OK;
}

int he_batch_start_parts(const he_batch_spec *spec, void *hands, uint8_t *history,
                         const uint64_t *seeds, const int64_t *stacks, const int64_t *buttons,
                         size_t first, size_t end, size_t parts, size_t threads,
                         size_t *bad)
{
    if (bad == NULL) {
        return HE_E_ARGUMENT;
    }
    batch_call c;
    memset(&c, 0, offsetof(batch_call, results));
    c.op = CALL_START;
    c.spec = spec;
    c.hands = hands;
    c.history = history;
    c.seeds = (uint64_t *)(uintptr_t)seeds; /* only read by he_batch_start */
    c.stacks = stacks;
    c.buttons = buttons;
    return run_parts(&c, first, end, parts, threads, bad);
}

int he_batch_view_parts(const he_batch_spec *spec, const void *hands, const uint8_t *history,
                        uint8_t *mask, int64_t *min_raise, int64_t *max_raise, int64_t *actor,
                        float *obs, size_t first, size_t end, size_t parts,
                        size_t threads)
{
    batch_call c;
    memset(&c, 0, offsetof(batch_call, results));
    c.op = CALL_VIEW;
    c.spec = spec;
    c.hands = (void *)(uintptr_t)hands; /* only read by he_batch_view */
    c.history = (uint8_t *)(uintptr_t)history;
    c.mask = mask;
    c.min_raise = min_raise;
    c.max_raise = max_raise;
    c.actor = actor;
    c.obs = obs;
    return run_parts(&c, first, end, parts, threads, NULL);
}

int he_batch_observe_parts(const he_batch_spec *spec, const void *hands,
                           const uint8_t *history, const int64_t *min_raise,
                           const int64_t *max_raise, float *obs, size_t first, size_t end,
                           size_t parts, size_t threads)
{
    batch_call c;
    memset(&c, 0, offsetof(batch_call, results));
    c.op = CALL_OBSERVE;
    c.spec = spec;
    c.hands = (void *)(uintptr_t)hands; /* the casts: only read by he_batch_observe */
    c.history = (uint8_t *)(uintptr_t)history;
    c.min_raise = (int64_t *)(uintptr_t)min_raise;
    c.max_raise = (int64_t *)(uintptr_t)max_raise;
    c.obs = obs;
    return run_parts(&c, first, end, parts, threads, NULL);
}

int he_batch_step_parts(const he_batch_spec *spec, void *hands, uint8_t *history,
                        uint64_t *seeds, const int32_t *kinds, const int64_t *amounts,
                        uint8_t *illegal, uint8_t *acted, uint8_t *done, int64_t *rewards,
                        uint8_t *mask, int64_t *min_raise, int64_t *max_raise, int64_t *actor,
                        float *obs, int strict, size_t first, size_t end, size_t parts,
                        size_t threads, size_t *bad)
{
    if (bad == NULL) {
        return HE_E_ARGUMENT;
    }
    if (strict) {
        int st = he_batch_check(spec, mask, min_raise, max_raise, actor, kinds, amounts, first,
                                end, bad);
        if (st != HE_OK) {
            return st;
        }
    }
    batch_call c;
    memset(&c, 0, offsetof(batch_call, results));
    c.op = CALL_STEP;
    c.spec = spec;
    c.hands = hands;
    c.history = history;
    c.seeds = seeds;
    c.kinds = kinds;
    c.amounts = amounts;
    c.illegal = illegal;
    c.acted = acted;
    c.done = done;
    c.rewards = rewards;
    c.mask = mask;
    c.min_raise = min_raise;
    c.max_raise = max_raise;
    c.actor = actor;
    c.obs = obs;
    return run_parts(&c, first, end, parts, threads, bad);
}

int he_batch_sample_parts(const uint8_t *mask, size_t k, uint64_t key, int32_t *out,
                          size_t first, size_t end, size_t parts, size_t threads)
{
    if (mask == NULL || out == NULL) {
        return HE_E_ARGUMENT;
    }
    batch_call c;
    memset(&c, 0, offsetof(batch_call, results));
    c.op = CALL_SAMPLE;
    c.mask = (uint8_t *)(uintptr_t)mask; /* only read by he_batch_sample */
    c.k = k;
    c.key = key;
    c.picks = out;
    return run_parts(&c, first, end, parts, threads, NULL);
}
