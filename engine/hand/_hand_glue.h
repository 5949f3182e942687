/* The CPython glue of holdem_eval.engine.Hand (engine/hand/_hand_glue.c: the steps;
 * _hand_fields.c: the state as data; _hand_type.c: the HandCore type and its install),
 * compiled as ordinary sources of the cffi module (holdem_eval/_ffi_build.py). Private to
 * those files and holdem_eval/_fastpath.c; hidden by -fvisibility=hidden.
 *
 * Limited API only (Python 3.9's), so the extension stays abi3. */
#ifndef HE_HAND_GLUE_H
#define HE_HAND_GLUE_H

#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x03090000
#endif
#include <Python.h>

#include "hand_state.h"

typedef struct {
    PyObject_HEAD
    struct he_hand h;
    he_hand_event *ev; /* the event log as the kernel wrote it (tuples only when read) */
    size_t n_ev, cap_ev;
    int dirty;         /* a field was set from Python: he_hand_check before the next step */
} HeHandObject;

/* What Hand gives the glue at import (hand_glue_setup, engine/hand/hand.py): its classes and
 * the Python functions the steps hand a conversion or a refusal to, each called with the
 * hand first. A missing one fails the import, not a step. */
typedef struct {
    PyObject *legal_action; /* the LegalAction class (a tuple subclass) */
    PyObject *kinds[6];     /* ActionKind members FOLD .. ALL_IN */
    PyObject *names[HE_EV_COUNT]; /* event kind names, HE_EV_* order */
    PyObject *tuple_new;    /* tuple.__new__: builds LegalAction values without Python code */
    PyObject *fold, *check; /* the constant LegalAction values of fold and check */
    /* Hand._convert_step(kind, amount), _refused(status, kind, amount),
     * _step_for(kind, amount, seat), _deal_board(cards), _deal_refused(status, cards),
     * _show_convert(seat, cards), _show_refused(status, seat, cards, shown) */
    PyObject *convert_step, *refused, *step_for, *deal_board, *deal_refused, *show_convert,
        *show_refused;
} he_glue_globals;
extern he_glue_globals he_g;

/* engine/hand/_hand_glue.c */
int he_ready(HeHandObject *self);   /* a state set from Python, checked once */
int he_ints(PyObject *seq, int64_t *out, size_t cap, size_t *n);
PyObject *he_event_tuple(const he_hand_event *e);
PyObject *he_legal_tuple(const he_hand_legal_actions *la);
extern PyMethodDef he_step_methods[];   /* the steps, up to a {NULL} sentinel */

/* engine/hand/_hand_fields.c */
extern PyMethodDef he_data_methods[];   /* the state as data, up to a {NULL} sentinel */
extern PyGetSetDef he_getset[];         /* one accessor per field, _log, payouts; {NULL} */

/* engine/hand/_hand_type.c: HandCore, hand_glue_setup and hand_blind_seats onto `mod` */
int he_core_install(PyObject *mod);

#endif
