/* CPython glue of holdem_eval.engine.Hand: the steps (engine/hand/_hand_glue.h).
 *
 * HandCore (the C base of Hand) holds one struct he_hand (csrc/hand_state.h) and the
 * hand's event log (the kernel's event records, turned into tuples only when read), and
 * only converts: Python ints to int64 (values beyond int64 are clamped, so the kernel
 * refuses them by its own rules), the events to log tuples, its legal actions to
 * LegalAction values. Every rule is in csrc/hand*.c; every error message is in
 * engine/errors.py (the methods return the kernel's status, or hand a refusal to the
 * Hand function registered for it, which raises). */
#include "_hand_glue.h"

he_glue_globals he_g;

static int64_t he_clamp(PyObject *o)
{
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow) {
        return overflow > 0 ? INT64_MAX : INT64_MIN;
    }
    return (int64_t)v; /* -1 with an error set is checked by the caller */
}

/* A Python int (clamped to int64) into *out; 0 with TypeError for anything else. */
static int he_int(PyObject *o, int64_t *out)
{
    if (!PyLong_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "HandCore: expected an int");
        return 0;
    }
    *out = he_clamp(o);
    return !PyErr_Occurred();
}

/* A list or tuple of at most `cap` ints into out; the count in *n. */
int he_ints(PyObject *seq, int64_t *out, size_t cap, size_t *n)
{
    PyObject *fast = PySequence_Tuple(seq);
    if (fast == NULL) {
        return 0;
    }
    Py_ssize_t len = PyTuple_Size(fast);
    int ok = len >= 0 && (size_t)len <= cap;
    for (Py_ssize_t k = 0; ok && k < len; k++) {
        ok = he_int(PyTuple_GetItem(fast, k), &out[k]);
    }
    Py_DECREF(fast);
    if (ok) {
        *n = (size_t)len;
    } else if (!PyErr_Occurred()) {
        PyErr_SetString(PyExc_ValueError, "HandCore: too many values");
    }
    return ok;
}

static PyObject *he_int_tuple(const int32_t *v, int32_t n)
{
    PyObject *t = PyTuple_New(n);
    for (int32_t k = 0; t != NULL && k < n; k++) {
        PyObject *x = PyLong_FromLong(v[k]);
        if (x == NULL || PyTuple_SetItem(t, k, x) != 0) {
            Py_CLEAR(t);
        }
    }
    return t;
}

/* Appends the kernel's events to the log; returns `status`, or -1000 with an error set. */
static int he_record(HeHandObject *self, const he_hand_event *ev, size_t n, int status)
{
    if (self->n_ev + n > self->cap_ev) {
        size_t cap = 2 * (self->n_ev + n) + 16;
        he_hand_event *grown = PyMem_Realloc(self->ev, cap * sizeof *grown);
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1000;
        }
        self->ev = grown;
        self->cap_ev = cap;
    }
    memcpy(self->ev + self->n_ev, ev, n * sizeof *ev);
    self->n_ev += n;
    return status;
}

/* One event as a (kind, seat, amount, cards) tuple. */
PyObject *he_event_tuple(const he_hand_event *e)
{
    PyObject *cards = he_int_tuple(e->cards, e->n_cards);
    PyObject *t = cards ? Py_BuildValue("(OiLO)", he_g.names[e->kind], (int)e->seat,
                                        (long long)e->amount, cards)
                        : NULL;
    Py_XDECREF(cards);
    return t;
}

static PyObject *he_status(int st) { return st == -1000 ? NULL : PyLong_FromLong(st); }

/* A state set from Python is checked once before the kernel runs on it. */
int he_ready(HeHandObject *self)
{
    if (!self->dirty) {
        return HE_OK;
    }
    int st = he_hand_check(&self->h);
    self->dirty = st != HE_OK;
    return st;
}

/* One kernel step on the hand: HE_RUN_ACT (a = kind, b = amount, c = seat), HE_RUN_DEAL
 * (cards), HE_RUN_SHOW (a = seat, cards or NULL), HE_RUN_MUCK (a = seat); its events are
 * logged. The kernel's status, or -1000 with a Python error set. */
enum { HE_RUN_ACT, HE_RUN_DEAL, HE_RUN_SHOW, HE_RUN_MUCK, HE_RUN_RUNS };

static int he_run(HeHandObject *self, int what, int64_t a, int64_t b, int64_t c,
                  const int64_t *cards, size_t n)
{
    int st = he_ready(self);
    if (st != HE_OK) {
        return st;
    }
    he_hand_event ev[HE_HAND_MAX_EVENTS];
    size_t ne = 0;
    switch (what) {
    case HE_RUN_ACT:
        st = he_hand_act(&self->h, a < -1 || a > 99 ? -1 : (int)a, b, c, ev, &ne);
        break;
    case HE_RUN_DEAL:
        st = he_hand_deal(&self->h, cards, n, ev, &ne);
        break;
    case HE_RUN_SHOW:
        st = he_hand_show(&self->h, a, cards, n, ev, &ne);
        break;
    case HE_RUN_RUNS: /* run it twice / N times: a = seat, b = count */
        st = he_hand_choose_runs(&self->h, a, b, ev, &ne);
        break;
    default:
        st = he_hand_muck(&self->h, a, ev, &ne);
    }
    return he_record(self, ev, ne, st);
}

/* An exact list or tuple of exact ints from `low` to `high`: its first `cap` values into
 * out and its length into *n (which may exceed cap), 1; 0 for anything else, which
 * Python converts or refuses with its message. */
static int he_exact_ints(PyObject *seq, int64_t low, int64_t high, int64_t *out, size_t cap,
                         size_t *n)
{
    int list = PyList_CheckExact(seq);
    if (!list && !PyTuple_CheckExact(seq)) {
        return 0;
    }
    Py_ssize_t len = list ? PyList_Size(seq) : PyTuple_Size(seq);
    if (len < 0) {
        return 0;
    }
    for (Py_ssize_t k = 0; k < len && (size_t)k < cap; k++) {
        PyObject *o = list ? PyList_GetItem(seq, k) : PyTuple_GetItem(seq, k);
        if (o == NULL || !PyLong_CheckExact(o)) {
            return 0;
        }
        int64_t v = he_clamp(o);
        if (v < low || v > high) {
            return 0;
        }
        out[k] = v;
    }
    *n = (size_t)len;
    return 1;
}

/* Hole cards as one exact list or tuple per seat (`seats` of them, at most
 * HE_HAND_MAX_SEATS), each of `hc` (at most HE_HAND_MAX_HOLE) exact ints -1..51, into out
 * seat after seat: 1; 0 for anything else (Python converts). */
static int he_hole_ids(PyObject *holes, size_t seats, size_t hc, int64_t *out)
{
    int list = PyList_CheckExact(holes);
    if (!list && !PyTuple_CheckExact(holes)) {
        return 0;
    }
    Py_ssize_t len = list ? PyList_Size(holes) : PyTuple_Size(holes);
    if (len < 0 || (size_t)len != seats) {
        return 0;
    }
    for (size_t k = 0; k < seats; k++) {
        PyObject *e = list ? PyList_GetItem(holes, (Py_ssize_t)k)
                           : PyTuple_GetItem(holes, (Py_ssize_t)k);
        size_t got = 0;
        if (e == NULL || !he_exact_ints(e, -1, 51, out + k * hc, hc, &got) || got != hc) {
            return 0;
        }
    }
    return 1;
}

/* ---- methods ------------------------------------------------------------------------- */

/* _start(config: bytes (a he_hand_config, packed by engine/hand/inputs.py), stacks, button,
 *        holes | None, board, seed | None, post_live | None, post_dead | None) -> status;
 * None (nothing started) unless stacks are exact ints in a list or tuple, the
 * button an exact int and holes one list or tuple of exact card ids per seat: Hand then
 * converts them (or says what is wrong) and calls again. */
static PyObject *he_start(PyObject *op, PyObject *args)
{
    HeHandObject *self = (HeHandObject *)op;
    PyObject *cfg, *stacks, *button, *holes, *board, *seed, *live, *dead;
    if (!PyArg_ParseTuple(args, "OOOOOOOO", &cfg, &stacks, &button, &holes, &board,
                          &seed, &live, &dead)) {
        return NULL;
    }
    he_hand_config config;
    char *packed = NULL;
    Py_ssize_t packed_len = 0;
    int64_t st_[HE_HAND_MAX_SEATS + 1], hl[HE_HAND_HOLES], bd[6];
    int64_t pl[HE_HAND_MAX_SEATS + 1], pd[HE_HAND_MAX_SEATS + 1], b = 0;
    size_t ns = 0, nb = 0, nl = 0, nd = 0;
    he_hand_setup s;
    memset(&s, 0, sizeof s);
    if (!PyBytes_Check(cfg) || PyBytes_AsStringAndSize(cfg, &packed, &packed_len) != 0
        || (size_t)packed_len != sizeof config) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "HandCore._start: config is not a packed he_hand_config");
        }
        return NULL;
    }
    memcpy(&config, packed, sizeof config);
    if (!he_ints(board, bd, 6, &nb)
        || (live != Py_None && !he_ints(live, pl, HE_HAND_MAX_SEATS + 1, &nl))
        || (dead != Py_None && !he_ints(dead, pd, HE_HAND_MAX_SEATS + 1, &nd))) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "HandCore._start: bad arguments");
        }
        return NULL;
    }
    /* a seat count or hole count out of range: the kernel refuses it (hole cards unread) */
    int read_holes = holes != Py_None && config.hole_count >= 0 && config.hole_count <= HE_HAND_MAX_HOLE;
    if (!he_exact_ints(stacks, INT64_MIN, INT64_MAX, st_, HE_HAND_MAX_SEATS + 1, &ns)
        || !PyLong_CheckExact(button)) {
        Py_RETURN_NONE;
    }
    if (ns > HE_HAND_MAX_SEATS) {
        ns = HE_HAND_MAX_SEATS + 1;
        read_holes = 0;
    }
    if (read_holes && !he_hole_ids(holes, ns, (size_t)config.hole_count, hl)) {
        Py_RETURN_NONE;
    }
    b = he_clamp(button);
    s.seats = ns;
    s.button = b < 0 ? SIZE_MAX : (size_t)b;
    s.stacks = st_;
    s.holes = read_holes ? hl : NULL;
    s.board = bd;
    s.board_len = nb;
    s.post_live = live == Py_None ? NULL : pl;
    s.post_dead = dead == Py_None ? NULL : pd;
    if ((live != Py_None && nl != ns) || (dead != Py_None && nd != ns)) {
        PyErr_SetString(PyExc_ValueError, "HandCore._start: sizes do not match the seats");
        return NULL;
    }
    if (seed != Py_None) {
        s.has_seed = 1;
        s.seed = (uint64_t)PyLong_AsUnsignedLongLongMask(seed);
        if (PyErr_Occurred()) {
            return NULL;
        }
    }
    he_hand_event ev[HE_HAND_MAX_EVENTS];
    size_t n = 0;
    int st = he_hand_start(&self->h, &config, &s, ev, &n);
    self->dirty = 0;
    return he_status(he_record(self, ev, n, st));
}

/* _act(kind, amount, seat | None) -> status */
static PyObject *he_act(PyObject *op, PyObject *args)
{
    HeHandObject *self = (HeHandObject *)op;
    PyObject *kind, *amount, *seat;
    if (!PyArg_ParseTuple(args, "OOO", &kind, &amount, &seat)) {
        return NULL;
    }
    int64_t k = 0, a = 0, s = HE_HAND_ANY_SEAT;
    if (!he_int(kind, &k) || !he_int(amount, &a) || (seat != Py_None && !he_int(seat, &s))) {
        return NULL;
    }
    if (seat != Py_None && s == HE_HAND_ANY_SEAT) {
        s = INT64_MIN; /* an explicit seat is never "any seat" */
    }
    return he_status(he_run(self, HE_RUN_ACT, k, a, s, NULL, 0));
}

/* ---- the public action methods ------------------------------------------------------ *
 *
 * fold(), check(), call(), check_or_call(), all_in(), bet(amount), raise_to(amount),
 * bet_or_raise_to(amount) of Hand: one kernel step each, with no Python frame in between
 * (replays and simulations call them millions of times). A refusal is turned into the
 * exception by Hand._refused(status, kind, amount); an amount that is not exactly an int
 * goes to Hand._convert_step(kind, amount), which converts it or says why not. */
static PyObject *he_step(PyObject *op, int kind, PyObject *amount)
{
    HeHandObject *self = (HeHandObject *)op;
    int64_t a = 0;
    if (amount != NULL) {
        if (!PyLong_CheckExact(amount)) {
            return PyObject_CallFunction(he_g.convert_step, "OiO", op, kind, amount);
        }
        a = he_clamp(amount);
        if (a == -1 && PyErr_Occurred()) {
            return NULL;
        }
    }
    int st = he_run(self, HE_RUN_ACT, kind, a, HE_HAND_ANY_SEAT, NULL, 0);
    if (st == HE_OK || st == -1000) {
        return st ? NULL : (Py_INCREF(Py_None), Py_None);
    }
    return PyObject_CallFunction(he_g.refused, "OiiO", op, st, kind, amount ? amount : Py_None);
}

/* The methods' arguments: (amount) for a wager, and a keyword-only ``seat`` that, when
 * given, must be the seat to act (then Hand._step_for runs the step as act(..., seat=)
 * does, with its messages). Calls without a seat take the fast path of he_step. */
static PyObject *he_step_args(PyObject *op, int kind, int wager, PyObject *args, PyObject *kwargs)
{
    static char *names0[] = {"seat", NULL};
    static char *names1[] = {"amount", "seat", NULL};
    PyObject *amount = NULL, *seat = NULL;
    if (kwargs == NULL && PyTuple_Size(args) == wager) {
        amount = wager ? PyTuple_GetItem(args, 0) : NULL;
    } else if (wager ? !PyArg_ParseTupleAndKeywords(args, kwargs, "O|$O", names1, &amount, &seat)
                     : !PyArg_ParseTupleAndKeywords(args, kwargs, "|$O", names0, &seat)) {
        return NULL;
    }
    if (seat != NULL && seat != Py_None) {
        return PyObject_CallFunction(he_g.step_for, "OiOO", op, kind, amount ? amount : Py_None, seat);
    }
    return he_step(op, kind, amount);
}

#define HE_STEP0(fn, kind) \
    static PyObject *fn(PyObject *op, PyObject *args, PyObject *kwargs) \
    { return he_step_args(op, kind, 0, args, kwargs); }
#define HE_STEP1(fn, kind) \
    static PyObject *fn(PyObject *op, PyObject *args, PyObject *kwargs) \
    { return he_step_args(op, kind, 1, args, kwargs); }
HE_STEP0(he_fold, HE_ACT_FOLD)
HE_STEP0(he_check_, HE_ACT_CHECK)
HE_STEP0(he_call, HE_ACT_CALL)
HE_STEP0(he_check_or_call, HE_ACT_CHECK_OR_CALL)
HE_STEP0(he_all_in, HE_ACT_ALL_IN)
HE_STEP1(he_bet, HE_ACT_BET)
HE_STEP1(he_raise_to, HE_ACT_RAISE)
HE_STEP1(he_bet_or_raise_to, HE_ACT_BET_OR_RAISE)
#undef HE_STEP0
#undef HE_STEP1

/* deal_board(cards): ids go straight to the kernel; card text and anything else to
 * Hand._deal_board (conversion and its errors); a refusal to Hand._deal_refused. */
static PyObject *he_deal_board(PyObject *op, PyObject *cards)
{
    HeHandObject *self = (HeHandObject *)op;
    int64_t c[6];
    size_t n = 0;
    if (!he_exact_ints(cards, -1, 51, c, 6, &n) || n > 6) {
        return PyObject_CallFunctionObjArgs(he_g.deal_board, op, cards, NULL);
    }
    int st = he_run(self, HE_RUN_DEAL, 0, 0, 0, c, n);
    if (st == HE_OK || st == -1000) {
        return st ? NULL : (Py_INCREF(Py_None), Py_None);
    }
    return PyObject_CallFunction(he_g.deal_refused, "OiO", op, st, cards);
}

/* show(seat, cards=None): an exact int seat and None or card ids go straight to the
 * kernel; anything else to Hand._show_convert; a refusal to Hand._show_refused. */
static PyObject *he_show_method(PyObject *op, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"seat", "cards", NULL};
    HeHandObject *self = (HeHandObject *)op;
    PyObject *seat, *cards = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:show", kwlist, &seat, &cards)) {
        return NULL;
    }
    int64_t c[HE_HAND_MAX_HOLE];
    size_t n = 0;
    if (!PyLong_CheckExact(seat)
        || (cards != Py_None
            && (!he_exact_ints(cards, -1, 51, c, HE_HAND_MAX_HOLE, &n) || n > HE_HAND_MAX_HOLE))) {
        return PyObject_CallFunctionObjArgs(he_g.show_convert, op, seat, cards, NULL);
    }
    int st = he_run(self, HE_RUN_SHOW, he_clamp(seat), 0, 0, cards == Py_None ? NULL : c, n);
    if (st == HE_OK || st == -1000) {
        return st ? NULL : (Py_INCREF(Py_None), Py_None);
    }
    return PyObject_CallFunction(he_g.show_refused, "OiOOO", op, st, seat, cards, cards);
}

/* _deal(cards) -> status; more than 6 cards are passed as 7 (the kernel refuses the count) */
static PyObject *he_deal(PyObject *op, PyObject *cards)
{
    HeHandObject *self = (HeHandObject *)op;
    int64_t c[7];
    PyObject *all = PySequence_Tuple(cards);
    if (all == NULL) {
        return NULL;
    }
    Py_ssize_t len = PyTuple_Size(all);
    size_t n = len < 0 ? 0 : len > 7 ? 7 : (size_t)len;
    int ok = len >= 0;
    for (size_t k = 0; ok && k < n; k++) {
        ok = he_int(PyTuple_GetItem(all, (Py_ssize_t)k), &c[k]);
    }
    Py_DECREF(all);
    if (!ok) {
        return NULL;
    }
    return he_status(he_run(self, HE_RUN_DEAL, 0, 0, 0, c, n));
}

/* _show(seat, cards | None) -> status; _muck(seat) -> status */
static PyObject *he_show(PyObject *op, PyObject *args)
{
    HeHandObject *self = (HeHandObject *)op;
    PyObject *seat, *cards;
    if (!PyArg_ParseTuple(args, "OO", &seat, &cards)) {
        return NULL;
    }
    int64_t s = -1, c[HE_HAND_MAX_HOLE + 1];
    size_t n = 0;
    if ((PyLong_Check(seat) && !PyBool_Check(seat) && !he_int(seat, &s))
        || (cards != Py_None && !he_ints(cards, c, HE_HAND_MAX_HOLE + 1, &n))) {
        return NULL;
    }
    if (cards != Py_None && n > HE_HAND_MAX_HOLE) {
        n = 0; /* a wrong count: the kernel says so */
        c[0] = -1;
    }
    return he_status(he_run(self, HE_RUN_SHOW, s, 0, 0, cards == Py_None ? NULL : c, n));
}

static PyObject *he_muck(PyObject *op, PyObject *seat)
{
    HeHandObject *self = (HeHandObject *)op;
    int64_t s = -1;
    if (PyLong_Check(seat) && !PyBool_Check(seat) && !he_int(seat, &s)) {
        return NULL;
    }
    return he_status(he_run(self, HE_RUN_MUCK, s, 0, 0, NULL, 0));
}

/* _choose_runs(seat, count) -> status (run it twice / N times; exact ints, Python checks) */
static PyObject *he_choose_runs(PyObject *op, PyObject *args)
{
    HeHandObject *self = (HeHandObject *)op;
    PyObject *seat, *count;
    int64_t s = -1, c = -1;
    if (!PyArg_ParseTuple(args, "OO", &seat, &count) || !he_int(seat, &s) || !he_int(count, &c)) {
        return NULL;
    }
    return he_status(he_run(self, HE_RUN_RUNS, s, c, 0, NULL, 0));
}

/* _runs_most() -> the most runs a seat may choose now, 0 when no choice is open */
static PyObject *he_runs_most(PyObject *op, PyObject *unused)
{
    (void)unused;
    return PyLong_FromLongLong((long long)he_hand_runs_most(&((HeHandObject *)op)->h));
}

/* The legal actions as a tuple of LegalAction values (fold and check are constants). */
PyObject *he_legal_tuple(const he_hand_legal_actions *la)
{
    PyObject *out = PyTuple_New(la->count);
    for (int32_t k = 0; out != NULL && k < la->count; k++) {
        PyObject *v;
        if (la->kinds[k] == HE_ACT_FOLD || la->kinds[k] == HE_ACT_CHECK) {
            v = la->kinds[k] == HE_ACT_FOLD ? he_g.fold : he_g.check;
            Py_INCREF(v);
        } else {
            PyObject *a = Py_BuildValue("(OLL)", he_g.kinds[la->kinds[k]], (long long)la->min[k],
                                        (long long)la->max[k]);
            v = a ? PyObject_CallFunctionObjArgs(he_g.tuple_new, he_g.legal_action, a, NULL)
                  : NULL;
            Py_XDECREF(a);
        }
        if (v == NULL || PyTuple_SetItem(out, k, v) != 0) {
            Py_CLEAR(out);
        }
    }
    return out;
}

/* legal_actions() -> tuple of LegalAction */
static PyObject *he_legal(PyObject *op, PyObject *unused)
{
    (void)unused;
    HeHandObject *self = (HeHandObject *)op;
    he_hand_legal_actions la;
    if (he_ready(self) != HE_OK || he_hand_legal(&self->h, &la) != HE_OK) {
        return PyTuple_New(0);
    }
    return he_legal_tuple(&la);
}

/* the steps: the methods of HandCore defined here (engine/hand/_hand_type.c adds the rest) */
PyMethodDef he_step_methods[] = {
    {"_start", he_start, METH_VARARGS, NULL},
    {"_act", he_act, METH_VARARGS, NULL},
    {"_deal", he_deal, METH_O, NULL},
#define HE_KW(fn) (PyCFunction)(void (*)(void))fn, METH_VARARGS | METH_KEYWORDS
    {"fold", HE_KW(he_fold), "fold($self, /, *, seat=None)\n--\n\nFold the seat to act."},
    {"check", HE_KW(he_check_), "check($self, /, *, seat=None)\n--\n\nCheck (nothing owed)."},
    {"call", HE_KW(he_call), "call($self, /, *, seat=None)\n--\n\nCall the current bet."},
    {"check_or_call", HE_KW(he_check_or_call),
     "check_or_call($self, /, *, seat=None)\n--\n\nCheck when nothing is owed, else call (PHH ``cc``)."},
    {"all_in", HE_KW(he_all_in),
     "all_in($self, /, *, seat=None)\n--\n\nPut the whole stack in.\n\n"
     "A call (or check) when the stack does not exceed the amount to call or when no\n"
     "opponent could match more; otherwise a bet or raise to the whole stack, which\n"
     "must itself be legal (in fixed limit usually it is not)."},
    {"bet", HE_KW(he_bet),
     "bet($self, amount, /, *, seat=None)\n--\n\nBet ``amount`` (nobody has bet this round)."},
    {"raise_to", HE_KW(he_raise_to),
     "raise_to($self, amount, /, *, seat=None)\n--\n\nRaise to ``amount`` (this round's total bet)."},
    {"bet_or_raise_to", HE_KW(he_bet_or_raise_to),
     "bet_or_raise_to($self, amount, /, *, seat=None)\n--\n\n"
     "Bet when nobody has bet this round, else raise (PHH ``cbr``).\n\n"
     "Every action method takes ``seat=``: when given, it must be the seat to act."},
#undef HE_KW
    {"show", (PyCFunction)(void (*)(void))he_show_method, METH_VARARGS | METH_KEYWORDS,
     "show($self, /, seat, cards=None)\n--\n\n"
     "Show ``seat``'s hole cards at showdown (``cards`` reveals unknown ones)."},
    {"deal_board", he_deal_board, METH_O,
     "deal_board($self, cards, /)\n--\n\n"
     "Supply the next street's board cards (text or ids) when the hand waits for them."},
    {"_show", he_show, METH_VARARGS, NULL},
    {"_muck", he_muck, METH_O, NULL},
    {"_choose_runs", he_choose_runs, METH_VARARGS, NULL},
    {"_runs_most", he_runs_most, METH_NOARGS, NULL},
    {"legal_actions", he_legal, METH_NOARGS,
     "legal_actions($self, /)\n--\n\nLegal actions for the seat to act (empty when nobody is)."},
    {NULL, NULL, 0, NULL},
};
