/* The hand state (struct he_hand), its fields listed once, in two layouts.
 *
 * HE_HAND_FIELDS(S, A) calls S(type, name) for every scalar field and A(type, name, length)
 * for every array, in order; every type is a signed fixed-width integer, ordered so that
 * neither layout has padding inside (csrc/hand_state.c asserts it). csrc/hand_state.c
 * builds the struct and the field table (he_hand_field_name/offset/length/width) from this
 * list; wrappers, snapshots, pickles and clones read that table, so adding a field here is
 * the only change they need.
 *
 * The full layout (engine.Hand, and HandBatch beyond the compact range): room for
 * HE_HAND_MAX_SEATS seats, chips, chip levels, seeds and masks in int64_t, hand ranks in
 * int32_t, cards (-1..51), seats, counts, streets and 0/1 flags in int8_t.
 *
 * The compact layout (HE_HAND_COMPACT defined before the first include; csrc/hand_compact.c
 * compiles the same machine with it for HandBatch): room for HE_HAND_COMPACT_SEATS seats of
 * HE_HAND_COMPACT_HOLE hole cards and
 * chips stored in int32_t (HE_HAND_CHIP), every amount and the stacks' sum at most
 * HE_HAND_COMPACT_MAX_CHIPS; the code computes in int64_t locals in both layouts, only the
 * storage is narrower. Its functions and types carry the he_hand_compact_ / he_hi_compact_
 * prefixes (the renames below), so both layouts link into one module. */
#ifndef HE_HAND_STATE_H
#define HE_HAND_STATE_H

#ifdef HE_HAND_COMPACT
/* the compact machine's names: every external symbol of the hand machine's files
 * (csrc/hand*.c compiled by csrc/hand_compact.c), renamed; its batch kernels are static,
 * reached through he_batch_compact_layout (csrc/hand_batch_internal.h). The event log
 * (csrc/hand_log.c, he_hi_record) does not depend on the layout: one copy serves both. */
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
#define he_hi_table_hands he_hi_compact_table_hands
#define he_hi_draw he_hi_compact_draw
#define he_hi_deal_fresh he_hi_compact_deal_fresh
#define he_hi_start_round he_hi_compact_start_round
#define he_hi_begin_street he_hi_compact_begin_street
#define he_hi_next_street he_hi_compact_next_street
#define he_hi_showdown he_hi_compact_showdown
#define he_hi_settle he_hi_compact_settle
#define he_hi_cards_in_play he_hi_compact_cards_in_play
#define he_hi_runs_fit he_hi_compact_runs_fit
#define he_hi_place_run he_hi_compact_place_run
#define he_hi_take_cards he_hi_compact_take_cards
#define he_hi_take_held he_hi_compact_take_held
#define he_hi_act he_hi_compact_act
#define he_hi_legal_range he_hi_compact_legal_range
#define he_hi_config_ok he_hi_compact_config_ok
#define he_hand_choose_runs he_hand_compact_choose_runs
#define he_hand_runs_most he_hand_compact_runs_most
#define he_hi_runs_open he_hi_compact_runs_open
#define he_hi_next_run he_hi_compact_next_run
#endif

#include "holdem_eval.h"

#ifdef HE_HAND_COMPACT
/* Inside the compact machine the seat limit is its capacity (the API value, 10, is the
 * full machine's), so every seat check of the shared source refuses a seventh seat. */
#undef HE_HAND_MAX_SEATS
#define HE_HAND_MAX_SEATS HE_HAND_COMPACT_SEATS
/* likewise its hole cards: a game dealing more (5- and 6-card Omaha) is HE_E_HAND_CONFIG */
#undef HE_HAND_MAX_HOLE
#define HE_HAND_MAX_HOLE HE_HAND_COMPACT_HOLE
#define HE_HAND_CHIP int32_t
#else
#define HE_HAND_CHIP int64_t
#endif

#define HE_HAND_SEATS HE_HAND_MAX_SEATS
/* the boards of runs 2..HE_HAND_MAX_RUNS (run 1 is `board`), 5 cards each */
#define HE_HAND_RUN_CARDS ((HE_HAND_MAX_RUNS - 1) * 5)
#define HE_HAND_HOLES (HE_HAND_MAX_SEATS * HE_HAND_MAX_HOLE)

/* The game's settings (he_hand_config: GameConfig and Rules as numbers), listed once.
 * X(S, A, type, name, length, lo, hi) for each: the type the state stores it in, its name
 * (the same in he_hand_config, in the state and in engine/hand/inputs.py's mapping from
 * GameConfig and Rules), its count of values (1 or 4) and the range he_hand_start accepts
 * (a chip amount above LIMIT is HE_E_HAND_AMOUNT, any other value out of range
 * HE_E_HAND_CONFIG; csrc/hand_start.c checks the rest: hole counts, the rate fraction).
 * he_hand_config holds every value as an int64_t in this order, and he_hand_setting_*
 * (csrc/hand_settings.c) gives Python the names, so a new setting is a line here, a line
 * in that mapping and its rule. Two lists, so that the state has no padding: the amounts
 * (chips and int64_t), then the small values (int8_t). S and A pass through to the
 * callbacks (HE_HAND_FIELDS lays the settings out as state fields with them). */
#define HE_HAND_SETTINGS_WIDE(X, S, A)                                                       \
    X(S, A, HE_HAND_CHIP, small_blind, 1, 0, LIMIT)                                          \
    X(S, A, HE_HAND_CHIP, big_blind, 1, 1, LIMIT)                                            \
    X(S, A, HE_HAND_CHIP, ante, 1, 0, LIMIT)                                                 \
    X(S, A, HE_HAND_CHIP, big_blind_ante, 1, 0, LIMIT)                                       \
    X(S, A, HE_HAND_CHIP, straddle, 1, 0, LIMIT)                                             \
    /* the raise size each betting round starts with */                                      \
    X(S, A, HE_HAND_CHIP, street_sizes, 4, 1, LIMIT)                                         \
    /* fixed-limit cap on bets per round; -1: none */                                        \
    X(S, A, HE_HAND_CHIP, max_bets, 1, -1, LIMIT)                                            \
    /* the TDA rake fraction (denominator up to 2**31) */                                    \
    X(S, A, int64_t, rate_num, 1, 0, HE_HAND_RATE_DEN_MAX)                                   \
    X(S, A, int64_t, rate_den, 1, 1, HE_HAND_RATE_DEN_MAX)                                   \
    /* the PokerKit rake rate: a double's bits (0.0 .. 1.0) */                               \
    X(S, A, int64_t, rate_bits, 1, INT64_MIN, INT64_MAX)                                     \
    /* the rake cap; -1: none */                                                             \
    X(S, A, HE_HAND_CHIP, rake_cap, 1, -1, LIMIT)
#define HE_HAND_SETTINGS_SMALL(X, S, A)                                                      \
    /* the game (csrc/api/variant.h) and the hole cards each seat is dealt (within the      \
     * variant's range: 2 Hold'em, 4 Omaha, 5 and 6 its 5- and 6-card rows) */               \
    X(S, A, int8_t, variant, 1, 0, (int64_t)he_variant_count() - 1)                          \
    X(S, A, int8_t, hole_count, 1, 2, HE_HAND_MAX_HOLE)                                      \
    X(S, A, int8_t, betting, 1, HE_NO_LIMIT, HE_FIXED_LIMIT)                                 \
    /* cash game or tournament (the heads-up fixed-limit cap) */                             \
    X(S, A, int8_t, mode, 1, HE_MODE_CASH, HE_MODE_TOURNAMENT)                               \
    X(S, A, int8_t, blind_counts_toward_cap, 1, 0, 1)                                        \
    X(S, A, int8_t, allow_free_fold, 1, 0, 1)                                                \
    X(S, A, int8_t, manual_showdown, 1, 0, 1)                                                \
    /* settlement (he_settle_rules) */                                                       \
    X(S, A, int8_t, settle_method, 1, HE_SETTLE_TDA, HE_SETTLE_POKERKIT)                     \
    X(S, A, int8_t, odd_chips, 1, HE_ODD_CLOCKWISE, HE_ODD_FIRST_WINNER)                     \
    X(S, A, int8_t, no_flop_no_drop, 1, 0, 1)                                                \
    /* the big blind is the button's (short deck's button blind, posted with antes): no     \
     * small blind or straddle, the seat left of the button acts first */                    \
    X(S, A, int8_t, button_blind, 1, 0, 1)                                                   \
    /* the dead-button rule's hand without a small blind (engine/table/blinds.py): nobody    \
     * posts it, the seat after the button posts the big blind (heads-up too) */             \
    X(S, A, int8_t, no_small_blind, 1, 0, 1)                                                 \
    /* run it twice / N times: the most runs of the board the players may agree on once the \
     * betting is over with everyone all-in but one (1: no choice, the board runs once) */   \
    X(S, A, int8_t, max_runs, 1, 1, HE_HAND_MAX_RUNS)
#define HE_HAND_SETTINGS(X, S, A) HE_HAND_SETTINGS_WIDE(X, S, A) HE_HAND_SETTINGS_SMALL(X, S, A)
#define HE_HAND_RATE_DEN_MAX ((int64_t)1 << 31)

/* A setting as a state field: S(type, name) for one value, A(type, name, 4) for four. */
#define HE_HAND_SETTING_FIELD(S, A, type, name, length, lo, hi) HE_HAND_SHAPE_##length(S, A, type, name)
#define HE_HAND_SHAPE_1(S, A, type, name) S(type, name)
#define HE_HAND_SHAPE_4(S, A, type, name) A(type, name, 4)

/* he_hand_config: every setting as int64_t values, in the order above, without padding */
#define HE_HAND_CONFIG_S(type, name) int64_t name;
#define HE_HAND_CONFIG_A(type, name, len) int64_t name[len];
struct he_hand_config {
    HE_HAND_SETTINGS(HE_HAND_SETTING_FIELD, HE_HAND_CONFIG_S, HE_HAND_CONFIG_A)
};

#define HE_HAND_FIELDS(S, A)                                                                 \
    /* the game (he_hand_config), fixed for the hand: amounts */                             \
    HE_HAND_SETTINGS_WIDE(HE_HAND_SETTING_FIELD, S, A)                                       \
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
    HE_HAND_SETTINGS_SMALL(HE_HAND_SETTING_FIELD, S, A)                                      \
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
    /* fixed limit: the round's cap was reached with more than two seats able to bet (0/1;   \
     * it then holds heads-up too, even in a cash game) */                                   \
    S(int8_t, capped)                                                                        \
    /* run it twice / N times (csrc/hand_deck.c): the runs agreed (1 until then), 1 while    \
     * the live seats choose, the board cards all runs share, the runs whose boards are      \
     * complete beyond the first; per seat its choice (0 none yet, -1 no preference, 1..);   \
     * the boards of runs 2.. (the shared cards, then the run's own; -1 not dealt) */        \
    S(int8_t, runs) S(int8_t, run_choosing) S(int8_t, run_from) S(int8_t, runs_dealt)        \
    A(int8_t, run_choice, HE_HAND_SEATS) A(int8_t, run_boards, HE_HAND_RUN_CARDS)            \
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
