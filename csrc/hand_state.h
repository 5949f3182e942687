/* The hand state (struct he_hand), its fields listed once.
 *
 * HE_HAND_FIELDS(X) calls A(name, length) for every field, in order; every field is an
 * int64_t array of `length` values (1 for a scalar), so the struct is one flat int64_t
 * record with no padding. csrc/hand.c builds the struct and the field table
 * (he_hand_field_name/offset/length) from this list; wrappers, snapshots, pickles and
 * clones read that table, so adding a field here is the only change they need. */
#ifndef HE_HAND_STATE_H
#define HE_HAND_STATE_H

#include "holdem_eval.h"
#include "api/hand.h"
#include "api/hand_batch.h"

#define HE_HAND_SEATS HE_HAND_MAX_SEATS
#define HE_HAND_HOLES (HE_HAND_MAX_SEATS * HE_HAND_MAX_HOLE)

#define HE_HAND_FIELDS(S, A)                                                                     \
    /* the game (he_hand_config), fixed for the hand */                                     \
    S(hole_count) S(betting) S(small_blind) S(big_blind) S(ante)             \
    S(big_blind_ante) S(straddle) A(street_sizes, 4) S(max_bets)                   \
    S(blind_counts_toward_cap) S(allow_free_fold) S(manual_showdown)               \
    S(settle_method) S(odd_chips) S(no_flop_no_drop) S(rate_num) S(rate_den) \
    S(rate_bits) /* the PokerKit rake rate: a double's bits */ S(rake_cap)            \
    /* the table */                                                                         \
    S(n) S(button) S(small_blind_seat) S(big_blind_seat) A(starting_stacks, HE_HAND_SEATS)                                  \
    /* chips: behind, bet this round, put in before this round, dead part of committed */   \
    A(stacks, HE_HAND_SEATS) A(bets, HE_HAND_SEATS) A(committed, HE_HAND_SEATS)             \
    A(dead, HE_HAND_SEATS) S(pot)                                                        \
    /* per seat: folded (0/1); the bet level it last acted at (-1 not yet this round,       \
     * HE_HAND_DONE folded or all-in); showdown (0 undecided, 1 shown, 2 mucked) */         \
    A(folded, HE_HAND_SEATS) A(acted, HE_HAND_SEATS) A(shown, HE_HAND_SEATS)                \
    /* cards: hole_count per seat, the board, the known board plan, the seeded deck */      \
    A(holes, HE_HAND_HOLES) A(board, 5) S(board_len) A(plan, 5) S(plan_len)           \
    S(has_deck) S(deck_seed) S(deck_mask) S(deck_pos)                           \
    /* the betting round */                                                                 \
    S(street) S(cur_bet) S(raise_size) S(level_count) S(actor)              \
    S(n_live) S(n_active) S(last_aggressor) S(river_aggressor)                 \
    S(pending_board) S(betting_done)                                                  \
    /* the result */                                                                        \
    S(over) A(payouts, HE_HAND_SEATS) S(rake) A(ranks, HE_HAND_SEATS)                 \
    /* what the last failed call was about (a card id, a seat), for error messages */       \
    S(error_card) S(error_seat)

#define HE_HAND_SCALAR(name) int64_t name;
#define HE_HAND_ARRAY(name, len) int64_t name[len];
struct he_hand {
    HE_HAND_FIELDS(HE_HAND_SCALAR, HE_HAND_ARRAY)
};
#undef HE_HAND_SCALAR
#undef HE_HAND_ARRAY

#endif
