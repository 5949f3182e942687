/* The hand state machine, part 2 (api/hand.h): board cards dealt by the caller, the
 * manual showdown (show, muck) and clone (the event log: csrc/hand_log.c). See csrc/hand.c
 * for the betting rules. */
#include "hand_internal.h"

/* ---- cards -------------------------------------------------------------------------------- */

/* Adds cards to the mask of cards in play; HE_E_HAND_TWICE (error_card) on a repeat. */
int he_hi_take_cards(he_hand *h, const int64_t *cards, int64_t count, uint64_t *used)
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

int he_hi_take_held(he_hand *h, const int8_t *cards, int64_t count, uint64_t *used)
{
    int64_t wide[HE_HAND_HOLES];
    for (int64_t k = 0; k < count; k++) {
        wide[k] = cards[k];
    }
    return he_hi_take_cards(h, wide, count, used);
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
    for (int64_t k = 0; k < HE_HAND_RUN_CARDS; k++) { /* the later runs' boards */
        used |= h->run_boards[k] >= 0 ? (uint64_t)1 << h->run_boards[k] : 0;
    }
    return used;
}

/* ---- run it twice / N times ---------------------------------------------------------- */

/* The most runs the deck has cards for: every hole card, the first run's board and its
 * burns (8), then a burn and the missing cards for each later run. */
static int64_t runs_fit(const he_hand *h)
{
    int64_t left = he_hi_deck_size(h) - h->n * h->hole_count - 8, each = 5 - h->run_from + 1;
    int64_t fit = 1 + left / each;
    return fit < h->max_runs ? fit : h->max_runs;
}

int64_t he_hand_runs_most(const he_hand *h)
{
    return h != NULL && h->run_choosing ? runs_fit(h) : 0;
}

int he_hi_runs_open(he_hand *h)
{
    if (h->max_runs < 2 || h->runs != 1 || h->run_choosing || h->board_len >= 5 || h->n_live < 2
        || !h->betting_done || h->n_active >= 2 || h->over) {
        return 0;
    }
    h->run_choosing = 1;
    h->run_from = h->board_len;
    for (int64_t k = 0; k < h->n; k++) {
        h->run_choice[k] = 0;
    }
    return 1;
}

static int choose_runs(he_hand *h, int64_t seat, int64_t count, he_hi_log *log)
{
    if (!h->run_choosing) {
        return HE_E_HAND_NO_RUNS;
    }
    if (seat < 0 || seat >= h->n || h->folded[seat]) {
        return HE_E_HAND_NOT_IN;
    }
    if (h->run_choice[seat]) {
        return HE_E_HAND_DECIDED;
    }
    if (count < 0 || count > runs_fit(h)) {
        return HE_E_HAND_RUNS;
    }
    h->run_choice[seat] = (int8_t)(count ? count : -1);
    he_hi_emit(log, HE_EV_RUN_CHOICE, seat, count, NULL, 0);
    /* every live seat chose: the count they all chose (PokerKit: no preference defers to
     * the others, two different counts make one run) */
    int64_t runs = 0;
    for (int64_t k = 0; k < h->n; k++) {
        int64_t c = h->run_choice[k];
        if (h->folded[k]) {
            continue;
        }
        if (c == 0) {
            return HE_OK; /* it waits for seat k */
        }
        if (c > 0) {
            runs = runs == 0 || runs == c ? c : 1;
        }
    }
    h->runs = (int8_t)(runs ? runs : 1);
    h->run_choosing = 0;
    he_hi_emit(log, HE_EV_RUNS, -1, h->runs, NULL, 0);
    return he_hi_next_street(h, log);
}

int he_hand_choose_runs(he_hand *h, int64_t seat, int64_t count, he_hand_event *events,
                        size_t *n_events)
{
    if (h == NULL) {
        return HE_E_ARGUMENT;
    }
    he_hi_log log = {events, 0};
    TRANSACT(h, log, events, n_events, choose_runs(h, seat, count, &log));
}

/* Run r's (2..) board: the shared cards, then `count` new ones; logged. */
static void place_run(he_hand *h, const int8_t *cards, int64_t count, he_hi_log *log)
{
    int8_t *to = h->run_boards + (int64_t)h->runs_dealt * 5;
    for (int64_t k = 0; k < h->run_from; k++) {
        to[k] = h->board[k];
    }
    for (int64_t k = 0; k < count; k++) {
        to[h->run_from + k] = cards[k];
    }
    h->runs_dealt++;
    h->pending_board = 0;
    he_hi_emit(log, HE_EV_RUN_BOARD, -1, h->runs_dealt + 1, to + h->run_from, count);
}

int he_hi_next_run(he_hand *h, he_hi_log *log, int *waiting)
{
    *waiting = 0;
    if (h->runs_dealt + 1 >= h->runs) {
        return 0;
    }
    int64_t need = 5 - h->run_from;
    if (!h->has_deck) {
        h->pending_board = (int8_t)need; /* the caller deals it (he_hand_deal) */
        *waiting = 1;
        return 1;
    }
    /* a burn, then the cards; a card in play is passed over (only a state changed from
     * outside has one in its seeded deck), and a deck run out leaves the cards to the caller */
    int8_t drawn[5], card;
    uint64_t used = cards_in_play(h);
    int64_t got = 0;
    int st = he_hi_draw(h, 1, &card);
    while (st == HE_OK && got < need) {
        st = he_hi_draw(h, 1, &card);
        if (st == HE_OK && !(used >> card & 1u)) {
            used |= (uint64_t)1 << card;
            drawn[got++] = card;
        }
    }
    if (st != HE_OK) {
        h->has_deck = 0;
        h->pending_board = (int8_t)need;
        *waiting = 1;
        return 1;
    }
    place_run(h, drawn, need, log);
    return 1;
}

/* he_hand_deal for a later run's own cards. */
static int deal_run(he_hand *h, const int64_t *cards, size_t count, he_hi_log *log)
{
    uint64_t used = cards_in_play(h);
    if (he_hi_take_cards(h, cards, (int64_t)count, &used) != HE_OK) {
        return HE_E_HAND_DEALT;
    }
    int8_t narrow[5];
    for (size_t k = 0; k < count; k++) {
        narrow[k] = (int8_t)cards[k]; /* 0..51, checked by deal() */
    }
    place_run(h, narrow, (int64_t)count, log);
    return he_hi_next_street(h, log);
}

static int deal(he_hand *h, const int64_t *cards, size_t count, he_hi_log *log)
{
    if (!h->pending_board || h->over) {
        return HE_E_HAND_NO_DEAL;
    }
    if (count > 5 || (int64_t)count != h->pending_board) {
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
        if (he_hi_off_deck(h, cards[k])) {
            h->error_card = cards[k];
            return HE_E_HAND_DECK_CARD;
        }
    }
    if (h->street == HE_RIVER) { /* a later run of the board (he_hi_next_run) */
        return deal_run(h, cards, count, log);
    }
    /* the street's cards: first those the board plan gives (he_hi_next_street waits
     * only for the others), then the ones supplied, which may not repeat a card in play
     * or in the plan */
    int8_t *to = h->board + h->board_len;
    int64_t part = he_hi_plan_part(h, h->board_len, board_after[h->street + 1] - h->board_len);
    uint64_t used = cards_in_play(h);
    if (he_hi_take_held(h, h->plan + h->board_len, part, &used) != HE_OK
        || he_hi_take_cards(h, cards, (int64_t)count, &used) != HE_OK) {
        return HE_E_HAND_DEALT;
    }
    int st;
    for (int64_t k = 0; k < part; k++) {
        to[k] = h->plan[h->board_len + k];
    }
    for (size_t k = 0; k < count; k++) {
        to[part + (int64_t)k] = (int8_t)cards[k]; /* 0..51, checked above */
    }
    h->board_len = (int8_t)(h->board_len + part + (int64_t)count);
    he_hi_emit(log, HE_EV_BOARD, -1, 0, to, part + (int64_t)count);
    /* betting done before the street: run out the board (begin_street only counts the
     * street then); else the street's betting starts, and may itself end the hand */
    int run_out = h->betting_done;
    st = he_hi_begin_street(h, log);
    if (st == HE_OK && run_out) {
        st = he_hi_next_street(h, log);
    }
    return st;
}

int he_hand_deal(he_hand *h, const int64_t *cards, size_t count, he_hand_event *events,
                 size_t *n_events)
{
    /* any count: deal() refuses one other than the pending (<= 5) before reading a card */
    if (h == NULL || (count && cards == NULL)) {
        return HE_E_ARGUMENT;
    }
    he_hi_log log = {events, 0};
    TRANSACT(h, log, events, n_events, deal(h, cards, count, &log));
}

/* ---- showing hands ----------------------------------------------------------------------- */

void he_hi_table_hands(he_hand *h, he_hi_log *log)
{
    for (int64_t d = 1; d <= h->n; d++) {
        int64_t k = he_hi_seat_after(h, h->button, d);
        const int8_t *hole = h->holes + k * h->hole_count;
        int known = 1;
        for (int64_t c = 0; c < h->hole_count; c++) {
            known &= hole[c] >= 0;
        }
        if (!h->folded[k] && !h->shown[k] && known) {
            h->shown[k] = 1;
            he_hi_emit(log, HE_EV_SHOW, k, 0, hole, h->hole_count);
        }
    }
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

/* A show reveals the whole hand: a seat whose hole cards are (partly) unknown shows by
 * giving all of them (its known ones among them, none dealt elsewhere); without cards, or
 * with an unknown one, the show is refused (HE_E_HAND_UNKNOWN) and the hand still waits. */
static int show(he_hand *h, int64_t seat, const int64_t *cards, size_t count, he_hi_log *log)
{
    int st = showdown_seat(h, seat);
    if (st != HE_OK) {
        return st;
    }
    int8_t *hole = h->holes + seat * h->hole_count;
    int unknown = 0;
    for (int64_t k = 0; k < h->hole_count; k++) {
        unknown |= hole[k] < 0;
    }
    if (cards == NULL && unknown) {
        h->error_seat = seat;
        return HE_E_HAND_UNKNOWN;
    }
    if (cards != NULL) {
        if ((int64_t)count != h->hole_count) {
            return HE_E_HAND_SHOW_COUNT;
        }
        uint64_t mine = 0, shown = 0;
        int64_t n_shown = 0;
        for (int64_t k = 0; k < h->hole_count; k++) {
            if (cards[k] < -1 || cards[k] > 51) {
                h->error_card = cards[k];
                return HE_E_HAND_CARD;
            }
            if (he_hi_off_deck(h, cards[k])) {
                h->error_card = cards[k];
                return HE_E_HAND_DECK_CARD;
            }
            mine |= hole[k] >= 0 ? (uint64_t)1 << hole[k] : 0;
            shown |= cards[k] >= 0 ? (uint64_t)1 << cards[k] : 0;
            n_shown += cards[k] >= 0;
        }
        if (!unknown && (mine != shown || n_shown != h->hole_count)) {
            return HE_E_HAND_SHOW_OTHER;
        }
        if (unknown && n_shown != h->hole_count) {
            h->error_seat = seat;
            return HE_E_HAND_UNKNOWN;
        }
        if (unknown && (mine & ~shown)) {
            return HE_E_HAND_SHOW_OTHER; /* the cards it is known to hold are not all shown */
        }
        if (unknown) {
            uint64_t used = 0;
            for (int64_t k = 0; k < h->n * h->hole_count; k++) {
                if (k / h->hole_count != seat && h->holes[k] >= 0) {
                    used |= (uint64_t)1 << h->holes[k];
                }
            }
            for (int64_t k = 0; k < h->board_len; k++) {
                used |= (uint64_t)1 << h->board[k];
            }
            for (int64_t k = 0; k < h->plan_len; k++) { /* the board still to come */
                used |= (uint64_t)1 << h->plan[k];
            }
            for (int64_t k = 0; k < HE_HAND_RUN_CARDS; k++) { /* the later runs' boards */
                used |= h->run_boards[k] >= 0 ? (uint64_t)1 << h->run_boards[k] : 0;
            }
            if (he_hi_take_cards(h, cards, h->hole_count, &used) != HE_OK) {
                return HE_E_HAND_SHOW_DEALT;
            }
            for (int64_t k = 0; k < h->hole_count; k++) {
                hole[k] = (int8_t)cards[k]; /* 0..51, checked above */
            }
        }
    }
    h->shown[seat] = 1;
    he_hi_emit(log, HE_EV_SHOW, seat, 0, hole, h->hole_count);
    return h->street == HE_SHOWDOWN && !h->over ? he_hi_showdown(h, log) : HE_OK;
}

static int muck(he_hand *h, int64_t seat, he_hi_log *log)
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
    he_hi_emit(log, HE_EV_MUCK, seat, 0, NULL, 0);
    return h->street == HE_SHOWDOWN && !h->over ? he_hi_showdown(h, log) : HE_OK;
}

int he_hand_show(he_hand *h, int64_t seat, const int64_t *cards, size_t count,
                 he_hand_event *events, size_t *n_events)
{
    if (h == NULL || (cards != NULL && count > HE_HAND_MAX_HOLE)) {
        return HE_E_ARGUMENT;
    }
    he_hi_log log = {events, 0};
    TRANSACT(h, log, events, n_events, show(h, seat, cards, count, &log));
}

int he_hand_muck(he_hand *h, int64_t seat, he_hand_event *events, size_t *n_events)
{
    if (h == NULL) {
        return HE_E_ARGUMENT;
    }
    he_hi_log log = {events, 0};
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

