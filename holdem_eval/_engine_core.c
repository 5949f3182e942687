/* CPython glue compiled into the cffi module: the C base type of holdem_eval.engine.Hand.
 *
 * It holds the state that changes during a hand (stacks, bets, committed chips, folded,
 * the per-seat action levels, the log, the board, the current bet, raise size and pot,
 * the seat to act, the street) as members that Python reads and writes like slots, and
 * runs the engine's hot paths in C: legal_actions(); the fold / check / call / bet /
 * raise of the seat to act; the end of a betting round (uncalled bet returned, bets
 * moved into the pot, the next street dealt from the board plan); the automatic
 * showdown of one Hold'em pot; the award of an uncontested pot; the start of a hand
 * (seeded deal, hole cards, antes, blinds, straddle); and clone()'s copy.
 *
 * The Python methods of Hand stay the reference: every path here handles only what it
 * can fully check (the action is legal, every value is an exact int of at most 2**60,
 * the state has the shape Hand gives it) and otherwise calls the Python method of the
 * same name with a `_py` suffix, which applies the rules or raises the precise error.
 * So no error message lives here; side pots, rake, Omaha showdowns, manual showdowns,
 * extra posts, big-blind antes and decks drawn during the hand run in Python; and tests/engine/test_core_reference.py
 * plays random hands both ways and compares every state. Every new object an action
 * needs is made before the state changes, so a failed allocation changes nothing.
 *
 * Limited API only, so the extension stays abi3. */

#include <structmember.h>

#define HE_CORE_MAX_SEATS 10
#define HE_CORE_LIMIT (1LL << 60) /* larger chip counts take the Python paths */

typedef struct {
    PyObject_HEAD
    PyObject *stacks, *bets, *folded, *acted, *log, *bounds; /* lists; LegalAction or str */
    PyObject *cur_bet, *raise_size, *pot;                       /* Python ints */
    PyObject *committed, *board, *board_plan;                    /* lists */
    PyObject *street_sizes; /* tuple: the raise size each street starts with */
    Py_ssize_t n, actor, n_live, n_active, level_count, last_aggressor, bounds_at;
    Py_ssize_t code, cap, free_fold; /* betting 0 NL / 1 PL / 2 FL; max bets (-1 none) */
    Py_ssize_t button, street_index, river_aggressor, pending_board;
    char betting_done;
} HeCore;

/* Set once by he_core_setup (engine/hand.py, at import). */
static struct {
    PyObject *legal_action;     /* the LegalAction class (a tuple subclass) */
    PyObject *kinds[6];         /* ActionKind members FOLD .. ALL_IN */
    PyObject *legal_fold, *legal_check, *no_opponent, *done, *empty;
    PyObject *ev[13]; /* event kinds, see names[] in he_core_setup */
    PyObject *m_end_round, *m_act, *m_fold, *m_check, *m_call, *m_wager, *m_legal;
    PyObject *m_start_round, *m_award, *m_next_street, *zero, *minus_one;
    PyObject *m_award_py, *m_showdown, *m_begin_street, *showdown_mark;
    PyObject *a_rules, *a_rake_percent, *a_manual, *a_dead, *a_shown, *a_holes, *a_payouts;
    PyObject *a_rake, *a_ranks, *a_deck, *a_config, *a_core_params, *m_start_seeded, *m_start, *empty_str;
    PyObject *s_covers, *s_reopen;
    long long done_value;
} he_k;

enum { K_FOLD, K_CHECK, K_CALL, K_BET, K_RAISE, K_ALL_IN };
enum { E_UNCALLED = 5, E_BOARD, E_WIN, E_HOLE, E_ANTE, E_SMALL_BLIND, E_BIG_BLIND, E_STRADDLE };
enum { RIVER = 3, SHOWDOWN = 4 };

/* An exact int with |v| <= HE_CORE_LIMIT (or the "done" level) into *v; 0 otherwise. */
static int he_int(PyObject *o, long long *v)
{
    if (o == NULL || !PyLong_CheckExact(o)) {
        return 0;
    }
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow || (x == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    if ((x > HE_CORE_LIMIT && x != he_k.done_value) || x < -HE_CORE_LIMIT) {
        return 0;
    }
    *v = x;
    return 1;
}

/* The whole per-seat state as C numbers; 0 when anything is not as Hand makes it. */
typedef struct {
    long long stacks[HE_CORE_MAX_SEATS], bets[HE_CORE_MAX_SEATS], acted[HE_CORE_MAX_SEATS];
    int folded[HE_CORE_MAX_SEATS];
    long long cur, raise_size, pot;
} HeView;

static int he_list_ok(PyObject *list, Py_ssize_t n)
{
    return list != NULL && PyList_CheckExact(list) && PyList_Size(list) == n;
}

/* Any phase: the seat arrays and the current bet, raise size and pot. */
static int he_read_state(HeCore *h, HeView *v)
{
    Py_ssize_t n = h->n;
    if (n < 2 || n > HE_CORE_MAX_SEATS
        || !he_list_ok(h->stacks, n) || !he_list_ok(h->bets, n) || !he_list_ok(h->folded, n)
        || !he_list_ok(h->acted, n) || h->log == NULL || !PyList_CheckExact(h->log)
        || !he_int(h->cur_bet, &v->cur) || !he_int(h->raise_size, &v->raise_size)
        || !he_int(h->pot, &v->pot)) {
        return 0;
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *f = PyList_GetItem(h->folded, j);
        if (!he_int(PyList_GetItem(h->stacks, j), &v->stacks[j])
            || !he_int(PyList_GetItem(h->bets, j), &v->bets[j])
            || !he_int(PyList_GetItem(h->acted, j), &v->acted[j])
            || (f != Py_True && f != Py_False)) {
            return 0;
        }
        v->folded[j] = f == Py_True;
    }
    return 1;
}

/* During a betting round: the same, with a seat to act. */
static int he_read(HeCore *h, HeView *v)
{
    return h->actor >= 0 && h->actor < h->n && he_read_state(h, v);
}

/* Replace list[i] with a new int; the list owns it afterwards. */
static void he_put(PyObject *list, Py_ssize_t i, PyObject *value)
{
    PyList_SetItem(list, i, value); /* steals value; i is in range (checked by he_read) */
}

static void he_set(PyObject **slot, PyObject *value)
{
    PyObject *old = *slot;
    *slot = value;
    Py_XDECREF(old);
}

static PyObject *he_event(int kind, Py_ssize_t seat, long long amount)
{
    PyObject *s = PyLong_FromSsize_t(seat), *a = PyLong_FromLongLong(amount);
    PyObject *ev = (s && a) ? PyTuple_Pack(4, he_k.ev[kind], s, a, he_k.empty) : NULL;
    Py_XDECREF(s);
    Py_XDECREF(a);
    return ev;
}

static int he_call_method(HeCore *h, PyObject *name, PyObject *arg)
{
    PyObject *r = PyObject_CallMethodObjArgs((PyObject *)h, name, arg, NULL);
    Py_XDECREF(r);
    return r == NULL ? -1 : 0;
}

/* ---- round ends and streets: Hand._end_round_py, _next_street, _begin_street and
 * _start_round_py in C. Each returns 0, or -1 with an exception set. ---------------- */

static int he_end_round(HeCore *h);
static int he_showdown(HeCore *h);
static int he_award_uncontested(HeCore *h);

/* The first seat from `start` clockwise that must act gets the turn, else the round
 * ends (a lone player with chips who matched the bet has nobody to bet against). */
static int he_start_round(HeCore *h, Py_ssize_t start)
{
    HeView v;
    if (start < 0 || start >= h->n || !he_read_state(h, &v)) {
        PyObject *s = PyLong_FromSsize_t(start);
        int rc = s != NULL ? he_call_method(h, he_k.m_start_round, s) : -1;
        Py_XDECREF(s);
        return rc;
    }
    for (Py_ssize_t d = 0; d < h->n; d++) {
        Py_ssize_t j = (start + d) % h->n;
        if (v.acted[j] < v.cur && (h->n_active >= 2 || v.bets[j] < v.cur)) {
            h->actor = j;
            return 0;
        }
    }
    return he_end_round(h);
}

/* A new betting round: its raise size, no bets counted, every seat still in to act. */
static int he_begin_street(HeCore *h, const HeView *v)
{
    h->street_index++;
    h->pending_board = 0;
    PyObject *acted = PyList_New(h->n);
    if (acted == NULL) {
        return -1;
    }
    for (Py_ssize_t j = 0; j < h->n; j++) {
        PyObject *level = v->folded[j] || v->stacks[j] == 0 ? he_k.done : he_k.minus_one;
        Py_INCREF(level);
        PyList_SetItem(acted, j, level);
    }
    he_set(&h->acted, acted);
    PyObject *size = PyTuple_GetItem(h->street_sizes, h->street_index);
    Py_INCREF(size);
    he_set(&h->raise_size, size);
    h->level_count = 0;
    h->last_aggressor = -1;
    return he_start_round(h, (h->button + 1) % h->n);
}

/* Deal the next street from the board plan and start its betting, or run the board out
 * once betting is done, then the showdown; Hand._next_street (Python) takes over when
 * the plan runs out (a seeded deck draws, or the hand waits for deal_board). */
static int he_next_street(HeCore *h, const HeView *v)
{
    static const Py_ssize_t board_after[] = {0, 3, 4, 5};
    while (h->street_index < RIVER) {
        Py_ssize_t have = PyList_Size(h->board);
        Py_ssize_t need = board_after[h->street_index + 1] - have;
        if (need < 0 || PyList_Size(h->board_plan) < have + need) {
            return he_call_method(h, he_k.m_next_street, NULL);
        }
        PyObject *cards = PyList_GetSlice(h->board_plan, have, have + need);
        PyObject *dealt = cards != NULL ? PyList_AsTuple(cards) : NULL;
        PyObject *ev = NULL;
        if (dealt != NULL) {
            PyObject *minus = PyLong_FromLong(-1);
            ev = minus != NULL ? PyTuple_Pack(4, he_k.ev[E_BOARD], minus, he_k.zero, dealt) : NULL;
            Py_XDECREF(minus);
        }
        int rc = ev != NULL ? PyList_SetSlice(h->board, have, have, cards) : -1;
        if (rc == 0) {
            rc = PyList_Append(h->log, ev);
        }
        Py_XDECREF(cards);
        Py_XDECREF(dealt);
        Py_XDECREF(ev);
        if (rc != 0) {
            return -1;
        }
        if (!h->betting_done) {
            return he_begin_street(h, v);
        }
        h->street_index++; /* an all-in runout: deal on */
        h->pending_board = 0;
    }
    h->street_index = SHOWDOWN;
    return he_showdown(h);
}

/* ---- awarding the pot: Hand._award_uncontested_py, _award, _showdown_py and _finish
 * in C for the common cases (no rake, automatic showdown, Hold'em, one pot that every
 * live seat matched); everything else calls the Python reference. ------------------- */

/* Pay `payouts` (n chip counts, summing to the pot) and close the hand, as
 * Hand._finish(payouts, 0) does. */
static int he_finish(HeCore *h, const long long *payouts)
{
    HeView v;
    if (!he_read_state(h, &v)) { /* checked by every caller; a subclass may interfere */
        PyErr_SetString(PyExc_RuntimeError, "the hand's state changed while it was settled");
        return -1;
    }
    Py_ssize_t n = h->n;
    long long paid = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        paid += payouts[k];
    }
    if (paid != v.pot) { /* chips are never created or lost: as Hand._finish checks */
        PyErr_Format(PyExc_AssertionError, "settlement pays %lld chips, the pot holds %lld",
                     paid, v.pot);
        return -1;
    }
    PyObject *list = PyList_New(n), *stacks[HE_CORE_MAX_SEATS] = {NULL};
    int failed = list == NULL;
    for (Py_ssize_t k = 0; !failed && k < n; k++) {
        PyObject *p = PyLong_FromLongLong(payouts[k]);
        failed = p == NULL;
        if (!failed) {
            PyList_SetItem(list, k, p);
            if (payouts[k]) {
                stacks[k] = PyLong_FromLongLong(v.stacks[k] + payouts[k]);
                PyObject *ev = he_event(E_WIN, k, payouts[k]);
                failed = stacks[k] == NULL || ev == NULL || PyList_Append(h->log, ev) != 0;
                Py_XDECREF(ev);
            }
        }
    }
    if (!failed) {
        failed = PyObject_SetAttr((PyObject *)h, he_k.a_rake, he_k.zero) != 0
                 || PyObject_SetAttr((PyObject *)h, he_k.a_payouts, list) != 0;
    }
    Py_XDECREF(list);
    for (Py_ssize_t k = 0; k < n; k++) {
        if (stacks[k] != NULL) {
            if (failed) {
                Py_DECREF(stacks[k]);
            } else {
                he_put(h->stacks, k, stacks[k]);
            }
        }
    }
    if (failed) {
        return -1;
    }
    Py_INCREF(he_k.zero);
    he_set(&h->pot, he_k.zero);
    h->actor = -1;
    h->pending_board = 0;
    return 0;
}

/* 1 when the hand's rules take no rake (rules None, or rake_percent == 0), 0 when they
 * may, -1 on error. */
static int he_no_rake(HeCore *h)
{
    PyObject *rules = PyObject_GetAttr((PyObject *)h, he_k.a_rules);
    if (rules == NULL) {
        return -1;
    }
    int rc = 1;
    if (rules != Py_None) {
        PyObject *pct = PyObject_GetAttr(rules, he_k.a_rake_percent);
        rc = pct == NULL ? -1 : PyObject_RichCompareBool(pct, he_k.zero, Py_EQ);
        Py_XDECREF(pct);
    }
    Py_DECREF(rules);
    return rc;
}

/* The last live seat takes the pot (Hand._award). */
static int he_award(HeCore *h, Py_ssize_t winner)
{
    HeView v;
    int no_rake = he_no_rake(h);
    if (no_rake < 0) {
        return -1;
    }
    if (!no_rake || !he_read_state(h, &v) || winner < 0 || winner >= h->n) {
        PyObject *w = PyLong_FromSsize_t(winner);
        int rc = w != NULL ? he_call_method(h, he_k.m_award_py, w) : -1;
        Py_XDECREF(w);
        return rc;
    }
    long long payouts[HE_CORE_MAX_SEATS] = {0};
    payouts[winner] = v.pot;
    return he_finish(h, payouts);
}

static int he_award_uncontested(HeCore *h)
{
    HeView v;
    if (!he_read_state(h, &v)) {
        return he_call_method(h, he_k.m_award, NULL);
    }
    Py_ssize_t winner = 0;
    while (winner < h->n && v.folded[winner]) {
        winner++;
    }
    if (winner == h->n) { /* nobody left (a tampered state): Python raises */
        return he_call_method(h, he_k.m_award, NULL);
    }
    return he_award(h, winner);
}

/* The live seats' hole cards as ids, when every live seat holds two known cards. */
static int he_hole_pairs(PyObject *holes, const Py_ssize_t *live, Py_ssize_t nlive,
                         uint8_t (*cards)[7])
{
    for (Py_ssize_t m = 0; m < nlive; m++) {
        PyObject *t = PyList_GetItem(holes, live[m]);
        if (t == NULL || !PyTuple_CheckExact(t) || PyTuple_Size(t) != 2) {
            PyErr_Clear();
            return 0;
        }
        for (Py_ssize_t c = 0; c < 2; c++) {
            long long id;
            if (!he_int(PyTuple_GetItem(t, c), &id) || id < 0 || id > 51) {
                return 0;
            }
            cards[m][c] = (uint8_t)id;
        }
    }
    return 1;
}

/* Automatic showdown (Hand._showdown_py with rules None): 1 done, 0 not handled
 * (nothing changed), -1 error. */
static int he_showdown_fast(HeCore *h, const HeView *v)
{
    Py_ssize_t n = h->n, live[HE_CORE_MAX_SEATS], nlive = 0;
    if (h->button < 0 || h->button >= n) {
        return 0;
    }
    PyObject *shown = PyObject_GetAttr((PyObject *)h, he_k.a_shown);
    int ok = shown != NULL && he_list_ok(shown, n);
    for (Py_ssize_t k = 0; ok && k < n; k++) {
        long long s;
        ok = he_int(PyList_GetItem(shown, k), &s);
        if (ok && !v->folded[k] && s != 2) {
            live[nlive++] = k;
        }
    }
    Py_XDECREF(shown);
    if (!ok) {
        PyErr_Clear();
        return 0;
    }
    if (nlive == 1) {
        return he_award(h, live[0]) == 0 ? 1 : -1;
    }
    /* the Python reference decides every other case the fast path does not cover */
    PyObject *manual = PyObject_GetAttr((PyObject *)h, he_k.a_manual);
    PyObject *rules = PyObject_GetAttr((PyObject *)h, he_k.a_rules);
    PyObject *dead = PyObject_GetAttr((PyObject *)h, he_k.a_dead);
    PyObject *holes = PyObject_GetAttr((PyObject *)h, he_k.a_holes);
    uint8_t cards[HE_CORE_MAX_SEATS][7];
    long long board_ids[5], committed[HE_CORE_MAX_SEATS];
    ok = manual == Py_False && rules == Py_None && dead == Py_None && he_list_ok(holes, n)
         && he_hole_pairs(holes, live, nlive, cards) && he_list_ok(h->board, 5)
         && he_list_ok(h->committed, n);
    Py_XDECREF(manual);
    Py_XDECREF(rules);
    Py_XDECREF(dead);
    Py_XDECREF(holes);
    for (Py_ssize_t c = 0; ok && c < 5; c++) {
        ok = he_int(PyList_GetItem(h->board, c), &board_ids[c]) && board_ids[c] >= 0
             && board_ids[c] <= 51;
    }
    long long top = 0;
    for (Py_ssize_t k = 0; ok && k < n; k++) {
        ok = he_int(PyList_GetItem(h->committed, k), &committed[k]);
        top = ok && committed[k] > top ? committed[k] : top;
    }
    /* one pot: every live seat put in the most anyone did (no side pots, nothing back) */
    for (Py_ssize_t m = 0; ok && m < nlive; m++) {
        ok = committed[live[m]] == top;
    }
    int ranks[HE_CORE_MAX_SEATS], best = 7463, nwin = 0;
    for (Py_ssize_t m = 0; ok && m < nlive; m++) {
        for (int c = 0; c < 5; c++) {
            cards[m][2 + c] = (uint8_t)board_ids[c];
        }
        ranks[m] = he_eval_hand(cards[m], 7);
        ok = ranks[m] > 0;
        if (ok && ranks[m] < best) {
            best = ranks[m];
        }
    }
    if (!ok) {
        PyErr_Clear();
        return 0;
    }
    /* winners in odd-chip order: clockwise from the seat left of the button */
    Py_ssize_t winners[HE_CORE_MAX_SEATS];
    for (Py_ssize_t d = 1; d <= n; d++) {
        Py_ssize_t seat = (h->button + d) % n;
        for (Py_ssize_t m = 0; m < nlive; m++) {
            if (live[m] == seat && ranks[m] == best) {
                winners[nwin++] = seat;
            }
        }
    }
    long long payouts[HE_CORE_MAX_SEATS] = {0};
    for (int w = 0; w < nwin; w++) {
        payouts[winners[w]] = v->pot / nwin + (w < v->pot % nwin ? 1 : 0);
    }
    PyObject *rank_list = PyList_New(n), *live_t = PyTuple_New(nlive), *mark = NULL;
    PyObject *aggr = PyLong_FromSsize_t(h->river_aggressor);
    int failed = rank_list == NULL || live_t == NULL || aggr == NULL;
    for (Py_ssize_t k = 0; !failed && k < n; k++) {
        Py_INCREF(Py_None);
        PyList_SetItem(rank_list, k, Py_None);
    }
    for (Py_ssize_t m = 0; !failed && m < nlive; m++) {
        PyObject *r = PyLong_FromLong(ranks[m]), *seat = PyLong_FromSsize_t(live[m]);
        failed = r == NULL || seat == NULL;
        if (!failed) {
            PyList_SetItem(rank_list, live[m], r);
            PyTuple_SetItem(live_t, m, seat);
        } else {
            Py_XDECREF(r);
            Py_XDECREF(seat);
        }
    }
    if (!failed) {
        mark = PyTuple_Pack(4, he_k.showdown_mark, aggr, he_k.zero, live_t);
        failed = mark == NULL
                 || PyObject_SetAttr((PyObject *)h, he_k.a_ranks, rank_list) != 0
                 || PyList_Append(h->log, mark) != 0;
    }
    Py_XDECREF(rank_list);
    Py_XDECREF(live_t);
    Py_XDECREF(aggr);
    Py_XDECREF(mark);
    if (failed) {
        return -1;
    }
    return he_finish(h, payouts) == 0 ? 1 : -1;
}

static int he_showdown(HeCore *h)
{
    HeView v;
    int rc = he_read_state(h, &v) ? he_showdown_fast(h, &v) : 0;
    return rc != 0 ? (rc > 0 ? 0 : -1) : he_call_method(h, he_k.m_showdown, NULL);
}

/* The round is over: return the uncalled part of the largest bet, move the bets into
 * `committed`, then award an uncontested pot or go on to the next street. */
static int he_end_round(HeCore *h)
{
    HeView v;
    long long committed[HE_CORE_MAX_SEATS];
    Py_ssize_t n = h->n;
    int ok = he_read_state(h, &v) && he_list_ok(h->committed, n) && h->board != NULL
             && PyList_CheckExact(h->board) && h->board_plan != NULL
             && PyList_CheckExact(h->board_plan) && h->street_sizes != NULL
             && PyTuple_Check(h->street_sizes) && PyTuple_Size(h->street_sizes) == 4
             && h->button >= 0 && h->button < n && h->street_index >= 0
             && h->street_index <= RIVER;
    for (Py_ssize_t j = 0; ok && j < n; j++) {
        ok = he_int(PyList_GetItem(h->committed, j), &committed[j]);
    }
    for (Py_ssize_t s = 0; ok && s < 4; s++) {
        long long size;
        ok = he_int(PyTuple_GetItem(h->street_sizes, s), &size);
    }
    if (!ok) {
        return he_call_method(h, he_k.m_end_round, NULL);
    }
    Py_ssize_t k = -1, ties = 0;
    long long second = 0;
    for (Py_ssize_t j = 0; j < n && v.cur > 0; j++) {
        if (v.bets[j] == v.cur) {
            k = j;
            ties++;
        } else if (v.bets[j] > second) {
            second = v.bets[j];
        }
    }
    /* every new object first, then the changes */
    long long back = ties == 1 ? v.cur - second : 0;
    PyObject *ev = NULL, *stack = NULL, *pot = NULL, *back_bet = NULL;
    PyObject *new_committed = PyList_New(n), *new_bets = PyList_New(n);
    int failed = new_committed == NULL || new_bets == NULL;
    if (!failed && back) {
        v.bets[k] = second;
        ev = he_event(E_UNCALLED, k, back);
        stack = PyLong_FromLongLong(v.stacks[k] + back);
        pot = PyLong_FromLongLong(v.pot - back);
        back_bet = PyLong_FromLongLong(second);
        failed = !ev || !stack || !pot || !back_bet;
    }
    for (Py_ssize_t j = 0; !failed && j < n; j++) {
        PyObject *c = PyLong_FromLongLong(committed[j] + v.bets[j]);
        failed = c == NULL;
        if (c != NULL) {
            PyList_SetItem(new_committed, j, c);
            Py_INCREF(he_k.zero);
            PyList_SetItem(new_bets, j, he_k.zero);
        }
    }
    if (!failed && back) {
        failed = PyList_Append(h->log, ev) != 0;
    }
    Py_XDECREF(ev);
    if (failed) {
        Py_XDECREF(stack);
        Py_XDECREF(pot);
        Py_XDECREF(back_bet);
        Py_XDECREF(new_committed);
        Py_XDECREF(new_bets);
        return -1;
    }
    h->actor = -1;
    if (back) {
        if (v.stacks[k] == 0 && !v.folded[k]) {
            h->n_active++;
        }
        v.stacks[k] += back;
        he_put(h->stacks, k, stack);
        he_set(&h->pot, pot);
        he_put(h->bets, k, back_bet); /* as the Python reference leaves the old list */
    }
    he_set(&h->committed, new_committed);
    he_set(&h->bets, new_bets);
    if (h->street_index == RIVER) {
        h->river_aggressor = h->last_aggressor;
    }
    if (h->n_live == 1) {
        return he_award_uncontested(h);
    }
    Py_INCREF(he_k.zero);
    he_set(&h->cur_bet, he_k.zero);
    if (h->street_index == RIVER || h->n_active < 2) {
        h->betting_done = 1;
    }
    return he_next_street(h, &v);
}

/* After seat i acted: the next seat clockwise whose level is below `cur` acts, else the
 * round ends. Returns 0 or -1 with an exception set. */
static int he_pass_turn(HeCore *h, const HeView *v, Py_ssize_t i, long long cur, int check_live)
{
    if (!check_live || h->n_live > 1) {
        for (Py_ssize_t d = 1; d < h->n; d++) {
            Py_ssize_t j = (i + d) % h->n;
            if (v->acted[j] < cur) {
                h->actor = j;
                return 0;
            }
        }
    }
    return he_end_round(h);
}

/* Each action below returns 1 when done, 0 when it must go to the Python reference
 * (nothing changed), -1 on a Python error. */

static int he_fold(HeCore *h, Py_ssize_t i)
{
    HeView v;
    if (!he_read(h, &v) || i != h->actor || (v.bets[i] >= v.cur && !h->free_fold)) {
        return 0;
    }
    PyObject *ev = he_event(K_FOLD, i, 0);
    if (ev == NULL) {
        return -1;
    }
    if (PyList_Append(h->log, ev) != 0) {
        Py_DECREF(ev);
        return -1;
    }
    Py_DECREF(ev);
    Py_INCREF(Py_True);
    he_put(h->folded, i, Py_True);
    Py_INCREF(he_k.done);
    he_put(h->acted, i, he_k.done);
    v.acted[i] = he_k.done_value;
    h->n_live--;
    h->n_active--;
    return he_pass_turn(h, &v, i, v.cur, 1) == 0 ? 1 : -1;
}

static int he_check(HeCore *h, Py_ssize_t i)
{
    HeView v;
    if (!he_read(h, &v) || i != h->actor || v.bets[i] < v.cur) {
        return 0;
    }
    PyObject *ev = he_event(K_CHECK, i, 0);
    if (ev == NULL || PyList_Append(h->log, ev) != 0) {
        Py_XDECREF(ev);
        return -1;
    }
    Py_DECREF(ev);
    Py_INCREF(h->cur_bet);
    he_put(h->acted, i, h->cur_bet);
    v.acted[i] = v.cur;
    return he_pass_turn(h, &v, i, v.cur, 0) == 0 ? 1 : -1;
}

static int he_call(HeCore *h, Py_ssize_t i)
{
    HeView v;
    if (!he_read(h, &v) || i != h->actor || v.cur - v.bets[i] <= 0) {
        return 0;
    }
    long long pay = v.cur - v.bets[i];
    int all_in = v.stacks[i] <= pay;
    if (all_in) {
        pay = v.stacks[i];
    }
    PyObject *stack = PyLong_FromLongLong(v.stacks[i] - pay);
    PyObject *bet = PyLong_FromLongLong(v.bets[i] + pay);
    PyObject *pot = PyLong_FromLongLong(v.pot + pay);
    PyObject *ev = he_event(K_CALL, i, pay);
    if (!stack || !bet || !pot || !ev || PyList_Append(h->log, ev) != 0) {
        Py_XDECREF(stack);
        Py_XDECREF(bet);
        Py_XDECREF(pot);
        Py_XDECREF(ev);
        return -1;
    }
    Py_DECREF(ev);
    PyObject *level = all_in ? he_k.done : h->cur_bet;
    Py_INCREF(level);
    he_put(h->acted, i, level);
    v.acted[i] = all_in ? he_k.done_value : v.cur;
    if (all_in) {
        h->n_active--;
    }
    he_put(h->stacks, i, stack);
    he_put(h->bets, i, bet);
    he_set(&h->pot, pot);
    return he_pass_turn(h, &v, i, v.cur, 0) == 0 ? 1 : -1;
}

/* The BET/RAISE range for the seat to act: *lo..*hi, or *reason (a new reference to a
 * str, the same words and objects as Hand._legal_actions_py). Returns 0 on error. */
static int he_wager_range(HeCore *h, const HeView *v, long long *lo, long long *hi,
                          PyObject **reason)
{
    Py_ssize_t i = h->actor;
    long long stack = v->stacks[i], bet = v->bets[i], cur = v->cur, acted = v->acted[i];
    *reason = NULL;
    if (stack <= cur - bet) {
        *reason = he_k.s_covers;
    } else if (acted >= 0 && cur - acted < v->raise_size) {
        *reason = he_k.s_reopen;
    } else if (h->code == 2 && h->cap >= 0 && h->level_count >= h->cap) {
        *reason = PyUnicode_FromFormat("the betting is capped at %zd bets this round", h->cap);
        return *reason != NULL;
    } else if (cur == 0) {
        if (h->n_active < 2) {
            *reason = he_k.no_opponent;
        }
    } else {
        *reason = he_k.no_opponent;
        for (Py_ssize_t j = 0; j < h->n; j++) {
            if (v->stacks[j] + v->bets[j] > cur && j != i && !v->folded[j]) {
                *reason = NULL;
                break;
            }
        }
    }
    if (*reason != NULL) {
        Py_INCREF(*reason);
        return 1;
    }
    long long allin_to = stack + bet, min_to = cur + v->raise_size, max_to;
    if (h->code == 0) {
        max_to = allin_to;
    } else if (h->code == 2) {
        max_to = min_to;
    } else {
        max_to = 2 * cur - bet + v->pot;
        if (max_to < min_to) {
            max_to = min_to;
        }
    }
    *lo = min_to > allin_to ? allin_to : min_to;
    *hi = max_to > allin_to ? allin_to : max_to;
    return 1;
}

static PyObject *he_legal(PyObject *kind, long long lo, long long hi)
{
    PyObject *a = PyLong_FromLongLong(lo), *b = PyLong_FromLongLong(hi);
    PyObject *t = (a && b) ? PyType_GenericAlloc((PyTypeObject *)he_k.legal_action, 3) : NULL;
    if (t == NULL) {
        Py_XDECREF(a);
        Py_XDECREF(b);
        return NULL;
    }
    Py_INCREF(kind);
    PyTuple_SetItem(t, 0, kind);
    PyTuple_SetItem(t, 1, a);
    PyTuple_SetItem(t, 2, b);
    return t;
}

/* Computes and caches the BET/RAISE entry (h->bounds, as in Python); returns it borrowed. */
static PyObject *he_bounds(HeCore *h, const HeView *v)
{
    long long lo = 0, hi = 0;
    PyObject *reason;
    if (!he_wager_range(h, v, &lo, &hi, &reason)) {
        return NULL;
    }
    PyObject *b = reason != NULL ? reason : he_legal(he_k.kinds[v->cur ? K_RAISE : K_BET], lo, hi);
    if (b == NULL) {
        return NULL;
    }
    he_set(&h->bounds, b);
    h->bounds_at = PyList_Size(h->log);
    return b;
}

static int he_wager(HeCore *h, Py_ssize_t i, PyObject *to_obj, long long kind)
{
    HeView v;
    long long to;
    if (!he_read(h, &v) || i != h->actor || !he_int(to_obj, &to)
        || (kind == K_BET) != (v.cur == 0)) {
        return 0;
    }
    PyObject *b = h->bounds;
    if (b == NULL || h->bounds_at != PyList_Size(h->log)) {
        b = he_bounds(h, &v);
        if (b == NULL) {
            return -1;
        }
    }
    if (PyUnicode_Check(b)) {
        return 0;
    }
    long long lo, hi;
    if (!PyTuple_Check(b) || PyTuple_Size(b) != 3 || !he_int(PyTuple_GetItem(b, 1), &lo)
        || !he_int(PyTuple_GetItem(b, 2), &hi) || to < lo || to > hi) {
        return 0;
    }
    long long delta = to - v.bets[i], stack = v.stacks[i] - delta, inc = to - v.cur;
    int raise_grows = inc >= v.raise_size;
    PyObject *stack_o = PyLong_FromLongLong(stack);
    PyObject *pot = PyLong_FromLongLong(v.pot + delta);
    PyObject *size = raise_grows && h->code != 2 ? PyLong_FromLongLong(inc) : NULL;
    PyObject *ev = he_event(kind == K_BET ? K_BET : K_RAISE, i, to);
    if (!stack_o || !pot || (raise_grows && h->code != 2 && !size) || !ev
        || PyList_Append(h->log, ev) != 0) {
        Py_XDECREF(stack_o);
        Py_XDECREF(pot);
        Py_XDECREF(size);
        Py_XDECREF(ev);
        return -1;
    }
    Py_DECREF(ev);
    he_put(h->stacks, i, stack_o);
    Py_INCREF(to_obj);
    he_put(h->bets, i, to_obj);
    he_set(&h->pot, pot);
    PyObject *level = stack == 0 ? he_k.done : to_obj;
    Py_INCREF(level);
    he_put(h->acted, i, level);
    v.acted[i] = stack == 0 ? he_k.done_value : to;
    if (stack == 0) {
        h->n_active--;
    }
    if (raise_grows) {
        if (size != NULL) {
            he_set(&h->raise_size, size);
        }
        h->level_count++;
    }
    Py_INCREF(to_obj);
    he_set(&h->cur_bet, to_obj);
    h->last_aggressor = i;
    return he_pass_turn(h, &v, i, to, 0) == 0 ? 1 : -1;
}

/* ---- methods ---------------------------------------------------------------------- */

static PyObject *he_done(HeCore *h, int rc, PyObject *method, PyObject *a, PyObject *b,
                         PyObject *c)
{
    if (rc < 0) {
        return NULL;
    }
    if (rc > 0) {
        Py_RETURN_NONE;
    }
    return PyObject_CallMethodObjArgs((PyObject *)h, method, a, b, c, NULL);
}

static PyObject *he_core_legal_actions(PyObject *self, PyObject *unused)
{
    (void)unused;
    HeCore *h = (HeCore *)self;
    if (h->actor < 0) {
        return PyTuple_New(0);
    }
    HeView v;
    if (!he_read(h, &v)) {
        return PyObject_CallMethodObjArgs(self, he_k.m_legal, NULL);
    }
    PyObject *wager = he_bounds(h, &v);
    if (wager == NULL) {
        return NULL;
    }
    Py_ssize_t i = h->actor;
    long long to_call = v.cur - v.bets[i];
    int can_wager = !PyUnicode_Check(wager);
    if (to_call > 0) {
        long long amt = v.stacks[i] < to_call ? v.stacks[i] : to_call;
        PyObject *call = he_legal(he_k.kinds[K_CALL], amt, amt);
        if (call == NULL) {
            return NULL;
        }
        PyObject *res = can_wager ? PyTuple_Pack(3, he_k.legal_fold, call, wager)
                                  : PyTuple_Pack(2, he_k.legal_fold, call);
        Py_DECREF(call);
        return res;
    }
    if (!can_wager) {
        return h->free_fold ? PyTuple_Pack(2, he_k.legal_fold, he_k.legal_check)
                            : PyTuple_Pack(1, he_k.legal_check);
    }
    return h->free_fold ? PyTuple_Pack(3, he_k.legal_fold, he_k.legal_check, wager)
                        : PyTuple_Pack(2, he_k.legal_check, wager);
}

static int he_seat_arg(PyObject *o, Py_ssize_t *i)
{
    if (!PyLong_CheckExact(o)) {
        return 0;
    }
    *i = PyLong_AsSsize_t(o);
    if (*i == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

static PyObject *he_core_act(PyObject *self, PyObject *args, PyObject *kwargs)
{
    HeCore *h = (HeCore *)self;
    static char *kwlist[] = {"action", "seat", NULL};
    PyObject *action, *seat = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:act", kwlist, &action, &seat)) {
        return NULL;
    }
    int rc = 0;
    Py_ssize_t seat_i = h->actor;
    if (PyTuple_Check(action) && PyTuple_Size(action) == 2
        && (seat == Py_None || (he_seat_arg(seat, &seat_i) && seat_i == h->actor))
        && h->actor >= 0) {
        PyObject *kind_o = PyTuple_GetItem(action, 0), *amount = PyTuple_GetItem(action, 1);
        long kind = PyLong_Check(kind_o) ? PyLong_AsLong(kind_o) : -1;
        if (kind == -1 && PyErr_Occurred()) {
            PyErr_Clear();
        }
        Py_ssize_t i = h->actor;
        switch (kind) {
        case K_FOLD: rc = he_fold(h, i); break;
        case K_CHECK: rc = he_check(h, i); break;
        case K_CALL: rc = he_call(h, i); break;
        case K_BET:
        case K_RAISE: rc = he_wager(h, i, amount, kind); break;
        default: rc = 0; /* ALL_IN and anything unknown: the Python reference */
        }
    }
    return he_done(h, rc, he_k.m_act, action, seat, NULL);
}

static PyObject *he_core_seat_method(PyObject *self, PyObject *arg, int (*fn)(HeCore *, Py_ssize_t),
                                     PyObject *method)
{
    Py_ssize_t i;
    int rc = he_seat_arg(arg, &i) ? fn((HeCore *)self, i) : 0;
    return he_done((HeCore *)self, rc, method, arg, NULL, NULL);
}

static PyObject *he_core_fold(PyObject *self, PyObject *arg)
{
    return he_core_seat_method(self, arg, he_fold, he_k.m_fold);
}

static PyObject *he_core_check(PyObject *self, PyObject *arg)
{
    return he_core_seat_method(self, arg, he_check, he_k.m_check);
}

static PyObject *he_core_call(PyObject *self, PyObject *arg)
{
    return he_core_seat_method(self, arg, he_call, he_k.m_call);
}

static PyObject *he_core_wager(PyObject *self, PyObject *args)
{
    PyObject *seat, *to, *kind;
    if (!PyArg_UnpackTuple(args, "_wager", 3, 3, &seat, &to, &kind)) {
        return NULL;
    }
    Py_ssize_t i;
    long k = PyLong_Check(kind) ? PyLong_AsLong(kind) : -1;
    if (k == -1 && PyErr_Occurred()) {
        PyErr_Clear();
    }
    int rc = 0;
    if (he_seat_arg(seat, &i) && (k == K_BET || k == K_RAISE)) {
        rc = he_wager((HeCore *)self, i, to, k);
    }
    return he_done((HeCore *)self, rc, he_k.m_wager, seat, to, kind);
}

/* The steps Python calls directly (a METH_NOARGS method each): 0 or -1 from the step. */
#define HE_STEP_METHOD(method, step)                                                     \
    static PyObject *method(PyObject *self, PyObject *unused)                           \
    {                                                                                    \
        (void)unused;                                                                    \
        if (step((HeCore *)self) != 0) {                                                 \
            return NULL;                                                                 \
        }                                                                                \
        Py_RETURN_NONE;                                                                  \
    }
HE_STEP_METHOD(he_core_end_round, he_end_round)
HE_STEP_METHOD(he_core_showdown, he_showdown)
HE_STEP_METHOD(he_core_award_uncontested, he_award_uncontested)

/* Hand._begin_street_py: called by deal_board once the street's cards are in. */
static PyObject *he_core_begin_street(PyObject *self, PyObject *unused)
{
    (void)unused;
    HeCore *h = (HeCore *)self;
    HeView v;
    long long size;
    if (h->street_index < 0 || h->street_index >= RIVER || h->button < 0 || h->button >= h->n
        || h->street_sizes == NULL || !PyTuple_Check(h->street_sizes)
        || PyTuple_Size(h->street_sizes) != 4
        || !he_int(PyTuple_GetItem(h->street_sizes, h->street_index + 1), &size)
        || !he_read_state(h, &v)) {
        PyErr_Clear();
        return PyObject_CallMethodObjArgs(self, he_k.m_begin_street, NULL);
    }
    if (h->betting_done) {
        h->street_index++;
        h->pending_board = 0;
    } else if (he_begin_street(h, &v) != 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *he_core_start_round(PyObject *self, PyObject *arg)
{
    Py_ssize_t start;
    if (!he_seat_arg(arg, &start)) {
        return PyObject_CallMethodObjArgs(self, he_k.m_start_round, arg, NULL);
    }
    if (he_start_round((HeCore *)self, start) != 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* ---- starting a seeded hand: Hand._start_seeded_py (_seeded_cards and _start) ------ */

enum { P_HC, P_ANTE, P_BB_ANTE, P_SB, P_BB, P_STRADDLE, P_COUNTS, P_CODE, P_CAP, P_FREE_FOLD,
       P_SIZES, P_COUNT = P_SIZES + 4 };

static PyObject *he_int_list(const long long *values, Py_ssize_t n)
{
    PyObject *list = PyList_New(n);
    for (Py_ssize_t k = 0; list != NULL && k < n; k++) {
        PyObject *v = PyLong_FromLongLong(values[k]);
        if (v == NULL) {
            Py_CLEAR(list);
        } else {
            PyList_SetItem(list, k, v);
        }
    }
    return list;
}

/* Hand._start_py without posts or a big-blind ante: the state, the hole-card log, the
 * forced bets and the first seat to act. `holes` (a list of n tuples, by seat) and
 * `plan` (the board cards known so far) become the hand's own. 1 done, 0 not handled
 * (nothing changed), -1 error. */
static int he_start(HeCore *h, PyObject *stacks_obj, Py_ssize_t button, PyObject *holes,
                    PyObject *plan, PyObject *deck)
{
    long long p[P_COUNT], stacks[HE_CORE_MAX_SEATS];
    Py_ssize_t n = stacks_obj != NULL && PyList_CheckExact(stacks_obj) ? PyList_Size(stacks_obj) : 0;
    PyObject *config = PyObject_GetAttr((PyObject *)h, he_k.a_config);
    PyObject *params = config != NULL ? PyObject_GetAttr(config, he_k.a_core_params) : NULL;
    int ok = params != NULL && PyTuple_Check(params) && PyTuple_Size(params) == P_COUNT
             && n >= 2 && n <= HE_CORE_MAX_SEATS && button >= 0 && button < n
             && he_list_ok(holes, n) && plan != NULL && PyList_CheckExact(plan);
    for (Py_ssize_t k = 0; ok && k < P_COUNT; k++) {
        ok = he_int(PyTuple_GetItem(params, k), &p[k]);
    }
    for (Py_ssize_t k = 0; ok && k < n; k++) {
        ok = he_int(PyList_GetItem(stacks_obj, k), &stacks[k]) && stacks[k] > 0
             && PyTuple_CheckExact(PyList_GetItem(holes, k));
    }
    PyObject *sizes = ok ? PyTuple_GetSlice(params, P_SIZES, P_COUNT) : NULL;
    Py_XDECREF(config);
    Py_XDECREF(params);
    if (!ok || p[P_BB_ANTE] != 0 || (p[P_STRADDLE] && n == 2) || sizes == NULL) {
        Py_XDECREF(sizes);
        PyErr_Clear();
        return 0;
    }
    Py_ssize_t first = (button + 1) % n;
    long long bets[HE_CORE_MAX_SEATS] = {0}, committed[HE_CORE_MAX_SEATS] = {0};
    long long zeros[HE_CORE_MAX_SEATS] = {0}, levels[HE_CORE_MAX_SEATS];
    PyObject *log = PyList_New(0), *folded = PyList_New(n), *board = PyList_New(0);
    PyObject *shown = he_int_list(zeros, n);
    int failed = !log || !folded || !board || !shown;
    /* the hole cards were dealt one at a time clockwise from the seat left of the button */
    for (Py_ssize_t k = 0; !failed && k < n; k++) {
        Py_ssize_t seat = (first + k) % n;
        PyObject *s = PyLong_FromSsize_t(seat);
        PyObject *ev = s ? PyTuple_Pack(4, he_k.ev[E_HOLE], s, he_k.zero,
                                        PyList_GetItem(holes, seat))
                         : NULL;
        failed = ev == NULL || PyList_Append(log, ev) != 0;
        Py_XDECREF(ev);
        Py_XDECREF(s);
        Py_INCREF(Py_False);
        PyList_SetItem(folded, k, Py_False);
    }
    /* the forced bets: antes (dead), the blinds and a straddle (live) */
    Py_ssize_t sb_seat = n == 2 ? button : first, bb_seat = n == 2 ? first : (first + 1) % n;
    for (Py_ssize_t k = 0; !failed && p[P_ANTE] && k < n; k++) {
        Py_ssize_t seat = (first + k) % n;
        long long amt = p[P_ANTE] < stacks[seat] ? p[P_ANTE] : stacks[seat];
        stacks[seat] -= amt;
        committed[seat] += amt;
        PyObject *ev = he_event(E_ANTE, seat, amt);
        failed = ev == NULL || PyList_Append(log, ev) != 0;
        Py_XDECREF(ev);
    }
    struct { long long amount; Py_ssize_t seat; int kind; } blinds[3] = {
        {p[P_SB], sb_seat, E_SMALL_BLIND}, {p[P_BB], bb_seat, E_BIG_BLIND},
        {p[P_STRADDLE], (bb_seat + 1) % n, E_STRADDLE}};
    for (int b = 0; b < 3 && !failed; b++) {
        if (blinds[b].amount == 0 && b != 1) {
            continue; /* no small blind or straddle; the big blind is always posted */
        }
        Py_ssize_t seat = blinds[b].seat;
        long long amt = blinds[b].amount < stacks[seat] ? blinds[b].amount : stacks[seat];
        stacks[seat] -= amt;
        bets[seat] = amt;
        PyObject *ev = he_event(blinds[b].kind, seat, amt);
        failed = ev == NULL || PyList_Append(log, ev) != 0;
        Py_XDECREF(ev);
    }
    Py_ssize_t start = (bb_seat + (p[P_STRADDLE] ? 2 : 1)) % n, n_active = n;
    long long pot = 0, cur = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        pot += committed[k] + bets[k];
        cur = bets[k] > cur ? bets[k] : cur;
        levels[k] = stacks[k] == 0 ? he_k.done_value : -1;
        n_active -= stacks[k] == 0;
    }
    PyObject *stacks_l = failed ? NULL : he_int_list(stacks, n);
    PyObject *bets_l = failed ? NULL : he_int_list(bets, n);
    PyObject *committed_l = failed ? NULL : he_int_list(committed, n);
    PyObject *acted_l = failed ? NULL : he_int_list(levels, n);
    PyObject *pot_o = failed ? NULL : PyLong_FromLongLong(pot);
    PyObject *cur_o = failed ? NULL : PyLong_FromLongLong(cur);
    failed = failed || !stacks_l || !bets_l || !committed_l || !acted_l || !pot_o || !cur_o;
    /* Hand's own slots (Python attributes) */
    PyObject *names[] = {he_k.a_payouts, he_k.a_rake, he_k.a_shown, he_k.a_ranks, he_k.a_dead,
                         he_k.a_holes, he_k.a_deck};
    PyObject *values[] = {Py_None, he_k.zero, shown, Py_None, Py_None, holes, deck};
    for (int k = 0; k < 7 && !failed; k++) {
        failed = PyObject_SetAttr((PyObject *)h, names[k], values[k]) != 0;
    }
    Py_XDECREF(shown);
    if (failed) {
        PyObject *all[] = {log, folded, board, stacks_l, bets_l, committed_l, acted_l,
                           pot_o, cur_o, sizes};
        for (int k = 0; k < 10; k++) {
            Py_XDECREF(all[k]);
        }
        return -1;
    }
    /* HandCore's own members, as _start_py leaves them */
    he_set(&h->stacks, stacks_l);
    he_set(&h->bets, bets_l);
    he_set(&h->committed, committed_l);
    he_set(&h->folded, folded);
    he_set(&h->acted, acted_l);
    he_set(&h->log, log);
    he_set(&h->board, board);
    Py_INCREF(plan);
    he_set(&h->board_plan, plan);
    he_set(&h->street_sizes, sizes);
    he_set(&h->pot, pot_o);
    he_set(&h->cur_bet, cur_o);
    PyObject *size0 = PyTuple_GetItem(sizes, 0);
    Py_INCREF(size0);
    he_set(&h->raise_size, size0);
    Py_INCREF(he_k.empty_str);
    he_set(&h->bounds, he_k.empty_str);
    h->bounds_at = -1;
    h->n = n;
    h->button = button;
    h->code = (Py_ssize_t)p[P_CODE];
    h->cap = (Py_ssize_t)p[P_CAP];
    h->free_fold = (Py_ssize_t)p[P_FREE_FOLD];
    h->pending_board = 0;
    h->betting_done = 0;
    h->last_aggressor = -1;
    h->river_aggressor = -1;
    h->n_live = n;
    h->n_active = n_active;
    h->level_count = p[P_COUNTS] ? (p[P_STRADDLE] ? 2 : 1) : 0;
    h->street_index = 0;
    h->actor = -1;
    return he_start_round(h, start) == 0 ? 1 : -1;
}

/* Hand._start_seeded_py: the cards from one C deal (Hand._seeded_cards), then he_start. */
static int he_start_seeded(HeCore *h, unsigned long long seed, PyObject *stacks_obj,
                           Py_ssize_t button)
{
    PyObject *config = PyObject_GetAttr((PyObject *)h, he_k.a_config);
    PyObject *params = config != NULL ? PyObject_GetAttr(config, he_k.a_core_params) : NULL;
    long long hc = 0;
    Py_ssize_t n = stacks_obj != NULL && PyList_CheckExact(stacks_obj) ? PyList_Size(stacks_obj) : 0;
    int ok = params != NULL && PyTuple_Check(params) && PyTuple_Size(params) == P_COUNT
             && he_int(PyTuple_GetItem(params, P_HC), &hc) && (hc == 2 || hc == 4) && n >= 2
             && n <= HE_CORE_MAX_SEATS && n * hc + 8 <= 52 && button >= 0 && button < n;
    Py_XDECREF(config);
    Py_XDECREF(params);
    uint8_t drawn[52];
    Py_ssize_t nh = n * (Py_ssize_t)hc, first = ok ? (button + 1) % n : 0;
    if (!ok || he_deal_seeded(seed, 0, (size_t)(nh + 8), drawn) != HE_OK) {
        PyErr_Clear();
        return 0;
    }
    /* hole cards one at a time clockwise from the seat left of the button, then burn,
     * flop, burn, turn, burn, river */
    static const int plan_at[5] = {1, 2, 3, 5, 7};
    long long plan_ids[5];
    for (int c = 0; c < 5; c++) {
        plan_ids[c] = drawn[nh + plan_at[c]];
    }
    PyObject *holes = PyList_New(n), *plan = he_int_list(plan_ids, 5);
    int failed = holes == NULL || plan == NULL;
    for (Py_ssize_t k = 0; !failed && k < n; k++) {
        PyObject *cards = PyTuple_New((Py_ssize_t)hc);
        for (Py_ssize_t r = 0; cards != NULL && r < hc; r++) {
            PyObject *id = PyLong_FromLong(drawn[r * n + k]);
            if (id == NULL) {
                Py_CLEAR(cards);
            } else {
                PyTuple_SetItem(cards, r, id);
            }
        }
        failed = cards == NULL;
        if (!failed) {
            PyList_SetItem(holes, (first + k) % n, cards);
        }
    }
    int rc = failed ? -1 : he_start(h, stacks_obj, button, holes, plan, Py_None);
    Py_XDECREF(holes);
    Py_XDECREF(plan);
    return rc;
}

static PyObject *he_core_start_seeded(PyObject *self, PyObject *args)
{
    PyObject *seed_o, *stacks, *button_o;
    if (!PyArg_UnpackTuple(args, "_start_seeded", 3, 3, &seed_o, &stacks, &button_o)) {
        return NULL;
    }
    Py_ssize_t button;
    unsigned long long seed = PyLong_CheckExact(seed_o) ? PyLong_AsUnsignedLongLong(seed_o) : 0;
    int rc = 0;
    if (PyErr_Occurred()) {
        PyErr_Clear();
    } else if (PyLong_CheckExact(seed_o) && he_seat_arg(button_o, &button)) {
        rc = he_start_seeded((HeCore *)self, seed, stacks, button);
    }
    return he_done((HeCore *)self, rc, he_k.m_start_seeded, seed_o, stacks, button_o);
}

static PyObject *he_core_start(PyObject *self, PyObject *args)
{
    PyObject *stacks, *button_o, *holes, *plan, *deck, *posts;
    if (!PyArg_UnpackTuple(args, "_start", 6, 6, &stacks, &button_o, &holes, &plan, &deck,
                           &posts)) {
        return NULL;
    }
    Py_ssize_t button;
    int no_posts = posts == Py_None || (PyDict_CheckExact(posts) && PyDict_Size(posts) == 0);
    int rc = no_posts && he_seat_arg(button_o, &button)
                 ? he_start((HeCore *)self, stacks, button, holes, plan, deck)
                 : 0;
    if (rc < 0) {
        return NULL;
    }
    if (rc > 0) {
        Py_RETURN_NONE;
    }
    return PyObject_CallMethodObjArgs(self, he_k.m_start, stacks, button_o, holes, plan, deck,
                                      posts, NULL);
}

/* _copy_core(other): make `other` (a fresh instance) a copy of this core state: the
 * lists that change in place are copied, everything else is immutable and shared. */
static PyObject *he_core_copy_core(PyObject *self, PyObject *other)
{
    if (!PyObject_TypeCheck(other, Py_TYPE(self))) {
        PyErr_SetString(PyExc_TypeError, "_copy_core needs an instance of the same class");
        return NULL;
    }
    HeCore *a = (HeCore *)self, *b = (HeCore *)other;
    PyObject **lists_a[] = {&a->stacks, &a->bets, &a->folded, &a->acted, &a->log,
                            &a->committed, &a->board};
    PyObject **lists_b[] = {&b->stacks, &b->bets, &b->folded, &b->acted, &b->log,
                            &b->committed, &b->board};
    PyObject *copies[7] = {NULL};
    for (int k = 0; k < 7; k++) {
        PyObject *src = *lists_a[k];
        if (src != NULL) {
            copies[k] = PyList_CheckExact(src) ? PyList_GetSlice(src, 0, PyList_Size(src))
                                               : (Py_INCREF(src), src);
            if (copies[k] == NULL) {
                for (int j = 0; j < k; j++) {
                    Py_XDECREF(copies[j]);
                }
                return NULL;
            }
        }
    }
    for (int k = 0; k < 7; k++) {
        he_set(lists_b[k], copies[k]);
    }
    PyObject **shared_a[] = {&a->bounds, &a->cur_bet, &a->raise_size, &a->pot,
                             &a->board_plan, &a->street_sizes};
    PyObject **shared_b[] = {&b->bounds, &b->cur_bet, &b->raise_size, &b->pot,
                             &b->board_plan, &b->street_sizes};
    for (int k = 0; k < 6; k++) {
        Py_XINCREF(*shared_a[k]);
        he_set(shared_b[k], *shared_a[k]);
    }
    b->n = a->n;
    b->actor = a->actor;
    b->n_live = a->n_live;
    b->n_active = a->n_active;
    b->level_count = a->level_count;
    b->last_aggressor = a->last_aggressor;
    b->bounds_at = a->bounds_at;
    b->code = a->code;
    b->cap = a->cap;
    b->free_fold = a->free_fold;
    b->button = a->button;
    b->street_index = a->street_index;
    b->river_aggressor = a->river_aggressor;
    b->pending_board = a->pending_board;
    b->betting_done = a->betting_done;
    Py_RETURN_NONE;
}

static PyMethodDef he_core_methods[] = {
    {"legal_actions", he_core_legal_actions, METH_NOARGS,
     "legal_actions($self)\n--\n\nLegal actions for the seat to act (empty when nobody is to act)."},
    {"act", (PyCFunction)(void (*)(void))he_core_act, METH_VARARGS | METH_KEYWORDS,
     "act($self, action, seat=None)\n--\n\n"
     "Apply ``action`` (kind, \"to\" amount) for the seat to act.\n\n"
     "``seat``, if given, must be the seat to act (out-of-turn actions are rejected)."},
    {"_fold", he_core_fold, METH_O, NULL},
    {"_check", he_core_check, METH_O, NULL},
    {"_call", he_core_call, METH_O, NULL},
    {"_wager", he_core_wager, METH_VARARGS, NULL},
    {"_end_round", he_core_end_round, METH_NOARGS, NULL},
    {"_start_round", he_core_start_round, METH_O, NULL},
    {"_showdown", he_core_showdown, METH_NOARGS, NULL},
    {"_begin_street", he_core_begin_street, METH_NOARGS, NULL},
    {"_copy_core", he_core_copy_core, METH_O, NULL},
    {"_start_seeded", he_core_start_seeded, METH_VARARGS, NULL},
    {"_start", he_core_start, METH_VARARGS, NULL},
    {"_award_uncontested", he_core_award_uncontested, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

#define HE_OBJ(name, field) {name, T_OBJECT_EX, offsetof(HeCore, field), 0, NULL}
#define HE_SIZE(name, field) {name, T_PYSSIZET, offsetof(HeCore, field), 0, NULL}
static PyMemberDef he_core_members[] = {
    HE_OBJ("stacks", stacks), HE_OBJ("bets", bets), HE_OBJ("folded", folded),
    HE_OBJ("_acted", acted), HE_OBJ("_log", log), HE_OBJ("_bounds", bounds),
    HE_OBJ("cur_bet", cur_bet), HE_OBJ("raise_size", raise_size), HE_OBJ("pot", pot),
    HE_SIZE("n", n), HE_SIZE("actor", actor), HE_SIZE("n_live", n_live),
    HE_SIZE("n_active", n_active), HE_SIZE("_level_count", level_count),
    HE_SIZE("last_aggressor", last_aggressor), HE_SIZE("_bounds_at", bounds_at),
    HE_SIZE("_code", code), HE_SIZE("_cap", cap), HE_SIZE("_free_fold", free_fold),
    HE_OBJ("committed", committed), HE_OBJ("board", board), HE_OBJ("_board_plan", board_plan),
    HE_OBJ("_street_sizes", street_sizes), HE_SIZE("button", button),
    HE_SIZE("street_index", street_index), HE_SIZE("river_aggressor", river_aggressor),
    HE_SIZE("pending_board", pending_board),
    {"betting_done", T_BOOL, offsetof(HeCore, betting_done), 0, NULL},
    {NULL, 0, 0, 0, NULL},
};

/* Every object member, for the garbage collector's traverse and clear. */
#define HE_OBJECT_MEMBERS(X)                                                             \
    X(stacks) X(bets) X(folded) X(acted) X(log) X(bounds) X(cur_bet) X(raise_size) X(pot) \
    X(committed) X(board) X(board_plan) X(street_sizes)

static int he_core_traverse(PyObject *self, visitproc visit, void *arg)
{
    HeCore *h = (HeCore *)self;
#define HE_VISIT(field) Py_VISIT(h->field);
    HE_OBJECT_MEMBERS(HE_VISIT)
#undef HE_VISIT
    return 0;
}

static int he_core_clear(PyObject *self)
{
    HeCore *h = (HeCore *)self;
#define HE_CLEAR(field) Py_CLEAR(h->field);
    HE_OBJECT_MEMBERS(HE_CLEAR)
#undef HE_CLEAR
    return 0;
}

static void he_core_dealloc(PyObject *self)
{
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    he_core_clear(self);
    PyObject_GC_Del(self); /* the type and every subclass are GC types */
    Py_DECREF(tp); /* instances of heap types own a reference to their type */
}

static PyObject *he_core_new(PyTypeObject *tp, PyObject *args, PyObject *kwargs)
{
    (void)args;
    (void)kwargs;
    HeCore *h = (HeCore *)PyType_GenericAlloc(tp, 0); /* zeroed: NULL objects, 0 sizes */
    if (h != NULL) {
        h->actor = -1;
        h->last_aggressor = -1;
        h->bounds_at = -1;
        h->cap = -1;
        h->river_aggressor = -1;
    }
    return (PyObject *)h;
}

static PyType_Slot he_core_slots[] = {
    {Py_tp_doc, "The C state and hot paths under holdem_eval.engine.Hand (not for direct use)."},
    {Py_tp_new, he_core_new},
    {Py_tp_dealloc, he_core_dealloc},
    {Py_tp_traverse, he_core_traverse},
    {Py_tp_clear, he_core_clear},
    {Py_tp_methods, he_core_methods},
    {Py_tp_members, he_core_members},
    {0, NULL},
};

static PyType_Spec he_core_spec = {
    "holdem_eval._he_native.HandCore", sizeof(HeCore), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, he_core_slots,
};

static PyObject *he_intern(const char *s)
{
    return PyUnicode_InternFromString(s);
}

/* hand_core_setup(LegalAction, kinds, legal_fold, legal_check, no_opponent, covers,
 * reopen, done, showdown_mark): the Python objects the hot paths return or compare by
 * identity. */
static PyObject *he_core_setup(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *legal, *kinds, *fold, *check, *no_opp, *covers, *reopen, *done, *mark;
    if (!PyArg_UnpackTuple(args, "hand_core_setup", 9, 9, &legal, &kinds, &fold, &check,
                           &no_opp, &covers, &reopen, &done, &mark)) {
        return NULL;
    }
    if (!PyType_Check(legal) || !PyType_IsSubtype((PyTypeObject *)legal, &PyTuple_Type)
        || !PyTuple_Check(kinds) || PyTuple_Size(kinds) != 6
        || !PyUnicode_Check(no_opp) || !PyUnicode_Check(covers) || !PyUnicode_Check(reopen)
        || !PyLong_CheckExact(done) || !PyUnicode_Check(mark)) {
        PyErr_SetString(PyExc_TypeError, "hand_core_setup: unexpected arguments");
        return NULL;
    }
    static const char *names[] = {"fold",  "check", "call",        "bet",       "raise",
                                  "uncalled", "board", "win",   "hole", "ante",
                                  "small_blind", "big_blind", "straddle"};
    for (int k = 0; k < 13; k++) {
        if (he_k.ev[k] == NULL && (he_k.ev[k] = he_intern(names[k])) == NULL) {
            return NULL;
        }
    }
    if (he_k.empty == NULL) {
        he_k.empty = PyTuple_New(0);
        he_k.m_end_round = he_intern("_end_round_py");
        he_k.m_start_round = he_intern("_start_round_py");
        he_k.m_award = he_intern("_award_uncontested_py");
        he_k.m_award_py = he_intern("_award");
        he_k.m_showdown = he_intern("_showdown_py");
        he_k.m_begin_street = he_intern("_begin_street_py");
        he_k.a_rules = he_intern("rules");
        he_k.a_rake_percent = he_intern("rake_percent");
        he_k.a_manual = he_intern("manual_showdown");
        he_k.a_dead = he_intern("_dead");
        he_k.a_shown = he_intern("_shown");
        he_k.a_holes = he_intern("hole_cards");
        he_k.a_payouts = he_intern("payouts");
        he_k.a_rake = he_intern("rake");
        he_k.a_ranks = he_intern("_ranks");
        he_k.a_deck = he_intern("_deck");
        he_k.a_config = he_intern("config");
        he_k.a_core_params = he_intern("core_params");
        he_k.m_start_seeded = he_intern("_start_seeded_py");
        he_k.m_start = he_intern("_start_py");
        he_k.empty_str = he_intern("");
        he_k.m_next_street = he_intern("_next_street");
        he_k.zero = PyLong_FromLong(0);
        he_k.minus_one = PyLong_FromLong(-1);
        he_k.m_act = he_intern("_act_py");
        he_k.m_fold = he_intern("_fold_py");
        he_k.m_check = he_intern("_check_py");
        he_k.m_call = he_intern("_call_py");
        he_k.m_wager = he_intern("_wager_py");
        he_k.m_legal = he_intern("_legal_actions_py");
        if (!he_k.empty || !he_k.m_end_round || !he_k.m_act || !he_k.m_fold || !he_k.m_check
            || !he_k.m_call || !he_k.m_wager || !he_k.m_legal || !he_k.m_start_round
            || !he_k.m_award || !he_k.m_next_street || !he_k.zero || !he_k.minus_one
            || !he_k.m_award_py || !he_k.m_showdown || !he_k.m_begin_street || !he_k.a_rules || !he_k.a_rake_percent
            || !he_k.a_manual || !he_k.a_dead || !he_k.a_shown || !he_k.a_holes
            || !he_k.a_payouts || !he_k.a_rake || !he_k.a_ranks || !he_k.a_deck
            || !he_k.a_config || !he_k.a_core_params || !he_k.m_start_seeded || !he_k.m_start
            || !he_k.empty_str) {
            return NULL;
        }
    }
    PyObject **keep[] = {&he_k.legal_action, &he_k.legal_fold, &he_k.legal_check,
                         &he_k.no_opponent, &he_k.s_covers,    &he_k.s_reopen,
                         &he_k.done,         &he_k.showdown_mark};
    PyObject *vals[] = {legal, fold, check, no_opp, covers, reopen, done, mark};
    for (int k = 0; k < 8; k++) {
        Py_INCREF(vals[k]);
        he_set(keep[k], vals[k]);
    }
    for (int k = 0; k < 6; k++) {
        PyObject *kind = PyTuple_GetItem(kinds, k);
        Py_INCREF(kind);
        he_set(&he_k.kinds[k], kind);
    }
    he_k.done_value = PyLong_AsLongLong(done);
    if (he_k.done_value == -1 && PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyMethodDef he_core_setup_def = {
    "hand_core_setup", he_core_setup, METH_VARARGS,
    "Give the engine's C hot paths the Python objects they return (engine/hand.py).",
};

/* Sets _bindings.HandCore and _bindings.hand_core_setup; 0 or -1 (GIL held). */
static int he_core_install(PyObject *mod)
{
    PyObject *tp = PyType_FromSpec(&he_core_spec);
    PyObject *fn = tp != NULL ? PyCFunction_New(&he_core_setup_def, NULL) : NULL;
    int rc = -1;
    if (fn != NULL && PyObject_SetAttrString(mod, "HandCore", tp) == 0
        && PyObject_SetAttrString(mod, "hand_core_setup", fn) == 0) {
        rc = 0;
    }
    Py_XDECREF(tp);
    Py_XDECREF(fn);
    return rc;
}
