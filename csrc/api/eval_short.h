/* Short-deck (6+ Hold'em) evaluation kernels (csrc/eval_short.c). Guard-free: cffi's cdef
 * reads this file.
 *
 * The deck is the 36 cards 6..A: card ids 16..51 (4 * rank + suit). A-6-7-8-9 is the
 * lowest straight and a flush beats a full house. `rules` orders three of a kind and a
 * straight: HE_SHORT_TRIPS_BEAT_STRAIGHT (the variant "short-deck": PokerStars 6+ Hold'em,
 * GGPoker, Triton) or HE_SHORT_STRAIGHTS_BEAT_TRIPS ("short-deck-straights-beat-trips":
 * PokerKit's short-deck hand). Ranks are 1 (royal flush) .. HE_SHORT_RANK_WORST, lower is
 * stronger; the categories' bounds are listed in holdem_eval/_short_classes.py and
 * docs/variants.md. Every kernel validates each card (16..51, no repeat within its hand)
 * in the same pass that evaluates: an id below 16 (a deuce..five) or above 51 is
 * HE_E_CARD_RANGE, a repeat HE_E_DUPLICATE; batch kernels store the first bad row's index
 * in *bad_row and leave later rows unwritten. No kernel keeps state. */

#define HE_SHORT_RANK_WORST 1404
#define HE_SHORT_LOWEST_CARD 16           /* the six of clubs */
#define HE_SHORT_TRIPS_BEAT_STRAIGHT 0
#define HE_SHORT_STRAIGHTS_BEAT_TRIPS 1

/* One hand of 5, 6 or 7 cards: the rank, or HE_E_CARD_RANGE, HE_E_DUPLICATE,
 * HE_E_ARGUMENT (k outside 5..7 or unknown rules). */
int he_short_eval_hand(const uint8_t *cards, size_t k, int rules);

/* n hands of k cards each (k in 5..7), row-major cards[n * k]; ranks to out[n]. */
int he_short_eval_batch(const uint8_t *cards, size_t n, size_t k, int rules, uint16_t *out,
                        size_t *bad_row);

/* n rows of two hole cards holes[n * 2] with a board of nb cards (3..5): one board shared
 * by every row when board_stride == 0, else boards[n * board_stride] with
 * board_stride == nb (as he_eval_hole_board). */
int he_short_eval_hole_board(const uint8_t *holes, size_t n, const uint8_t *boards, size_t nb,
                             size_t board_stride, int rules, uint16_t *out, size_t *bad_row);
