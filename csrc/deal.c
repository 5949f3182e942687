/* Seeded dealing: the splitmix64 Fisher-Yates deal of engine/dealing.py, one call per deal.
 * Pure 64-bit integer arithmetic (no __int128), so the cards are the same everywhere. */
#include "he_eval_internal.h"
#include "swar.h"

#define GAMMA 0x9E3779B97F4A7C15u /* 2**64 / golden ratio: the splitmix64 increment */
#define MIX1 0xBF58476D1CE4E5B9u  /* splitmix64 output-mix multipliers (Stafford's Mix13) */
#define MIX2 0x94D049BB133111EBu
#define LOW32 0xFFFFFFFFu

#define DECK 0xFFFFFFFFFFFFFu      /* bits 0..51: the 52 cards */

/* Byte b of the result: the number of set bits
 * of x in bytes 0..b (at most 64, so each fits its byte). */
static uint64_t byte_prefix_counts(uint64_t x)
{
    uint64_t c = x - ((x >> 1) & 0x5555555555555555u);
    c = (c & 0x3333333333333333u) + ((c >> 2) & 0x3333333333333333u);
    c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Fu; /* set bits per byte */
    return c * HE_BYTE_ONES; /* running sums, byte by byte */
}

/* The position of set bit number j (from 0, lowest first) of x; j < popcount(x). No
 * branch: the byte holding it, then the bit within that byte, each found by counting. */
static unsigned select_bit(uint64_t x, uint64_t j)
{
    uint64_t prefix = byte_prefix_counts(x);
    unsigned b = he_bytes_at_most(prefix, j); /* the byte holding bit number j */
    uint64_t before = ((prefix << 8) >> (8 * b)) & 0xFFu; /* set bits in bytes 0..b-1 */
    uint64_t byte = (x >> (8 * b)) & 0xFFu;
    /* byte's bit i moved to byte i (as 0/1), then the same count within the byte */
    uint64_t spread = ((byte * HE_BYTE_ONES) & 0x8040201008040201u) + 0x7F7F7F7F7F7F7F7Fu;
    uint64_t bits = (spread & HE_BYTE_HIGHS) >> 7;
    return 8 * b + he_bytes_at_most(bits * HE_BYTE_ONES, j - before);
}

/* The deal loop, with `select` finding set bit number j of the deck. Inlined into each
 * variant below so the selection is not a call. */
#define DEAL_LOOP(select)                                                                   \
    do {                                                                                    \
        uint64_t state = seed, frac = 0;                                                    \
        for (size_t i = 0; i < count; i++) {                                                \
            if ((i & 3u) == 0) {                                                            \
                state += GAMMA;                                                             \
                uint64_t z = state;                                                         \
                z = (z ^ (z >> 30)) * MIX1;                                                 \
                z = (z ^ (z >> 27)) * MIX2;                                                 \
                frac = z ^ (z >> 31);                                                       \
            }                                                                               \
            /* frac * left as a 128-bit product from two 32-bit halves: the high word      \
             * picks the card, the low word is the fraction carried to the next card */     \
            uint64_t hi = (frac >> 32) * left;                                              \
            uint64_t lo = (frac & LOW32) * left;                                            \
            uint64_t j = (hi + (lo >> 32)) >> 32;                                           \
            frac = (hi << 32) + lo;                                                         \
            unsigned card = select(deck, j);                                                \
            out[i] = (uint8_t)card;                                                         \
            deck ^= (uint64_t)1 << card; /* a card of the deck: its bit is set */           \
            left--;                                                                         \
        }                                                                                   \
    } while (0)

static void deal_portable(uint64_t seed, uint64_t deck, size_t left, size_t count, uint8_t *out)
{
    DEAL_LOOP(select_bit);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/* x86's PDEP deposits bit j's one onto the deck's set bits: set bit number j in one
 * instruction (BMI2). Zen 1 and 2 run PDEP in microcode, slower than select_bit. */
#define HE_DEAL_PDEP 1
__attribute__((target("bmi2"))) static unsigned select_pdep(uint64_t x, uint64_t j)
{
    return (unsigned)__builtin_ctzll(__builtin_ia32_pdep_di((uint64_t)1 << j, x));
}

__attribute__((target("bmi2"))) static void deal_pdep(uint64_t seed, uint64_t deck, size_t left,
                                                      size_t count, uint8_t *out)
{
    DEAL_LOOP(select_pdep);
}

/* Whether PDEP is the faster selection here: BMI2, and not in microcode (Zen 1 and 2). */
static int fast_pdep(void)
{
    return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("znver1")
           && !__builtin_cpu_is("znver2");
}

static int has_pdep(void) { return __builtin_cpu_supports("bmi2") != 0; }
#else
#define HE_DEAL_PDEP 0
static int fast_pdep(void) { return 0; }
static int has_pdep(void) { return 0; }
#endif

/* The deal, with PDEP when `pdep` (the caller checked the CPU has it). */
static int deal(int pdep, uint64_t seed, uint64_t exclude_mask, size_t count, uint8_t *out)
{
    /* the deck: the cards left, ascending (bit c = card c); dealing card number j of it
     * and taking it out keeps the rest in order, as engine/dealing.py's list does */
    uint64_t deck = ~exclude_mask & DECK;
    size_t left = (size_t)(byte_prefix_counts(deck) >> 56);
    if (count > left || (count > 0 && out == NULL)) {
        return HE_E_ARGUMENT;
    }
#if HE_DEAL_PDEP
    if (pdep) {
        deal_pdep(seed, deck, left, count, out);
        return HE_OK;
    }
#endif
    (void)pdep;
    deal_portable(seed, deck, left, count, out);
    return HE_OK;
}

int he_deal_seeded_variant(int variant, uint64_t seed, uint64_t exclude_mask, size_t count,
                           uint8_t *out)
{
    return deal(variant == HE_DEAL_PDEP_VARIANT && has_pdep(), seed, exclude_mask, count, out);
}

int he_deal_seeded(uint64_t seed, uint64_t exclude_mask, size_t count, uint8_t *out)
{
    return deal(fast_pdep(), seed, exclude_mask, count, out);
}
