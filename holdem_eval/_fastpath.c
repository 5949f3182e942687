/* CPython glue compiled into the cffi module (not part of the C core in csrc/): a
 * builtin for the scalar `evaluate`, because a cffi call with seven int arguments costs
 * ~200 ns while a builtin taking the tuple or list costs well under 100 ns (METH_VARARGS:
 * the limited API of 3.9 has no METH_FASTCALL).
 *
 * Fast path: a tuple or list of 5..7 exact Python ints, all 0..51 and distinct, for
 * "holdem" or a short-deck variant (ids 16..51; api/eval_short.h). Anything
 * else (text, numpy ints, bools, bad or repeated cards) goes to the Python implementation
 * holdem_eval.evaluator._evaluate_general, which parses, validates and raises the precise
 * error. Limited API only, so the extension stays abi3.
 *
 * Also he_py_install, which _bindings calls once at import to put these builtins and the
 * engine's HandCore (engine/_hand_glue.h) on it. */
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
 * evaluate(cards) and evaluate(cards, variant=...) for the best-five variants ("holdem",
 * "short-deck", "short-deck-straights-beat-trips"). */
static PyObject *he_py_evaluate(PyObject *self, PyObject *args, PyObject *kwargs)
{
    Py_ssize_t nargs = PyTuple_Size(args);
    int rules = -1;
    if (nargs == 2 && kwargs == NULL) {
        rules = he_py_short_rules(PyTuple_GetItem(args, 1));
    } else if (nargs == 1 && kwargs != NULL && PyDict_Size(kwargs) == 1) {
        /* `self` holds the interned key "variant" after the ranks (he_py_install) */
        rules = he_py_short_rules(PyDict_GetItem(kwargs, PyTuple_GetItem(self, HE_RANK_WORST + 1)));
    } else if (nargs != 1 || (kwargs != NULL && PyDict_Size(kwargs) != 0)) {
        rules = -2;
    }
    PyObject *arg = PyTuple_GetItem(args, 0);
    if (rules == -2 || arg == NULL) {
        PyErr_Clear();
        return he_py_evaluate_general(args, kwargs);
    }
    int is_tuple = PyTuple_Check(arg);
    if (!is_tuple && !PyList_Check(arg)) {
        return he_py_evaluate_general(args, kwargs);
    }
    Py_ssize_t k = is_tuple ? PyTuple_Size(arg) : PyList_Size(arg);
    if (k < 5 || k > 7) {
        return he_py_evaluate_general(args, kwargs);
    }
    uint8_t cards[7];
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *o = is_tuple ? PyTuple_GetItem(arg, i) : PyList_GetItem(arg, i);
        if (o == NULL || !PyLong_CheckExact(o)) {
            return he_py_evaluate_general(args, kwargs);
        }
        long v = PyLong_AsLong(o);
        if (v < 0 || v > 51) {
            PyErr_Clear(); /* an overflow of AsLong lands here too */
            return he_py_evaluate_general(args, kwargs);
        }
        cards[i] = (uint8_t)v;
    }
    int r = rules < 0 ? he_eval_hand(cards, (size_t)k) : he_short_eval_hand(cards, (size_t)k, rules);
    if (r < 0) {
        return he_py_evaluate_general(args, kwargs);
    }
    PyObject *res = PyTuple_GetItem(self, r);
    Py_XINCREF(res);
    return res;
}

static PyMethodDef he_py_evaluate_def = {
    "evaluate", (PyCFunction)(void (*)(void))he_py_evaluate, METH_VARARGS | METH_KEYWORDS,
    "evaluate(cards, variant='holdem')\n--\n\n"
    "Rank of the best five of 5, 6 or 7 cards, given as text or ids.\n\n"
    "Lower is stronger: 1 = royal flush .. 7462 = 7-5-4-3-2 (the Cactus Kev scale).\n"
    "``variant='short-deck'`` (or 'short-deck-straights-beat-trips') ranks a short-deck\n"
    "hand (cards 6..A) on its own scale, 1 .. 1404 (docs/variants.md).\n"
    "A tuple or list of int ids takes a C fast path; text and arrays are parsed.\n\n"
    ">>> evaluate(\"Ah Kh Qh Jh Th 9c 2d\")\n1\n"
    ">>> evaluate([12, 8, 4, 0, 49])   # 5-4-3-2-A, the wheel\n1609\n"
    ">>> evaluate(\"9c 8d 7h 6s Ac\", variant=\"short-deck\")   # A-6-7-8-9\n528\n",
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

/* Called once by holdem_eval._bindings at import: sets _bindings.evaluate_fast,
 * deal_seeded and the engine core (engine/_hand_type.c). cffi released the GIL for this
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
        PyObject *fn = i == HE_RANK_WORST + 2 ? PyCFunction_New(&he_py_evaluate_def, ranks) : NULL;
        if (fn != NULL) {
            rc = PyObject_SetAttrString(mod, "evaluate_fast", fn);
            Py_DECREF(fn);
        }
        PyObject *deal = rc == 0 ? PyCFunction_New(&he_py_deal_seeded_def, NULL) : NULL;
        rc = deal != NULL ? PyObject_SetAttrString(mod, "deal_seeded", deal) : -1;
        Py_XDECREF(deal);
        if (rc == 0) {
            rc = he_core_install(mod); /* engine/_hand_type.c */
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
