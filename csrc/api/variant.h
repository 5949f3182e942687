/* The games the core plays, as data (csrc/variant.c). Guard-free: cffi's cdef reads this
 * file, and holdem_eval/variants.py builds Python's one table of variants from it.
 *
 * A variant is a row: its deck, how many hole cards a player holds, the board, which
 * cards a hand is made of, and the rank scale its ranking function returns. Adding one
 * is a row in csrc/variant.c plus its ranking function. */

#define HE_DECK_SIZE 52       /* the full deck: card ids 0..51 (4 * rank + suit) */
#define HE_RANK_WORST 7462    /* the Cactus Kev scale: 1 (royal flush) .. 7462 (7-5-4-3-2) */

#define HE_VARIANT_HOLDEM 0   /* 2 hole cards: the best five of the seven */
#define HE_VARIANT_OMAHA 1    /* 4..6 hole cards: exactly two hole and three board cards */

/* The low half of a hi-lo game (csrc/eval_low.c): A-5 lowball, eight or better. A low is
 * five cards of distinct ranks, each 8 or lower, the ace low; straights and flushes do not
 * count. Lows compare by their highest card, then the next...: lower is better. The scale
 * numbers the 56 qualifying lows from the best, HE_LOW_BEST (5-4-3-2-A, "the wheel"), to
 * HE_LOW_WORST (8-7-6-5-4); HE_LOW_NONE (0): no qualifying low. A low's rank is 1 plus
 * the colex index of its ranks' mask (bit 0 = A, bit k = k + 1 for 2..8): 1 + the sum over
 * its cards, lowest first (i = 1..5), of C(bit_i, i). */
#define HE_LOW_NONE 0
#define HE_LOW_BEST 1         /* 5-4-3-2-A */
#define HE_LOW_WORST 56       /* 8-7-6-5-4 */
#define HE_LOW_EIGHT 8        /* he_variant.low of an eight-or-better hi-lo game */

typedef struct {
    const char *name;      /* the variant's name in the Python API: "holdem", "omaha" */
    int32_t deck_size;     /* cards in the deck: 52, or 36 for a short deck (6..A) */
    int32_t lowest_card;   /* the deck is card ids lowest_card .. 51 (0, or 16 for 6..A) */
    int32_t hole_min;      /* hole cards per player: hole_min .. hole_max (the hand machine */
    int32_t hole_max;      /*   deals hole_min of them) */
    int32_t board_size;    /* community cards at a showdown */
    int32_t hole_used;     /* 0: the best five of hole and board cards; k: exactly k hole and
                            * 5 - k board cards */
    int32_t worst_rank;    /* ranks 1 .. worst_rank, lower is stronger, equal ranks tie */
    int32_t low;           /* 0: high only; 8: each pot splits high / low, the low an A-5
                            * hand of five distinct ranks 8 or lower (HE_LOW_* in api/variant.h) */
} he_variant;

/* How many variants there are (codes 0 .. count - 1), and each one's row (NULL past the end). */
size_t he_variant_count(void);
const he_variant *he_variant_info(size_t variant);

/* The rank of one player's hand in `variant`: hole_len hole cards (within the row's
 * hole_min .. hole_max) and the full board. HE_E_ARGUMENT for an unknown variant or a
 * count outside the row; HE_E_CARD_RANGE / HE_E_DUPLICATE for bad cards. */
int he_variant_rank(size_t variant, const uint8_t *hole, size_t hole_len, const uint8_t *board,
                    size_t board_len, uint16_t *rank);

/* The low rank (HE_LOW_*) of one player's hand in a hi-lo `variant` (row low = 8): the
 * best eight-or-better low of its cards as the row makes hands (exactly hole_used hole
 * cards, or the best five of all). Same arguments and statuses as he_variant_rank, and
 * HE_E_ARGUMENT for a variant without a low half. */
int he_variant_low_rank(size_t variant, const uint8_t *hole, size_t hole_len,
                        const uint8_t *board, size_t board_len, uint16_t *low);
