/* CPython glue of holdem_eval.engine.Hand, part 3 (after engine/_hand_fields.c): the
 * HandCore type (limited API heap type), hand_glue_setup and hand_blind_seats, and the
 * install into holdem_eval._bindings (he_core_install, called by he_py_install). */

static PyMethodDef he_methods[] = {
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
    {"legal_actions", he_legal, METH_NOARGS,
     "legal_actions($self, /)\n--\n\nLegal actions for the seat to act (empty when nobody is)."},
    {"_check", he_check, METH_NOARGS, NULL},
    {"_fault", he_fault, METH_NOARGS, NULL},
    {"_state", he_state, METH_NOARGS, NULL},
    {"_events", he_events, METH_NOARGS, NULL},
    {"_set_events", he_set_events, METH_O, NULL},
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
        "(N{sisisisisisisisisisi})", fields, "CONVERT", HE_GLUE_CONVERT, "MAX_HOLE", HE_HAND_MAX_HOLE, "CHECK_OR_CALL",
        HE_ACT_CHECK_OR_CALL, "BET_OR_RAISE", HE_ACT_BET_OR_RAISE, "TURN", HE_E_HAND_TURN,
        "CONFIG", HE_E_HAND_CONFIG, "NO_DEAL", HE_E_HAND_NO_DEAL, "SHOW_COUNT",
        HE_E_HAND_SHOW_COUNT, "UNKNOWN", HE_E_HAND_UNKNOWN, "STATE", HE_E_HAND_STATE);
    return out;
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
