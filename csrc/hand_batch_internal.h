/* What the public batch calls (csrc/hand_batch_api.c, compiled once) need of the batch
 * kernels (csrc/hand_batch.c, compiled once per hand layout: as itself for the full one,
 * inside csrc/hand_compact.c for the compact one). Not part of the API: hidden by
 * -fvisibility=hidden. */
#ifndef HE_HAND_BATCH_INTERNAL_H
#define HE_HAND_BATCH_INTERNAL_H

#include "holdem_eval.h"

/* One layout's record and kernels; each kernel works on the hands [first, end) of one
 * part, on the calling thread, with the contract of the public call of the same name. */
typedef struct {
    size_t (*hand_size)(void);
    size_t (*field_count)(void);
    const char *(*field_name)(size_t field);
    size_t (*field_offset)(size_t field);
    size_t (*field_length)(size_t field);
    size_t (*field_width)(size_t field);
    int (*start)(const he_batch_spec *spec, const he_batch_hands *hands, const int64_t *stacks,
                 const int64_t *buttons, size_t first, size_t end, size_t *bad);
    int (*view)(const he_batch_spec *spec, const he_batch_hands *hands,
                const he_batch_views *views, size_t first, size_t end);
    /* simd: the SIMD seat blocks (AVX2, compact layout) may run when the CPU has them;
     * tests compare both ways */
    int (*observe)(int simd, const he_batch_spec *spec, const he_batch_hands *hands,
                   const he_batch_views *views, size_t first, size_t end);
    int (*step)(const he_batch_spec *spec, const he_batch_hands *hands,
                const he_batch_actions *actions, const he_batch_results *results,
                const he_batch_views *views, size_t first, size_t end, size_t *bad);
    int (*fresh)(const he_batch_spec *spec, void *fresh, const int64_t *stacks);
    int (*check_hands)(const he_batch_spec *spec, const void *hands, size_t first, size_t end,
                       size_t *bad, int *fault);
} he_batch_layout;

extern const he_batch_layout he_batch_full_layout;
extern const he_batch_layout he_batch_compact_layout;

/* The layout of spec->compact (or of `compact`; csrc/hand_batch_api.c, which picks the
 * layout of every call: the kernels never call back into it). */
const he_batch_layout *he_batch_layout_of(int compact);

/* splitmix64's output mix (Stafford's Mix13 multipliers) of z, and the seed of the hand
 * after one dealt from `seed` (he_batch_next_seed, api/hand_batch.h): the mix of the seed
 * plus splitmix64's increment, 2**64 / golden ratio. Inline, so that the kernels of both
 * layouts restart a hand without a call into csrc/hand_batch_api.c. */
static inline uint64_t he_batch_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint64_t he_batch_seed_after(uint64_t seed)
{
    return he_batch_mix(seed + 0x9E3779B97F4A7C15ULL);
}

/* HE_OK when discrete `kind` (with `amount` for HE_BATCH_RAISE_TO) is legal for a hand
 * whose current view is (row, lo, hi, actor), else HE_E_BATCH_ILLEGAL. */
static inline int he_batch_legal_kind(const he_batch_spec *s, const uint8_t *row, int64_t lo,
                                      int64_t hi, int64_t actor, int32_t kind, int64_t amount)
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

#endif
