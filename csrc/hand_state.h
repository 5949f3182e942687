/* The hand state (struct he_hand), its fields listed once.
 *
 * HE_HAND_FIELDS(S, A) calls S(type, name) for every scalar field and A(type, name, length)
 * for every array, in order; every type is a signed fixed-width integer: int64_t where
 * chips, chip levels, seeds and masks live, int32_t for hand ranks, int8_t for cards
 * (-1..51), seats (-1..9), counts, streets and 0/1 flags. The 64-bit fields come first,
 * then the narrower ones, so the struct has no padding inside. csrc/hand.c builds the
 * struct and the field table (he_hand_field_name/offset/length/width) from this list;
 * wrappers, snapshots, pickles and clones read that table, so adding a field here is the
 * only change they need. */
#ifndef HE_HAND_STATE_H
#define HE_HAND_STATE_H

#include "holdem_eval.h"
#include "api/hand.h"
#include "api/hand_batch.h"

#define HE_HAND_SEATS HE_HAND_MAX_SEATS
#define HE_HAND_HOLES (HE_HAND_MAX_SEATS * HE_HAND_MAX_HOLE)

#define HE_HAND_FIELDS(S, A)                                                                 \
    /* the game (he_hand_config), fixed for the hand: amounts */                            \
    S(int64_t, small_blind) S(int64_t, big_blind) S(int64_t, ante)                          \
    S(int64_t, big_blind_ante) S(int64_t, straddle) A(int64_t, street_sizes, 4)             \
    S(int64_t, max_bets) S(int64_t, rate_num) S(int64_t, rate_den)                          \
    S(int64_t, rate_bits) /* the PokerKit rake rate: a double's bits */                     \
    S(int64_t, rake_cap)                                                                    \
    /* chips: starting, behind, bet this round, put in before this round, dead part of      \
     * committed; the pot */                                                                \
    A(int64_t, starting_stacks, HE_HAND_SEATS) A(int64_t, stacks, HE_HAND_SEATS)            \
    A(int64_t, bets, HE_HAND_SEATS) A(int64_t, committed, HE_HAND_SEATS)                    \
    A(int64_t, dead, HE_HAND_SEATS) S(int64_t, pot)                                         \
    /* per seat: the bet level it last acted at (-1 not yet this round, HE_HAND_DONE        \
     * folded or all-in) */                                                                 \
    A(int64_t, acted, HE_HAND_SEATS)                                                        \
    /* the seeded deck */                                                                   \
    S(int64_t, deck_seed) S(int64_t, deck_mask)                                             \
    /* the betting round */                                                                 \
    S(int64_t, cur_bet) S(int64_t, raise_size) S(int64_t, level_count)                      \
    /* the result */                                                                        \
    A(int64_t, payouts, HE_HAND_SEATS) S(int64_t, rake)                                     \
    /* what the last failed call was about (a card id, a seat), for error messages */       \
    S(int64_t, error_card) S(int64_t, error_seat)                                           \
    /* showdown ranks */                                                                    \
    A(int32_t, ranks, HE_HAND_SEATS)                                                        \
    /* the game: small values */                                                            \
    S(int8_t, hole_count) S(int8_t, betting) S(int8_t, blind_counts_toward_cap)             \
    S(int8_t, allow_free_fold) S(int8_t, manual_showdown) S(int8_t, settle_method)          \
    S(int8_t, odd_chips) S(int8_t, no_flop_no_drop)                                         \
    /* the table */                                                                         \
    S(int8_t, n) S(int8_t, button) S(int8_t, small_blind_seat) S(int8_t, big_blind_seat)    \
    /* per seat: folded (0/1); showdown (0 undecided, 1 shown, 2 mucked) */                 \
    A(int8_t, folded, HE_HAND_SEATS) A(int8_t, shown, HE_HAND_SEATS)                        \
    /* cards: hole_count per seat, the board, the known board plan; the seeded deck's     \
     * board cards for the positions the plan lacks (drawn with the hole cards at the      \
     * start, -1 elsewhere) and the deck position the dealing has reached */               \
    A(int8_t, holes, HE_HAND_HOLES) A(int8_t, board, 5) S(int8_t, board_len)                \
    A(int8_t, plan, 5) S(int8_t, plan_len) S(int8_t, has_deck) A(int8_t, deck_board, 5)     \
    S(int8_t, deck_pos)                                                                     \
    /* the betting round */                                                                 \
    S(int8_t, street) S(int8_t, actor) S(int8_t, n_live) S(int8_t, n_active)                \
    S(int8_t, last_aggressor) S(int8_t, river_aggressor) S(int8_t, pending_board)           \
    S(int8_t, betting_done)                                                                 \
    /* the result */                                                                        \
    S(int8_t, over)

#define HE_HAND_SCALAR(type, name) type name;
#define HE_HAND_ARRAY(type, name, len) type name[len];
struct he_hand {
    HE_HAND_FIELDS(HE_HAND_SCALAR, HE_HAND_ARRAY)
};
#undef HE_HAND_SCALAR
#undef HE_HAND_ARRAY

#endif
