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
#define HE_VARIANT_SHORT_DECK 2  /* 6+ Hold'em, ids 16..51; trips beat a straight (api/eval_short.h) */
#define HE_VARIANT_SHORT_DECK_STRAIGHTS 3  /* the same with a straight beating trips */
#define HE_VARIANT_OMAHA5 4    /* 5-card Omaha: 5 hole cards, exactly two hole + three board */
#define HE_VARIANT_OMAHA6 5    /* 6-card Omaha: 6 hole cards, likewise */

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
