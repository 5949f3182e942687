/* The hand state machine's event log (csrc/hand_internal.h): he_hi_record, which
 * he_hi_emit writes through when a call is given an event array. An event does not depend
 * on the hand's layout, so this file is compiled once for both (not in csrc/hand_compact.c). */
#include "hand_internal.h"

/* an event holds HE_HAND_EVENT_CARDS cards: a seat's whole hand, or a street's board */
typedef char he_event_holds_a_hand[sizeof(((he_hand_event *)0)->cards)
                                           == HE_HAND_EVENT_CARDS * sizeof(int32_t)
                                       && HE_HAND_EVENT_CARDS >= HE_HAND_MAX_HOLE
                                   ? 1
                                   : -1];

void he_hi_record(he_hi_log *log, int kind, int64_t seat, int64_t amount,
                  const int8_t *cards, int64_t n_cards)
{
    if (log->n < HE_HAND_MAX_EVENTS) {
        he_hand_event *e = &log->ev[log->n];
        e->kind = kind;
        e->seat = (int32_t)seat;
        e->amount = amount;
        e->n_cards = (int32_t)n_cards;
        for (int64_t k = 0; k < HE_HAND_EVENT_CARDS; k++) {
            e->cards[k] = k < n_cards ? (int32_t)cards[k] : -1;
        }
    }
}
