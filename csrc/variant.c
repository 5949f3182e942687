/* The variants' table (api/variant.h): one row per game and its ranking function. */
#include <string.h>

#include "he_eval_internal.h"

/* Hold'em: the best five of the hole and board cards (5..7 cards in all). */
static int rank_best_five(const uint8_t *hole, size_t hole_len, const uint8_t *board,
                          size_t board_len, uint16_t *rank)
{
    uint8_t cards[7];
    if (hole_len + board_len > 7) {
        return HE_E_ARGUMENT;
    }
    memcpy(cards, hole, hole_len);
    memcpy(cards + hole_len, board, board_len);
    int r = he_eval_hand(cards, hole_len + board_len);
    if (r < 0) {
        return r;
    }
    *rank = (uint16_t)r;
    return HE_OK;
}

/* Omaha: exactly two hole cards and three of the five board cards. */
static int rank_two_and_three(const uint8_t *hole, size_t hole_len, const uint8_t *board,
                              size_t board_len, uint16_t *rank)
{
    size_t bad = 0;
    return he_eval_omaha_batch(hole, 1, hole_len, board, board_len, 0, rank, &bad);
}

/* Short deck (6+): the best five of the hole and board cards, ids 16..51 (api/eval_short.h). */
static int rank_short(const uint8_t *hole, size_t hole_len, const uint8_t *board,
                      size_t board_len, int rules, uint16_t *rank)
{
    uint8_t cards[7];
    if (hole_len + board_len > 7) {
        return HE_E_ARGUMENT;
    }
    memcpy(cards, hole, hole_len);
    memcpy(cards + hole_len, board, board_len);
    int r = he_short_eval_hand(cards, hole_len + board_len, rules);
    if (r < 0) {
        return r;
    }
    *rank = (uint16_t)r;
    return HE_OK;
}

/* Three of a kind beats a straight: PokerStars 6+ Hold'em, GGPoker, Triton (the default). */
static int rank_short_trips(const uint8_t *hole, size_t hole_len, const uint8_t *board,
                            size_t board_len, uint16_t *rank)
{
    return rank_short(hole, hole_len, board, board_len, HE_SHORT_TRIPS_BEAT_STRAIGHT, rank);
}

/* A straight beats three of a kind: PokerKit's short-deck hand. */
static int rank_short_straights(const uint8_t *hole, size_t hole_len, const uint8_t *board,
                                size_t board_len, uint16_t *rank)
{
    return rank_short(hole, hole_len, board, board_len, HE_SHORT_STRAIGHTS_BEAT_TRIPS, rank);
}

static const struct {
    he_variant row;
    int (*rank)(const uint8_t *hole, size_t hole_len, const uint8_t *board, size_t board_len,
                uint16_t *rank);
} variants[] = {
    [HE_VARIANT_HOLDEM] = {{"holdem", HE_DECK_SIZE, 0, 2, 2, 5, 0, HE_RANK_WORST, 0}, rank_best_five},
    [HE_VARIANT_OMAHA] = {{"omaha", HE_DECK_SIZE, 0, 4, 6, 5, 2, HE_RANK_WORST, 0}, rank_two_and_three},
    [HE_VARIANT_SHORT_DECK] = {{"short-deck", 36, HE_SHORT_LOWEST_CARD, 2, 2, 5, 0,
                                HE_SHORT_RANK_WORST, 0}, rank_short_trips},
    [HE_VARIANT_SHORT_DECK_STRAIGHTS] = {{"short-deck-straights-beat-trips", 36,
                                          HE_SHORT_LOWEST_CARD, 2, 2, 5, 0,
                                          HE_SHORT_RANK_WORST, 0}, rank_short_straights},
    /* 5- and 6-card Omaha (Big O, six-card PLO): exactly two hole and three board cards, as
     * "omaha", whose row also ranks 5 and 6 hole cards; these rows deal 5 or 6 */
    [HE_VARIANT_OMAHA5] = {{"omaha5", HE_DECK_SIZE, 0, 5, 5, 5, 2, HE_RANK_WORST, 0}, rank_two_and_three},
    [HE_VARIANT_OMAHA6] = {{"omaha6", HE_DECK_SIZE, 0, 6, 6, 5, 2, HE_RANK_WORST, 0}, rank_two_and_three},
    /* hi-lo: the high rank as their high-only game; the low half by he_variant_low_rank */
    [HE_VARIANT_OMAHA_HI_LO] = {{"omaha-hi-lo", HE_DECK_SIZE, 0, 4, 4, 5, 2, HE_RANK_WORST,
                                 HE_LOW_EIGHT}, rank_two_and_three},
    [HE_VARIANT_OMAHA5_HI_LO] = {{"omaha5-hi-lo", HE_DECK_SIZE, 0, 5, 5, 5, 2, HE_RANK_WORST,
                                  HE_LOW_EIGHT}, rank_two_and_three},
    [HE_VARIANT_HOLDEM_HI_LO] = {{"holdem-hi-lo", HE_DECK_SIZE, 0, 2, 2, 5, 0, HE_RANK_WORST,
                                  HE_LOW_EIGHT}, rank_best_five},
};
#define N_VARIANTS (sizeof variants / sizeof variants[0])

size_t he_variant_count(void) { return N_VARIANTS; }

const he_variant *he_variant_info(size_t variant)
{
    return variant < N_VARIANTS ? &variants[variant].row : NULL;
}

int he_variant_rank(size_t variant, const uint8_t *hole, size_t hole_len, const uint8_t *board,
                    size_t board_len, uint16_t *rank)
{
    if (variant >= N_VARIANTS || hole_len < (size_t)variants[variant].row.hole_min
        || hole_len > (size_t)variants[variant].row.hole_max
        || board_len > (size_t)variants[variant].row.board_size) {
        return HE_E_ARGUMENT;
    }
    return variants[variant].rank(hole, hole_len, board, board_len, rank);
}
