/* The hand state machine's cards (api/hand.h; csrc/hand_internal.h): the seeded deck
 * (he_hi_draw), the cards in play and the check that none repeats, run it twice / N times
 * (how many runs the deck holds, the choice opened, each later run's board dealt) and the
 * all-in hands tabled. It calls nothing else of the machine: csrc/hand.c deals and runs
 * the streets with it, csrc/hand_cards.c and csrc/hand_start.c take the caller's cards. */
#include "hand_internal.h"

/* ---- the seeded deck: engine/dealing.py's SeededDeck over he_deal_seeded -------------- */

int he_hi_draw(he_hand *h, int64_t count, int8_t *out)
{
    uint8_t cards[HE_DECK_SIZE];
    /* the game's deck: Hold'em's (every restart of a HandBatch hand draws) without a call;
     * the cards below the deck's lowest card are never in it (a short deck) */
    int64_t deck_size = HE_DECK_SIZE;
    uint64_t off_deck = 0;
    if (h->variant != HE_VARIANT_HOLDEM) {
        deck_size = he_hi_deck_size(h);
        off_deck = ((uint64_t)1 << he_hi_lowest_card(h)) - 1;
    }
    if (count < 0 || count > deck_size - h->deck_pos) {
        return HE_E_HAND_DECK;
    }
    /* ids 0..51 read the same as int8_t: from the top of the deck (every draw of
     * he_hand_start) they go straight to `out`, else through `cards` */
    size_t upto = (size_t)(h->deck_pos + count);
    uint8_t *dealt = h->deck_pos == 0 ? (uint8_t *)out : cards;
    int st = he_deal_seeded((uint64_t)h->deck_seed, (uint64_t)h->deck_mask | off_deck, upto,
                            dealt);
    if (st != HE_OK) {
        return st;
    }
    if (dealt == cards) {
        memcpy(out, cards + h->deck_pos, (size_t)count);
    }
    h->deck_pos = (int8_t)(h->deck_pos + count);
    return HE_OK;
}

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

uint64_t he_hi_cards_in_play(const he_hand *h)
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
int64_t he_hi_runs_fit(const he_hand *h)
{
    int64_t left = he_hi_deck_size(h) - h->n * h->hole_count - 8, each = 5 - h->run_from + 1;
    int64_t fit = 1 + left / each;
    return fit < h->max_runs ? fit : h->max_runs;
}

int64_t he_hand_runs_most(const he_hand *h)
{
    return h != NULL && h->run_choosing ? he_hi_runs_fit(h) : 0;
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

/* Run r's (2..) board: the shared cards, then `count` new ones; logged. */
void he_hi_place_run(he_hand *h, const int8_t *cards, int64_t count, he_hi_log *log)
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
    uint64_t used = he_hi_cards_in_play(h);
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
    he_hi_place_run(h, drawn, need, log);
    return 1;
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
