/* CPython glue compiled into the cffi module (not part of the C core in csrc/): a
 * builtin for the scalar `evaluate`, because a cffi call with seven int arguments costs
 * ~200 ns while a builtin taking the tuple or list costs well under 100 ns (METH_FASTCALL
 * on CPython 3.10+, whose stable ABI has it; METH_VARARGS on 3.9).
 *
 * Fast path: a tuple or list of 5..7 exact Python ints, all 0..51 and distinct, for
 * "holdem" or a short-deck variant (ids 16..51; api/eval_short.h). Anything
 * else (text, numpy ints, bools, bad or repeated cards) goes to the Python implementation
 * holdem_eval.evaluator._evaluate_general, which parses, validates and raises the precise
 * error. Limited API only, so the extension stays abi3.
 *
 * Also he_py_install, which _bindings calls once at import to put these builtins and the
 * engine's HandCore (engine/hand/_hand_glue.h) on it. */
#include "_hand_glue.h"

static PyObject *he_py_evaluate_general(PyObject *args, PyObject *kwargs)
{
    PyObject *mod = PyImport_ImportModule("holdem_eval.evaluator");
    if (mod == NULL) {
        return NULL;
    }
    PyObject *fn = PyObject_GetAttrString(mod, "_evaluate_general");
    Py_DECREF(mod);
    if (fn == NULL) {
        return NULL;
    }
    PyObject *res = PyObject_Call(fn, args, kwargs);
    Py_DECREF(fn);
    return res;
}

/* The short-deck rules (api/eval_short.h) of the variant named `v`, -1 for "holdem", -2
 * for anything else (the Python implementation handles or rejects it). */
static int he_py_short_rules(PyObject *v)
{
    if (v == NULL || !PyUnicode_Check(v)) {
        return -2;
    }
    if (PyUnicode_CompareWithASCIIString(v, he_variant_info(HE_VARIANT_HOLDEM)->name) == 0) {
        return -1;
    }
    if (PyUnicode_CompareWithASCIIString(v, he_variant_info(HE_VARIANT_SHORT_DECK)->name) == 0) {
        return HE_SHORT_TRIPS_BEAT_STRAIGHT;
    }
    if (PyUnicode_CompareWithASCIIString(v, he_variant_info(HE_VARIANT_SHORT_DECK_STRAIGHTS)->name)
        == 0) {
        return HE_SHORT_STRAIGHTS_BEAT_TRIPS;
    }
    return -2;
}

/* `self` is a tuple of the ints 0..HE_RANK_WORST and then the interned string "variant",
 * built once at install: returning a cached int saves allocating one per call (ranks above
 * 256 are not among CPython's small ints), and the key looks the keyword up without making
 * a string per call.
 * The rank of `arg` (rules: -1 Hold'em, else a short deck's) when it takes the fast path;
 * NULL, with no error set, when the Python implementation must take the call. */
static PyObject *he_py_eval_fast(PyObject *self, PyObject *arg, int rules)
{
    int is_tuple = PyTuple_Check(arg);
    if (!is_tuple && !PyList_Check(arg)) {
        return NULL;
    }
    Py_ssize_t k = is_tuple ? PyTuple_Size(arg) : PyList_Size(arg);
    if (k < 5 || k > 7) {
        return NULL;
    }
    uint8_t cards[7];
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *o = is_tuple ? PyTuple_GetItem(arg, i) : PyList_GetItem(arg, i);
        if (o == NULL || !PyLong_CheckExact(o)) {
            PyErr_Clear();
            return NULL;
        }
        long v = PyLong_AsLong(o);
        if (v < 0 || v > 51) {
            PyErr_Clear(); /* an overflow of AsLong lands here too */
            return NULL;
        }
        cards[i] = (uint8_t)v;
    }
    int r = rules < 0 ? he_eval_hand(cards, (size_t)k) : he_short_eval_hand(cards, (size_t)k, rules);
    PyObject *res = r < 0 ? NULL : PyTuple_GetItem(self, r);
    Py_XINCREF(res);
    return res;
}

/* evaluate(cards) and evaluate(cards, variant=...) for the best-five variants ("holdem",
 * "short-deck", "short-deck-straights-beat-trips"): the call as a tuple and dict
 * (METH_VARARGS, CPython 3.9). */
static PyObject *he_py_evaluate(PyObject *self, PyObject *args, PyObject *kwargs)
{
    Py_ssize_t nargs = PyTuple_Size(args);
    int rules = -1;
    if (nargs == 2 && kwargs == NULL) {
        rules = he_py_short_rules(PyTuple_GetItem(args, 1));
    } else if (nargs == 1 && kwargs != NULL && PyDict_Size(kwargs) == 1) {
        rules = he_py_short_rules(PyDict_GetItem(kwargs, PyTuple_GetItem(self, HE_RANK_WORST + 1)));
    } else if (nargs != 1 || (kwargs != NULL && PyDict_Size(kwargs) != 0)) {
        rules = -2;
    }
    PyObject *arg = rules == -2 ? NULL : PyTuple_GetItem(args, 0);
    PyObject *res = arg == NULL ? NULL : he_py_eval_fast(self, arg, rules);
    if (res == NULL) {
        PyErr_Clear();
        return he_py_evaluate_general(args, kwargs);
    }
    return res;
}

/* The same call as a vector of arguments (METH_FASTCALL | METH_KEYWORDS): no tuple made
 * per call, which is a third of the call's cost. Its calling convention is in the stable
 * ABI from CPython 3.10, so he_py_install takes it on 3.10 and later only; the abi3 build
 * targets 3.9, whose limited headers do not name the flag. */
#ifndef METH_FASTCALL
#define METH_FASTCALL 0x0080
#endif
static PyObject *he_py_evaluate_vector(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                       PyObject *kwnames)
{
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_Size(kwnames);
    int rules = -2;
    if (nargs == 1 && nkw == 0) {
        rules = -1;
    } else if (nargs + nkw == 2 && (nkw == 0 || PyTuple_GetItem(kwnames, 0)
                                                  == PyTuple_GetItem(self, HE_RANK_WORST + 1))) {
        rules = he_py_short_rules(args[1]); /* `variant` by position or interned keyword */
    }
    PyObject *res = rules == -2 || nargs < 1 ? NULL : he_py_eval_fast(self, args[0], rules);
    if (res != NULL) {
        return res;
    }
    PyErr_Clear();
    PyObject *tuple = PyTuple_New(nargs), *kwargs = nkw ? PyDict_New() : NULL;
    int ok = tuple != NULL && (nkw == 0 || kwargs != NULL);
    for (Py_ssize_t i = 0; ok && i < nargs + nkw; i++) {
        Py_INCREF(args[i]);
        ok = i < nargs ? PyTuple_SetItem(tuple, i, args[i]) == 0
                       : PyDict_SetItem(kwargs, PyTuple_GetItem(kwnames, i - nargs), args[i]) == 0;
        if (i >= nargs) {
            Py_DECREF(args[i]);
        }
    }
    res = ok ? he_py_evaluate_general(tuple, kwargs) : NULL;
    Py_XDECREF(tuple);
    Py_XDECREF(kwargs);
    return res;
}

#define HE_PY_EVALUATE_DOC                                                                  \
    "evaluate(cards, variant='holdem')\n--\n\n"                                             \
    "Rank of the best five of 5, 6 or 7 cards, given as text or ids.\n\n"                   \
    "Lower is stronger: 1 = royal flush .. 7462 = 7-5-4-3-2 (the Cactus Kev scale).\n"      \
    "``variant='short-deck'`` (or 'short-deck-straights-beat-trips') ranks a short-deck\n"  \
    "hand (cards 6..A) on its own scale, 1 .. 1404 (docs/variants.md).\n"                   \
    "A tuple or list of int ids takes a C fast path; text and arrays are parsed.\n\n"       \
    ">>> evaluate(\"Ah Kh Qh Jh Th 9c 2d\")\n1\n"                                           \
    ">>> evaluate([12, 8, 4, 0, 49])   # 5-4-3-2-A, the wheel\n1609\n"                      \
    ">>> evaluate(\"9c 8d 7h 6s Ac\", variant=\"short-deck\")   # A-6-7-8-9\n528\n"

static PyMethodDef he_py_evaluate_vector_def = {
    "evaluate", (PyCFunction)(void (*)(void))he_py_evaluate_vector, METH_FASTCALL | METH_KEYWORDS,
    HE_PY_EVALUATE_DOC,
};

static PyMethodDef he_py_evaluate_def = {
    "evaluate", (PyCFunction)(void (*)(void))he_py_evaluate, METH_VARARGS | METH_KEYWORDS,
    HE_PY_EVALUATE_DOC,
};

/* deal_seeded(seed, exclude_mask, count) -> bytes: the first `count` cards of the
 * splitmix64 deal for `seed` (0 .. 2**64-1) from the deck without the cards set in
 * `exclude_mask`. A builtin rather than a cffi call: hand setup calls it once per hand,
 * and a cffi call with a from_buffer argument costs ~1 us, this well under 0.3 us. */
static PyObject *he_py_deal_seeded(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long long seed, mask;
    Py_ssize_t count;
    if (!PyArg_ParseTuple(args, "KKn:deal_seeded", &seed, &mask, &count)) {
        return NULL;
    }
    uint8_t out[52];
    if (count < 0 || count > 52
        || he_deal_seeded(seed, mask, (size_t)count, out) != HE_OK) {
        int left = 52;
        for (int c = 0; c < 52; c++) {
            left -= (int)((mask >> c) & 1);
        }
        return PyErr_Format(PyExc_ValueError, "cannot deal %zd cards: only %d remain in the deck",
                            count, left);
    }
    return PyBytes_FromStringAndSize((const char *)out, count);
}

static PyMethodDef he_py_deal_seeded_def = {
    "deal_seeded", he_py_deal_seeded, METH_VARARGS,
    "deal_seeded(seed, exclude_mask, count)\n--\n\n"
    "The first ``count`` cards of the splitmix64 deal for ``seed`` (0 .. 2**64-1) from the\n"
    "deck without the cards set in ``exclude_mask`` (bit c = card c), as card ids (bytes).\n\n"
    "Raises ValueError when fewer than ``count`` cards remain after the exclusion.",
};

/* The running CPython's minor version (3.x), 0 if unknown. */
static long he_py_minor(void)
{
    PyObject *info = PySys_GetObject("version_info"); /* borrowed */
    PyObject *minor = info == NULL ? NULL : PySequence_GetItem(info, 1);
    long v = minor == NULL ? 0 : PyLong_AsLong(minor);
    Py_XDECREF(minor);
    PyErr_Clear();
    return v < 0 ? 0 : v;
}

/* Called once by holdem_eval._bindings at import: sets _bindings.evaluate_fast,
 * deal_seeded and the engine core (engine/hand/_hand_type.c). cffi released the GIL for this
 * call, so take it back before touching Python objects. */
int he_py_install(void)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    int rc = -1;
    PyObject *mod = PyImport_ImportModule("holdem_eval._bindings");
    PyObject *ranks = PyTuple_New(HE_RANK_WORST + 2);
    if (mod != NULL && ranks != NULL) {
        Py_ssize_t i = 0;
        for (; i < HE_RANK_WORST + 1; i++) {
            PyObject *v = PyLong_FromSsize_t(i);
            if (v == NULL || PyTuple_SetItem(ranks, i, v) != 0) {
                break;
            }
        }
        PyObject *key = i == HE_RANK_WORST + 1 ? PyUnicode_InternFromString("variant") : NULL;
        if (key != NULL && PyTuple_SetItem(ranks, i, key) == 0) {
            i++;
        }
        PyObject *fn = i == HE_RANK_WORST + 2
                           ? PyCFunction_New(he_py_minor() >= 10 ? &he_py_evaluate_vector_def
                                                                 : &he_py_evaluate_def,
                                             ranks)
                           : NULL;
        if (fn != NULL) {
            rc = PyObject_SetAttrString(mod, "evaluate_fast", fn);
            Py_DECREF(fn);
        }
        PyObject *deal = rc == 0 ? PyCFunction_New(&he_py_deal_seeded_def, NULL) : NULL;
        rc = deal != NULL ? PyObject_SetAttrString(mod, "deal_seeded", deal) : -1;
        Py_XDECREF(deal);
        if (rc == 0) {
            rc = he_core_install(mod); /* engine/hand/_hand_type.c */
        }
    }
    Py_XDECREF(ranks);
    Py_XDECREF(mod);
    if (rc != 0) {
        PyErr_Print();
    }
    PyGILState_Release(gil);
    return rc;
}
