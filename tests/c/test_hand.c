/* C-only checks of the hand state machine (csrc/hand.c), run under ASan and UBSan by
 * tests/test_c_core.py: worked examples of each rule, every status code of the door, and
 * random play over every configuration and over boards given in advance, with a seed or
 * dealt by hand (chips conserved, he_hand_check holds, a rejected call changes nothing,
 * clones are equal), plus tampered states of such hands that he_hand_check must either
 * refuse or that play on without a crash and with chips conserved. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hand_state.h"
#include "check.h"
#include "hand_config.h"

static he_hand_config config(int64_t betting, int64_t hole_count)
{
    return test_config(betting, hole_count, 10, 0);
}

/* Plays steps[i] = {kind, amount, seat} in order, without an event log: HE_OK, or the
 * status of the first refused one (the rest are not played). */
static int play(he_hand *h, const int64_t (*steps)[3], size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int st = he_hand_act(h, (int)steps[i][0], steps[i][1], steps[i][2], NULL, NULL);
        if (st != HE_OK) {
            return st;
        }
    }
    return HE_OK;
}
#define STEPS(a) (a), sizeof(a) / sizeof(a)[0]

/* Whoever is to act does `kind` until nobody is: HE_OK, or the first refusal's status. */
static int act_all(he_hand *h, int kind)
{
    while (h->actor >= 0) {
        int st = he_hand_act(h, kind, 0, HE_HAND_ANY_SEAT, NULL, NULL);
        if (st != HE_OK) {
            return st;
        }
    }
    return HE_OK;
}

/* Heads-up the button posts the small blind and acts first before the flop, last after. */
static void test_heads_up_blinds(void)
{
    he_hand_config c = config(HE_NO_LIMIT, 2);
    int64_t stacks[2] = {1000, 1000};
    he_hand_setup s = seeded(2, 1, stacks, 3);
    he_hand h;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    CHECK(h.bets[1] == 5 && h.bets[0] == 10 && h.actor == 1);
    CHECK(he_hand_act(&h, HE_ACT_CALL, 0, 1, NULL, NULL) == HE_OK);
    CHECK(h.actor == 0);
    CHECK(he_hand_act(&h, HE_ACT_CHECK, 0, HE_HAND_ANY_SEAT, NULL, NULL) == HE_OK);
    CHECK(h.street == HE_FLOP && h.board_len == 3 && h.actor == 0 && h.pot == 20);
}

/* Minimum raise: the last full raise; an all-in for less does not re-open the betting. */
static void test_min_raise_and_reopen(void)
{
    he_hand_config c = config(HE_NO_LIMIT, 2);
    int64_t stacks[3] = {1000, 1000, 140};
    he_hand_setup s = seeded(3, 2, stacks, 9); /* seat 0 small blind, 1 big blind, 2 first */
    he_hand h;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    CHECK(h.actor == 2);
    CHECK(he_hand_act(&h, HE_ACT_RAISE, 15, 2, NULL, NULL) == HE_E_HAND_UNDER_MIN);
    CHECK(he_hand_act(&h, HE_ACT_RAISE, 100, 2, NULL, NULL) == HE_OK); /* raise of 90 */
    he_hand_legal_actions la;
    CHECK(he_hand_legal(&h, &la) == HE_OK && la.count == 3 && la.min[2] == 190);
    CHECK(he_hand_act(&h, HE_ACT_CALL, 0, 0, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_RAISE, 190, 1, NULL, NULL) == HE_OK);
    /* seat 2 has 40 left facing 90 more: its all-in is a call for less */
    CHECK(he_hand_act(&h, HE_ACT_ALL_IN, 0, 2, NULL, NULL) == HE_OK);
    CHECK(h.stacks[2] == 0 && h.actor == 0);
    /* seat 0 faces a full raise (190 over its 100): it may re-raise */
    CHECK(he_hand_legal(&h, &la) == HE_OK && la.no_wager == 0);
}

static void test_short_all_in_does_not_reopen(void)
{
    he_hand_config c = config(HE_NO_LIMIT, 2);
    int64_t stacks[3] = {1000, 1000, 150};
    he_hand_setup s = seeded(3, 2, stacks, 4);
    he_hand h;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    static const int64_t preflop[][3] = {{HE_ACT_CALL, 0, 2}, {HE_ACT_CALL, 0, 0},
                                         {HE_ACT_CHECK, 0, 1}};
    CHECK(play(&h, STEPS(preflop)) == HE_OK);
    /* flop: seat 0 bets 100, seat 1 calls, seat 2 all-in to 140 (a raise of 40 < 100) */
    static const int64_t flop[][3] = {{HE_ACT_BET, 100, 0}, {HE_ACT_CALL, 0, 1},
                                      {HE_ACT_RAISE, 140, 2}};
    CHECK(play(&h, STEPS(flop)) == HE_OK);
    he_hand_legal_actions la;
    CHECK(he_hand_legal(&h, &la) == HE_OK && la.count == 2 && la.no_wager == HE_E_HAND_NOT_REOPENED);
    he_hand before = h;
    CHECK(he_hand_act(&h, HE_ACT_RAISE, 300, 0, NULL, NULL) == HE_E_HAND_NOT_REOPENED);
    CHECK(memcmp(&before, &h, sizeof h) == 0);
}

static void test_fixed_limit_cap_and_pot_limit_maximum(void)
{
    he_hand_config c = config(HE_FIXED_LIMIT, 2);
    int64_t stacks[4] = {1000, 1000, 1000, 1000};
    he_hand_setup s = seeded(4, 0, stacks, 5);
    he_hand h;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_RAISE, 25, 3, NULL, NULL) == HE_E_HAND_FIXED);
    static const int64_t raises[][3] = {{HE_ACT_RAISE, 20, 3}, {HE_ACT_RAISE, 30, 0},
                                        {HE_ACT_RAISE, 40, 1}};
    CHECK(play(&h, STEPS(raises)) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_RAISE, 50, 2, NULL, NULL) == HE_E_HAND_CAPPED);

    c = config(HE_POT_LIMIT, 2);
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    he_hand_legal_actions la;
    /* first to act: call 10, then raise by the pot of 25: to 35 */
    CHECK(he_hand_legal(&h, &la) == HE_OK && la.kinds[2] == HE_ACT_RAISE && la.max[2] == 35);
    CHECK(he_hand_act(&h, HE_ACT_RAISE, 36, 3, NULL, NULL) == HE_E_HAND_POT_LIMIT);
}

/* Antes, big-blind ante (dead money), straddle, and the uncalled bet. */
static void test_forced_bets_and_uncalled_bet(void)
{
    he_hand_config c = config(HE_NO_LIMIT, 2);
    c.straddle = 20;
    c.big_blind_ante = 10;
    int64_t stacks[4] = {1000, 1000, 1000, 1000};
    he_hand_setup s = seeded(4, 0, stacks, 6);
    he_hand h;
    he_hand_event ev[HE_HAND_MAX_EVENTS];
    size_t n_ev = 0;
    CHECK(he_hand_start(&h, &c, &s, ev, &n_ev) == HE_OK);
    CHECK(n_ev == 4 + 4 && ev[4].kind == HE_EV_ANTE && ev[4].seat == 2 && ev[7].kind == HE_EV_STRADDLE);
    CHECK(h.dead[2] == 10 && h.bets[3] == 20 && h.actor == 0 && h.level_count == 2);
    static const int64_t steps[][3] = {{HE_ACT_RAISE, 200, 0}, {HE_ACT_FOLD, 0, 1},
                                       {HE_ACT_FOLD, 0, 2}};
    CHECK(play(&h, STEPS(steps)) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_FOLD, 0, 3, ev, &n_ev) == HE_OK);
    CHECK(ev[1].kind == HE_EV_UNCALLED && ev[1].seat == 0 && ev[1].amount == 180);
    CHECK(h.over && h.payouts[0] == 5 + 10 + 10 + 20 + 20 && chips(&h) == 4000);
}

/* An Omaha showdown with side pots, cards given, board dealt by hand. */
static void test_omaha_side_pots_and_dealing(void)
{
    he_hand_config c = config(HE_NO_LIMIT, 4);
    int64_t stacks[3] = {100, 300, 300};
    int64_t holes[12] = {51, 50, 47, 46, 0, 1, 4, 5, 8, 9, 12, 13}; /* AA KK / deuces, treys / 4s 5s */
    he_hand_setup s;
    memset(&s, 0, sizeof s);
    s.seats = 3;
    s.button = 0;
    s.stacks = stacks;
    s.holes = holes;
    he_hand h;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    static const int64_t steps[][3] = {{HE_ACT_ALL_IN, 0, 0}, {HE_ACT_CALL, 0, 1},
                                       {HE_ACT_CALL, 0, 2}};
    CHECK(play(&h, STEPS(steps)) == HE_OK);
    CHECK(h.pending_board == 3);
    int64_t flop[3] = {51, 20, 24};
    CHECK(he_hand_deal(&h, flop, 3, NULL, NULL) == HE_E_HAND_DEALT && h.error_card == 51);
    int64_t bad[2] = {20, 24};
    CHECK(he_hand_deal(&h, bad, 2, NULL, NULL) == HE_E_HAND_DEAL_COUNT);
    flop[0] = 49;
    CHECK(he_hand_deal(&h, flop, 3, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_BET, 50, 1, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_CALL, 0, 2, NULL, NULL) == HE_OK);
    int64_t turn = 30, river = 34;
    CHECK(he_hand_act(&h, HE_ACT_CHECK, 0, 1, NULL, NULL) == HE_E_HAND_WAITING);
    CHECK(he_hand_deal(&h, &turn, 1, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_CHECK, 0, 1, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_CHECK, 0, 2, NULL, NULL) == HE_OK);
    CHECK(he_hand_deal(&h, &river, 1, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_CHECK, 0, 1, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_CHECK, 0, 2, NULL, NULL) == HE_OK);
    /* board Ah? 49 = Ks... whatever wins, chips are conserved and the main pot is 300 */
    CHECK(h.over && chips(&h) == 700 && h.payouts[0] + h.payouts[1] + h.payouts[2] == 400);
}

/* The door: every refusal leaves a zeroed state and says why. */
static void test_door(void)
{
    he_hand_config c = config(HE_NO_LIMIT, 2);
    int64_t stacks[3] = {100, 100, 100};
    he_hand h;
    he_hand_setup s = seeded(1, 0, stacks, 1);
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_SEATS);
    s = seeded(3, 3, stacks, 1);
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_BUTTON);
    int64_t huge[3] = {HE_HAND_MAX_CHIPS, 1, 1};
    s = seeded(3, 0, huge, 1);
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_AMOUNT);
    huge[0] = HE_HAND_MAX_CHIPS / 2;
    huge[1] = HE_HAND_MAX_CHIPS / 2;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_AMOUNT);
    huge[1] = HE_HAND_MAX_CHIPS / 2 - 1;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    int64_t zero[3] = {100, 0, 100};
    s = seeded(3, 0, zero, 1);
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_STACK);
    s = seeded(2, 0, stacks, 1);
    c.straddle = 20;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_STRADDLE);
    c = config(HE_NO_LIMIT, 2);
    c.big_blind = 0;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_CONFIG);
    c = config(HE_NO_LIMIT, 2);
    c.ante = HE_HAND_MAX_CHIPS + 1;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_AMOUNT);
    c = config(HE_NO_LIMIT, 2);
    int64_t eleven[11] = {9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9};
    s = seeded(11, 0, eleven, 1);
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_SEATS);
    c = config(HE_NO_LIMIT, 2);
    int64_t holes[4] = {0, 1, 1, 2};
    s = seeded(2, 0, stacks, 1);
    s.holes = holes;
    s.has_seed = 0;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_TWICE && h.error_card == 1);
    holes[2] = 52;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_CARD && h.error_card == 52);
    holes[2] = -1;
    s.has_seed = 1;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_SEED_UNKNOWN);
    s.holes = NULL;
    s.has_seed = 0;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_NO_CARDS);
    int64_t board[6] = {3, 4, 5, 6, 7, 8};
    s = seeded(2, 0, stacks, 1);
    s.board = board;
    s.board_len = 6;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_BOARD);
    int64_t live[2] = {0, -1};
    s = seeded(2, 0, stacks, 1);
    s.post_live = live;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_E_HAND_POST && h.error_seat == 1);
    CHECK(he_hand_start(NULL, &c, &s, NULL, NULL) == HE_E_ARGUMENT);
    size_t sb = 9, bb = 9;
    CHECK(he_hand_blind_seats(2, 1, &sb, &bb) == HE_OK && sb == 1 && bb == 0);
    CHECK(he_hand_blind_seats(4, 3, &sb, &bb) == HE_OK && sb == 0 && bb == 1);
    CHECK(he_hand_blind_seats(1, 0, &sb, &bb) == HE_E_HAND_SEATS);
    CHECK(he_hand_blind_seats(3, 3, &sb, &bb) == HE_E_HAND_BUTTON);
    CHECK(he_hand_blind_seats(3, 0, NULL, &bb) == HE_E_ARGUMENT);
}

/* Action errors: each leaves the state byte for byte as it was. */
static void test_action_errors(void)
{
    he_hand_config c = config(HE_NO_LIMIT, 2);
    int64_t stacks[3] = {1000, 1000, 1000};
    he_hand_setup s = seeded(3, 0, stacks, 2);
    he_hand h, before;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    before = h;
    const struct { int kind; int64_t amount, seat; int status; } cases[] = {
        {9, 0, HE_HAND_ANY_SEAT, HE_E_HAND_KIND},
        {HE_ACT_CALL, 0, 1, HE_E_HAND_TURN},
        {HE_ACT_CHECK, 0, HE_HAND_ANY_SEAT, HE_E_HAND_CHECK},
        {HE_ACT_BET, 40, HE_HAND_ANY_SEAT, HE_E_HAND_BET_FACING},
        {HE_ACT_RAISE, 1001, HE_HAND_ANY_SEAT, HE_E_HAND_OVER_STACK},
        {HE_ACT_RAISE, INT64_MAX, HE_HAND_ANY_SEAT, HE_E_HAND_OVER_STACK},
        {HE_ACT_RAISE, INT64_MIN, HE_HAND_ANY_SEAT, HE_E_HAND_UNDER_MIN},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        CHECK(he_hand_act(&h, cases[k].kind, cases[k].amount, cases[k].seat, NULL, NULL)
              == cases[k].status);
        CHECK(memcmp(&before, &h, sizeof h) == 0);
    }
    CHECK(he_hand_act(&h, HE_ACT_CALL, 0, 0, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_CALL, 0, 1, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_FOLD, 0, 2, NULL, NULL) == HE_E_HAND_FREE_FOLD);
    CHECK(he_hand_act(&h, HE_ACT_CALL, 0, 2, NULL, NULL) == HE_E_HAND_CALL);
    CHECK(he_hand_act(&h, HE_ACT_CHECK, 0, 2, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_RAISE, 20, 1, NULL, NULL) == HE_E_HAND_RAISE_NO_BET);
    CHECK(he_hand_muck(&h, 1, NULL, NULL) == HE_E_HAND_NOT_FINISHED);
    while (!h.over) {
        CHECK(he_hand_act(&h, HE_ACT_CHECK, 0, HE_HAND_ANY_SEAT, NULL, NULL) == HE_OK);
    }
    CHECK(he_hand_act(&h, HE_ACT_CHECK, 0, HE_HAND_ANY_SEAT, NULL, NULL) == HE_E_HAND_OVER);
    CHECK(chips(&h) == 3000);
}

static void test_manual_showdown(void)
{
    he_hand_config c = config(HE_NO_LIMIT, 2);
    c.manual_showdown = 1;
    int64_t stacks[3] = {100, 100, 100};
    int64_t holes[6] = {-1, -1, 8, 9, 12, 13};
    int64_t board[5] = {51, 47, 43, 39, 2};
    he_hand_setup s;
    memset(&s, 0, sizeof s);
    s.seats = 3;
    s.stacks = stacks;
    s.holes = holes;
    s.board = board;
    s.board_len = 5;
    he_hand h;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    CHECK(act_all(&h, HE_ACT_CHECK_OR_CALL) == HE_OK);
    CHECK(h.street == HE_SHOWDOWN && !h.over && h.betting_done);
    CHECK(he_hand_act(&h, HE_ACT_CHECK, 0, HE_HAND_ANY_SEAT, NULL, NULL) == HE_E_HAND_SHOWDOWN);
    CHECK(he_hand_show(&h, 5, NULL, 0, NULL, NULL) == HE_E_HAND_NOT_IN);
    int64_t wrong[2] = {8, 10};
    CHECK(he_hand_show(&h, 1, wrong, 2, NULL, NULL) == HE_E_HAND_SHOW_OTHER);
    CHECK(he_hand_show(&h, 1, wrong, 1, NULL, NULL) == HE_E_HAND_SHOW_COUNT);
    CHECK(he_hand_show(&h, 1, NULL, 0, NULL, NULL) == HE_OK);
    CHECK(he_hand_show(&h, 1, NULL, 0, NULL, NULL) == HE_E_HAND_DECIDED);
    int64_t dealt[2] = {12, 0};
    int st = he_hand_show(&h, 0, dealt, 2, NULL, NULL);
    CHECK(st == HE_E_HAND_SHOW_DEALT && h.error_card == 12);
    CHECK(he_hand_muck(&h, 2, NULL, NULL) == HE_OK);
    int64_t reveal[2] = {0, 1};
    CHECK(he_hand_show(&h, 0, reveal, 2, NULL, NULL) == HE_OK);
    CHECK(h.over && h.payouts[0] == 30 && h.holes[0] == 0 && chips(&h) == 300); /* trip deuces */
    CHECK(he_hand_muck(&h, 1, NULL, NULL) == HE_E_HAND_DECIDED);

    /* a muck that would leave nobody in the pot, while the board is still pending */
    c.manual_showdown = 1;
    s.board_len = 0;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    CHECK(act_all(&h, HE_ACT_ALL_IN) == HE_OK);
    CHECK(h.pending_board == 3 && h.betting_done);
    CHECK(he_hand_muck(&h, 0, NULL, NULL) == HE_OK);
    CHECK(he_hand_muck(&h, 1, NULL, NULL) == HE_OK);
    CHECK(he_hand_muck(&h, 2, NULL, NULL) == HE_E_HAND_LAST);
    s.board_len = 5;

    /* unknown cards at an automatic showdown: the last call is accepted and the showdown
     * waits for seat 0's cards; a show without them is refused and changes nothing */
    c.manual_showdown = 0;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    CHECK(act_all(&h, HE_ACT_CHECK_OR_CALL) == HE_OK);
    CHECK(h.street == HE_SHOWDOWN && !h.over && chips(&h) == 300 && he_hand_check(&h) == HE_OK);
    he_hand before = h;
    CHECK(he_hand_show(&h, 0, NULL, 0, NULL, NULL) == HE_E_HAND_UNKNOWN && h.error_seat == 0);
    int64_t partly[2] = {0, -1};
    CHECK(he_hand_show(&h, 0, partly, 2, NULL, NULL) == HE_E_HAND_UNKNOWN);
    h.error_seat = before.error_seat;
    h.error_card = before.error_card;
    CHECK(memcmp(&before, &h, sizeof h) == 0);
    CHECK(he_hand_show(&h, 0, reveal, 2, NULL, NULL) == HE_OK);
    CHECK(h.over && h.payouts[0] == 30 && chips(&h) == 300); /* trip deuces */
    /* or it mucks: the others' known hands settle the pot */
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    CHECK(act_all(&h, HE_ACT_CHECK_OR_CALL) == HE_OK);
    CHECK(he_hand_muck(&h, 0, NULL, NULL) == HE_OK && h.over && h.payouts[0] == 0);
    CHECK(chips(&h) == 300);
}

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rnd(void) { return xorshift64(&rng_state); }
static int64_t rnd_in(int64_t lo, int64_t hi) { return lo + (int64_t)(rnd() % (uint64_t)(hi - lo + 1)); }

/* Cards given in advance, by `mode` (0: none, the seeded deal): 1, a partial or full board
 * with the seed dealing the rest; 2, every hole card and a board of 0..5 cards without a
 * seed (the hand waits for the board cards the plan lacks: he_hand_deal). Distinct random
 * cards, in the caller's arrays. */
static void give_cards(he_hand_setup *s, int mode, int64_t hole_count, int64_t *holes,
                       int64_t *board)
{
    int64_t deck[52];
    for (int64_t k = 0; k < 52; k++) {
        deck[k] = k;
    }
    for (int64_t k = 0; k < 52; k++) { /* Fisher-Yates */
        int64_t j = rnd_in(k, 51), t = deck[k];
        deck[k] = deck[j];
        deck[j] = t;
    }
    if (mode == 0) {
        return;
    }
    s->board = board;
    s->board_len = (size_t)rnd_in(mode == 1 ? 1 : 0, 5);
    memcpy(board, deck, s->board_len * sizeof *board);
    if (mode == 2) {
        s->has_seed = 0;
        s->holes = holes;
        memcpy(holes, deck + 5, (size_t)((int64_t)s->seats * hole_count) * sizeof *holes);
    }
}

/* Plays a hand to its end the plain way, each step accepted: checks and calls, board cards
 * not in play, and at the showdown each seat it waits for shows (unknown hole cards
 * replaced by cards not in play). Every state that passes he_hand_check can finish so,
 * with every chip paid out. */
static void finish_hand(he_hand *h)
{
    for (int step = 0; step < 200 && !h->over; step++) {
        uint64_t used = 0;
        int64_t hc = h->hole_count, free_cards[52], n_free = 0, st;
        for (int64_t k = 0; k < h->n * hc; k++) {
            used |= h->holes[k] >= 0 ? (uint64_t)1 << h->holes[k] : 0;
        }
        for (int64_t k = 0; k < h->board_len; k++) {
            used |= (uint64_t)1 << h->board[k];
        }
        for (int64_t k = 0; k < h->plan_len; k++) {
            used |= (uint64_t)1 << h->plan[k];
        }
        for (int64_t k = 0; k < HE_HAND_RUN_CARDS; k++) {
            used |= h->run_boards[k] >= 0 ? (uint64_t)1 << h->run_boards[k] : 0;
        }
        for (int64_t c = 0; c < 52; c++) {
            if (!(used >> c & 1u)) {
                free_cards[n_free++] = c;
            }
        }
        if (h->actor >= 0) {
            st = he_hand_act(h, HE_ACT_CHECK_OR_CALL, 0, HE_HAND_ANY_SEAT, NULL, NULL);
        } else if (h->pending_board) {
            st = he_hand_deal(h, free_cards, (size_t)h->pending_board, NULL, NULL);
        } else if (h->run_choosing) { /* run it twice: each live seat chooses one run */
            int64_t seat = -1;
            for (int64_t k = 0; k < h->n && seat < 0; k++) {
                seat = !h->folded[k] && !h->run_choice[k] ? k : -1;
            }
            CHECK(seat >= 0);
            st = he_hand_choose_runs(h, seat, 1, NULL, NULL);
        } else {
            int64_t seat = -1, unknown = 0;
            for (int64_t k = 0; k < h->n && seat < 0; k++) {
                unknown = 0;
                for (int64_t c = 0; c < hc; c++) {
                    unknown |= h->holes[k * hc + c] < 0;
                }
                if (!h->folded[k] && !h->shown[k] && (h->manual_showdown || unknown)) {
                    seat = k;
                }
            }
            CHECK(seat >= 0);
            int64_t cards[HE_HAND_MAX_HOLE];
            for (int64_t c = 0, f = 0; c < hc; c++) {
                cards[c] = h->holes[seat * hc + c] >= 0 ? h->holes[seat * hc + c] : free_cards[f++];
            }
            st = he_hand_show(h, seat, unknown ? cards : NULL, (size_t)hc, NULL, NULL);
        }
        CHECK(st == HE_OK && he_hand_check(h) == HE_OK && chips(h) == started(h));
    }
    CHECK(h->over);
}

/* One random step: mostly legal, sometimes anything (which must change nothing). */
static int random_step(he_hand *h)
{
    if (h->pending_board) {
        int64_t cards[5];
        for (int64_t k = 0; k < h->pending_board; k++) {
            cards[k] = rnd_in(0, 51);
        }
        return he_hand_deal(h, cards, (size_t)h->pending_board, NULL, NULL);
    }
    if (h->actor < 0 && h->run_choosing && rnd() % 4) { /* run it twice: a choice, maybe bad */
        he_hand before = *h;
        int st = he_hand_choose_runs(h, rnd_in(-1, h->n), rnd_in(-1, 4), NULL, NULL);
        if (st != HE_OK) {
            CHECK(memcmp(&before, h, sizeof before) == 0);
        }
        return st;
    }
    if (h->actor < 0) {
        int64_t seat = rnd_in(0, h->n - 1);
        return rnd() & 1 ? he_hand_show(h, seat, NULL, 0, NULL, NULL)
                         : he_hand_muck(h, seat, NULL, NULL);
    }
    he_hand_legal_actions la;
    CHECK(he_hand_legal(h, &la) == HE_OK && la.count >= 1);
    if (rnd() % 4) {
        int32_t k = (int32_t)rnd_in(0, la.count - 1);
        return he_hand_act(h, la.kinds[k], rnd_in(la.min[k], la.max[k]), h->actor, NULL, NULL);
    }
    he_hand before = *h;
    int st = he_hand_act(h, (int)rnd_in(0, 8), rnd_in(-5, 3000), rnd() & 1 ? h->actor : rnd_in(-1, 10),
                         NULL, NULL);
    if (st != HE_OK) {
        CHECK(memcmp(&before, h, sizeof before) == 0);
    }
    return st;
}

static void test_random_play(void)
{
    for (int round = 0; round < 3000; round++) {
        he_hand_config c = config((int64_t)(round % 3), round % 5 == 4 ? 4 : 2);
        c.ante = round % 7 == 1 ? 3 : 0;
        c.big_blind_ante = round % 7 == 2 ? 10 : 0;
        c.straddle = round % 7 == 3 ? 20 : 0;
        c.allow_free_fold = round % 11 == 0;
        c.manual_showdown = round % 13 == 0;
        c.max_bets = round % 9 == 0 ? -1 : 4;
        c.max_runs = 1 + round % HE_HAND_MAX_RUNS;
        if (round % 4 == 1) {
            c.rate_num = 1;
            c.rate_den = 20;
            c.rake_cap = 7;
        } else if (round % 4 == 2) {
            c.settle_method = HE_SETTLE_POKERKIT;
            c.odd_chips = HE_ODD_FIRST_WINNER;
            double rate = 0.05;
            memcpy(&c.rate_bits, &rate, sizeof rate);
        }
        size_t seats = (size_t)rnd_in(c.straddle ? 3 : 2, c.hole_count == 4 ? 8 : 10);
        int64_t stacks[HE_HAND_MAX_SEATS];
        for (size_t k = 0; k < seats; k++) {
            stacks[k] = rnd_in(1, 400);
        }
        he_hand_setup s = seeded(seats, (size_t)rnd_in(0, (int64_t)seats - 1), stacks, rnd());
        int64_t holes[HE_HAND_HOLES], board[5];
        give_cards(&s, round % 6 < 3 ? 0 : round % 6 - 3, c.hole_count, holes, board);
        int64_t live[HE_HAND_MAX_SEATS] = {0}, dead[HE_HAND_MAX_SEATS] = {0};
        if (round % 5 == 0) {
            live[0] = 10;
            dead[0] = 5;
            s.post_live = live;
            s.post_dead = dead;
        }
        he_hand h, copy;
        CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
        for (int step = 0; step < 400 && !h.over; step++) {
            random_step(&h);
            CHECK(he_hand_check(&h) == HE_OK);
            CHECK(chips(&h) == started(&h));
            CHECK(he_hand_clone(&copy, &h) == HE_OK && memcmp(&copy, &h, sizeof h) == 0);
        }
        CHECK(h.over);
    }
}

/* Any values in one to three fields: he_hand_check refuses the state, or play goes on
 * safely: chips conserved, legal actions taken, the states reached pass the check, and
 * the hand ends.
 * (Two fields changed together can keep a sum the check reads: rake and a stack.) */
static void test_tampered_states(void)
{
    size_t fields = he_hand_field_count();
    int accepted = 0;
    for (int round = 0; round < 12000; round++) {
        he_hand_config c = config((int64_t)(round % 3), round % 4 == 3 ? 4 : 2);
        c.max_runs = round % 3 ? 1 : 3;
        int64_t stacks[6] = {300, 200, 100, 400, 50, 250};
        he_hand_setup s = seeded(6, (size_t)(round % 6), stacks, (uint64_t)round);
        int64_t holes[HE_HAND_HOLES], board[5];
        give_cards(&s, round % 5 < 3 ? 0 : round % 5 - 2, c.hole_count, holes, board);
        he_hand h;
        CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
        for (int64_t step = rnd_in(0, 8); step > 0 && !h.over; step--) {
            random_step(&h);
        }
        for (int64_t edits = rnd_in(1, 3); edits > 0; edits--) { /* fields that agree, too */
            size_t f = (size_t)rnd_in(0, (int64_t)fields - 1);
            size_t width = he_hand_field_width(f);
            unsigned char *slot = (unsigned char *)&h + he_hand_field_offset(f)
                                  + width * (size_t)rnd_in(0, (int64_t)he_hand_field_length(f) - 1);
            const int64_t odd[] = {-1, 0, 1, 2, 3, 5, 9, 10, 11, 52, 127, -128, -7,
                                   HE_HAND_DONE, INT64_MAX, INT64_MIN};
            int64_t old = 0;
            if (width == 1) {
                int8_t v;
                memcpy(&v, slot, 1);
                old = v;
            } else if (width == 4) {
                int32_t v;
                memcpy(&v, slot, 4);
                old = v;
            } else {
                memcpy(&old, slot, 8);
            }
            /* a nearby value wraps (two's complement), as a narrow field holds only its
             * type's values: its low bytes */
            uint64_t bits = rnd() % 3 ? (uint64_t)odd[rnd() % (sizeof odd / sizeof odd[0])]
                                      : (uint64_t)old + (uint64_t)rnd_in(-3, 3);
            if (width == 1) {
                uint8_t v = (uint8_t)bits;
                memcpy(slot, &v, 1);
            } else if (width == 4) {
                uint32_t v = (uint32_t)bits;
                memcpy(slot, &v, 4);
            } else {
                memcpy(slot, &bits, 8);
            }
        }
        if (he_hand_check(&h) != HE_OK) {
            continue;
        }
        accepted++;
        for (int step = 0; step < 400 && !h.over; step++) {
            int st = HE_OK;
            if (h.pending_board || h.actor < 0 || rnd() % 2) {
                random_step(&h);
            } else { /* a legal action of an accepted state is never refused */
                he_hand_legal_actions la;
                CHECK(he_hand_legal(&h, &la) == HE_OK && la.count >= 1);
                int32_t k = (int32_t)rnd_in(0, la.count - 1);
                st = he_hand_act(&h, la.kinds[k], rnd_in(la.min[k], la.max[k]), h.actor, NULL,
                                 NULL);
                CHECK(st == HE_OK);
            }
            CHECK(chips(&h) == started(&h));
            CHECK(st != HE_OK || he_hand_check(&h) == HE_OK);
        }
        finish_hand(&h); /* it can end, every chip paid out (unknown cards: shown) */
    }
    CHECK(accepted > 100);
}

/* Run it twice / N times: all in preflop with max_runs 3, the choice opens; refusals
 * change nothing; three runs from the seeded deck share no card; the chips add up and each
 * run's board is logged; then a hand dealt by hand waits for run 2's five cards. */
static void test_run_it_twice(void)
{
    he_hand_config c = config(HE_NO_LIMIT, 2);
    c.max_runs = 3;
    int64_t stacks[3] = {300, 200, 100};
    he_hand_setup s = seeded(3, 0, stacks, 77);
    he_hand h, saved;
    CHECK(he_hand_start(&h, &c, &s, NULL, NULL) == HE_OK);
    CHECK(he_hand_choose_runs(&h, 0, 2, NULL, NULL) == HE_E_HAND_NO_RUNS);
    CHECK(he_hand_runs_most(&h) == 0);
    memcpy(&saved, &h, sizeof h); /* runs agreed while seats can still bet: refused */
    saved.runs = 2;
    CHECK(he_hand_check(&saved) != HE_OK && he_hand_fault(&saved) == HE_HAND_FAULT_WAIT);
    CHECK(he_hand_act(&h, HE_ACT_ALL_IN, 0, HE_HAND_ANY_SEAT, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_CALL, 0, HE_HAND_ANY_SEAT, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_CALL, 0, HE_HAND_ANY_SEAT, NULL, NULL) == HE_OK);
    CHECK(h.run_choosing == 1 && h.actor == -1 && h.board_len == 0 && he_hand_check(&h) == HE_OK);
    CHECK(he_hand_runs_most(&h) == 3);
    memcpy(&saved, &h, sizeof h);
    CHECK(he_hand_choose_runs(&h, 0, 4, NULL, NULL) == HE_E_HAND_RUNS);
    CHECK(he_hand_choose_runs(&h, 0, -1, NULL, NULL) == HE_E_HAND_RUNS);
    CHECK(he_hand_choose_runs(&h, 5, 2, NULL, NULL) == HE_E_HAND_NOT_IN);
    CHECK(memcmp(&saved, &h, sizeof h) == 0);
    he_hand_event ev[HE_HAND_MAX_EVENTS];
    size_t ne = 0;
    CHECK(he_hand_choose_runs(&h, 0, 3, ev, &ne) == HE_OK && ne == 1 && ev[0].kind == HE_EV_RUN_CHOICE);
    CHECK(he_hand_choose_runs(&h, 0, 3, NULL, NULL) == HE_E_HAND_DECIDED);
    CHECK(he_hand_choose_runs(&h, 1, 0, NULL, NULL) == HE_OK); /* no preference */
    CHECK(he_hand_choose_runs(&h, 2, 3, ev, &ne) == HE_OK);
    CHECK(h.over && h.runs == 3 && h.runs_dealt == 2 && chips(&h) == started(&h));
    CHECK(he_hand_check(&h) == HE_OK);
    uint64_t used = 0;
    int twice = 0;
    for (int64_t k = 0; k < 6; k++) {
        twice |= (int)(used >> h.holes[k] & 1u);
        used |= (uint64_t)1 << h.holes[k];
    }
    for (int64_t r = 0; r < 3; r++) {
        for (int64_t k = 0; k < 5; k++) {
            int64_t card = r == 0 ? h.board[k] : h.run_boards[(r - 1) * 5 + k];
            twice |= (int)(used >> card & 1u);
            used |= (uint64_t)1 << card;
        }
    }
    CHECK(!twice);
    int runs_logged = 0;
    int64_t by_runs = 0, wins = 0;
    for (size_t k = 0; k < ne; k++) {
        runs_logged += ev[k].kind == HE_EV_RUN && ev[k].n_cards == 5;
        by_runs += ev[k].kind == HE_EV_RUN_WIN ? ev[k].amount : 0;
        wins += ev[k].kind == HE_EV_WIN ? ev[k].amount : 0;
    }
    CHECK(runs_logged == 3 && by_runs == wins && wins + h.rake == 500); /* 100 uncalled */
    /* dealt by hand: the hand waits for the second run's own cards, all five at once */
    int64_t holes[4] = {48, 49, 44, 45}; /* AcAd KcKd */
    int64_t hu[2] = {100, 100};
    he_hand_setup d = seeded(2, 0, hu, 0);
    d.has_seed = 0;
    d.holes = holes;
    c.max_runs = 2;
    CHECK(he_hand_start(&h, &c, &d, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_ALL_IN, 0, HE_HAND_ANY_SEAT, NULL, NULL) == HE_OK);
    CHECK(he_hand_act(&h, HE_ACT_CALL, 0, HE_HAND_ANY_SEAT, NULL, NULL) == HE_OK);
    CHECK(he_hand_choose_runs(&h, 0, 2, NULL, NULL) == HE_OK);
    CHECK(he_hand_choose_runs(&h, 1, 2, NULL, NULL) == HE_OK && h.pending_board == 3);
    int64_t flop[3] = {0, 5, 10}, turn[1] = {15}, river[1] = {20}, run2[5] = {46, 47, 1, 6, 11};
    CHECK(he_hand_deal(&h, flop, 3, NULL, NULL) == HE_OK);
    CHECK(he_hand_deal(&h, turn, 1, NULL, NULL) == HE_OK);
    CHECK(he_hand_deal(&h, river, 1, NULL, NULL) == HE_OK);
    CHECK(h.pending_board == 5 && !h.over && he_hand_check(&h) == HE_OK);
    run2[4] = 20; /* the first run's river again */
    CHECK(he_hand_deal(&h, run2, 5, NULL, NULL) == HE_E_HAND_DEALT);
    run2[4] = 11;
    CHECK(he_hand_deal(&h, run2, 3, NULL, NULL) == HE_E_HAND_DEAL_COUNT);
    CHECK(he_hand_deal(&h, run2, 5, NULL, NULL) == HE_OK);
    CHECK(h.over && chips(&h) == started(&h) && he_hand_check(&h) == HE_OK);
}

int main(void)
{
    test_heads_up_blinds();
    test_min_raise_and_reopen();
    test_short_all_in_does_not_reopen();
    test_fixed_limit_cap_and_pot_limit_maximum();
    test_forced_bets_and_uncalled_bet();
    test_omaha_side_pots_and_dealing();
    test_door();
    test_action_errors();
    test_manual_showdown();
    test_random_play();
    test_tampered_states();
    test_run_it_twice();
    return check_report("hand");
}
