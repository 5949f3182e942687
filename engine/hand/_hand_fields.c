/* CPython glue of holdem_eval.engine.Hand: the state as data (engine/hand/_hand_glue.h) — one
 * accessor per field generated from HE_HAND_FIELDS, the event log, the state and log as
 * bytes (pickle, each re-checked by he_hand_check), payouts, the copy behind clone(), and a
 * viewer's view (he_hand_write_view, csrc/hand_view.c).
 * Only conversions. */
#include "_hand_glue.h"

/* _check() -> status: HE_OK, or HE_E_HAND_STATE for a state set from Python that breaks
 * an invariant */
static PyObject *he_check(PyObject *op, PyObject *unused)
{
    (void)unused;
    return PyLong_FromLong(he_ready((HeHandObject *)op));
}

/* _fault() -> 0, or the first group of invariants the state breaks (he_hand_fault) */
static PyObject *he_fault(PyObject *op, PyObject *unused)
{
    (void)unused;
    return PyLong_FromLong(he_hand_fault(&((HeHandObject *)op)->h));
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
    he_hand_event *ev = PyMem_Malloc((self->n_ev + 1) * sizeof *ev);
    if (ev == NULL) {
        return PyErr_NoMemory();
    }
    memcpy(ev, self->ev, self->n_ev * sizeof *ev);
    PyMem_Free(dst->ev);
    dst->ev = ev;
    dst->n_ev = dst->cap_ev = self->n_ev;
    he_hand_clone(&dst->h, &self->h);
    dst->dirty = self->dirty;
    Py_RETURN_NONE;
}

/* ---- the fields, one accessor each, from HE_HAND_FIELDS ------------------------------ */

/* Value k of a field `width` bytes wide (1, 4 or 8: int8_t, int32_t, int64_t). */
static int64_t he_load(const unsigned char *v, size_t width, size_t k)
{
    if (width == 1) {
        return ((const int8_t *)v)[k];
    }
    if (width == 4) {
        return ((const int32_t *)v)[k];
    }
    return ((const int64_t *)v)[k];
}

/* Stores x as value k, clamped to the field's type: a value the type cannot hold is
 * stored as its type's extreme, which he_hand_check refuses as it would the value. */
static void he_store(unsigned char *v, size_t width, size_t k, int64_t x)
{
    if (width == 1) {
        ((int8_t *)v)[k] = (int8_t)(x < INT8_MIN ? INT8_MIN : x > INT8_MAX ? INT8_MAX : x);
    } else if (width == 4) {
        ((int32_t *)v)[k] = (int32_t)(x < INT32_MIN ? INT32_MIN : x > INT32_MAX ? INT32_MAX : x);
    } else {
        ((int64_t *)v)[k] = x;
    }
}

/* A scalar is an int; an array is a list of its values (per-seat arrays: n of them). */
static PyObject *he_get(PyObject *op, void *closure)
{
    HeHandObject *self = (HeHandObject *)op;
    size_t f = (size_t)(uintptr_t)closure;
    const unsigned char *v = (const unsigned char *)&self->h + he_hand_field_offset(f);
    size_t len = he_hand_field_length(f), width = he_hand_field_width(f);
    if (len == 1) {
        return PyLong_FromLongLong((long long)he_load(v, width, 0));
    }
    if (len == HE_HAND_SEATS && self->h.n >= 0 && self->h.n <= HE_HAND_SEATS) {
        len = (size_t)self->h.n;
    }
    PyObject *out = PyList_New((Py_ssize_t)len);
    for (size_t k = 0; out != NULL && k < len; k++) {
        PyObject *x = PyLong_FromLongLong((long long)he_load(v, width, k));
        if (x == NULL || PyList_SetItem(out, (Py_ssize_t)k, x) != 0) {
            Py_CLEAR(out);
        }
    }
    return out;
}

/* Setting a field (tests, tools): any int64 values (narrower fields clamp them to their
 * type); the next step checks the state. */
static int he_set(PyObject *op, PyObject *value, void *closure)
{
    HeHandObject *self = (HeHandObject *)op;
    size_t f = (size_t)(uintptr_t)closure, n = 0;
    unsigned char *v = (unsigned char *)&self->h + he_hand_field_offset(f);
    int64_t tmp[HE_HAND_HOLES];
    size_t len = he_hand_field_length(f), width = he_hand_field_width(f);
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
        he_store(v, width, 0, (int64_t)x);
    } else {
        if (!he_ints(value, tmp, len, &n)) {
            return -1;
        }
        for (size_t k = 0; k < n; k++) {
            he_store(v, width, k, tmp[k]);
        }
    }
    self->dirty = 1;
    return 0;
}

static PyObject *he_get_log(PyObject *op, void *closure)
{
    (void)closure;
    HeHandObject *self = (HeHandObject *)op;
    PyObject *out = PyList_New((Py_ssize_t)self->n_ev);
    for (size_t k = 0; out != NULL && k < self->n_ev; k++) {
        PyObject *e = he_event_tuple(&self->ev[k]);
        if (e == NULL || PyList_SetItem(out, (Py_ssize_t)k, e) != 0) {
            Py_CLEAR(out);
        }
    }
    return out;
}

/* _events() -> bytes of the log; _set_events(bytes) -> 0, or -1 when not a log */
static PyObject *he_events(PyObject *op, PyObject *unused)
{
    (void)unused;
    HeHandObject *self = (HeHandObject *)op;
    return PyBytes_FromStringAndSize((const char *)self->ev,
                                     (Py_ssize_t)(self->n_ev * sizeof *self->ev));
}

static PyObject *he_set_events(PyObject *op, PyObject *data)
{
    HeHandObject *self = (HeHandObject *)op;
    char *buf = NULL;
    Py_ssize_t len = 0;
    if (PyBytes_AsStringAndSize(data, &buf, &len) != 0) {
        return NULL;
    }
    size_t n = (size_t)len / sizeof(he_hand_event);
    if ((size_t)len % sizeof(he_hand_event)) {
        return PyLong_FromLong(-1);
    }
    he_hand_event *ev = PyMem_Malloc((n + 1) * sizeof *ev);
    if (ev == NULL) {
        return PyErr_NoMemory();
    }
    memcpy(ev, buf, n * sizeof *ev);
    for (size_t k = 0; k < n; k++) {
        if (ev[k].kind < 0 || ev[k].kind >= HE_EV_COUNT || ev[k].n_cards < 0
            || ev[k].n_cards > HE_HAND_EVENT_CARDS) {
            PyMem_Free(ev);
            return PyLong_FromLong(-1);
        }
    }
    PyMem_Free(self->ev);
    self->ev = ev;
    self->n_ev = self->cap_ev = n;
    return PyLong_FromLong(0);
}

/* _log_from(count) -> list of the log's (kind, seat, amount, cards) tuples after the first
 * `count`: what a reader that has seen `count` events has not seen yet */
static PyObject *he_log_from(PyObject *op, PyObject *count)
{
    HeHandObject *self = (HeHandObject *)op;
    Py_ssize_t from = PyLong_AsSsize_t(count);
    if (from < 0) {
        return PyErr_Occurred() ? NULL : PyList_New(0);
    }
    size_t k0 = (size_t)from < self->n_ev ? (size_t)from : self->n_ev;
    PyObject *out = PyList_New((Py_ssize_t)(self->n_ev - k0));
    for (size_t k = k0; out != NULL && k < self->n_ev; k++) {
        PyObject *e = he_event_tuple(&self->ev[k]);
        if (e == NULL || PyList_SetItem(out, (Py_ssize_t)(k - k0), e) != 0) {
            Py_CLEAR(out);
        }
    }
    return out;
}

static PyObject *he_card_tuple(const int64_t *cards, int64_t n)
{
    PyObject *t = PyTuple_New((Py_ssize_t)n);
    for (int64_t k = 0; t != NULL && k < n; k++) {
        PyObject *x = PyLong_FromLongLong((long long)cards[k]);
        if (x == NULL || PyTuple_SetItem(t, (Py_ssize_t)k, x) != 0) {
            Py_CLEAR(t);
        }
    }
    return t;
}

/* _view(viewer) -> (street, actor, pot, to_call, board, legal, record): the view of
 * `viewer` (a position, -1 a spectator) as he_hand_write_view writes it, the seats left in
 * `record` (the struct's bytes, read when asked); None for a viewer outside -1..n-1 or a
 * state set from Python that fails its check. */
static PyObject *he_view(PyObject *op, PyObject *viewer)
{
    HeHandObject *self = (HeHandObject *)op;
    long long v = PyLong_AsLongLong(viewer);
    if (v == -1 && PyErr_Occurred()) {
        return NULL;
    }
    he_hand_view out;
    if (he_ready(self) != HE_OK || he_hand_write_view(&self->h, (int64_t)v, &out) != HE_OK) {
        Py_RETURN_NONE;
    }
    PyObject *board = he_card_tuple(out.board, out.board_len);
    PyObject *legal = board ? he_legal_tuple(&out.legal) : NULL;
    PyObject *record = legal ? PyBytes_FromStringAndSize((const char *)&out, (Py_ssize_t)sizeof out)
                             : NULL;
    PyObject *res = record ? Py_BuildValue("(LLLLOOO)", (long long)out.street, (long long)out.actor,
                                           (long long)out.pot, (long long)out.to_call, board,
                                           legal, record)
                           : NULL;
    Py_XDECREF(board);
    Py_XDECREF(legal);
    Py_XDECREF(record);
    return res;
}

/* HandCore._view_layout() -> {name: index}: where each value of _view's record is, in
 * int64_t words from its start (the record is he_hand_view's bytes) */
static PyObject *he_view_layout(PyObject *cls, PyObject *unused)
{
    (void)cls;
    (void)unused;
#define HE_AT(name) #name, (long long)(offsetof(he_hand_view, name) / sizeof(int64_t))
    return Py_BuildValue("{" "sLsLsLsLsL" "sLsLsLsLsL" "sLsLsLsLsL" "}", HE_AT(viewer), HE_AT(seats),
                         HE_AT(hole_count), HE_AT(street), HE_AT(actor), HE_AT(pot), HE_AT(to_call),
                         HE_AT(board_len), HE_AT(board), HE_AT(stacks), HE_AT(bets), HE_AT(folded),
                         HE_AT(seen), HE_AT(cards), "hole_stride", (long long)HE_HAND_MAX_HOLE);
#undef HE_AT
}

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

/* the fields' accessors (the closure: the field's index in the table), _log and payouts */
#define HE_FIELD_INDEX_S(type, name) HE_FIELD_##name,
#define HE_FIELD_INDEX_A(type, name, len) HE_FIELD_##name,
enum { HE_HAND_FIELDS(HE_FIELD_INDEX_S, HE_FIELD_INDEX_A) };
#define HE_GETSET_S(type, name) {"_" #name, he_get, he_set, NULL, (void *)(uintptr_t)HE_FIELD_##name},
#define HE_GETSET_A(type, name, len) HE_GETSET_S(type, name)
PyGetSetDef he_getset[] = {
    HE_HAND_FIELDS(HE_GETSET_S, HE_GETSET_A)
    {"_log", he_get_log, NULL, NULL, NULL},
    {"payouts", he_get_payouts, NULL,
     "Chips each seat took from the pot, once the hand is over (else None).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

/* the state as data: the methods of HandCore defined here */
PyMethodDef he_data_methods[] = {
    {"_check", he_check, METH_NOARGS, NULL},
    {"_fault", he_fault, METH_NOARGS, NULL},
    {"_state", he_state, METH_NOARGS, NULL},
    {"_events", he_events, METH_NOARGS, NULL},
    {"_set_events", he_set_events, METH_O, NULL},
    {"_set_state", he_set_state, METH_O, NULL},
    {"_copy_core", he_copy_core, METH_O, NULL},
    {"_log_from", he_log_from, METH_O, NULL},
    {"_view", he_view, METH_O, NULL},
    {"_view_layout", he_view_layout, METH_NOARGS | METH_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};
