/* Shared by the files of the C fuzz driver (fuzz_core.c has the usage): the case being run,
 * failure reporting, the seeded random inputs, status sets and the reference oracles.
 * Everything not inline here is defined in fuzz_common.c; the targets are in fuzz_eval.c,
 * fuzz_settle.c and fuzz_equity.c. */
#ifndef HE_FUZZ_COMMON_H
#define HE_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "holdem_eval.h"

#define MAX_FAILURES 30
#define MAXSEATS 34 /* HE_SETTLE_MAX_SEATS + 2: the fuzzer also passes too many seats */

/* ---------------------------------------------------------------- case context */

/* The target and case number being run and the run's base seed, printed with a failure;
 * set by the driver (fuzz_core.c). */
extern const char *target_name;
extern uint64_t case_number;
extern uint64_t base_seed;

/* Failed checks of the whole run (check.h's `failures` is static, one per file). */
extern int fuzz_failures;

/* Counts one failed check and prints the case to replay; exits after MAX_FAILURES. */
void fuzz_failed(void);

/* CHECK from check.h (which a file using REQUIRE includes first), plus where the failing
 * case came from. */
#define REQUIRE(cond)                  \
    do {                               \
        int before_ = failures;        \
        CHECK(cond);                   \
        if (failures != before_) {     \
            fuzz_failed();             \
        }                              \
    } while (0)

/* ---------------------------------------------------------------- random inputs */

/* The PRNG state: every case starts from its own seed (see run_case in fuzz_core.c). */
extern uint64_t rng;

/* SplitMix64's finalizer: a well-mixed 64-bit value from z. */
static inline uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The next value of the case's PRNG (SplitMix64). */
static inline uint64_t next_u64(void)
{
    rng += 0x9E3779B97F4A7C15ULL;
    return mix64(rng);
}

/* Uniform-enough integer in 0 .. n - 1 (0 when n is 0). */
static inline size_t below(size_t n)
{
    return n ? (size_t)(next_u64() % n) : 0;
}

/* 1 with probability percent / 100. */
static inline int chance(unsigned percent)
{
    return below(100) < percent;
}

/* A size: mostly small, sometimes a block edge, sometimes large, rarely 100 times that. */
size_t gen_count(size_t large);

/* A card id that is not a card: 52..255, boundaries more often. */
uint8_t bad_id(void);

/* n distinct cards not in *used; adds them to *used. Returns 0 if the deck runs out (the
 * rest of out is then filled with repeats of the cards already drawn or with 0). */
int draw_distinct(uint8_t *out, size_t n, uint64_t *used);

/* Makes one of cards[0..n) a non-card or a copy of another of them. */
void corrupt(uint8_t *cards, size_t n);

/* malloc (of at least one byte) that exits with status 2 when memory runs out. */
void *xmalloc(size_t size);
/* The 9 columns (k of n rows' cards, the rest zeros) of rows[n * k], each xmalloc'ed;
 * ccols[j] == cols[j] for the kernels' const view. */
void rows_to_columns(const uint8_t *rows, size_t n, size_t k, uint8_t **cols,
                     const uint8_t **ccols);
/* Whether the first k columns still hold the cards of rows[n * k] (no kernel writes them). */
int columns_hold_rows(const uint8_t *rows, size_t n, size_t k, uint8_t *const *cols);
/* Frees the 9 columns of rows_to_columns. */
void free_columns(uint8_t **cols);

/* A new copy of p[0..size). */
void *dup_bytes(const void *p, size_t size);

/* ---------------------------------------------------------------- status sets */

/* The status codes a call may return for an input. */
typedef struct {
    int code[16];
    size_t n;
} codeset;

/* Adds code to the set s (once). */
void add_code(codeset *s, int code);

/* 1 if code is in the set s. */
int in_set(const codeset *s, int code);

/* What validating these cards together may report: CARD_RANGE for an id >= 52, DUPLICATE
 * for a card twice (either when both apply). Adds to *s; returns 1 if any applied. */
int card_defects(const uint8_t *a, size_t n, uint64_t *used, codeset *s);

/* 1 if a[0..n) are valid distinct cards. */
int cards_ok(const uint8_t *a, size_t n);

/* ---------------------------------------------------------------- reference oracles */

/* Category (1 = straight flush .. 9 = high card) of a Cactus Kev rank 1..7462. */
int category_of_rank(int r);

/* Category of five valid distinct cards, computed from the cards alone. */
int category5(const uint8_t *c);

/* Best rank and category over the 5-card subsets of k = 5..7 valid distinct cards, using
 * he_eval5 for each subset and category5 independently. */
void best_of_subsets(const uint8_t *c, size_t k, int *rank, int *category);

/* Best Omaha rank: exactly two of nh hole cards and three of nb board cards (he_eval5). */
int omaha_reference(const uint8_t *hole, size_t nh, const uint8_t *board, size_t nb);

/* ---------------------------------------------------------------- targets */

/* One case each, from the current rng; fuzz_eval.c: */
void fuzz_eval_scalar(void);
void fuzz_eval_hand(void);
void fuzz_eval_batch(void);
void fuzz_hole_board(void);
void fuzz_omaha(void);
void fuzz_short(void);         /* fuzz_eval_short.c */
void fuzz_short_columns(void); /* fuzz_eval_short.c */
void fuzz_columns(void);
void fuzz_deal(void);
/* fuzz_settle.c: */
void fuzz_settle_hand(void);
void fuzz_settle_batch(void);
void fuzz_settle_split(void);
/* fuzz_equity.c: */
void fuzz_equity_exact(void);
void fuzz_equity_omaha(void);
void fuzz_equity_mc(void);
void fuzz_rng_seed(void);
void fuzz_equity_short(void); /* fuzz_equity_short.c */

#endif
