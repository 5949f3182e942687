/* Public C interface of holdem-eval's core. The api/ headers are guard-free so that
 * cffi's cdef can read them; this header adds the guard and the standard types. */
#ifndef HOLDEM_EVAL_H
#define HOLDEM_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "api/core.h"
#include "api/eval.h"
#include "api/bulk.h"
#include "api/equity.h"
#include "api/settle.h"
#include "api/deal.h"
/* api/hand.h (the hand state machine) and api/hand_batch.h (its batch loop) are included
 * by csrc/hand_state.h, not here: the evaluator's internal header has its own he_hand type
 * (a summed hand register). */

#endif
