/* The hand state (struct he_hand), its fields listed once, in two layouts.
 *
 * HE_HAND_FIELDS(S, A) calls S(type, name) for every scalar field and A(type, name, length)
 * for every array, in order; every type is a signed fixed-width integer, ordered so that
 * neither layout has padding inside (csrc/hand.c asserts it). csrc/hand.c
 * builds the struct and the field table (he_hand_field_name/offset/length/width) from this
 * list; wrappers, snapshots, pickles and clones read that table, so adding a field here is
 * the only change they need.
 *
 * The full layout (engine.Hand, and HandBatch beyond the compact range): room for
 * HE_HAND_MAX_SEATS seats, chips, chip levels, seeds and masks in int64_t, hand ranks in
 * int32_t, cards (-1..51), seats, counts, streets and 0/1 flags in int8_t.
 *
 * The compact layout (HE_HAND_COMPACT defined before the first include; csrc/hand_compact.c
 * compiles the same machine with it for HandBatch): room for HE_HAND_COMPACT_SEATS seats and
 * chips stored in int32_t (HE_HAND_CHIP), every amount and the stacks' sum at most
 * HE_HAND_COMPACT_MAX_CHIPS; the code computes in int64_t locals in both layouts, only the
 * storage is narrower. Its functions and types carry the he_hand_compact_ / he_hi_compact_
 * prefixes (the renames below), so both layouts link into one module. */
#ifndef HE_HAND_STATE_H
#define HE_HAND_STATE_H

#ifdef HE_HAND_COMPACT
/* the compact machine's names: every external symbol of the hand machine's files
 * (csrc/hand.c, hand_cards.c, hand_start.c), renamed; its batch kernels are static, reached
 * through he_batch_compact_layout (csrc/hand_batch_internal.h) */
#define he_hand he_hand_compact
#define he_hand_size he_hand_compact_size
#define he_hand_field_count he_hand_compact_field_count
#define he_hand_field_name he_hand_compact_field_name
#define he_hand_field_offset he_hand_compact_field_offset
#define he_hand_field_length he_hand_compact_field_length
#define he_hand_field_width he_hand_compact_field_width
#define he_hand_blind_seats he_hand_compact_blind_seats
#define he_hand_start he_hand_compact_start
#define he_hand_legal he_hand_compact_legal
#define he_hand_act he_hand_compact_act
#define he_hand_deal he_hand_compact_deal
#define he_hand_show he_hand_compact_show
#define he_hand_muck he_hand_compact_muck
#define he_hand_clone he_hand_compact_clone
#define he_hand_check he_hand_compact_check
#define he_hand_fault he_hand_compact_fault
#define he_hi_record he_hi_compact_record
#define he_hi_draw he_hi_compact_draw
#define he_hi_deal_fresh he_hi_compact_deal_fresh
#define he_hi_start_round he_hi_compact_start_round
#define he_hi_begin_street he_hi_compact_begin_street
#define he_hi_next_street he_hi_compact_next_street
#define he_hi_showdown he_hi_compact_showdown
#define he_hi_take_cards he_hi_compact_take_cards
#define he_hi_take_held he_hi_compact_take_held
#define he_hi_act he_hi_compact_act
#define he_hi_legal_range he_hi_compact_legal_range
#define he_hi_config_ok he_hi_compact_config_ok
#endif

#include "holdem_eval.h"

#ifdef HE_HAND_COMPACT
/* Inside the compact machine the seat limit is its capacity (the API value, 10, is the
 * full machine's), so every seat check of the shared source refuses a seventh seat. */
#undef HE_HAND_MAX_SEATS
#define HE_HAND_MAX_SEATS HE_HAND_COMPACT_SEATS
#define HE_HAND_CHIP int32_t
#else
#define HE_HAND_CHIP int64_t
#endif

#define HE_HAND_SEATS HE_HAND_MAX_SEATS
#define HE_HAND_HOLES (HE_HAND_MAX_SEATS * HE_HAND_MAX_HOLE)

#define HE_HAND_FIELDS(S, A)                                                                 \
    /* the game (he_hand_config), fixed for the hand: amounts */                             \
    S(HE_HAND_CHIP, small_blind) S(HE_HAND_CHIP, big_blind) S(HE_HAND_CHIP, ante)            \
    S(HE_HAND_CHIP, big_blind_ante) S(HE_HAND_CHIP, straddle)                                \
    A(HE_HAND_CHIP, street_sizes, 4) S(HE_HAND_CHIP, max_bets)                               \
    S(int64_t, rate_num) S(int64_t, rate_den) /* the TDA rake fraction (den up to 2**31) */  \
    S(int64_t, rate_bits) /* the PokerKit rake rate: a double's bits */                      \
    S(HE_HAND_CHIP, rake_cap)                                                                \
    /* chips: starting, behind, bet this round, put in before this round, dead part of       \
     * committed; the pot */                                                                 \
    A(HE_HAND_CHIP, starting_stacks, HE_HAND_SEATS) A(HE_HAND_CHIP, stacks, HE_HAND_SEATS)   \
    A(HE_HAND_CHIP, bets, HE_HAND_SEATS) A(HE_HAND_CHIP, committed, HE_HAND_SEATS)           \
    A(HE_HAND_CHIP, dead, HE_HAND_SEATS) S(HE_HAND_CHIP, pot)                                \
    /* per seat: the bet level it last acted at (-1 not yet this round, HE_HAND_DONE         \
     * (compact: HE_HAND_COMPACT_DONE) folded or all-in) */                                  \
    A(HE_HAND_CHIP, acted, HE_HAND_SEATS)                                                    \
    /* the seeded deck */                                                                    \
    S(int64_t, deck_seed) S(int64_t, deck_mask)                                              \
    /* the betting round */                                                                  \
    S(HE_HAND_CHIP, cur_bet) S(HE_HAND_CHIP, raise_size) S(HE_HAND_CHIP, level_count)        \
    /* the result */                                                                         \
    A(HE_HAND_CHIP, payouts, HE_HAND_SEATS) S(HE_HAND_CHIP, rake)                            \
    /* what the last failed call was about (a card id, a seat), for error messages */        \
    S(int64_t, error_card) S(int64_t, error_seat)                                            \
    /* showdown ranks */                                                                     \
    A(int32_t, ranks, HE_HAND_SEATS)                                                         \
    /* the game: small values */                                                             \
    S(int8_t, hole_count) S(int8_t, betting) S(int8_t, blind_counts_toward_cap)              \
    S(int8_t, allow_free_fold) S(int8_t, manual_showdown) S(int8_t, settle_method)           \
    S(int8_t, odd_chips) S(int8_t, no_flop_no_drop)                                          \
    /* the table */                                                                          \
    S(int8_t, n) S(int8_t, button) S(int8_t, small_blind_seat) S(int8_t, big_blind_seat)     \
    /* per seat: folded (0/1); showdown (0 undecided, 1 shown, 2 mucked) */                  \
    A(int8_t, folded, HE_HAND_SEATS) A(int8_t, shown, HE_HAND_SEATS)                         \
    /* cards: hole_count per seat, the board, the known board plan; the seeded deck's        \
     * board cards for the positions the plan lacks (drawn with the hole cards at the        \
     * start, -1 elsewhere) and the deck position the dealing has reached */                 \
    A(int8_t, holes, HE_HAND_HOLES) A(int8_t, board, 5) S(int8_t, board_len)                 \
    A(int8_t, plan, 5) S(int8_t, plan_len) S(int8_t, has_deck) A(int8_t, deck_board, 5)      \
    S(int8_t, deck_pos)                                                                      \
    /* the betting round */                                                                  \
    S(int8_t, street) S(int8_t, actor) S(int8_t, n_live) S(int8_t, n_active)                 \
    S(int8_t, last_aggressor) S(int8_t, river_aggressor) S(int8_t, pending_board)            \
    S(int8_t, betting_done)                                                                  \
    /* the result */                                                                         \
    S(int8_t, over)

#define HE_HAND_SCALAR(type, name) type name;
#define HE_HAND_ARRAY(type, name, len) type name[len];
struct he_hand {
    HE_HAND_FIELDS(HE_HAND_SCALAR, HE_HAND_ARRAY)
};
#undef HE_HAND_SCALAR
#undef HE_HAND_ARRAY

#endif
