/* The hand state machine (api/hand.h): every rule of the betting game, one function each.
 *
 * Rules that are choices, stated once (engine/hand.py documents them for users):
 * - Re-opening: a seat that already acted this round may raise again only when facing at
 *   least a full raise since its last action (current bet - level it acted at >= raise
 *   size), so an all-in for less than a full raise does not re-open the betting.
 * - A bet or raise needs an opponent who can still put in more chips, and a seat whose
 *   stack does not exceed the amount to call may only call.
 * - Fixed limit: a bet or raise is exactly one unit (street_sizes) or all-in for less; only
 *   full bets and raises count towards max_bets.
 * - The uncalled part of the largest bet goes back to its owner at the end of each round.
 * - Pots, showdown winners, odd chips and rake: he_settle_hand_dead (csrc/settle.c). */
#include <stddef.h>
#include <string.h>

#include "hand_state.h"

#define DONE ((int64_t)HE_HAND_DONE)
#define LIMIT ((int64_t)HE_HAND_MAX_CHIPS)

static const int64_t board_after[4] = {0, 3, 4, 5}; /* board size once a street is dealt */

/* ---- the field table ------------------------------------------------------------------ */

#define NAME_S(name) #name,
#define NAME_A(name, len) #name,
static const char *const field_names[] = {HE_HAND_FIELDS(NAME_S, NAME_A)};
#define OFF_S(name) offsetof(struct he_hand, name) / sizeof(int64_t),
#define OFF_A(name, len) offsetof(struct he_hand, name) / sizeof(int64_t),
static const size_t field_offsets[] = {HE_HAND_FIELDS(OFF_S, OFF_A)};
#define LEN_S(name) 1,
#define LEN_A(name, len) len,
static const size_t field_lengths[] = {HE_HAND_FIELDS(LEN_S, LEN_A)};
#define N_FIELDS (sizeof field_names / sizeof field_names[0])

size_t he_hand_size(void) { return sizeof(struct he_hand); }
size_t he_hand_field_count(void) { return N_FIELDS; }
const char *he_hand_field_name(size_t f) { return f < N_FIELDS ? field_names[f] : NULL; }
size_t he_hand_field_offset(size_t f) { return f < N_FIELDS ? field_offsets[f] : 0; }
size_t he_hand_field_length(size_t f) { return f < N_FIELDS ? field_lengths[f] : 0; }

/* ---- the event log ---------------------------------------------------------------------- */

typedef struct {
    he_hand_event *ev; /* NULL: events are counted, not written */
    size_t n;
} log_t;

static void emit(log_t *log, int kind, int64_t seat, int64_t amount, const int64_t *cards,
                 int64_t n_cards)
{
    if (log->ev != NULL && log->n < HE_HAND_MAX_EVENTS) {
        he_hand_event *e = &log->ev[log->n];
        e->kind = kind;
        e->seat = (int32_t)seat;
        e->amount = amount;
        e->n_cards = (int32_t)n_cards;
        for (int64_t k = 0; k < 5; k++) {
            e->cards[k] = k < n_cards ? (int32_t)cards[k] : -1;
        }
    }
    log->n++;
}

static int64_t seat_after(const he_hand *h, int64_t seat, int64_t d) { return (seat + d) % h->n; }

/* ---- the seeded deck: engine/dealing.py's SeededDeck over he_deal_seeded -------------- */

static int draw(he_hand *h, int64_t count, int64_t *out)
{
    uint8_t cards[52];
    size_t upto = (size_t)(h->deck_pos + count);
    int st = he_deal_seeded((uint64_t)h->deck_seed, (uint64_t)h->deck_mask, upto, cards);
    if (st != HE_OK) {
        return st;
    }
    for (int64_t k = 0; k < count; k++) {
        out[k] = cards[h->deck_pos + k];
    }
    h->deck_pos += count;
    return HE_OK;
}

/* ---- legal actions ---------------------------------------------------------------------- */

/* Why seat i may not bet or raise now (0: it may), and the "to" bounds when it may. */
static int wager_bounds(const he_hand *h, int64_t i, int64_t *lo, int64_t *hi)
{
    int64_t stack = h->stacks[i], bet = h->bets[i], cur = h->cur_bet;
    int64_t acted = h->acted[i];
    if (stack <= cur - bet) {
        return HE_E_HAND_COVERS_CALL;
    }
    if (acted >= 0 && cur - acted < h->raise_size) {
        return HE_E_HAND_NOT_REOPENED;
    }
    if (h->betting == HE_FIXED_LIMIT && h->max_bets >= 0 && h->level_count >= h->max_bets) {
        return HE_E_HAND_CAPPED;
    }
    if (cur == 0) {
        if (h->n_active < 2) {
            return HE_E_HAND_NO_OPPONENT;
        }
    } else {
        int64_t j = 0;
        while (j < h->n && (j == i || h->folded[j] || h->stacks[j] + h->bets[j] <= cur)) {
            j++;
        }
        if (j == h->n) {
            return HE_E_HAND_NO_OPPONENT;
        }
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
    if (to_call > 0 || h->allow_free_fold) {
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

/* ---- settlement and the end of the hand -------------------------------------------------- */

static void finish(he_hand *h, const int64_t *payouts, int64_t rake, log_t *log)
{
    for (int64_t k = 0; k < h->n; k++) {
        h->payouts[k] = payouts[k];
        if (payouts[k]) {
            h->stacks[k] += payouts[k];
            emit(log, HE_EV_WIN, k, payouts[k], NULL, 0);
        }
    }
    if (rake) {
        emit(log, HE_EV_RAKE, -1, rake, NULL, 0);
    }
    h->pot = 0;
    h->rake = rake;
    h->over = 1;
    h->actor = -1;
    h->pending_board = 0;
}

/* Pays the pot by he_settle_hand_dead; `out_of_pot` marks folded and mucked seats. */
static int settle(he_hand *h, const uint8_t *out_of_pot, log_t *log, int show_order)
{
    size_t n = (size_t)h->n, hc = (size_t)h->hole_count;
    uint8_t holes[HE_HAND_HOLES], board[5];
    int64_t payouts[HE_HAND_SEATS], detail[2 * HE_HAND_SEATS + 2 + HE_HAND_SEATS * (5 + HE_HAND_SEATS)];
    for (size_t k = 0; k < n * hc; k++) {
        holes[k] = h->holes[k] < 0 ? HE_NO_CARD : (uint8_t)h->holes[k];
    }
    for (size_t k = 0; k < 5; k++) {
        board[k] = (int64_t)k < h->board_len ? (uint8_t)h->board[k] : HE_NO_CARD;
    }
    double rate;
    memcpy(&rate, &h->rate_bits, sizeof rate);
    he_settle_rules rules = {(int)h->settle_method, (int)h->odd_chips, (int)h->no_flop_no_drop,
                             h->rate_num, h->rate_den, rate, h->rake_cap};
    int st = he_settle_hand_dead(h->committed, h->dead, out_of_pot, holes, hc, board, 5, n,
                                 (size_t)h->button, hc == 2 ? HE_VARIANT_HOLDEM : HE_VARIANT_OMAHA,
                                 &rules, payouts, detail);
    if (st != HE_OK) {
        return st;
    }
    int64_t live_n = 0;
    for (size_t k = 0; k < n; k++) {
        h->ranks[k] = detail[n + k];
        live_n += !out_of_pot[k];
    }
    if (show_order && live_n > 1) {
        /* The last river aggressor shows first (else the first live seat left of the
         * button), then clockwise; a hand beaten by a shown hand in every pot it could
         * win is mucked: it is beaten in the top pot it reaches by a shown hand that
         * reaches it too (every lower pot is open to that hand as well). */
        int64_t chips[HE_HAND_SEATS], top = -1, second = 0, top_seat = 0;
        for (int64_t k = 0; k < h->n; k++) {
            chips[k] = h->committed[k] - h->dead[k];
            if (chips[k] > top) {
                second = top < 0 ? 0 : top;
                top = chips[k];
                top_seat = k;
            } else if (chips[k] > second) {
                second = chips[k];
            }
        }
        chips[top_seat] = top > second ? second : top;
        int64_t start = h->river_aggressor >= 0 ? h->river_aggressor : h->button + 1;
        int64_t shown[HE_HAND_SEATS], n_shown = 0;
        for (int64_t d = 0; d < h->n; d++) {
            int64_t s = (start + d) % h->n;
            if (out_of_pot[s]) {
                continue;
            }
            int beaten = 0;
            for (int64_t t = 0; t < n_shown; t++) {
                int64_t o = shown[t];
                beaten |= chips[o] >= chips[s] && h->ranks[o] < h->ranks[s];
            }
            if (n_shown && beaten) {
                emit(log, HE_EV_MUCK, s, 0, NULL, 0);
            } else {
                shown[n_shown++] = s;
                emit(log, HE_EV_SHOW, s, 0, h->holes + s * h->hole_count, h->hole_count);
            }
        }
    }
    finish(h, payouts, detail[2 * n], log);
    return HE_OK;
}

/* The betting is over and the river dealt: settle, or wait for shows and mucks. */
static int showdown(he_hand *h, log_t *log)
{
    uint8_t out[HE_HAND_SEATS];
    int64_t live = 0, undecided = 0;
    for (int64_t k = 0; k < h->n; k++) {
        out[k] = (uint8_t)(h->folded[k] || h->shown[k] == 2);
        live += !out[k];
        undecided += !out[k] && !h->shown[k];
    }
    if (live > 1 && h->manual_showdown && undecided) {
        return HE_OK;
    }
    if (live > 1) {
        for (int64_t k = 0; k < h->n * h->hole_count; k++) {
            if (!out[k / h->hole_count] && h->holes[k] < 0) {
                h->error_seat = k / h->hole_count;
                return HE_E_HAND_UNKNOWN;
            }
        }
    }
    return settle(h, out, log, !h->manual_showdown);
}

/* ---- rounds and streets ------------------------------------------------------------------ */

static int end_round(he_hand *h, log_t *log);

/* The first seat from `start` clockwise that must act gets the turn, else the round ends
 * (a lone seat with chips that matched the bet has nobody to bet against). */
static int start_round(he_hand *h, int64_t start, log_t *log)
{
    for (int64_t d = 0; d < h->n; d++) {
        int64_t j = seat_after(h, start, d);
        if (h->acted[j] < h->cur_bet && (h->n_active >= 2 || h->bets[j] < h->cur_bet)) {
            h->actor = j;
            return HE_OK;
        }
    }
    return end_round(h, log);
}

/* After seat i acted: the first seat clockwise that has not acted at the current bet. */
static int pass_turn(he_hand *h, int64_t i, log_t *log)
{
    if (h->n_live > 1) {
        for (int64_t d = 1; d < h->n; d++) {
            int64_t j = seat_after(h, i, d);
            if (h->acted[j] < h->cur_bet) {
                h->actor = j;
                return HE_OK;
            }
        }
    }
    return end_round(h, log);
}

/* Takes `need` board cards from the plan, else (burning one) from the seeded deck;
 * 0 when neither has them (the hand waits for he_hand_deal). */
static int deal_from_plan(he_hand *h, int64_t need, log_t *log, int *dealt)
{
    int64_t have = h->board_len, cards[5];
    *dealt = 0;
    if (h->plan_len >= have + need) {
        memcpy(cards, h->plan + have, (size_t)need * sizeof *cards);
    } else if (h->has_deck) {
        int64_t from_plan = h->plan_len - have, drawn[6];
        from_plan = from_plan < 0 ? 0 : from_plan;
        memcpy(cards, h->plan + have, (size_t)from_plan * sizeof *cards);
        int st = draw(h, need - from_plan + 1, drawn);
        if (st != HE_OK) {
            return st;
        }
        memcpy(cards + from_plan, drawn + 1, (size_t)(need - from_plan) * sizeof *cards);
    } else {
        return HE_OK;
    }
    memcpy(h->board + have, cards, (size_t)need * sizeof *cards);
    h->board_len += need;
    emit(log, HE_EV_BOARD, -1, 0, cards, need);
    *dealt = 1;
    return HE_OK;
}

static int next_street(he_hand *h, log_t *log);

/* A new betting round: its raise size, no bets counted, every seat still in to act. */
static int begin_street(he_hand *h, log_t *log)
{
    h->street++;
    h->pending_board = 0;
    if (h->betting_done) {
        return HE_OK;
    }
    h->raise_size = h->street_sizes[h->street];
    h->level_count = 0;
    h->last_aggressor = -1;
    for (int64_t k = 0; k < h->n; k++) {
        h->acted[k] = h->folded[k] || h->stacks[k] == 0 ? DONE : -1;
    }
    return start_round(h, seat_after(h, h->button, 1), log);
}

/* Deals the next street (or waits for its cards), then starts its betting; when the
 * betting is done, runs the board out to the showdown. */
static int next_street(he_hand *h, log_t *log)
{
    for (;;) {
        if (h->street == HE_RIVER) {
            h->street = HE_SHOWDOWN;
            return showdown(h, log);
        }
        int64_t need = board_after[h->street + 1] - h->board_len;
        int dealt = 0;
        int st = deal_from_plan(h, need, log, &dealt);
        if (st != HE_OK) {
            return st;
        }
        if (!dealt) {
            h->pending_board = need;
            return HE_OK;
        }
        if (!h->betting_done) {
            return begin_street(h, log);
        }
        h->street++;
        h->pending_board = 0;
    }
}

/* The uncalled part of the largest bet goes back; bets join the pot's committed chips;
 * then the last live seat takes the pot, or the next street comes. */
static int end_round(he_hand *h, log_t *log)
{
    h->actor = -1;
    int64_t top = h->cur_bet, second = 0, owners = 0, k = -1;
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
        h->stacks[k] += back;
        h->bets[k] = second;
        h->pot -= back;
        emit(log, HE_EV_UNCALLED, k, back, NULL, 0);
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
        return settle(h, out, log, 0);
    }
    h->cur_bet = 0;
    if (h->street == HE_RIVER || h->n_active < 2) {
        h->betting_done = 1;
    }
    return next_street(h, log);
}

/* ---- actions ------------------------------------------------------------------------------ */

static int fold(he_hand *h, int64_t i, log_t *log)
{
    if (h->bets[i] >= h->cur_bet && !h->allow_free_fold) {
        return HE_E_HAND_FREE_FOLD;
    }
    h->folded[i] = 1;
    h->n_live--;
    h->n_active--;
    h->acted[i] = DONE;
    emit(log, HE_EV_FOLD, i, 0, NULL, 0);
    return pass_turn(h, i, log);
}

static int check(he_hand *h, int64_t i, log_t *log)
{
    if (h->bets[i] < h->cur_bet) {
        return HE_E_HAND_CHECK;
    }
    h->acted[i] = h->cur_bet;
    emit(log, HE_EV_CHECK, i, 0, NULL, 0);
    return pass_turn(h, i, log);
}

/* A call puts in the amount to call, or the whole stack when that is less (all-in). */
static int call(he_hand *h, int64_t i, log_t *log)
{
    int64_t to_call = h->cur_bet - h->bets[i];
    if (to_call <= 0) {
        return HE_E_HAND_CALL;
    }
    if (h->stacks[i] <= to_call) {
        to_call = h->stacks[i];
        h->n_active--;
        h->acted[i] = DONE;
    } else {
        h->acted[i] = h->cur_bet;
    }
    h->stacks[i] -= to_call;
    h->bets[i] += to_call;
    h->pot += to_call;
    emit(log, HE_EV_CALL, i, to_call, NULL, 0);
    return pass_turn(h, i, log);
}

/* A bet or raise to `to`: a full raise sets the next minimum raise (no-limit, pot-limit)
 * and counts towards the fixed-limit cap; a short all-in does neither. */
static int wager(he_hand *h, int64_t i, int64_t to, int kind, log_t *log)
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
    int64_t delta = to - h->bets[i];
    h->stacks[i] -= delta;
    h->bets[i] = to;
    h->pot += delta;
    if (h->stacks[i] == 0) {
        h->n_active--;
        h->acted[i] = DONE;
    } else {
        h->acted[i] = to;
    }
    if (to - h->cur_bet >= h->raise_size) {
        if (h->betting != HE_FIXED_LIMIT) {
            h->raise_size = to - h->cur_bet;
        }
        h->level_count++;
    }
    h->cur_bet = to;
    h->last_aggressor = i;
    emit(log, kind == HE_ACT_BET ? HE_EV_BET : HE_EV_RAISE, i, to, NULL, 0);
    return pass_turn(h, i, log);
}

/* Whole stack in: a call (or check) when the stack does not exceed the amount to call or
 * no opponent could match more, else a bet or raise to the whole stack. */
static int all_in(he_hand *h, int64_t i, log_t *log)
{
    int64_t to_call = h->cur_bet - h->bets[i], lo, hi;
    if (h->stacks[i] <= to_call || wager_bounds(h, i, &lo, &hi) == HE_E_HAND_NO_OPPONENT) {
        return to_call > 0 ? call(h, i, log) : check(h, i, log);
    }
    return wager(h, i, h->stacks[i] + h->bets[i], h->cur_bet ? HE_ACT_RAISE : HE_ACT_BET, log);
}

static int no_actor(const he_hand *h)
{
    if (h->over) {
        return HE_E_HAND_OVER;
    }
    return h->pending_board ? HE_E_HAND_WAITING : HE_E_HAND_SHOWDOWN;
}

/* Runs `step` on a copy, so that a rejected call leaves the hand exactly as it was. */
#define TRANSACT(h, log, events, n_events, call_expr)            \
    do {                                                         \
        struct he_hand saved_;                                   \
        memcpy(&saved_, (h), sizeof saved_);                     \
        int st_ = (call_expr);                                   \
        if (st_ != HE_OK && st_ != HE_E_HAND_UNKNOWN) {          \
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

static int act(he_hand *h, int kind, int64_t amount, int64_t seat, log_t *log)
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
    switch (kind) {
    case HE_ACT_FOLD:
        return fold(h, i, log);
    case HE_ACT_CHECK:
        return check(h, i, log);
    case HE_ACT_CALL:
        return call(h, i, log);
    case HE_ACT_BET:
        return h->cur_bet ? HE_E_HAND_BET_FACING : wager(h, i, amount, kind, log);
    case HE_ACT_RAISE:
        return h->cur_bet ? wager(h, i, amount, kind, log) : HE_E_HAND_RAISE_NO_BET;
    case HE_ACT_ALL_IN:
        return all_in(h, i, log);
    case HE_ACT_CHECK_OR_CALL:
        return h->bets[i] < h->cur_bet ? call(h, i, log) : check(h, i, log);
    default:
        return wager(h, i, amount, h->cur_bet ? HE_ACT_RAISE : HE_ACT_BET, log);
    }
}

int he_hand_act(he_hand *h, int kind, int64_t amount, int64_t seat, he_hand_event *events,
                size_t *n_events)
{
    if (h == NULL) {
        return HE_E_ARGUMENT;
    }
    log_t log = {events, 0};
    TRANSACT(h, log, events, n_events, act(h, kind, amount, seat, &log));
}

/* ---- cards -------------------------------------------------------------------------------- */

/* Adds cards to the mask of cards in play; HE_E_HAND_TWICE (error_card) on a repeat. */
static int take_cards(he_hand *h, const int64_t *cards, int64_t count, uint64_t *used)
{
    for (int64_t k = 0; k < count; k++) {
        if (cards[k] < 0) {
            continue;
        }
        uint64_t bit = (uint64_t)1 << cards[k];
        if (*used & bit) {
            h->error_card = cards[k];
            return HE_E_HAND_TWICE;
        }
        *used |= bit;
    }
    return HE_OK;
}

static uint64_t cards_in_play(const he_hand *h)
{
    uint64_t used = 0;
    for (int64_t k = 0; k < h->n * h->hole_count; k++) {
        used |= h->holes[k] >= 0 ? (uint64_t)1 << h->holes[k] : 0;
    }
    for (int64_t k = 0; k < h->board_len; k++) {
        used |= (uint64_t)1 << h->board[k];
    }
    return used;
}

static int deal(he_hand *h, const int64_t *cards, size_t count, log_t *log)
{
    if (!h->pending_board || h->over) {
        return HE_E_HAND_NO_DEAL;
    }
    if ((int64_t)count != h->pending_board) {
        return HE_E_HAND_DEAL_COUNT;
    }
    for (size_t k = 0; k < count; k++) {
        if (cards[k] < -1 || cards[k] > 51) {
            h->error_card = cards[k];
            return HE_E_HAND_CARD;
        }
        if (cards[k] < 0) {
            return HE_E_HAND_DEAL_COUNT;
        }
    }
    uint64_t used = cards_in_play(h);
    if (take_cards(h, cards, (int64_t)count, &used) != HE_OK) {
        return HE_E_HAND_DEALT;
    }
    int st;
    memcpy(h->board + h->board_len, cards, count * sizeof *cards);
    h->board_len += (int64_t)count;
    emit(log, HE_EV_BOARD, -1, 0, cards, (int64_t)count);
    st = begin_street(h, log);
    if (st == HE_OK && h->betting_done) {
        st = next_street(h, log);
    }
    return st;
}

int he_hand_deal(he_hand *h, const int64_t *cards, size_t count, he_hand_event *events,
                 size_t *n_events)
{
    if (h == NULL || (count && cards == NULL) || count > 5) {
        return HE_E_ARGUMENT;
    }
    log_t log = {events, 0};
    TRANSACT(h, log, events, n_events, deal(h, cards, count, &log));
}

/* ---- manual showdown ------------------------------------------------------------------------ */

static int showdown_seat(const he_hand *h, int64_t seat)
{
    if (!h->over && !h->betting_done) {
        return HE_E_HAND_NOT_FINISHED;
    }
    if (seat < 0 || seat >= h->n || h->folded[seat]) {
        return HE_E_HAND_NOT_IN;
    }
    return h->shown[seat] ? HE_E_HAND_DECIDED : HE_OK;
}

static int show(he_hand *h, int64_t seat, const int64_t *cards, size_t count, log_t *log)
{
    int st = showdown_seat(h, seat);
    if (st != HE_OK) {
        return st;
    }
    int64_t *hole = h->holes + seat * h->hole_count;
    if (cards != NULL) {
        if ((int64_t)count != h->hole_count) {
            return HE_E_HAND_SHOW_COUNT;
        }
        int unknown = 0;
        uint64_t mine = 0, shown = 0;
        for (int64_t k = 0; k < h->hole_count; k++) {
            if (cards[k] < -1 || cards[k] > 51) {
                h->error_card = cards[k];
                return HE_E_HAND_CARD;
            }
            unknown |= hole[k] < 0;
            mine |= hole[k] >= 0 ? (uint64_t)1 << hole[k] : 0;
            shown |= cards[k] >= 0 ? (uint64_t)1 << cards[k] : 0;
        }
        if (!unknown) {
            int64_t n_shown = 0;
            for (int64_t k = 0; k < h->hole_count; k++) {
                n_shown += cards[k] >= 0;
            }
            if (mine != shown || n_shown != h->hole_count) {
                return HE_E_HAND_SHOW_OTHER;
            }
        } else {
            uint64_t used = 0;
            for (int64_t k = 0; k < h->n * h->hole_count; k++) {
                if (k / h->hole_count != seat && h->holes[k] >= 0) {
                    used |= (uint64_t)1 << h->holes[k];
                }
            }
            for (int64_t k = 0; k < h->board_len; k++) {
                used |= (uint64_t)1 << h->board[k];
            }
            int64_t unknown_shown = 0;
            for (int64_t k = 0; k < h->n * h->hole_count; k++) {
                unknown_shown += k / h->hole_count != seat && h->holes[k] < 0;
            }
            for (int64_t k = 0; k < h->hole_count; k++) {
                if (cards[k] < 0 && unknown_shown++) { /* -1 is "dealt" once already */
                    h->error_card = -1;
                    return HE_E_HAND_SHOW_DEALT;
                }
            }
            if (take_cards(h, cards, h->hole_count, &used) != HE_OK) {
                return HE_E_HAND_SHOW_DEALT;
            }
            memcpy(hole, cards, (size_t)h->hole_count * sizeof *hole);
        }
    }
    h->shown[seat] = 1;
    emit(log, HE_EV_SHOW, seat, 0, hole, h->hole_count);
    return h->street == HE_SHOWDOWN && !h->over ? showdown(h, log) : HE_OK;
}

static int muck(he_hand *h, int64_t seat, log_t *log)
{
    int st = showdown_seat(h, seat);
    if (st != HE_OK) {
        return st;
    }
    if (!h->over) {
        int64_t left = 0;
        for (int64_t k = 0; k < h->n; k++) {
            left += !h->folded[k] && h->shown[k] != 2;
        }
        if (left <= 1) {
            return HE_E_HAND_LAST;
        }
    }
    h->shown[seat] = 2;
    emit(log, HE_EV_MUCK, seat, 0, NULL, 0);
    return h->street == HE_SHOWDOWN && !h->over ? showdown(h, log) : HE_OK;
}

int he_hand_show(he_hand *h, int64_t seat, const int64_t *cards, size_t count,
                 he_hand_event *events, size_t *n_events)
{
    if (h == NULL || (cards != NULL && count > HE_HAND_MAX_HOLE)) {
        return HE_E_ARGUMENT;
    }
    log_t log = {events, 0};
    TRANSACT(h, log, events, n_events, show(h, seat, cards, count, &log));
}

int he_hand_muck(he_hand *h, int64_t seat, he_hand_event *events, size_t *n_events)
{
    if (h == NULL) {
        return HE_E_ARGUMENT;
    }
    log_t log = {events, 0};
    TRANSACT(h, log, events, n_events, muck(h, seat, &log));
}

int he_hand_clone(he_hand *dst, const he_hand *src)
{
    if (dst == NULL || src == NULL) {
        return HE_E_ARGUMENT;
    }
    memcpy(dst, src, sizeof *dst);
    return HE_OK;
}

/* ---- the start of a hand ------------------------------------------------------------------- */

static int config_ok(const he_hand_config *c)
{
    int64_t amounts[9] = {c->small_blind, c->big_blind, c->ante, c->big_blind_ante, c->straddle,
                          c->street_sizes[0], c->street_sizes[1], c->street_sizes[2],
                          c->street_sizes[3]};
    for (size_t k = 0; k < 9; k++) {
        if (amounts[k] < 0) {
            return HE_E_HAND_CONFIG;
        }
        if (amounts[k] > LIMIT) {
            return HE_E_HAND_AMOUNT;
        }
    }
    int ok = (c->hole_count == 2 || c->hole_count == 4) && c->betting >= HE_NO_LIMIT
             && c->betting <= HE_FIXED_LIMIT && c->big_blind > 0 && c->max_bets >= -1
             && c->street_sizes[0] > 0 && c->street_sizes[1] > 0 && c->street_sizes[2] > 0
             && c->street_sizes[3] > 0 && (c->settle_method == HE_SETTLE_TDA
                                           || c->settle_method == HE_SETTLE_POKERKIT)
             && (c->odd_chips == HE_ODD_CLOCKWISE || c->odd_chips == HE_ODD_FIRST_WINNER)
             && c->rate_den > 0 && c->rate_den <= ((int64_t)1 << 31) && c->rate_num >= 0
             && c->rate_num <= c->rate_den && c->rate >= 0.0 && c->rate <= 1.0
             && c->rake_cap >= -1;
    return ok ? HE_OK : HE_E_HAND_CONFIG;
}

static void load_config(he_hand *h, const he_hand_config *c)
{
    h->hole_count = c->hole_count;
    h->betting = c->betting;
    h->small_blind = c->small_blind;
    h->big_blind = c->big_blind;
    h->ante = c->ante;
    h->big_blind_ante = c->big_blind_ante;
    h->straddle = c->straddle;
    memcpy(h->street_sizes, c->street_sizes, sizeof h->street_sizes);
    h->max_bets = c->max_bets;
    h->blind_counts_toward_cap = c->blind_counts_toward_cap != 0;
    h->allow_free_fold = c->allow_free_fold != 0;
    h->manual_showdown = c->manual_showdown != 0;
    h->settle_method = c->settle_method;
    h->odd_chips = c->odd_chips;
    h->no_flop_no_drop = c->no_flop_no_drop != 0;
    h->rate_num = c->rate_num;
    h->rate_den = c->rate_den;
    memcpy(&h->rate_bits, &c->rate, sizeof c->rate);
    h->rake_cap = c->rake_cap;
}

/* The table: seat count, stacks (each and their sum within the limit), button, posts. */
static int table_ok(he_hand *h, const he_hand_config *c, const he_hand_setup *s)
{
    if (s->seats < 2 || s->seats > HE_HAND_MAX_SEATS) {
        return HE_E_HAND_SEATS;
    }
    int64_t total = 0;
    for (size_t k = 0; k < s->seats; k++) {
        if (s->stacks[k] <= 0) {
            return HE_E_HAND_STACK;
        }
        if (s->stacks[k] > LIMIT - total) {
            return HE_E_HAND_AMOUNT;
        }
        total += s->stacks[k];
    }
    if (s->button >= s->seats) {
        return HE_E_HAND_BUTTON;
    }
    if (c->straddle && s->seats == 2) {
        return HE_E_HAND_STRADDLE;
    }
    if ((int64_t)s->seats * c->hole_count + 8 > 52) {
        return HE_E_HAND_DECK;
    }
    for (size_t k = 0; k < s->seats; k++) {
        int64_t live = s->post_live ? s->post_live[k] : 0, dead = s->post_dead ? s->post_dead[k] : 0;
        if (live < 0 || dead < 0 || live > LIMIT || dead > LIMIT) {
            h->error_seat = (int64_t)k;
            return live < 0 || dead < 0 ? HE_E_HAND_POST : HE_E_HAND_AMOUNT;
        }
    }
    return HE_OK;
}

/* The cards: given hole cards and board (checked: ids, no card twice), the rest from the
 * seed. Seeded deals follow engine/dealing.py: hole cards one at a time clockwise from
 * the seat left of the button; with nothing given, the board is burn, flop, burn, turn,
 * burn, river from the same deck, else it is drawn (after a burn) when needed from the
 * deck without the given cards. */
static int load_cards(he_hand *h, const he_hand_setup *s)
{
    int64_t n = h->n, hc = h->hole_count, nh = n * hc, first = seat_after(h, h->button, 1);
    if (s->board_len > 5) {
        return HE_E_HAND_BOARD;
    }
    for (size_t k = 0; k < s->board_len; k++) {
        if (s->board[k] < -1 || s->board[k] > 51) {
            h->error_card = s->board[k];
            return HE_E_HAND_CARD;
        }
        if (s->board[k] < 0) {
            return HE_E_HAND_BOARD;
        }
        h->plan[k] = s->board[k];
    }
    h->plan_len = (int64_t)s->board_len;
    uint64_t used = 0;
    if (s->holes != NULL) {
        for (int64_t k = 0; k < nh; k++) {
            if (s->holes[k] < -1 || s->holes[k] > 51) {
                h->error_card = s->holes[k];
                return HE_E_HAND_CARD;
            }
            h->holes[k] = s->holes[k];
        }
        int st = take_cards(h, h->holes, nh, &used);
        if (st != HE_OK) {
            return st;
        }
    }
    int st = take_cards(h, h->plan, h->plan_len, &used);
    if (st != HE_OK) {
        return st;
    }
    if (!s->has_seed) {
        return s->holes != NULL ? HE_OK : HE_E_HAND_NO_CARDS;
    }
    int64_t drawn[52];
    if (s->holes == NULL && s->board_len == 0) {
        h->deck_seed = (int64_t)s->seed;
        st = draw(h, nh + 8, drawn);
        h->deck_seed = 0;
        h->deck_pos = 0;
        int64_t plan_at[5] = {1, 2, 3, 5, 7};
        for (int64_t k = 0; k < 5; k++) {
            h->plan[k] = drawn[nh + plan_at[k]];
        }
        h->plan_len = 5;
    } else {
        for (int64_t k = 0; k < nh; k++) {
            if (s->holes != NULL && h->holes[k] < 0) {
                return HE_E_HAND_SEED_UNKNOWN;
            }
        }
        h->has_deck = 1;
        h->deck_seed = (int64_t)s->seed;
        h->deck_mask = (int64_t)used;
        st = s->holes == NULL ? draw(h, nh, drawn) : HE_OK;
    }
    if (st != HE_OK || s->holes != NULL) {
        return st;
    }
    for (int64_t k = 0; k < n; k++) {
        for (int64_t r = 0; r < hc; r++) {
            h->holes[seat_after(h, first, k) * hc + r] = drawn[k + r * n];
        }
    }
    return HE_OK;
}

/* Takes up to `amount` from seat k's stack (all of it when short). */
static int64_t take(he_hand *h, int64_t k, int64_t amount)
{
    int64_t amt = amount < h->stacks[k] ? amount : h->stacks[k];
    h->stacks[k] -= amt;
    return amt;
}

/* Forced bets: antes (dead, from every seat), or a big-blind ante (dead, the big blind
 * pays it), the small and big blind (heads-up the button posts the small blind), a
 * straddle left of the big blind, then extra posts; returns the first seat to act. */
static int64_t post_forced(he_hand *h, const he_hand_setup *s, log_t *log)
{
    int64_t n = h->n, first = seat_after(h, h->button, 1);
    int64_t sb = n == 2 ? h->button : first, bb = n == 2 ? first : seat_after(h, first, 1);
    h->small_blind_seat = sb;
    h->big_blind_seat = bb;
    if (h->ante) {
        for (int64_t d = 0; d < n; d++) {
            int64_t k = seat_after(h, first, d), amt = take(h, k, h->ante);
            h->committed[k] += amt;
            emit(log, HE_EV_ANTE, k, amt, NULL, 0);
        }
    } else if (h->big_blind_ante) {
        int64_t amt = take(h, bb, h->big_blind_ante);
        h->committed[bb] += amt;
        h->dead[bb] = amt;
        emit(log, HE_EV_ANTE, bb, amt, NULL, 0);
    }
    if (h->small_blind) {
        h->bets[sb] = take(h, sb, h->small_blind);
        emit(log, HE_EV_SMALL_BLIND, sb, h->bets[sb], NULL, 0);
    }
    h->bets[bb] = take(h, bb, h->big_blind);
    emit(log, HE_EV_BIG_BLIND, bb, h->bets[bb], NULL, 0);
    int64_t next = seat_after(h, bb, 1);
    /* fixed-limit cap: the big blind (and a straddle) count as this round's bets */
    h->level_count = h->blind_counts_toward_cap;
    if (h->straddle) {
        h->bets[next] = take(h, next, h->straddle);
        emit(log, HE_EV_STRADDLE, next, h->bets[next], NULL, 0);
        next = seat_after(h, next, 1);
        h->level_count *= 2;
    }
    for (int64_t k = 0; k < n; k++) { /* seat by seat: live chips, then dead chips */
        int64_t want = s->post_live != NULL ? s->post_live[k] - h->bets[k] : 0;
        int64_t amt = take(h, k, want > 0 ? want : 0);
        if (amt) {
            h->bets[k] += amt;
            emit(log, HE_EV_POST, k, amt, NULL, 0);
        }
        amt = take(h, k, s->post_dead != NULL ? s->post_dead[k] : 0);
        if (amt) {
            h->committed[k] += amt;
            h->dead[k] += amt;
            emit(log, HE_EV_DEAD, k, amt, NULL, 0);
        }
    }
    return next;
}

static int start(he_hand *h, const he_hand_config *c, const he_hand_setup *s, log_t *log)
{
    int st = config_ok(c);
    if (st != HE_OK) {
        return st;
    }
    memset(h, 0, sizeof *h);
    st = table_ok(h, c, s);
    if (st != HE_OK) {
        return st;
    }
    load_config(h, c);
    h->n = (int64_t)s->seats;
    h->button = (int64_t)s->button;
    h->actor = h->last_aggressor = h->river_aggressor = -1;
    for (int64_t k = 0; k < h->n; k++) {
        h->stacks[k] = h->starting_stacks[k] = s->stacks[k];
        h->acted[k] = -1;
    }
    st = load_cards(h, s);
    if (st != HE_OK) {
        return st;
    }
    int64_t first = seat_after(h, h->button, 1);
    for (int64_t d = 0; d < h->n; d++) {
        int64_t k = seat_after(h, first, d);
        emit(log, HE_EV_HOLE, k, 0, h->holes + k * h->hole_count, h->hole_count);
    }
    int64_t next = post_forced(h, s, log);
    h->n_live = h->n_active = h->n;
    for (int64_t k = 0; k < h->n; k++) {
        h->pot += h->committed[k] + h->bets[k];
        h->cur_bet = h->bets[k] > h->cur_bet ? h->bets[k] : h->cur_bet;
        if (h->stacks[k] == 0) {
            h->n_active--;
            h->acted[k] = DONE;
        }
    }
    h->raise_size = h->street_sizes[0];
    h->street = HE_PREFLOP;
    return start_round(h, next, log);
}

int he_hand_start(he_hand *h, const he_hand_config *config, const he_hand_setup *setup,
                  he_hand_event *events, size_t *n_events)
{
    if (h == NULL || config == NULL || setup == NULL || setup->stacks == NULL
        || (setup->board_len && setup->board == NULL)) {
        return HE_E_ARGUMENT;
    }
    log_t log = {events, 0};
    int64_t error_card = 0, error_seat = 0;
    int st = start(h, config, setup, &log);
    if (st != HE_OK && st != HE_E_HAND_UNKNOWN) {
        error_card = h->error_card;
        error_seat = h->error_seat;
        memset(h, 0, sizeof *h);
        h->error_card = error_card;
        h->error_seat = error_seat;
        log.n = 0;
    }
    if (n_events != NULL) {
        *n_events = log.n;
    }
    return st;
}

/* ---- a state from outside ---------------------------------------------------------------- */

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

static int state_ok(const he_hand *h)
{
    he_hand_config c = {h->hole_count, h->betting, h->small_blind, h->big_blind, h->ante,
                        h->big_blind_ante, h->straddle,
                        {h->street_sizes[0], h->street_sizes[1], h->street_sizes[2],
                         h->street_sizes[3]},
                        h->max_bets, h->blind_counts_toward_cap, h->allow_free_fold,
                        h->manual_showdown, h->settle_method, h->odd_chips,
                        h->no_flop_no_drop, h->rate_num, h->rate_den, 0.0, h->rake_cap};
    memcpy(&c.rate, &h->rate_bits, sizeof c.rate);
    if (config_ok(&c) != HE_OK || !in(h->n, 2, HE_HAND_MAX_SEATS) || !in(h->button, 0, h->n - 1)
        || !in(h->street, HE_PREFLOP, HE_SHOWDOWN) || !in(h->actor, -1, h->n - 1)
        || !in(h->max_bets, -1, LIMIT) || !in(h->level_count, 0, LIMIT)
        || !in(h->raise_size, 1, LIMIT) || !in(h->cur_bet, 0, LIMIT)
        || !in(h->plan_len, 0, 5) || !in(h->over, 0, 1) || !in(h->betting_done, 0, 1)
        || !in(h->has_deck, 0, 1) || !in(h->deck_pos, 0, 52)
        || !in(h->last_aggressor, -1, h->n - 1) || !in(h->river_aggressor, -1, h->n - 1)
        || !in(h->small_blind_seat, 0, h->n - 1) || !in(h->big_blind_seat, 0, h->n - 1)
        || h->n * h->hole_count + 8 > 52) {
        return 0;
    }
    /* the board has exactly the street's cards; only a pending street is missing */
    int64_t street_board = h->street == HE_SHOWDOWN ? 5 : board_after[h->street];
    if (h->board_len != street_board
        || (h->pending_board
            && (h->over || h->street == HE_SHOWDOWN
                || h->pending_board != board_after[h->street + 1] - h->board_len))
        || !in(h->pending_board, 0, 3)) {
        return 0;
    }
    if (h->actor >= 0 && (h->over || h->betting_done || h->pending_board
                          || h->street == HE_SHOWDOWN || h->folded[h->actor])) {
        return 0;
    }
    uint64_t used = 0;
    for (int64_t k = 0; k < h->n * h->hole_count + h->board_len + h->plan_len; k++) {
        int64_t hc = h->n * h->hole_count, card;
        if (k < hc) {
            card = h->holes[k];
        } else if (k < hc + h->board_len) {
            card = h->board[k - hc];
        } else {
            card = h->plan[k - hc - h->board_len];
            if (!in(card, 0, 51)) {
                return 0;
            }
            continue; /* the plan holds the board's cards too */
        }
        if (!in(card, k < hc ? -1 : 0, 51)) {
            return 0;
        }
        if (card >= 0) {
            if (used >> card & 1u) {
                return 0;
            }
            used |= (uint64_t)1 << card;
        }
    }
    int64_t start_total = 0, total = 0, in_pot = 0, live = 0;
    for (int64_t k = 0; k < h->n; k++) {
        if (!add_chips(&start_total, h->starting_stacks[k]) || !add_chips(&total, h->stacks[k])
            || !add_chips(&in_pot, h->bets[k]) || !add_chips(&in_pot, h->committed[k])
            || !in(h->dead[k], 0, h->committed[k]) || !in(h->folded[k], 0, 1)
            || !in(h->shown[k], 0, 2) || !in(h->payouts[k], 0, LIMIT) || h->bets[k] > h->cur_bet
            || !(in(h->acted[k], -1, LIMIT) || h->acted[k] == DONE)) {
            return 0;
        }
        live += !h->folded[k];
    }
    if (!live || !in(h->n_live, 0, h->n) || !in(h->n_active, 0, h->n)
        || h->pot != (h->over ? 0 : in_pot) || !add_chips(&total, h->pot)
        || !add_chips(&total, h->rake) || total != start_total) {
        return 0;
    }
    return 1;
}

int he_hand_check(const he_hand *h)
{
    if (h == NULL) {
        return HE_E_ARGUMENT;
    }
    return state_ok(h) ? HE_OK : HE_E_HAND_STATE;
}
