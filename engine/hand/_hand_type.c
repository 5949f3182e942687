/* CPython glue of holdem_eval.engine.Hand (engine/hand/_hand_glue.h): the HandCore type (a
 * limited API heap type with the methods of _hand_glue.c and _hand_fields.c),
 * hand_glue_setup and hand_blind_seats, and their install into holdem_eval._bindings
 * (he_core_install, called by he_py_install in holdem_eval/_fastpath.c). */
#include "_hand_glue.h"

static void he_replace(PyObject **slot, PyObject *value)
{
    PyObject *old = *slot;
    *slot = value;
    Py_XDECREF(old);
}



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
    self->ev = NULL;
    self->n_ev = self->cap_ev = 0;
    return (PyObject *)self;
}

/* No Python objects inside; GC support is for subclasses' slots. */
static int he_traverse(PyObject *op, visitproc visit, void *arg)
{
    (void)op;
    (void)visit;
    (void)arg;
    return 0;
}

static int he_clear(PyObject *op)
{
    HeHandObject *self = (HeHandObject *)op;
    PyMem_Free(self->ev);
    self->ev = NULL;
    self->n_ev = self->cap_ev = 0;
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

/* The Python functions the steps hand conversions and refusals to, by their names in
 * hand_glue_setup's mapping, and where they go. */
static const struct {
    const char *name;
    PyObject **slot;
} he_callbacks[] = {
    {"convert_step", &he_g.convert_step}, {"refused", &he_g.refused},
    {"step_for", &he_g.step_for},         {"deal_board", &he_g.deal_board},
    {"deal_refused", &he_g.deal_refused}, {"show_convert", &he_g.show_convert},
    {"show_refused", &he_g.show_refused},
};

/* hand_glue_setup(LegalAction, kinds: tuple of 6, event names: tuple of HE_EV_COUNT,
 *                 callbacks: {name: function} for each of he_callbacks) -> None */
static PyObject *he_glue_setup(PyObject *unused, PyObject *args)
{
    (void)unused;
    PyObject *la, *kinds, *names, *callbacks;
    if (!PyArg_ParseTuple(args, "OOOO", &la, &kinds, &names, &callbacks) || !PyTuple_Check(kinds)
        || PyTuple_Size(kinds) != 6 || !PyTuple_Check(names) || PyTuple_Size(names) != HE_EV_COUNT
        || !PyDict_Check(callbacks)) {
        PyErr_SetString(PyExc_TypeError, "hand_glue_setup: unexpected arguments");
        return NULL;
    }
    size_t n_callbacks = sizeof he_callbacks / sizeof he_callbacks[0];
    if (PyDict_Size(callbacks) != (Py_ssize_t)n_callbacks) {
        PyErr_Format(PyExc_TypeError, "hand_glue_setup: %zu callbacks expected", n_callbacks);
        return NULL;
    }
    for (size_t k = 0; k < n_callbacks; k++) {
        PyObject *fn = PyDict_GetItemString(callbacks, he_callbacks[k].name); /* borrowed */
        if (fn == NULL || !PyCallable_Check(fn)) {
            PyErr_Format(PyExc_TypeError, "hand_glue_setup: callback %s missing or not callable",
                         he_callbacks[k].name);
            return NULL;
        }
        Py_INCREF(fn);
        he_replace(he_callbacks[k].slot, fn);
    }
    Py_INCREF(la);
    he_replace(&he_g.legal_action, la);
    for (Py_ssize_t k = 0; k < 6; k++) {
        PyObject *o = PyTuple_GetItem(kinds, k);
        Py_INCREF(o);
        he_replace(&he_g.kinds[k], o);
    }
    for (Py_ssize_t k = 0; k < HE_EV_COUNT; k++) {
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
    Py_RETURN_NONE;
}

static PyMethodDef he_glue_setup_def = {"hand_glue_setup", he_glue_setup, METH_VARARGS, NULL};

/* hand_blind_seats(seats, button) -> (small blind seat, big blind seat), or None when the
 * kernel refuses the seat count or button */
static PyObject *he_blind_seats(PyObject *unused, PyObject *args)
{
    (void)unused;
    Py_ssize_t seats = 0, button = 0;
    if (!PyArg_ParseTuple(args, "nn", &seats, &button)) {
        return NULL;
    }
    size_t sb = 0, bb = 0;
    if (seats < 0 || button < 0
        || he_hand_blind_seats((size_t)seats, (size_t)button, &sb, &bb) != HE_OK) {
        Py_RETURN_NONE;
    }
    return Py_BuildValue("(nn)", (Py_ssize_t)sb, (Py_ssize_t)bb);
}

static PyMethodDef he_blind_seats_def = {"hand_blind_seats", he_blind_seats, METH_VARARGS, NULL};

/* The type and the setup function, set on holdem_eval._bindings (by he_py_install). */
int he_core_install(PyObject *mod)
{
    /* one method table: the steps, then the state as data, then the sentinel */
    enum { N_METHODS = 64 };
    static PyMethodDef methods[N_METHODS];
    const PyMethodDef *parts[] = {he_step_methods, he_data_methods};
    size_t n = 0;
    for (size_t p = 0; p < 2; p++) {
        for (const PyMethodDef *m = parts[p]; m->ml_name != NULL; m++) {
            if (n == N_METHODS - 1) {
                PyErr_SetString(PyExc_RuntimeError, "HandCore: more methods than N_METHODS");
                return -1;
            }
            methods[n++] = *m;
        }
    }
    memset(&methods[n], 0, sizeof methods[n]);
    static PyType_Slot slots[] = {
        {Py_tp_new, (void *)he_new},           {Py_tp_dealloc, (void *)he_dealloc},
        {Py_tp_traverse, (void *)he_traverse}, {Py_tp_clear, (void *)he_clear},
        {Py_tp_methods, methods},              {Py_tp_getset, he_getset},
        {0, NULL},
    };
    static PyType_Spec spec = {
        "holdem_eval._bindings.HandCore", sizeof(HeHandObject), 0,
        Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, NULL,
    };
    spec.slots = slots;
    PyObject *tp = PyType_FromSpec(&spec);
    PyObject *fn = PyCFunction_New(&he_glue_setup_def, NULL);
    PyObject *blinds = PyCFunction_New(&he_blind_seats_def, NULL);
    int rc = -1;
    if (tp != NULL && fn != NULL && blinds != NULL
        && PyObject_SetAttrString(mod, "HandCore", tp) == 0
        && PyObject_SetAttrString(mod, "hand_blind_seats", blinds) == 0) {
        rc = PyObject_SetAttrString(mod, "hand_glue_setup", fn);
    }
    Py_XDECREF(tp);
    Py_XDECREF(fn);
    Py_XDECREF(blinds);
    return rc;
}
