/* One viewer's view of a hand (api/hand.h, he_hand_view): the state as a seat or a
 * spectator may see it, written into a caller's struct (engine.Table's views and their JSON
 * are built from it). The redaction is here, in one place: a seat's hole cards reach the
 * struct only for their owner or once shown to everyone. Full layout only (HandBatch
 * builds its own observations, csrc/hand_batch_observe.h). */
#include <string.h>

#include "hand_internal.h"

/* the struct's arrays hold the full machine's seats and hole cards */
typedef char he_view_holds_a_table[sizeof(((he_hand_view *)0)->stacks) / sizeof(int64_t)
                                               == HE_HAND_MAX_SEATS
                                           && sizeof(((he_hand_view *)0)->cards) / sizeof(int64_t)
                                                  == HE_HAND_MAX_SEATS * HE_HAND_MAX_HOLE
                                       ? 1
                                       : -1];

int he_hand_write_view(const he_hand *h, int64_t viewer, he_hand_view *out)
{
    if (out == NULL) {
        return HE_E_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    if (h == NULL || viewer < -1 || viewer >= h->n) {
        return HE_E_ARGUMENT;
    }
    int64_t n = h->n, hc = h->hole_count;
    out->viewer = viewer;
    out->seats = n;
    out->hole_count = hc;
    out->street = h->street;
    out->actor = h->actor;
    out->pot = h->pot;
    out->board_len = h->board_len;
    for (int64_t k = 0; k < 5; k++) {
        out->board[k] = k < h->board_len ? h->board[k] : -1;
    }
    for (int64_t k = 0; k < HE_HAND_MAX_SEATS * HE_HAND_MAX_HOLE; k++) {
        out->cards[k] = -1;
    }
    for (int64_t k = 0; k < n; k++) {
        int seen = k == viewer || h->shown[k] == 1;
        out->stacks[k] = h->stacks[k];
        out->bets[k] = h->bets[k];
        out->folded[k] = h->folded[k];
        out->seen[k] = seen;
        for (int64_t c = 0; seen && c < hc; c++) {
            out->cards[k * HE_HAND_MAX_HOLE + c] = h->holes[k * hc + c];
        }
    }
    if (viewer >= 0 && viewer == h->actor) {
        int st = he_hand_legal(h, &out->legal);
        if (st != HE_OK) {
            return st;
        }
        out->to_call = out->legal.count > 0 ? h->cur_bet - h->bets[viewer] : 0;
    }
    return HE_OK;
}
