/* C-only checks of the view writer (csrc/hand_view.c, he_hand_write_view), run under ASan and
 * UBSan by tests/test_c_core.py: over random hands of every betting structure, Hold'em and
 * Omaha, 2..10 seats, at every step and for every viewer (each seat and a spectator), no
 * hole card of another seat reaches the struct unless that seat has shown it, the viewer's
 * own cards and the public values are the state's, the legal actions are the machine's
 * and only the actor's; a manual show reaches every viewer; bad viewers are refused. */
#include <stdio.h>
#include <string.h>

#include "hand_state.h"
#include "check.h"
#include "hand_config.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t next_random(void) { return xorshift64(&rng_state); }

/* every viewer's view of `h` against the state it was written from */
static void check_views(const he_hand *h)
{
    for (int64_t v = -1; v < h->n; v++) {
        he_hand_view out;
        CHECK(he_hand_write_view(h, v, &out) == HE_OK);
        CHECK(out.viewer == v && out.seats == h->n && out.hole_count == h->hole_count);
        CHECK(out.street == h->street && out.actor == h->actor && out.pot == h->pot);
        CHECK(out.board_len == h->board_len);
        for (int64_t k = 0; k < 5; k++) {
            CHECK(out.board[k] == (k < h->board_len ? h->board[k] : -1));
        }
        for (int64_t k = 0; k < HE_HAND_MAX_SEATS; k++) {
            int in = k < h->n;
            int seen = in && (k == v || h->shown[k] == 1);
            CHECK(out.seen[k] == seen);
            CHECK(out.stacks[k] == (in ? h->stacks[k] : 0) && out.bets[k] == (in ? h->bets[k] : 0));
            CHECK(out.folded[k] == (in ? h->folded[k] : 0));
            for (int64_t c = 0; c < HE_HAND_MAX_HOLE; c++) {
                int64_t want = seen && c < h->hole_count ? h->holes[k * h->hole_count + c] : -1;
                CHECK(out.cards[k * HE_HAND_MAX_HOLE + c] == want);
            }
        }
        he_hand_legal_actions la;
        CHECK(he_hand_legal(h, &la) == HE_OK);
        if (v >= 0 && v == h->actor) {
            CHECK(memcmp(&la, &out.legal, sizeof la) == 0);
            CHECK(out.to_call == (la.count ? h->cur_bet - h->bets[v] : 0));
        } else {
            CHECK(out.legal.count == 0 && out.to_call == 0);
        }
    }
}

/* starts `h` with config `c`: `seats` seats of `stacks`, the button at `button`, dealt from `seed` */
static int start(he_hand *h, const he_hand_config *c, const int64_t *stacks, size_t seats,
                 size_t button, uint64_t seed)
{
    he_hand_setup s = seeded(seats, button, stacks, seed);
    return he_hand_start(h, c, &s, NULL, NULL);
}

static void play_random_hand(int64_t betting, int64_t hole_count, size_t seats, uint64_t seed)
{
    he_hand_config c = test_config(betting, hole_count, 10, 0);
    int64_t stacks[HE_HAND_MAX_SEATS];
    for (size_t k = 0; k < seats; k++) {
        stacks[k] = 20 + (int64_t)(next_random() % 400);
    }
    he_hand h;
    CHECK(start(&h, &c, stacks, seats, (size_t)(next_random() % seats), seed) == HE_OK);
    for (int steps = 0; !h.over && steps < 200; steps++) {
        check_views(&h);
        he_hand_legal_actions la;
        CHECK(he_hand_legal(&h, &la) == HE_OK);
        if (la.count == 0) {
            break;
        }
        int32_t i = (int32_t)(next_random() % (uint64_t)la.count);
        int64_t span = la.max[i] - la.min[i];
        int64_t amount = la.min[i] + (span > 0 ? (int64_t)(next_random() % (uint64_t)(span + 1)) : 0);
        CHECK(he_hand_act(&h, la.kinds[i], amount, HE_HAND_ANY_SEAT, NULL, NULL) == HE_OK);
    }
    check_views(&h);
}

/* a manual showdown: a seat's show reaches every viewer, a muck reaches none */
static void test_manual_show(void)
{
    he_hand_config c = test_config(HE_NO_LIMIT, 2, 10, 0);
    c.manual_showdown = 1;
    int64_t stacks[3] = {100, 100, 100};
    he_hand h;
    CHECK(start(&h, &c, stacks, 3, 0, 11) == HE_OK);
    for (int k = 0; k < 3; k++) { /* everyone all-in preflop */
        CHECK(he_hand_act(&h, HE_ACT_ALL_IN, 0, HE_HAND_ANY_SEAT, NULL, NULL) == HE_OK);
    }
    CHECK(h.betting_done && !h.over);
    he_hand_view out;
    CHECK(he_hand_write_view(&h, -1, &out) == HE_OK);
    for (int k = 0; k < 3; k++) {
        CHECK(out.seen[k] == 0 && out.cards[k * HE_HAND_MAX_HOLE] == -1);
    }
    CHECK(he_hand_show(&h, 1, NULL, 0, NULL, NULL) == HE_OK);
    CHECK(he_hand_muck(&h, 2, NULL, NULL) == HE_OK);
    for (int64_t v = -1; v < 3; v++) {
        CHECK(he_hand_write_view(&h, v, &out) == HE_OK);
        CHECK(out.seen[1] == 1 && out.cards[HE_HAND_MAX_HOLE] == h.holes[2]);
        CHECK(out.seen[2] == (v == 2) && (v == 2 || out.cards[2 * HE_HAND_MAX_HOLE] == -1));
    }
    check_views(&h);
}

static void test_bad_viewers(void)
{
    he_hand_config c = test_config(HE_NO_LIMIT, 2, 10, 0);
    int64_t stacks[2] = {100, 100};
    he_hand h;
    CHECK(start(&h, &c, stacks, 2, 0, 3) == HE_OK);
    he_hand_view out;
    CHECK(he_hand_write_view(&h, 2, &out) == HE_E_ARGUMENT && out.seats == 0 && out.cards[0] == 0);
    CHECK(he_hand_write_view(&h, -2, &out) == HE_E_ARGUMENT && out.seen[0] == 0);
    CHECK(he_hand_write_view(NULL, 0, &out) == HE_E_ARGUMENT);
    CHECK(he_hand_write_view(&h, 0, NULL) == HE_E_ARGUMENT);
}

int main(void)
{
    const int64_t bettings[3] = {HE_NO_LIMIT, HE_POT_LIMIT, HE_FIXED_LIMIT};
    for (uint64_t k = 0; k < 600; k++) {
        int64_t hole = k % 3 == 2 ? 4 : 2;
        size_t seats = 2 + (size_t)(k % 9);
        play_random_hand(bettings[k % 3], hole, seats, k + 1);
    }
    test_manual_show();
    test_bad_viewers();
    return check_report("hand view");
}
