/* The hand state machine (api/hand.h), the caller's steps after the start: the players'
 * choice of runs, board cards dealt by the caller and the manual showdown (show, muck),
 * each driving the machine on (csrc/hand.c, csrc/hand_showdown.c); and clone. See
 * csrc/hand.c for the betting rules. */
#include "hand_internal.h"

/* ---- run it twice / N times ---------------------------------------------------------- */

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
    if (count < 0 || count > he_hi_runs_fit(h)) {
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

/* he_hand_deal for a later run's own cards. */
static int deal_run(he_hand *h, const int64_t *cards, size_t count, he_hi_log *log)
{
    uint64_t used = he_hi_cards_in_play(h);
    if (he_hi_take_cards(h, cards, (int64_t)count, &used) != HE_OK) {
        return HE_E_HAND_DEALT;
    }
    int8_t narrow[5];
    for (size_t k = 0; k < count; k++) {
        narrow[k] = (int8_t)cards[k]; /* 0..51, checked by deal() */
    }
    he_hi_place_run(h, narrow, (int64_t)count, log);
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
    uint64_t used = he_hi_cards_in_play(h);
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

