/* Public C interface of holdem-eval's core. The api/ headers are guard-free so that
 * cffi's cdef can read them; this header adds the guard and the standard types. */
#ifndef HOLDEM_EVAL_H
#define HOLDEM_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "api/core.h"
#include "api/eval.h"
#include "api/eval_short.h"
#include "api/bulk.h"
#include "api/equity.h"
#include "api/variant.h"
#include "api/eval_low.h"
#include "api/settle.h"
#include "api/deal.h"
#include "api/hand.h"
#include "api/hand_batch.h"
#include "api/pool.h"
#include "api/icm.h"
#include "api/strength.h"

#endif
