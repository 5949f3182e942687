/* CPython glue of holdem_eval.engine.Hand, compiled into the cffi module's preamble.
 *
 * HandCore (the C base of Hand) holds one struct he_hand (csrc/hand_state.h) and the
 * hand's event log, and only converts: Python ints to int64 (values beyond int64 are
 * clamped, so the kernel refuses them by its own rules), the kernel's events to log
 * tuples, its legal actions to LegalAction values, its fields to ints and lists. Every
 * rule is in csrc/hand.c; every error message is in engine/errors.py (the methods return
 * the kernel's status, Hand raises). The field accessors are generated from the field
 * list (HE_HAND_FIELDS), so the wrapper, snapshots, pickles and clones follow it.
 *
 * Limited API only, so the extension stays abi3. */

#include "hand_state.h"

typedef struct {
    PyObject_HEAD
    struct he_hand h;
    PyObject *log;  /* list of (kind, seat, amount, cards) tuples */
    int dirty;      /* a field was set from Python: he_hand_check before the next step */
} HeHandObject;

/* Set once by hand_glue_setup (engine/hand.py, at import). */
static struct {
    PyObject *legal_action; /* the LegalAction class (a tuple subclass) */
    PyObject *kinds[6];     /* ActionKind members FOLD .. ALL_IN */
    PyObject *names[18];    /* event kind names, HE_EV_* order */
    PyObject *tuple_new;    /* tuple.__new__: builds LegalAction values without Python code */
    PyObject *fold, *check; /* the constant LegalAction values of fold and check */
} he_g;

static void he_replace(PyObject **slot, PyObject *value)
{
    PyObject *old = *slot;
    *slot = value;
    Py_XDECREF(old);
}

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
static int he_ints(PyObject *seq, int64_t *out, size_t cap, size_t *n)
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
    for (size_t k = 0; k < n; k++) {
        PyObject *cards = he_int_tuple(ev[k].cards, ev[k].n_cards);
        PyObject *e = cards ? Py_BuildValue("(OiLO)", he_g.names[ev[k].kind], (int)ev[k].seat,
                                            (long long)ev[k].amount, cards)
                            : NULL;
        Py_XDECREF(cards);
        if (e == NULL || PyList_Append(self->log, e) != 0) {
            Py_XDECREF(e);
            return -1000;
        }
        Py_DECREF(e);
    }
    return status;
}

static PyObject *he_status(int st) { return st == -1000 ? NULL : PyLong_FromLong(st); }

/* A state set from Python is checked once before the kernel runs on it. */
static int he_ready(HeHandObject *self)
{
    if (!self->dirty) {
        return HE_OK;
    }
    int st = he_hand_check(&self->h);
    self->dirty = st != HE_OK;
    return st;
}

/* ---- methods ------------------------------------------------------------------------- */

/* _start(config: 21 ints (he_hand_config less the rate), rate: float, stacks, button, holes | None,
 *        board, seed | None, post_live | None, post_dead | None) -> status */
static PyObject *he_start(PyObject *op, PyObject *args)
{
    HeHandObject *self = (HeHandObject *)op;
    PyObject *cfg, *stacks, *button, *holes, *board, *seed, *live, *dead;
    double rate;
    if (!PyArg_ParseTuple(args, "OdOOOOOOO", &cfg, &rate, &stacks, &button, &holes, &board,
                          &seed, &live, &dead)) {
        return NULL;
    }
    int64_t c[21], st_[HE_HAND_MAX_SEATS + 1], hl[HE_HAND_HOLES], bd[6];
    int64_t pl[HE_HAND_MAX_SEATS + 1], pd[HE_HAND_MAX_SEATS + 1], b = 0;
    size_t nc = 0, ns = 0, nh = 0, nb = 0, nl = 0, nd = 0;
    he_hand_setup s;
    memset(&s, 0, sizeof s);
    if (!he_ints(cfg, c, 21, &nc) || nc != 21 || !he_ints(stacks, st_, HE_HAND_MAX_SEATS + 1, &ns)
        || !he_int(button, &b) || !he_ints(board, bd, 6, &nb)
        || (holes != Py_None && !he_ints(holes, hl, HE_HAND_HOLES, &nh))
        || (live != Py_None && !he_ints(live, pl, HE_HAND_MAX_SEATS + 1, &nl))
        || (dead != Py_None && !he_ints(dead, pd, HE_HAND_MAX_SEATS + 1, &nd))) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "HandCore._start: bad arguments");
        }
        return NULL;
    }
    /* he_hand_config's fields in order, the PokerKit rate (a float) before the cap */
    he_hand_config config = {c[0], c[1], c[2], c[3], c[4], c[5], c[6], {c[7], c[8], c[9], c[10]},
                             c[11], c[12], c[13], c[14], c[15], c[16], c[17], c[18], c[19],
                             rate, c[20]};
    if (ns > HE_HAND_MAX_SEATS) {
        ns = HE_HAND_MAX_SEATS + 1; /* the kernel refuses the seat count */
    }
    s.seats = ns;
    s.button = b < 0 ? SIZE_MAX : (size_t)b;
    s.stacks = st_;
    s.holes = holes == Py_None ? NULL : hl;
    s.board = bd;
    s.board_len = nb;
    s.post_live = live == Py_None ? NULL : pl;
    s.post_dead = dead == Py_None ? NULL : pd;
    if ((holes != Py_None && (c[0] < 0 || c[0] > HE_HAND_MAX_HOLE || nh != ns * (size_t)c[0]))
        || (live != Py_None && nl != ns) || (dead != Py_None && nd != ns)) {
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
    int st = he_ready(self);
    if (st != HE_OK) {
        return PyLong_FromLong(st);
    }
    he_hand_event ev[HE_HAND_MAX_EVENTS];
    size_t n = 0;
    st = he_hand_act(&self->h, k < -1 || k > 99 ? -1 : (int)k, a, s, ev, &n);
    return he_status(he_record(self, ev, n, st));
}

/* _deal(cards) -> status */
static PyObject *he_deal(PyObject *op, PyObject *cards)
{
    HeHandObject *self = (HeHandObject *)op;
    int64_t c[6];
    size_t n = 0;
    if (!he_ints(cards, c, 6, &n)) {
        return NULL;
    }
    int st = he_ready(self);
    if (st != HE_OK) {
        return PyLong_FromLong(st);
    }
    he_hand_event ev[HE_HAND_MAX_EVENTS];
    size_t ne = 0;
    st = he_hand_deal(&self->h, c, n, ev, &ne);
    return he_status(he_record(self, ev, ne, st));
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
    if ((PyLong_Check(seat) && !he_int(seat, &s))
        || (cards != Py_None && !he_ints(cards, c, HE_HAND_MAX_HOLE + 1, &n))) {
        return NULL;
    }
    int st = he_ready(self);
    if (st != HE_OK) {
        return PyLong_FromLong(st);
    }
    he_hand_event ev[HE_HAND_MAX_EVENTS];
    size_t ne = 0;
    if (cards != Py_None && n > HE_HAND_MAX_HOLE) {
        n = 0; /* a wrong count: the kernel says so */
        c[0] = -1;
    }
    st = he_hand_show(&self->h, s, cards == Py_None ? NULL : c, n, ev, &ne);
    return he_status(he_record(self, ev, ne, st));
}

static PyObject *he_muck(PyObject *op, PyObject *seat)
{
    HeHandObject *self = (HeHandObject *)op;
    int64_t s = -1;
    if (PyLong_Check(seat) && !he_int(seat, &s)) {
        return NULL;
    }
    int st = he_ready(self);
    if (st != HE_OK) {
        return PyLong_FromLong(st);
    }
    he_hand_event ev[HE_HAND_MAX_EVENTS];
    size_t ne = 0;
    st = he_hand_muck(&self->h, s, ev, &ne);
    return he_status(he_record(self, ev, ne, st));
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
    PyObject *out = PyTuple_New(la.count);
    for (int32_t k = 0; out != NULL && k < la.count; k++) {
        PyObject *v;
        if (la.kinds[k] == HE_ACT_FOLD || la.kinds[k] == HE_ACT_CHECK) {
            v = la.kinds[k] == HE_ACT_FOLD ? he_g.fold : he_g.check;
            Py_INCREF(v);
        } else {
            PyObject *a = Py_BuildValue("(OLL)", he_g.kinds[la.kinds[k]], (long long)la.min[k],
                                        (long long)la.max[k]);
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

/* _check() -> status: HE_OK, or HE_E_HAND_STATE for a state set from Python that breaks
 * an invariant */
static PyObject *he_check(PyObject *op, PyObject *unused)
{
    (void)unused;
    return PyLong_FromLong(he_ready((HeHandObject *)op));
}

/* _state() -> bytes of the struct; _set_state(bytes) -> status (he_hand_check) */
static PyObject *he_state(PyObject *op, PyObject *unused)
{
    (void)unused;
    HeHandObject *self = (HeHandObject *)op;
    return PyBytes_FromStringAndSize((const char *)&self->h, (Py_ssize_t)sizeof self->h);
}

static PyObject *he_set_state(PyObject *op, PyObject *data)
{
    HeHandObject *self = (HeHandObject *)op;
    char *buf = NULL;
    Py_ssize_t len = 0;
    if (PyBytes_AsStringAndSize(data, &buf, &len) != 0) {
        return NULL;
    }
    if ((size_t)len != sizeof self->h) {
        return PyLong_FromLong(HE_E_HAND_STATE);
    }
    memcpy(&self->h, buf, sizeof self->h);
    self->dirty = 1;
    return PyLong_FromLong(he_ready(self));
}

/* _copy_core(other): other becomes a copy of this hand (struct and log). */
static PyObject *he_copy_core(PyObject *op, PyObject *other)
{
    HeHandObject *self = (HeHandObject *)op;
    if (Py_TYPE(other) != Py_TYPE(op)) {
        PyErr_SetString(PyExc_TypeError, "_copy_core needs an instance of the same class");
        return NULL;
    }
    HeHandObject *dst = (HeHandObject *)other;
    PyObject *log = PySequence_List(self->log);
    if (log == NULL) {
        return NULL;
    }
    he_hand_clone(&dst->h, &self->h);
    dst->dirty = self->dirty;
    he_replace(&dst->log, log);
    Py_RETURN_NONE;
}

/* ---- the fields, one accessor each, from HE_HAND_FIELDS ------------------------------ */

/* A scalar is an int; an array is a list of its values (per-seat arrays: n of them). */
static PyObject *he_get(PyObject *op, void *closure)
{
    HeHandObject *self = (HeHandObject *)op;
    size_t f = (size_t)(uintptr_t)closure;
    const int64_t *v = (const int64_t *)&self->h + he_hand_field_offset(f);
    size_t len = he_hand_field_length(f);
    if (len == 1) {
        return PyLong_FromLongLong((long long)v[0]);
    }
    if (len == HE_HAND_SEATS && self->h.n >= 0 && self->h.n <= HE_HAND_SEATS) {
        len = (size_t)self->h.n;
    }
    PyObject *out = PyList_New((Py_ssize_t)len);
    for (size_t k = 0; out != NULL && k < len; k++) {
        PyObject *x = PyLong_FromLongLong((long long)v[k]);
        if (x == NULL || PyList_SetItem(out, (Py_ssize_t)k, x) != 0) {
            Py_CLEAR(out);
        }
    }
    return out;
}

/* Setting a field (tests, tools): any int64 values; the next step checks the state. */
static int he_set(PyObject *op, PyObject *value, void *closure)
{
    HeHandObject *self = (HeHandObject *)op;
    size_t f = (size_t)(uintptr_t)closure, n = 0;
    int64_t *v = (int64_t *)&self->h + he_hand_field_offset(f), tmp[HE_HAND_HOLES];
    size_t len = he_hand_field_length(f);
    if (value == NULL) {
        PyErr_SetString(PyExc_TypeError, "hand fields cannot be deleted");
        return -1;
    }
    if (len == 1) {
        if (!PyLong_Check(value)) {
            PyErr_SetString(PyExc_TypeError, "a hand field takes an int");
            return -1;
        }
        int overflow = 0;
        long long x = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (overflow || PyErr_Occurred()) {
            PyErr_Clear();
            PyErr_SetString(PyExc_OverflowError, "a hand field holds an int64");
            return -1;
        }
        v[0] = (int64_t)x;
    } else {
        if (!he_ints(value, tmp, len, &n)) {
            return -1;
        }
        memcpy(v, tmp, n * sizeof *v);
    }
    self->dirty = 1;
    return 0;
}

#define HE_GETSET_S(name) {"_" #name, he_get, he_set, NULL, NULL},
#define HE_GETSET_A(name, len) {"_" #name, he_get, he_set, NULL, NULL},
static PyGetSetDef he_getset[] = {HE_HAND_FIELDS(HE_GETSET_S, HE_GETSET_A){NULL, NULL, NULL, NULL, NULL}};

static PyObject *he_get_log(PyObject *op, void *closure)
{
    (void)closure;
    HeHandObject *self = (HeHandObject *)op;
    Py_INCREF(self->log);
    return self->log;
}

static int he_set_log(PyObject *op, PyObject *value, void *closure)
{
    (void)closure;
    HeHandObject *self = (HeHandObject *)op;
    if (value == NULL || !PyList_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "_log must be a list");
        return -1;
    }
    Py_INCREF(value);
    he_replace(&self->log, value);
    return 0;
}

static PyGetSetDef he_log_getset = {"_log", he_get_log, he_set_log, NULL, NULL};

/* payouts: None until the hand is over, then each seat's chips from the pot */
static PyObject *he_get_payouts(PyObject *op, void *closure)
{
    HeHandObject *self = (HeHandObject *)op;
    if (!self->h.over || self->h.n < 0 || self->h.n > HE_HAND_SEATS) {
        Py_RETURN_NONE;
    }
    PyObject *out = PyList_New((Py_ssize_t)self->h.n);
    for (int64_t k = 0; out != NULL && k < self->h.n; k++) {
        PyObject *x = PyLong_FromLongLong((long long)self->h.payouts[k]);
        if (x == NULL || PyList_SetItem(out, (Py_ssize_t)k, x) != 0) {
            Py_CLEAR(out);
        }
    }
    (void)closure;
    return out;
}

static PyGetSetDef he_payouts_getset = {"payouts", he_get_payouts, NULL,
                                        "Chips each seat took from the pot, once the hand "
                                        "is over (else None).", NULL};

static PyMethodDef he_methods[] = {
    {"_start", he_start, METH_VARARGS, NULL},
    {"_act", he_act, METH_VARARGS, NULL},
    {"_deal", he_deal, METH_O, NULL},
    {"_show", he_show, METH_VARARGS, NULL},
    {"_muck", he_muck, METH_O, NULL},
    {"legal_actions", he_legal, METH_NOARGS,
     "legal_actions($self, /)\n--\n\nLegal actions for the seat to act (empty when nobody is)."},
    {"_check", he_check, METH_NOARGS, NULL},
    {"_state", he_state, METH_NOARGS, NULL},
    {"_set_state", he_set_state, METH_O, NULL},
    {"_copy_core", he_copy_core, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

static PyObject *he_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    (void)args;
    (void)kwds;
    HeHandObject *self = (HeHandObject *)PyType_GenericAlloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    memset(&self->h, 0, sizeof self->h);
    self->h.n = 2;
    self->h.actor = -1;
    self->h.over = 1;
    self->dirty = 1; /* not started: no step runs until _start or _set_state */
    self->log = PyList_New(0);
    if (self->log == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static int he_traverse(PyObject *op, visitproc visit, void *arg)
{
    Py_VISIT(((HeHandObject *)op)->log);
    return 0;
}

static int he_clear(PyObject *op)
{
    Py_CLEAR(((HeHandObject *)op)->log);
    return 0;
}

static void he_dealloc(PyObject *op)
{
    PyTypeObject *tp = Py_TYPE(op);
    PyObject_GC_UnTrack(op);
    he_clear(op);
    PyObject_GC_Del(op); /* the type and every subclass are GC types */
    Py_DECREF(tp);       /* instances of heap types own a reference to their type */
}

/* hand_glue_setup(LegalAction, kinds: tuple of 6, event names: tuple of 18)
 *   -> (field names, {constant name: value}) */
static PyObject *he_glue_setup(PyObject *unused, PyObject *args)
{
    (void)unused;
    PyObject *la, *kinds, *names;
    if (!PyArg_ParseTuple(args, "OOO", &la, &kinds, &names) || !PyTuple_Check(kinds)
        || PyTuple_Size(kinds) != 6 || !PyTuple_Check(names) || PyTuple_Size(names) != 18) {
        PyErr_SetString(PyExc_TypeError, "hand_glue_setup: unexpected arguments");
        return NULL;
    }
    Py_INCREF(la);
    he_replace(&he_g.legal_action, la);
    for (Py_ssize_t k = 0; k < 6; k++) {
        PyObject *o = PyTuple_GetItem(kinds, k);
        Py_INCREF(o);
        he_replace(&he_g.kinds[k], o);
    }
    for (Py_ssize_t k = 0; k < 18; k++) {
        PyObject *o = PyTuple_GetItem(names, k);
        Py_INCREF(o);
        he_replace(&he_g.names[k], o);
    }
    PyObject *tuple_type = (PyObject *)&PyTuple_Type;
    PyObject *tuple_new = PyObject_GetAttrString(tuple_type, "__new__");
    if (tuple_new == NULL) {
        return NULL;
    }
    he_replace(&he_g.tuple_new, tuple_new);
    PyObject *fold = Py_BuildValue("(O(Oii))", la, he_g.kinds[HE_ACT_FOLD], 0, 0);
    PyObject *check = Py_BuildValue("(O(Oii))", la, he_g.kinds[HE_ACT_CHECK], 0, 0);
    PyObject *f = fold ? PyObject_Call(tuple_new, fold, NULL) : NULL;
    PyObject *c = check ? PyObject_Call(tuple_new, check, NULL) : NULL;
    Py_XDECREF(fold);
    Py_XDECREF(check);
    if (f == NULL || c == NULL) {
        Py_XDECREF(f);
        Py_XDECREF(c);
        return NULL;
    }
    he_replace(&he_g.fold, f);
    he_replace(&he_g.check, c);
    /* what the face needs to know of the kernel: its field names and a few constants */
    PyObject *fields = PyTuple_New((Py_ssize_t)he_hand_field_count());
    for (size_t f = 0; fields != NULL && f < he_hand_field_count(); f++) {
        PyObject *name = PyUnicode_FromString(he_hand_field_name(f));
        if (name == NULL || PyTuple_SetItem(fields, (Py_ssize_t)f, name) != 0) {
            Py_CLEAR(fields);
        }
    }
    PyObject *out = fields == NULL ? NULL : Py_BuildValue(
        "(N{sisisisisisisisisi})", fields, "MAX_HOLE", HE_HAND_MAX_HOLE, "CHECK_OR_CALL",
        HE_ACT_CHECK_OR_CALL, "BET_OR_RAISE", HE_ACT_BET_OR_RAISE, "TURN", HE_E_HAND_TURN,
        "CONFIG", HE_E_HAND_CONFIG, "NO_DEAL", HE_E_HAND_NO_DEAL, "SHOW_COUNT",
        HE_E_HAND_SHOW_COUNT, "UNKNOWN", HE_E_HAND_UNKNOWN, "STATE", HE_E_HAND_STATE);
    return out;
}

static PyMethodDef he_glue_setup_def = {"hand_glue_setup", he_glue_setup, METH_VARARGS, NULL};

/* The type and the setup function, set on holdem_eval._bindings (by he_py_install). */
static int he_core_install(PyObject *mod)
{
    /* the generated field accessors, then _log and payouts, then the sentinel */
    enum { N_GETSET = sizeof he_getset / sizeof he_getset[0] - 1 };
    static PyGetSetDef getset[N_GETSET + 3];
    memcpy(getset, he_getset, N_GETSET * sizeof getset[0]);
    for (size_t f = 0; f < N_GETSET; f++) {
        getset[f].closure = (void *)(uintptr_t)f;
    }
    getset[N_GETSET] = he_log_getset;
    getset[N_GETSET + 1] = he_payouts_getset;
    memset(&getset[N_GETSET + 2], 0, sizeof getset[0]);
    static PyType_Slot slots[] = {
        {Py_tp_new, (void *)he_new},           {Py_tp_dealloc, (void *)he_dealloc},
        {Py_tp_traverse, (void *)he_traverse}, {Py_tp_clear, (void *)he_clear},
        {Py_tp_methods, he_methods},           {Py_tp_getset, NULL},
        {0, NULL},
    };
    slots[5].pfunc = getset;
    static PyType_Spec spec = {
        "holdem_eval._bindings.HandCore", sizeof(HeHandObject), 0,
        Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, NULL,
    };
    spec.slots = slots;
    PyObject *tp = PyType_FromSpec(&spec);
    PyObject *fn = PyCFunction_New(&he_glue_setup_def, NULL);
    int rc = -1;
    if (tp != NULL && fn != NULL && PyObject_SetAttrString(mod, "HandCore", tp) == 0) {
        rc = PyObject_SetAttrString(mod, "hand_glue_setup", fn);
    }
    Py_XDECREF(tp);
    Py_XDECREF(fn);
    return rc;
}
