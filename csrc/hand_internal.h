/* Internals shared by the hand state machine's files, listed so that each calls only those
 * after it: csrc/hand_start.c (the start of a hand), csrc/hand_cards.c (the runs chosen, a
 * board dealt by the caller, show and muck), csrc/hand.c (legal actions, actions, rounds
 * and streets), csrc/hand_showdown.c (settlement and the showdown), csrc/hand_deck.c (the
 * seeded deck, the cards in play, run it twice, all-in hands tabled), csrc/hand_log.c (the
 * event log, which the inline code below calls); csrc/hand_state.c (the field table, the
 * state check) calls hand_start.c's he_hi_config_ok. Not part of the API: hidden by
 * -fvisibility=hidden. */
#ifndef HE_HAND_INTERNAL_H
#define HE_HAND_INTERNAL_H

#include <string.h>

#include "hand_state.h"

/* The acted level of a folded/all-in seat and the amount limit of the layout; CHIP(v)
 * stores an int64_t amount (within LIMIT, or DONE) in a chip field. */
#ifdef HE_HAND_COMPACT
#define DONE ((int64_t)HE_HAND_COMPACT_DONE)
#define LIMIT ((int64_t)HE_HAND_COMPACT_MAX_CHIPS)
#else
#define DONE ((int64_t)HE_HAND_DONE)
#define LIMIT ((int64_t)HE_HAND_MAX_CHIPS)
#endif
#define CHIP(v) ((HE_HAND_CHIP)(v))

static const int64_t board_after[4] = {0, 3, 4, 5}; /* board size once a street is dealt */

/* The game's deck (its variant's row, api/variant.h): card ids lowest_card..51, deck_size
 * of them. The variant is in range (he_hi_config_ok, or he_hand_check's first test). */
static inline int64_t he_hi_lowest_card(const he_hand *h)
{
    return he_variant_info((size_t)h->variant)->lowest_card;
}
static inline int64_t he_hi_deck_size(const he_hand *h)
{
    return he_variant_info((size_t)h->variant)->deck_size;
}
/* Whether a known card (0..51) is outside the game's deck. */
static inline int he_hi_off_deck(const he_hand *h, int64_t card)
{
    return card >= 0 && card < he_hi_lowest_card(h);
}

/* The events a call logs; NULL ev: counted, not written. */
typedef struct {
    he_hand_event *ev; /* NULL: events are counted, not written */
    size_t n;
} he_hi_log;

/* Writes one event into log->ev (not NULL) when it has room (cards: n_cards ids, or NULL;
 * csrc/hand_log.c, compiled once: the same function for both layouts). */
void he_hi_record(he_hi_log *log, int kind, int64_t seat, int64_t amount, const int8_t *cards,
                  int64_t n_cards);
/* Appends one event: written by he_hi_record when there is an event array, counted always
 * (inline: without an array, as in HandBatch, it is one increment). */
static inline void he_hi_emit(he_hi_log *log, int kind, int64_t seat, int64_t amount,
                              const int8_t *cards, int64_t n_cards)
{
    if (log->ev != NULL) {
        he_hi_record(log, kind, seat, amount, cards, n_cards);
    }
    log->n++;
}
/* The seat d places clockwise from `seat` (0 <= seat < n, 0 <= d <= n: one subtraction,
 * no division; it runs in every turn's search for the next seat). */
static inline int64_t he_hi_seat_after(const he_hand *h, int64_t seat, int64_t d)
{
    int64_t s = seat + d;
    return s >= h->n ? s - h->n : s;
}
/* How many of the `need` board cards a street deals after the first `have` the known
 * board plan gives (the plan is the board's first plan_len cards): 0..need. The rest come
 * from the seeded deck, or, without one, the hand waits for them (he_hand_deal). */
static inline int64_t he_hi_plan_part(const he_hand *h, int64_t have, int64_t need)
{
    int64_t part = h->plan_len - have;
    return part < 0 ? 0 : part < need ? part : need;
}
/* All-in hands are tabled: once the betting is over with a player all-in, every live
 * seat whose cards are known shows them (clockwise from the left of the button), before
 * the rest of the board; the showdown then shows or mucks only the others. */
void he_hi_table_hands(he_hand *h, he_hi_log *log);
/* The next `count` cards of the hand's seeded deck. */
int he_hi_draw(he_hand *h, int64_t count, int8_t *out);
/* The cards of a hand dealt from `seed` with nothing given, as engine/dealing.py deals
 * them: hole cards one at a time clockwise from the seat left of the button, then burn,
 * flop, burn, turn, burn, river as the board plan. Reads n, hole_count and button; leaves
 * no deck behind (deck_seed, deck_mask and deck_pos 0). */
int he_hi_deal_fresh(he_hand *h, uint64_t seed);
/* The first seat `from`, d0.. places clockwise, that must act gets the turn, else the
 * round ends (d0: 0 at the start of a round, 1 after seat `from` acted). */
int he_hi_start_round(he_hand *h, int64_t from, int64_t d0, he_hi_log *log);
/* Whether raising the bet by `inc` is a full bet or raise (it re-opens the betting and
 * counts toward the fixed-limit cap): at least the raise size, and in fixed limit at
 * least half of it (the half-bet rule: an all-in of half a bet or more is a full bet). */
static inline int he_hi_full_raise(const he_hand *h, int64_t inc)
{
    return h->betting == HE_FIXED_LIMIT ? 2 * inc >= h->raise_size : inc >= h->raise_size;
}
/* Whether the fixed-limit cap is reached with more than two seats able to bet (then it
 * holds heads-up too, even in a cash game: the state's `capped`). */
static inline int he_hi_capped_multiway(const he_hand *h)
{
    return h->max_bets >= 0 && h->level_count >= h->max_bets && h->n_active > 2;
}
/* The next betting round, after its board cards. */
int he_hi_begin_street(he_hand *h, he_hi_log *log);
/* Deal the next street (or wait for its cards), or run out to the showdown. */
int he_hi_next_street(he_hand *h, he_hi_log *log);
/* Settle at the showdown, or wait for shows and mucks. */
int he_hi_showdown(he_hand *h, he_hi_log *log);
/* Pays the pot (he_settle_known; runs and hi-lo halves by he_settle_split) and ends the
 * hand: out_of_pot[seat] marks the folded and mucked seats; show_order: the showdown order's
 * shows and mucks are logged (counted when there is no event array). */
int he_hi_settle(he_hand *h, const uint8_t *out_of_pot, he_hi_log *log, int show_order);
/* Adds known cards to `used`; HE_E_HAND_TWICE (error_card) on a repeat. */
int he_hi_take_cards(he_hand *h, const int64_t *cards, int64_t count, uint64_t *used);
/* The same for cards held in the state. */
int he_hi_take_held(he_hand *h, const int8_t *cards, int64_t count, uint64_t *used);
/* Applies an action that he_hand_act's checks (or HandBatch's legality mask) accepted for
 * the seat to act, with no undo copy: nothing in it refuses. */
int he_hi_act(he_hand *h, int kind, int64_t amount, he_hi_log *log);
/* What a batch's mask row needs of he_hand_legal, without building its list: 1 when the
 * seat to act (h->actor >= 0) may fold, and its bet/raise "to" range in lo, hi (both -1
 * when it may not bet or raise). */
int he_hi_legal_range(const he_hand *h, int64_t *lo, int64_t *hi);
/* The cards in play: every known hole card, the board and the later runs' boards. */
uint64_t he_hi_cards_in_play(const he_hand *h);
/* Run it twice / N times (csrc/hand_deck.c): he_hi_runs_open opens the players' choice
 * when the betting just ended with at most one seat able to bet, board cards to come and
 * max_runs > 1 (1: the hand waits for it; 0: no choice, it runs on); he_hi_next_run deals
 * the next run's own cards once the river is out (from the seeded deck, else it waits for
 * them: pending_board, *waiting 1), returning 1 while runs remained to deal, else 0. */
int he_hi_runs_open(he_hand *h);
int he_hi_next_run(he_hand *h, he_hi_log *log, int *waiting);
/* The most runs the deck has cards for (at most max_runs), and run r's (2..) board placed:
 * the shared cards, then `count` new ones, logged. */
int64_t he_hi_runs_fit(const he_hand *h);
void he_hi_place_run(he_hand *h, const int8_t *cards, int64_t count, he_hi_log *log);
/* HE_OK when a configuration is within the kernel's ranges. */
int he_hi_config_ok(const he_hand_config *c);
/* Runs `step` on a copy, so that a rejected call leaves the hand exactly as it was. */
#define TRANSACT(h, log, events, n_events, call_expr)            \
    do {                                                         \
        struct he_hand saved_;                                   \
        memcpy(&saved_, (h), sizeof saved_);                     \
        int st_ = (call_expr);                                   \
        if (st_ != HE_OK) {                                      \
            saved_.error_card = (h)->error_card;                 \
            saved_.error_seat = (h)->error_seat;                 \
            memcpy((h), &saved_, sizeof saved_);                 \
            (log).n = 0;                                         \
        }                                                        \
        if ((n_events) != NULL) {                                \
            *(n_events) = (log).n;                               \
        }                                                        \
        return st_;                                              \
    } while (0)

#endif
