/* The hand state machine (api/hand.h): the start of a hand (the door: every amount within
 * HE_HAND_MAX_CHIPS, the settings' ranges, cards, forced bets). The invariants of a state
 * read from outside are csrc/hand_state.c's. See csrc/hand.c for the betting rules. */
#include "hand_internal.h"

/* ---- the start of a hand ------------------------------------------------------------------- */

/* The first status that values[0..length) out of lo..hi give (HE_E_HAND_AMOUNT for an
 * amount above the layout's LIMIT), or st when they are all in range. */
static int settings_in_range(int st, const int64_t *values, size_t length, int64_t lo, int64_t hi)
{
    for (size_t k = 0; k < length && st == HE_OK; k++) {
        if (values[k] < lo || values[k] > hi) {
            st = hi == LIMIT && values[k] > hi ? HE_E_HAND_AMOUNT : HE_E_HAND_CONFIG;
        }
    }
    return st;
}

int he_hi_config_ok(const he_hand_config *c)
{
    int st = HE_OK;
#define IN_RANGE(S, A, type, name, length, lo, hi) \
    st = settings_in_range(st, (const int64_t *)&c->name, length, lo, hi);
    HE_HAND_SETTINGS(IN_RANGE, _, _)
#undef IN_RANGE
    double rate;
    memcpy(&rate, &c->rate_bits, sizeof rate);
    /* what a range cannot say: the variant's hole cards, a fraction of at most 1, a rate,
     * a button blind without a small blind or straddle */
    const he_variant *v = he_variant_info((size_t)c->variant); /* in range: checked above */
    if (st == HE_OK && (c->hole_count < v->hole_min || c->hole_count > v->hole_max
                        || c->rate_num > c->rate_den || !(rate >= 0.0 && rate <= 1.0)
                        || (c->button_blind && (c->small_blind || c->straddle)))) {
        st = HE_E_HAND_CONFIG;
    }
    return st;
}

/* the settings into the state's fields of the same names (in range: he_hi_config_ok) */
static void load_config(he_hand *h, const he_hand_config *c)
{
#define LOAD(S, A, type, name, length, lo, hi)                       \
    for (size_t k = 0; k < (length); k++) {                          \
        ((type *)&h->name)[k] = (type)((const int64_t *)&c->name)[k]; \
    }
    HE_HAND_SETTINGS(LOAD, _, _)
#undef LOAD
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
    if ((int64_t)s->seats * c->hole_count + 8 > he_variant_info((size_t)c->variant)->deck_size) {
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

/* A hand with a seeded deck and a partly known board: draws the `nh` hole cards (0 when
 * they were given) and the board cards the plan lacks, in the order the streets will take
 * them (each street burns one, then deals what the plan does not give), into drawn[0..nh)
 * and deck_board; deck_pos stays after the hole cards. */
static int draw_deck(he_hand *h, int64_t nh, int8_t *drawn)
{
    int64_t have = 0, pos = nh, from[5];
    for (int64_t p = 0; p < 5; p++) {
        from[p] = -1;
        h->deck_board[p] = -1;
    }
    for (int64_t street = HE_FLOP; street <= HE_RIVER; street++) {
        int64_t need = board_after[street] - have;
        if (h->plan_len < have + need) {
            int64_t from_plan = h->plan_len - have < 0 ? 0 : h->plan_len - have;
            pos++; /* the burn */
            for (int64_t p = have + from_plan; p < have + need; p++) {
                from[p] = pos++;
            }
        }
        have += need;
    }
    int st = he_hi_draw(h, pos, drawn);
    if (st != HE_OK) {
        return st;
    }
    h->deck_pos = (int8_t)nh;
    for (int64_t p = 0; p < 5; p++) {
        if (from[p] >= 0) {
            h->deck_board[p] = drawn[from[p]];
        }
    }
    return HE_OK;
}

/* Hole cards from `drawn`, taken in the dealing order: one at a time clockwise from the
 * seat left of the button. */
static void place_holes(he_hand *h, const int8_t *drawn)
{
    int64_t n = h->n, hc = h->hole_count, first = he_hi_seat_after(h, h->button, 1);
    for (int64_t seat = 0; seat < n; seat++) {
        int64_t k = seat - first; /* its place in the dealing order: no wrap-around branch */
        k += n & -(int64_t)(k < 0);
        int8_t *hole = h->holes + seat * hc;
        hole[0] = drawn[k]; /* every game has two hole cards or more (config_ok) */
        hole[1] = drawn[k + n];
        for (int64_t r = 2; r < hc; r++) { /* a loop of two rounds mispredicts its exit */
            hole[r] = drawn[k + r * n];
        }
    }
}

int he_hi_deal_fresh(he_hand *h, uint64_t seed)
{
    static const int64_t plan_at[5] = {1, 2, 3, 5, 7}; /* after each street's burn */
    int64_t nh = h->n * h->hole_count;
    int8_t drawn[HE_DECK_SIZE];
    h->deck_seed = (int64_t)seed;
    h->deck_mask = 0;
    h->deck_pos = 0;
    int st = he_hi_draw(h, nh + 8, drawn);
    if (h->max_runs < 2) { /* (runs after the first draw on from the same deck) */
        h->deck_seed = 0;
        h->deck_pos = 0;
    } else {
        h->has_deck = 1;
    }
    if (st != HE_OK) {
        return st;
    }
    for (int64_t k = 0; k < 5; k++) {
        h->plan[k] = drawn[nh + plan_at[k]];
    }
    h->plan_len = 5;
    place_holes(h, drawn);
    return HE_OK;
}

/* The cards: given hole cards and board (checked: ids, no card twice), the rest from the
 * seed. Seeded deals follow engine/dealing.py: with nothing given, he_hi_deal_fresh; else
 * the board is drawn (after a burn) when needed from the deck without the given cards. */
static int load_cards(he_hand *h, const he_hand_setup *s)
{
    int64_t nh = h->n * h->hole_count;
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
        if (he_hi_off_deck(h, s->board[k])) {
            h->error_card = s->board[k];
            return HE_E_HAND_DECK_CARD;
        }
        h->plan[k] = (int8_t)s->board[k];
    }
    h->plan_len = (int8_t)s->board_len;
    uint64_t used = 0;
    if (s->holes != NULL) {
        for (int64_t k = 0; k < nh; k++) {
            if (s->holes[k] < -1 || s->holes[k] > 51) {
                h->error_card = s->holes[k];
                return HE_E_HAND_CARD;
            }
            if (he_hi_off_deck(h, s->holes[k])) {
                h->error_card = s->holes[k];
                return HE_E_HAND_DECK_CARD;
            }
            h->holes[k] = (int8_t)s->holes[k];
        }
        int st = he_hi_take_held(h, h->holes, nh, &used);
        if (st != HE_OK) {
            return st;
        }
    }
    int st = he_hi_take_held(h, h->plan, h->plan_len, &used);
    if (st != HE_OK) {
        return st;
    }
    if (!s->has_seed) {
        return s->holes != NULL ? HE_OK : HE_E_HAND_NO_CARDS;
    }
    if (s->holes == NULL && s->board_len == 0) {
        return he_hi_deal_fresh(h, s->seed);
    }
    for (int64_t k = 0; k < nh; k++) {
        if (s->holes != NULL && h->holes[k] < 0) {
            return HE_E_HAND_SEED_UNKNOWN;
        }
    }
    h->has_deck = 1;
    h->deck_seed = (int64_t)s->seed;
    h->deck_mask = (int64_t)used;
    int8_t drawn[HE_DECK_SIZE];
    st = draw_deck(h, s->holes == NULL ? nh : 0, drawn);
    if (st == HE_OK && s->holes == NULL) {
        place_holes(h, drawn);
    }
    return st;
}

int he_hand_blind_seats(size_t seats, size_t button, size_t *small_blind, size_t *big_blind)
{
    if (small_blind == NULL || big_blind == NULL) {
        return HE_E_ARGUMENT;
    }
    if (seats < 2 || seats > HE_HAND_MAX_SEATS) {
        return HE_E_HAND_SEATS;
    }
    if (button >= seats) {
        return HE_E_HAND_BUTTON;
    }
    /* the next seats clockwise, by a subtraction rather than a division */
    size_t first = button + 1 == seats ? 0 : button + 1;
    size_t second = first + 1 == seats ? 0 : first + 1;
    *small_blind = seats == 2 ? button : first; /* heads-up the button posts the small blind */
    *big_blind = seats == 2 ? first : second;
    return HE_OK;
}

/* Takes up to `amount` from seat k's stack (all of it when short). */
static int64_t take(he_hand *h, int64_t k, int64_t amount)
{
    int64_t amt = amount < h->stacks[k] ? amount : h->stacks[k];
    h->stacks[k] = CHIP(h->stacks[k] - amt);
    return amt;
}

/* Forced bets: antes (dead, from every seat), or a big-blind ante (dead, the big blind
 * pays it from what its blind leaves), the small and big blind (heads-up the button posts the small blind), a
 * straddle left of the big blind, then extra posts; returns the first seat to act. With
 * button_blind the button posts the big blind (short deck's button blind) and there is
 * no small blind: the seat left of the button acts first. */
static int64_t post_forced(he_hand *h, const he_hand_setup *s, he_hi_log *log)
{
    int64_t n = h->n, first = he_hi_seat_after(h, h->button, 1);
    size_t sb_seat = 0, bb_seat = 0;
    he_hand_blind_seats((size_t)n, (size_t)h->button, &sb_seat, &bb_seat);
    int64_t sb = (int64_t)sb_seat, bb = (int64_t)bb_seat;
    if (h->button_blind) { /* the button posts the one blind and acts last (no small blind) */
        sb = bb = h->button;
    } else if (h->no_small_blind) { /* dead-button rule: no small blind, the big blind next */
        sb = -1;
        bb = first;
    }
    h->small_blind_seat = (int8_t)sb;
    h->big_blind_seat = (int8_t)bb;
    if (h->ante) {
        for (int64_t d = 0; d < n; d++) {
            int64_t k = he_hi_seat_after(h, first, d), amt = take(h, k, h->ante);
            h->committed[k] = CHIP(h->committed[k] + amt);
            he_hi_emit(log, HE_EV_ANTE, k, amt, NULL, 0);
        }
    } else if (h->big_blind_ante) {
        /* the big blind is posted before the ante (TDA): a short stack antes what is left */
        int64_t blind = h->big_blind < h->stacks[bb] ? h->big_blind : h->stacks[bb];
        int64_t left = h->stacks[bb] - blind;
        int64_t amt = take(h, bb, h->big_blind_ante < left ? h->big_blind_ante : left);
        h->committed[bb] = CHIP(h->committed[bb] + amt);
        h->dead[bb] = CHIP(amt);
        he_hi_emit(log, HE_EV_ANTE, bb, amt, NULL, 0);
    }
    if (h->small_blind && sb >= 0) {
        h->bets[sb] = CHIP(take(h, sb, h->small_blind));
        he_hi_emit(log, HE_EV_SMALL_BLIND, sb, h->bets[sb], NULL, 0);
    }
    h->bets[bb] = CHIP(take(h, bb, h->big_blind));
    he_hi_emit(log, HE_EV_BIG_BLIND, bb, h->bets[bb], NULL, 0);
    int64_t next = he_hi_seat_after(h, bb, 1);
    /* fixed-limit cap: the big blind (and a straddle) count as this round's bets */
    h->level_count = h->blind_counts_toward_cap;
    if (h->straddle) {
        h->bets[next] = CHIP(take(h, next, h->straddle));
        he_hi_emit(log, HE_EV_STRADDLE, next, h->bets[next], NULL, 0);
        next = he_hi_seat_after(h, next, 1);
        h->level_count *= 2;
    }
    for (int64_t k = 0; k < n && (s->post_live != NULL || s->post_dead != NULL); k++) {
        /* seat by seat: live chips, then dead chips */
        int64_t want = s->post_live != NULL ? s->post_live[k] - h->bets[k] : 0;
        int64_t amt = take(h, k, want > 0 ? want : 0);
        if (amt) {
            h->bets[k] = CHIP(h->bets[k] + amt);
            he_hi_emit(log, HE_EV_POST, k, amt, NULL, 0);
        }
        amt = take(h, k, s->post_dead != NULL ? s->post_dead[k] : 0);
        if (amt) {
            h->committed[k] = CHIP(h->committed[k] + amt);
            h->dead[k] = CHIP(h->dead[k] + amt);
            he_hi_emit(log, HE_EV_DEAD, k, amt, NULL, 0);
        }
    }
    return next;
}

/* Zeroes the whole state in 64-byte pieces, which compilers store inline (one memset of
 * the whole struct becomes a `rep stos`, whose start-up costs more than the stores). */
static void clear_hand(he_hand *h)
{
    unsigned char *p = (unsigned char *)h;
    size_t k = 0;
    for (; k + 64 <= sizeof *h; k += 64) {
        memset(p + k, 0, 64);
    }
    memset(p + k, 0, sizeof *h % 64);
}

static int start(he_hand *h, const he_hand_config *c, const he_hand_setup *s, he_hi_log *log)
{
    int st = he_hi_config_ok(c);
    if (st != HE_OK) {
        return st;
    }
    clear_hand(h);
    st = table_ok(h, c, s);
    if (st != HE_OK) {
        return st;
    }
    load_config(h, c);
    h->n = (int8_t)s->seats;     /* 2..10: table_ok checked it */
    h->button = (int8_t)s->button;
    h->actor = h->last_aggressor = h->river_aggressor = -1;
    h->runs = 1;
    memset(h->run_boards, -1, sizeof h->run_boards);
    memset(h->deck_board, -1, sizeof h->deck_board);
    for (int64_t k = 0; k < h->n; k++) {
        h->stacks[k] = h->starting_stacks[k] = CHIP(s->stacks[k]);
        h->acted[k] = -1;
    }
    st = load_cards(h, s);
    if (st != HE_OK) {
        return st;
    }
    int64_t first = he_hi_seat_after(h, h->button, 1);
    for (int64_t d = 0; d < h->n; d++) {
        int64_t k = he_hi_seat_after(h, first, d);
        he_hi_emit(log, HE_EV_HOLE, k, 0, h->holes + k * h->hole_count, h->hole_count);
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
    /* a short big blind does not lower the price of entry: the next player still calls the
     * whole blind (the part the all-in blind cannot match is returned if nobody else does) */
    if (h->cur_bet < h->big_blind) {
        h->cur_bet = h->big_blind;
    }
    /* a straddle is the new big blind for the minimum raise (no- and pot-limit): blinds
     * 1/2, straddle 4 -> the first raise is to at least 8 */
    h->raise_size = h->street_sizes[0];
    if (h->straddle && h->betting != HE_FIXED_LIMIT && h->cur_bet > h->raise_size) {
        h->raise_size = h->cur_bet;
    }
    h->street = HE_PREFLOP;
    h->capped = (int8_t)he_hi_capped_multiway(h);
    return he_hi_start_round(h, next, 0, log);
}

int he_hand_start(he_hand *h, const he_hand_config *config, const he_hand_setup *setup,
                  he_hand_event *events, size_t *n_events)
{
    if (h == NULL || config == NULL || setup == NULL || setup->stacks == NULL
        || (setup->board_len && setup->board == NULL)) {
        return HE_E_ARGUMENT;
    }
    he_hi_log log = {events, 0};
    int64_t error_card = 0, error_seat = 0;
    int st = start(h, config, setup, &log);
    if (st != HE_OK) {
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
