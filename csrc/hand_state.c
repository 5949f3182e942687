/* The hand state seen from outside (api/hand.h): the field table built from the field list
 * (HE_HAND_FIELDS, csrc/hand_state.h) that wrappers, snapshots, pickles and clones read, and
 * he_hand_check / he_hand_fault, the invariants a state written from outside must hold
 * before the machine takes another step. */
#include <stddef.h>

#include "hand_internal.h"

/* ---- the field table ------------------------------------------------------------------ */

#define NAME_S(type, name) #name,
#define NAME_A(type, name, len) #name,
static const char *const field_names[] = {HE_HAND_FIELDS(NAME_S, NAME_A)};
#define OFF_S(type, name) offsetof(struct he_hand, name),
#define OFF_A(type, name, len) offsetof(struct he_hand, name),
static const size_t field_offsets[] = {HE_HAND_FIELDS(OFF_S, OFF_A)};
#define LEN_S(type, name) 1,
#define LEN_A(type, name, len) len,
static const size_t field_lengths[] = {HE_HAND_FIELDS(LEN_S, LEN_A)};
#define WIDTH_S(type, name) sizeof(type),
#define WIDTH_A(type, name, len) sizeof(type),
static const size_t field_widths[] = {HE_HAND_FIELDS(WIDTH_S, WIDTH_A)};
#define N_FIELDS (sizeof field_names / sizeof field_names[0])

/* Neither layout has padding between fields (csrc/hand_state.h orders them for it): the
 * last field, `over`, ends where the fields' sizes add up to. */
#define SIZE_S(type, name) +sizeof(type)
#define SIZE_A(type, name, len) +sizeof(type) * (len)
typedef char he_hand_no_padding[offsetof(struct he_hand, over) + 1 == 0 HE_HAND_FIELDS(SIZE_S, SIZE_A)
                                    ? 1
                                    : -1];

size_t he_hand_size(void) { return sizeof(struct he_hand); }
size_t he_hand_field_count(void) { return N_FIELDS; }
const char *he_hand_field_name(size_t f) { return f < N_FIELDS ? field_names[f] : NULL; }
size_t he_hand_field_offset(size_t f) { return f < N_FIELDS ? field_offsets[f] : 0; }
size_t he_hand_field_length(size_t f) { return f < N_FIELDS ? field_lengths[f] : 0; }
size_t he_hand_field_width(size_t f) { return f < N_FIELDS ? field_widths[f] : 0; }

/* ---- a state from outside ---------------------------------------------------------------- */

/* the state's settings back as a he_hand_config (for the state check) */
static void store_config(const he_hand *h, he_hand_config *c)
{
#define STORE(S, A, type, name, length, lo, hi)                  \
    for (size_t k = 0; k < (length); k++) {                      \
        ((int64_t *)&c->name)[k] = ((const type *)&h->name)[k]; \
    }
    HE_HAND_SETTINGS(STORE, _, _)
#undef STORE
}

static int in(int64_t v, int64_t lo, int64_t hi) { return v >= lo && v <= hi; }

/* Adds v (0..LIMIT) to *total; 0 when v is out of range or the total passes LIMIT. */
static int add_chips(int64_t *total, int64_t v)
{
    if (!in(v, 0, LIMIT) || v > LIMIT - *total) {
        return 0;
    }
    *total += v;
    return 1;
}

/* The burns and cards the streets after the board so far take from the seeded deck:
 * each street that the plan does not give whole burns one, then deals the rest. */
static int64_t deck_cards_to_come(const he_hand *h)
{
    int64_t count = 0;
    for (int64_t street = HE_FLOP; street <= HE_RIVER; street++) {
        int64_t before = board_after[street - 1], need = board_after[street] - before;
        int64_t part = he_hi_plan_part(h, before, need);
        if (board_after[street] > h->board_len && part < need) {
            count += need - part + 1;
        }
    }
    return count;
}

/* 0, or the first group of invariants (HE_HAND_FAULT_*) that the state breaks */
static int state_fault(const he_hand *h)
{
    he_hand_config c;
    store_config(h, &c);
    if (he_hi_config_ok(&c) != HE_OK || !in(h->n, 2, HE_HAND_MAX_SEATS) || !in(h->button, 0, h->n - 1)
        || !in(h->street, HE_PREFLOP, HE_SHOWDOWN) || !in(h->actor, -1, h->n - 1)
        || !in(h->max_bets, -1, LIMIT) || !in(h->level_count, 0, LIMIT)
        || !in(h->raise_size, 1, LIMIT) || !in(h->cur_bet, 0, LIMIT)
        || !in(h->plan_len, 0, 5)
        || !in(h->over, 0, 1) || !in(h->betting_done, 0, 1)
        || !in(h->has_deck, 0, 1) || !in(h->deck_pos, 0, he_hi_deck_size(h))
        || !in(h->last_aggressor, -1, h->n - 1) || !in(h->river_aggressor, -1, h->n - 1)
        || !in(h->small_blind_seat, h->no_small_blind ? -1 : 0, h->no_small_blind ? -1 : h->n - 1)
        || !in(h->big_blind_seat, 0, h->n - 1)
        || !in(h->blind_counts_toward_cap, 0, 1) || !in(h->allow_free_fold, 0, 1)
        || !in(h->manual_showdown, 0, 1) || !in(h->no_flop_no_drop, 0, 1) || !in(h->capped, 0, 1)
        || !in(h->runs, 1, h->max_runs) || !in(h->runs_dealt, 0, h->runs - 1)
        || !in(h->run_choosing, 0, h->runs == 1 && h->betting_done && !h->over)
        || !in(h->run_from, 0, h->board_len < 4 ? h->board_len : 4)
        || h->n * h->hole_count + 8 > he_hi_deck_size(h)) {
        return HE_HAND_FAULT_RANGE;
    }
    /* the board has exactly the street's cards; only a pending street (flop, turn or river)
     * is missing, and the hand waits for those of its cards the plan does not give */
    int64_t street_board = h->street == HE_SHOWDOWN ? 5 : board_after[h->street];
    int64_t next = h->street < HE_RIVER ? board_after[h->street + 1] - h->board_len : 0;
    /* (a later run's cards are waited for on the river, all at once) */
    int run_wait = h->street == HE_RIVER && h->betting_done && h->runs_dealt + 1 < h->runs
                   && h->pending_board == 5 - h->run_from;
    if (h->board_len != street_board
        || (h->pending_board && !run_wait
            && (h->over || h->street >= HE_RIVER
                || h->pending_board != next - he_hi_plan_part(h, h->board_len, next)))
        || !in(h->pending_board, 0, run_wait ? 5 : 3)) {
        return HE_HAND_FAULT_BOARD;
    }
    /* the runs agreed are dealt on the river (the choice made before the rest of the board) */
    if ((h->runs > 1 && h->street < HE_RIVER && h->run_from > h->board_len)
        || (h->runs_dealt && h->street < HE_RIVER)) {
        return HE_HAND_FAULT_BOARD;
    }
    /* the deck position leaves room for what the streets to come take */
    if (h->has_deck && h->deck_pos + deck_cards_to_come(h) > he_hi_deck_size(h)) {
        return HE_HAND_FAULT_RANGE;
    }
    /* a board is waited for only when neither the plan nor a deck has it, after the round's
     * bets went in, with the betting marked done if fewer than two seats may bet; the
     * betting is done only with fewer than two seats that may bet (or at a manual
     * showdown); a hand under way waits for a seat to act, a board or the showdown */
    if ((h->pending_board
         && (h->has_deck || h->cur_bet || (!h->betting_done && h->n_active < 2)))
        || (h->betting_done && !h->over && h->street != HE_SHOWDOWN && h->n_active >= 2)
        || (h->actor < 0 && !h->over && !h->pending_board && h->street != HE_SHOWDOWN
            && !h->run_choosing)
        || (h->run_choosing && (h->pending_board || h->actor >= 0 || h->n_active >= 2
                                || h->run_from != h->board_len))
        /* runs are agreed only once nobody can bet any more, which stays so */
        || (h->runs > 1 && h->n_active >= 2)) {
        return HE_HAND_FAULT_WAIT;
    }
    /* the seat to act has a bet to answer (acted below it: not folded or all-in, DONE) */
    if (h->actor >= 0 && (h->over || h->betting_done || h->pending_board
                          || h->street == HE_SHOWDOWN || h->folded[h->actor]
                          || h->acted[h->actor] >= h->cur_bet)) {
        return HE_HAND_FAULT_ACTOR;
    }
    uint64_t used = 0;
    for (int64_t k = 0; k < h->n * h->hole_count + h->board_len + h->plan_len; k++) {
        int64_t hc = h->n * h->hole_count, card;
        if (k < hc) {
            card = h->holes[k];
        } else if (k < hc + h->board_len) {
            card = h->board[k - hc];
        } else { /* the plan: the board's cards so far, then cards not in play */
            int64_t p = k - hc - h->board_len;
            card = h->plan[p];
            if (p < h->board_len) {
                if (card != h->board[p]) {
                    return HE_HAND_FAULT_CARDS;
                }
                continue;
            }
        }
        if (!in(card, k < hc ? -1 : 0, 51) || he_hi_off_deck(h, card)) {
            return HE_HAND_FAULT_CARDS;
        }
        if (card >= 0) {
            if (used >> card & 1u) {
                return HE_HAND_FAULT_CARDS;
            }
            used |= (uint64_t)1 << card;
        }
    }
    /* the later runs' boards: the shared cards, then cards not in play, once each; a
     * choice per live seat within range */
    for (int64_t r = 0; r < HE_HAND_MAX_RUNS - 1; r++) {
        for (int64_t p = 0; p < 5; p++) {
            int64_t card = h->run_boards[r * 5 + p];
            if (r >= h->runs_dealt || (p < h->run_from && card != h->board[p])) {
                if (r >= h->runs_dealt && card != -1) {
                    return HE_HAND_FAULT_CARDS;
                }
                if (r < h->runs_dealt) {
                    return HE_HAND_FAULT_CARDS;
                }
                continue;
            }
            if (p >= h->run_from) {
                if (!in(card, 0, 51) || used >> card & 1u) {
                    return HE_HAND_FAULT_CARDS;
                }
                used |= (uint64_t)1 << card;
            }
        }
    }
    int64_t choosers = 0;
    for (int64_t k = 0; k < h->n; k++) {
        if (!in(h->run_choice[k], -1, h->max_runs)) {
            return HE_HAND_FAULT_SEAT;
        }
        choosers += !h->folded[k] && !h->run_choice[k];
    }
    if (h->run_choosing && !choosers) { /* a choice open waits for a live seat */
        return HE_HAND_FAULT_WAIT;
    }
    /* the deck's board cards still to come: cards not in play, once each */
    for (int64_t p = 0; p < 5; p++) {
        int64_t card = h->deck_board[p];
        if (!in(card, -1, 51) || he_hi_off_deck(h, card)) {
            return HE_HAND_FAULT_CARDS;
        }
        if (h->has_deck && p >= h->board_len && p >= h->plan_len) {
            if (card < 0 || used >> card & 1u) {
                return HE_HAND_FAULT_CARDS;
            }
            used |= (uint64_t)1 << card;
        }
    }
    /* a shown hand is known; a showdown under way waits for a live seat: (manual) one
     * that has not shown or mucked, (automatic) one whose cards are unknown */
    int64_t waiting = 0, claims = 0;
    for (int64_t k = 0; k < h->n; k++) {
        int unknown = 0;
        for (int64_t c = 0; c < h->hole_count; c++) {
            unknown |= h->holes[k * h->hole_count + c] < 0;
        }
        if (h->shown[k] == 1 && unknown) {
            return HE_HAND_FAULT_SEAT;
        }
        claims += !h->folded[k] && h->shown[k] != 2;
        waiting += !h->folded[k] && !h->shown[k] && (h->manual_showdown || unknown);
    }
    if (h->street == HE_SHOWDOWN && !h->over && (claims < 2 || !waiting)) {
        return HE_HAND_FAULT_WAIT;
    }
    int64_t start_total = 0, total = 0, in_pot = 0, live = 0, active = 0, top = 0, paid = 0;
    for (int64_t k = 0; k < h->n; k++) {
        if (!add_chips(&start_total, h->starting_stacks[k]) || !add_chips(&total, h->stacks[k])
            || !add_chips(&in_pot, h->bets[k]) || !add_chips(&in_pot, h->committed[k])
            || !in(h->dead[k], 0, h->committed[k]) || !in(h->folded[k], 0, 1)
            || !in(h->shown[k], 0, 2) || !in(h->payouts[k], 0, LIMIT) || h->bets[k] > h->cur_bet
            || !(in(h->acted[k], -1, LIMIT) || h->acted[k] == DONE)
            || (!h->over && (h->folded[k] || h->stacks[k] == 0) && h->acted[k] != DONE)) {
            return HE_HAND_FAULT_SEAT; /* (a folded or all-in seat has acted for the hand) */
        }
        live += !h->folded[k];
        active += !h->folded[k] && h->stacks[k] > 0;
        top = h->bets[k] > top ? h->bets[k] : top;
        paid |= h->payouts[k];
    }
    /* the counts the machine keeps of seats in the hand and of those with chips behind, and
     * the bet to call (until the hand is over: a settled hand's stacks hold its payouts) */
    /* (preflop the bet to call may be the whole big blind above a short blind's post) */
    int entry = h->street == HE_PREFLOP && top < h->big_blind && h->cur_bet == h->big_blind;
    if (!live || h->n_live != live
        || (!h->over && (h->n_active != active || (h->cur_bet != top && !entry)))) {
        return HE_HAND_FAULT_COUNTS;
    }
    /* no decision where there is none: a lone seat with chips acts facing a higher bet */
    if (h->actor >= 0 && active < 2 && h->bets[h->actor] >= top) {
        return HE_HAND_FAULT_ACTOR;
    }
    /* the pot holds what was put in, no result before the end, and no chip made or lost */
    if ((!h->over && (h->rake || paid)) || h->pot != (h->over ? 0 : in_pot)
        || !add_chips(&total, h->pot) || !add_chips(&total, h->rake) || total != start_total) {
        return HE_HAND_FAULT_CHIPS;
    }
    return 0;
}

int he_hand_check(const he_hand *h)
{
    if (h == NULL) {
        return HE_E_ARGUMENT;
    }
    return state_fault(h) ? HE_E_HAND_STATE : HE_OK;
}

int he_hand_fault(const he_hand *h)
{
    return h == NULL ? HE_E_ARGUMENT : state_fault(h);
}

