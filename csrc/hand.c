/* The hand state machine (api/hand.h), the betting game: legal actions, the actions, and
 * the rounds and streets they drive (a round's end deals the next street or ends the
 * hand); every rule of the betting game, one function each. The rest of the machine, each
 * file calling only the ones listed after it (csrc/hand_internal.h holds what they share):
 * csrc/hand_start.c (the start of a hand) and csrc/hand_cards.c (the runs chosen, a board
 * dealt by the caller, show and muck) take the caller's calls and drive this file;
 * csrc/hand_showdown.c settles the hand by csrc/settle.c; csrc/hand_deck.c holds the cards
 * (the seeded deck, run it twice, all-in hands tabled); csrc/hand_log.c the event log.
 * csrc/hand_state.c is the state seen from outside (the field table, he_hand_check).
 *
 * Rules that are choices, stated once (engine/hand/hand.py documents them for users):
 * - Re-opening: a seat that already acted this round may raise again only when facing at
 *   least a full raise since its last action (current bet - level it acted at >= raise
 *   size; fixed limit: half of it, he_hi_full_raise), so an all-in for less does not.
 * - A bet or raise needs an opponent who can still put in more chips, and a seat whose
 *   stack does not exceed the amount to call may only call.
 * - Fixed limit: a bet or raise is exactly one unit (street_sizes) or all-in for less; only
 *   full bets and raises (an all-in of half a unit or more is one) count towards max_bets;
 *   heads-up in a cash game there is no cap.
 * - The uncalled part of the largest bet goes back to its owner at the end of each round.
 * - Pots, showdown winners, odd chips and rake: he_settle_known (csrc/settle.c), the
 *   kernel of he_settle_hand_dead without its checks of input. */
#include <stddef.h>

#include "hand_internal.h"

/* ---- legal actions ---------------------------------------------------------------------- */

/* Whether no opponent of seat i could put in more chips: with no bet, fewer than two seats
 * have chips behind; facing a bet, every other live seat is all-in for no more than it. */
static int no_opponent(const he_hand *h, int64_t i)
{
    if (h->cur_bet == 0) {
        return h->n_active < 2;
    }
    for (int64_t j = 0; j < h->n; j++) {
        if (j != i && !h->folded[j] && h->stacks[j] + h->bets[j] > h->cur_bet) {
            return 0;
        }
    }
    return 1;
}

/* Why seat i may not bet or raise now (0: it may), and the "to" bounds when it may. */
static int wager_bounds(const he_hand *h, int64_t i, int64_t *lo, int64_t *hi)
{
    int64_t stack = h->stacks[i], bet = h->bets[i], cur = h->cur_bet;
    int64_t acted = h->acted[i];
    if (stack <= cur - bet) {
        return HE_E_HAND_COVERS_CALL;
    }
    if (acted >= 0 && !he_hi_full_raise(h, cur - acted)) {
        return HE_E_HAND_NOT_REOPENED;
    }
    if (h->betting == HE_FIXED_LIMIT && h->max_bets >= 0 && h->level_count >= h->max_bets
        && (h->mode == HE_MODE_TOURNAMENT || h->n_active > 2 || h->capped)) {
        return HE_E_HAND_CAPPED; /* heads-up in a cash game: uncapped, unless capped before */
    }
    if (no_opponent(h, i)) {
        return HE_E_HAND_NO_OPPONENT;
    }
    int64_t allin = stack + bet, min_to = cur + h->raise_size, max_to = allin;
    if (h->betting == HE_FIXED_LIMIT) {
        max_to = min_to;
    } else if (h->betting == HE_POT_LIMIT) {
        max_to = 2 * cur - bet + h->pot; /* call, then raise by the pot after the call */
        max_to = max_to < min_to ? min_to : max_to;
    }
    *lo = min_to < allin ? min_to : allin;
    *hi = max_to < allin ? max_to : allin;
    return 0;
}

/* Whether seat i, to act, may fold: facing a bet, or where the game allows a free fold. */
static int may_fold(const he_hand *h, int64_t i)
{
    return h->cur_bet - h->bets[i] > 0 || h->allow_free_fold;
}

int he_hi_legal_range(const he_hand *h, int64_t *lo, int64_t *hi)
{
    if (wager_bounds(h, h->actor, lo, hi) != 0) {
        *lo = *hi = -1;
    }
    return may_fold(h, h->actor);
}

int he_hand_legal(const he_hand *h, he_hand_legal_actions *out)
{
    if (h == NULL || out == NULL) {
        return HE_E_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    int64_t i = h->actor;
    if (i < 0) {
        return HE_OK;
    }
    int64_t to_call = h->cur_bet - h->bets[i], lo = 0, hi = 0;
    out->no_wager = wager_bounds(h, i, &lo, &hi);
    int32_t c = 0;
    if (may_fold(h, i)) {
        out->kinds[c++] = HE_ACT_FOLD;
    }
    if (to_call > 0) {
        int64_t amt = h->stacks[i] < to_call ? h->stacks[i] : to_call;
        out->kinds[c] = HE_ACT_CALL;
        out->min[c] = out->max[c] = amt;
        c++;
    } else {
        out->kinds[c++] = HE_ACT_CHECK;
    }
    if (!out->no_wager) {
        out->kinds[c] = h->cur_bet ? HE_ACT_RAISE : HE_ACT_BET;
        out->min[c] = lo;
        out->max[c] = hi;
        c++;
    }
    out->count = c;
    return HE_OK;
}

/* ---- rounds and streets ------------------------------------------------------------------ */

static int end_round(he_hand *h, he_hi_log *log);

/* The largest bet (cur_bet, except preflop below a short big blind's price of entry). */
static int64_t top_bet(const he_hand *h)
{
    int64_t top = 0;
    for (int64_t k = 0; k < h->n; k++) {
        top = h->bets[k] > top ? h->bets[k] : top;
    }
    return top;
}

/* The first seat `from`, d0.. places clockwise, that must act gets the turn, else the
 * round ends. No decision where there is none: a lone seat with chips acts only if a live
 * opponent's bet is above its own (`top`: the largest bet when fewer than two seats have
 * chips; the price of entry above a short big blind is no such bet), else its only action
 * would be a check (the hand runs on). */
int he_hi_start_round(he_hand *h, int64_t from, int64_t d0, he_hi_log *log)
{
    int64_t top = h->n_active < 2 ? top_bet(h) : 0;
    for (int64_t d = d0; d < h->n; d++) {
        int64_t j = he_hi_seat_after(h, from, d);
        if (h->acted[j] < h->cur_bet && (h->n_active >= 2 || h->bets[j] < top)) {
            h->actor = (int8_t)j;
            return HE_OK;
        }
    }
    return end_round(h, log);
}

/* After seat i acted: the next seat clockwise that has not acted at the current bet (a
 * lone seat with chips: he_hi_start_round's rule), if two are in the hand. */
static int pass_turn(he_hand *h, int64_t i, he_hi_log *log)
{
    if (h->n_live > 1 && h->n_active < 2) {
        return he_hi_start_round(h, i, 1, log);
    }
    if (h->n_live > 1) { /* the common case, without the lone-seat rule's largest bet */
        for (int64_t d = 1; d < h->n; d++) {
            int64_t j = he_hi_seat_after(h, i, d);
            if (h->acted[j] < h->cur_bet) {
                h->actor = (int8_t)j;
                return HE_OK;
            }
        }
    }
    return end_round(h, log);
}

/* Takes `need` board cards from the plan, else (burning one) from the seeded deck, whose
 * cards he_hand_start drew once (deck_board); 0 when neither has them (the hand waits for
 * he_hand_deal). */
static int deal_from_plan(he_hand *h, int64_t need, he_hi_log *log, int *dealt)
{
    int64_t have = h->board_len, from_plan = he_hi_plan_part(h, have, need);
    *dealt = 0;
    if (from_plan < need && !h->has_deck) {
        return HE_OK;
    }
    if (from_plan < need) {
        h->deck_pos = (int8_t)(h->deck_pos + need - from_plan + 1); /* a burn and the cards */
    }
    /* element by element: at most 3 cards, fewer instructions than a call to memcpy */
    for (int64_t k = 0; k < need; k++) {
        h->board[have + k] = k < from_plan ? h->plan[have + k] : h->deck_board[have + k];
    }
    h->board_len = (int8_t)(h->board_len + need);
    he_hi_emit(log, HE_EV_BOARD, -1, 0, h->board + have, need);
    *dealt = 1;
    return HE_OK;
}

/* A new betting round: its raise size, no bets counted, every seat still in to act. */
int he_hi_begin_street(he_hand *h, he_hi_log *log)
{
    h->street++;
    h->pending_board = 0;
    if (h->betting_done) {
        return HE_OK;
    }
    h->raise_size = h->street_sizes[h->street];
    h->level_count = 0;
    h->capped = 0;
    h->last_aggressor = -1;
    for (int64_t k = 0; k < h->n; k++) {
        h->acted[k] = h->folded[k] || h->stacks[k] == 0 ? DONE : -1;
    }
    return he_hi_start_round(h, he_hi_seat_after(h, h->button, 1), 0, log);
}

/* Deals the next street (or waits for its cards), then starts its betting; when the
 * betting is done, runs the board out to the showdown. */
int he_hi_next_street(he_hand *h, he_hi_log *log)
{
    for (;;) {
        if (h->street == HE_RIVER) {
            int waiting = 0;
            while (he_hi_next_run(h, log, &waiting) && !waiting) {
            }
            if (waiting) {
                return HE_OK; /* it waits for a later run's cards */
            }
            h->street = HE_SHOWDOWN;
            return he_hi_showdown(h, log);
        }
        int64_t need = board_after[h->street + 1] - h->board_len;
        int dealt = 0;
        int st = deal_from_plan(h, need, log, &dealt);
        if (st != HE_OK) {
            return st;
        }
        if (!dealt) { /* it waits for the street's cards that the plan does not give */
            h->pending_board = (int8_t)(need - he_hi_plan_part(h, h->board_len, need));
            return HE_OK;
        }
        if (!h->betting_done) {
            return he_hi_begin_street(h, log);
        }
        h->street++;
        h->pending_board = 0;
    }
}

/* The uncalled part of the largest bet goes back; bets join the pot's committed chips;
 * then the last live seat takes the pot, or the next street comes. */
static int end_round(he_hand *h, he_hi_log *log)
{
    h->actor = -1;
    int64_t top = top_bet(h), second = 0, owners = 0, k = -1;
    for (int64_t j = 0; j < h->n; j++) {
        if (h->bets[j] == top) {
            owners++;
            k = j;
        } else if (h->bets[j] > second) {
            second = h->bets[j];
        }
    }
    if (top && owners == 1) {
        int64_t back = top - second;
        if (h->stacks[k] == 0 && !h->folded[k]) {
            h->n_active++;
        }
        h->stacks[k] = CHIP(h->stacks[k] + back);
        h->bets[k] = CHIP(second);
        h->pot = CHIP(h->pot - back);
        he_hi_emit(log, HE_EV_UNCALLED, k, back, NULL, 0);
    }
    for (int64_t j = 0; j < h->n; j++) {
        h->committed[j] += h->bets[j];
        h->bets[j] = 0;
    }
    if (h->street == HE_RIVER) {
        h->river_aggressor = h->last_aggressor;
    }
    if (h->n_live == 1) {
        uint8_t out[HE_HAND_SEATS];
        for (int64_t j = 0; j < h->n; j++) {
            out[j] = (uint8_t)h->folded[j];
        }
        return he_hi_settle(h, out, log, 0);
    }
    h->cur_bet = 0;
    if (h->street == HE_RIVER || h->n_active < 2) {
        h->betting_done = 1;
    }
    if (h->n_active < 2 && !h->manual_showdown && log->ev != NULL) {
        /* a player all-in and nobody left to bet (HandBatch logs no events: nothing to show) */
        he_hi_table_hands(h, log);
    }
    if (he_hi_runs_open(h)) {
        return HE_OK; /* it waits for the players to choose the runs (he_hand_choose_runs) */
    }
    return he_hi_next_street(h, log);
}

/* ---- actions ------------------------------------------------------------------------------ */

/* Why a bet or raise of seat i to `to` is refused (HE_OK: it is legal). */
static int wager_status(const he_hand *h, int64_t i, int64_t to)
{
    int64_t lo = 0, hi = 0;
    int why = wager_bounds(h, i, &lo, &hi);
    if (why) {
        return why;
    }
    if (to > h->stacks[i] + h->bets[i]) {
        return HE_E_HAND_OVER_STACK;
    }
    if (to < lo) {
        return HE_E_HAND_UNDER_MIN;
    }
    if (to > hi) {
        return h->betting == HE_POT_LIMIT ? HE_E_HAND_POT_LIMIT : HE_E_HAND_FIXED;
    }
    return HE_OK;
}

/* All-in is a call (or check) when the stack does not exceed the amount to call or no
 * opponent could match more (whether or not the betting was re-opened for this seat),
 * else a bet or raise to the whole stack. */
static int all_in_calls(const he_hand *h, int64_t i)
{
    return h->stacks[i] <= h->cur_bet - h->bets[i] || no_opponent(h, i);
}

static int no_actor(const he_hand *h)
{
    if (h->over) {
        return HE_E_HAND_OVER;
    }
    return h->pending_board ? HE_E_HAND_WAITING : HE_E_HAND_SHOWDOWN;
}

/* Why `kind` (with `amount`) by `seat` is refused now, without changing anything (HE_OK:
 * it is legal). Every refusal of an action is found here, before the state changes. */
static int act_status(const he_hand *h, int kind, int64_t amount, int64_t seat)
{
    if (kind < HE_ACT_FOLD || kind > HE_ACT_BET_OR_RAISE) {
        return HE_E_HAND_KIND;
    }
    int64_t i = h->actor;
    if (i < 0) {
        return no_actor(h);
    }
    if (seat != HE_HAND_ANY_SEAT && seat != i) {
        return HE_E_HAND_TURN;
    }
    int64_t bet = h->bets[i], cur = h->cur_bet;
    switch (kind) {
    case HE_ACT_FOLD:
        return bet >= cur && !h->allow_free_fold ? HE_E_HAND_FREE_FOLD : HE_OK;
    case HE_ACT_CHECK:
        return bet < cur ? HE_E_HAND_CHECK : HE_OK;
    case HE_ACT_CALL:
        return bet >= cur ? HE_E_HAND_CALL : HE_OK;
    case HE_ACT_BET:
        return cur ? HE_E_HAND_BET_FACING : wager_status(h, i, amount);
    case HE_ACT_RAISE:
        return cur ? wager_status(h, i, amount) : HE_E_HAND_RAISE_NO_BET;
    case HE_ACT_ALL_IN:
        return all_in_calls(h, i) ? HE_OK : wager_status(h, i, h->stacks[i] + bet);
    case HE_ACT_CHECK_OR_CALL:
        return HE_OK;
    default:
        return wager_status(h, i, amount);
    }
}

/* The actions below assume act_status accepted them. */

static int fold(he_hand *h, int64_t i, he_hi_log *log)
{
    h->folded[i] = 1;
    h->n_live--;
    h->n_active--;
    h->acted[i] = DONE;
    he_hi_emit(log, HE_EV_FOLD, i, 0, NULL, 0);
    return pass_turn(h, i, log);
}

static int check(he_hand *h, int64_t i, he_hi_log *log)
{
    h->acted[i] = h->cur_bet;
    he_hi_emit(log, HE_EV_CHECK, i, 0, NULL, 0);
    return pass_turn(h, i, log);
}

/* A call puts in the amount to call, or the whole stack when that is less (all-in). */
static int call(he_hand *h, int64_t i, he_hi_log *log)
{
    int64_t to_call = h->cur_bet - h->bets[i];
    if (h->stacks[i] <= to_call) {
        to_call = h->stacks[i];
        h->n_active--;
        h->acted[i] = DONE;
    } else {
        h->acted[i] = h->cur_bet;
    }
    h->stacks[i] = CHIP(h->stacks[i] - to_call);
    h->bets[i] = CHIP(h->bets[i] + to_call);
    h->pot = CHIP(h->pot + to_call);
    he_hi_emit(log, HE_EV_CALL, i, to_call, NULL, 0);
    return pass_turn(h, i, log);
}

/* A bet or raise to `to`: a full raise sets the next minimum raise (no-limit, pot-limit)
 * and counts towards the fixed-limit cap; a short all-in does neither. */
static int wager(he_hand *h, int64_t i, int64_t to, he_hi_log *log)
{
    int kind = h->cur_bet ? HE_EV_RAISE : HE_EV_BET;
    int64_t delta = to - h->bets[i];
    h->stacks[i] = CHIP(h->stacks[i] - delta);
    h->bets[i] = CHIP(to);
    h->pot = CHIP(h->pot + delta);
    if (h->stacks[i] == 0) {
        h->n_active--;
        h->acted[i] = DONE;
    } else {
        h->acted[i] = CHIP(to);
    }
    if (he_hi_full_raise(h, to - h->cur_bet)) {
        if (h->betting != HE_FIXED_LIMIT) {
            h->raise_size = CHIP(to - h->cur_bet);
        }
        h->level_count++;
        h->capped = (int8_t)(h->capped || he_hi_capped_multiway(h));
    }
    h->cur_bet = CHIP(to);
    h->last_aggressor = (int8_t)i;
    he_hi_emit(log, kind, i, to, NULL, 0);
    return pass_turn(h, i, log);
}

int he_hi_act(he_hand *h, int kind, int64_t amount, he_hi_log *log)
{
    int64_t i = h->actor;
    int facing = h->bets[i] < h->cur_bet;
    switch (kind) {
    case HE_ACT_FOLD:
        return fold(h, i, log);
    case HE_ACT_CHECK:
        return check(h, i, log);
    case HE_ACT_CALL:
        return call(h, i, log);
    case HE_ACT_ALL_IN:
        if (all_in_calls(h, i)) {
            return facing ? call(h, i, log) : check(h, i, log);
        }
        return wager(h, i, h->stacks[i] + h->bets[i], log);
    case HE_ACT_CHECK_OR_CALL:
        return facing ? call(h, i, log) : check(h, i, log);
    default: /* bet, raise, bet or raise */
        return wager(h, i, amount, log);
    }
}

/* A refused action is found by act_status before anything changes, so no undo copy is
 * needed: nothing after it refuses, for a state that passes he_hand_check (its deck has
 * the cards the streets need; unknown hole cards make the showdown wait, never fail). */
int he_hand_act(he_hand *h, int kind, int64_t amount, int64_t seat, he_hand_event *events,
                size_t *n_events)
{
    if (h == NULL) {
        return HE_E_ARGUMENT;
    }
    he_hi_log log = {events, 0};
    int st = act_status(h, kind, amount, seat);
    if (st == HE_OK) {
        st = he_hi_act(h, kind, amount, &log);
    }
    if (n_events != NULL) {
        *n_events = log.n;
    }
    return st;
}
