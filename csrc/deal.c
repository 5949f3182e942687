/* Seeded dealing: the splitmix64 Fisher-Yates deal of engine/dealing.py, one call per deal.
 * Pure 64-bit integer arithmetic (no __int128), so the cards are the same everywhere. */
#include <string.h>

#include "holdem_eval.h"

#define GAMMA 0x9E3779B97F4A7C15u /* 2**64 / golden ratio: the splitmix64 increment */
#define MIX1 0xBF58476D1CE4E5B9u  /* splitmix64 output-mix multipliers (Stafford's Mix13) */
#define MIX2 0x94D049BB133111EBu
#define LOW32 0xFFFFFFFFu

static const uint8_t full_deck[52] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12,
                                      13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
                                      26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38,
                                      39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51};

int he_deal_seeded(uint64_t seed, uint64_t exclude_mask, size_t count, uint8_t *out)
{
    uint8_t deck[52];
    size_t left = 0;
    if (exclude_mask == 0) { /* the usual full deck: a copy, not a loop over the mask */
        memcpy(deck, full_deck, sizeof deck);
        left = 52;
    } else {
        for (uint8_t c = 0; c < 52; c++) {
            if (!((exclude_mask >> c) & 1u)) {
                deck[left++] = c;
            }
        }
    }
    if (count > left || (count > 0 && out == NULL)) {
        return HE_E_ARGUMENT;
    }
    uint64_t state = seed;
    uint64_t frac = 0;
    for (size_t i = 0; i < count; i++) {
        if ((i & 3u) == 0) {
            state += GAMMA;
            uint64_t z = state;
            z = (z ^ (z >> 30)) * MIX1;
            z = (z ^ (z >> 27)) * MIX2;
            frac = z ^ (z >> 31);
        }
        /* frac * left as a 128-bit product from two 32-bit halves: the high word picks
         * the card, the low word is the fraction carried to the next card */
        uint64_t hi = (frac >> 32) * left;
        uint64_t lo = (frac & LOW32) * left;
        size_t j = (size_t)((hi + (lo >> 32)) >> 32);
        frac = (hi << 32) + lo;
        out[i] = deck[j];
        memmove(deck + j, deck + j + 1, left - j - 1);
        left--;
    }
    return HE_OK;
}
