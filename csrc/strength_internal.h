/* Internals shared by the hand strength kernels (csrc/strength.c: scoring a board, the
 * exact kernel and the pool; csrc/strength_mc.c: Monte Carlo): the deck a call plays, a row's
 * summed opponent weights, one board's tallies and the job the pool runs. Contracts of the
 * kernels are in csrc/api/strength.h. Not part of the Python-visible API. */
#ifndef HE_STRENGTH_INTERNAL_H
#define HE_STRENGTH_INTERNAL_H

#include "equity_internal.h"
#include "eval_short_internal.h"

#define NCLASS 91   /* rank classes of two hole cards: hi >= lo, index hi * (hi + 1) / 2 + lo */
#define NSTATUS 3   /* 0 ahead, 1 tied, 2 behind (hero against an opponent combo) */
#define MAX_NEW 5   /* board cards a completion adds (preflop: 5) */
#define MAX_BINS 1000000u
#define NPAD 96     /* NCLASS rounded up to whole vectors of 8 or 16 lanes */

/* Class index of two ranks (either order). */
static inline unsigned rank_class(unsigned r1, unsigned r2)
{
    unsigned hi = r1 > r2 ? r1 : r2, lo = r1 > r2 ? r2 : r1;
    return hi * (hi + 1u) / 2u + lo;
}

/* Combo id of two different cards (either order): a * (a - 1) / 2 + b for a > b. */
static inline unsigned combo_id(unsigned a, unsigned b)
{
    unsigned hi = a > b ? a : b, lo = a > b ? b : a;
    return hi * (hi - 1u) / 2u + lo;
}

/* Rank key of one rank (bits 0..31 of a card's key: the part that ranks non-flush hands). */
static inline uint64_t rank_key(unsigned r)
{
    return he_cards[4u * r].key & 0xFFFFFFFFULL;
}

/* Hero's status against an opponent's rank (lower rank = stronger hand). */
static inline unsigned status_of(unsigned opp, unsigned hero)
{
    return opp > hero ? 0u : (opp == hero ? 1u : 2u);
}

/* The deck a kernel call plays: Hold'em's 52 cards, or short deck's 36 (ids 16..51) ranked on
 * one of its rule sets' scales. Cards below `low` are treated as already in use. */
typedef struct {
    const uint16_t *table; /* he_short_table(rules), or NULL: Hold'em */
    uint64_t lowmask;      /* the cards outside the deck */
} deck_rules;

/* The rankers of a deck: `table` is deck_rules.table (NULL: Hold'em). Hot loops pass a
 * constant NULL or the short table through an always-inlined caller, so the test folds. */
static inline unsigned rank_full(const uint16_t *table, uint64_t key, uint64_t bits)
{
    return table ? he_short_rank_of(key, bits, table) : he_rank_of(key, bits);
}

/* Rank of a hand that holds no flush, from its summed rank key. */
static inline unsigned rank_noflush(const uint16_t *table, uint64_t key)
{
    if (table == NULL) {
        return he_rank_noflush(key);
    }
    uint32_t k = (uint32_t)key;
    return table[(uint32_t)(k + he_short_row_offset[(k >> HE_ROW_SHIFT) - HE_SHORT_FIRST_ROW])];
}

/* Rank of the best flush among the ranks of a 13-bit mask (5..7 set). */
static inline unsigned rank_flush(const uint16_t *table, unsigned mask)
{
    return table ? he_short_flush_rank[mask >> 4] : he_flush_rank[mask];
}

/* Adds a row's cards to *used; HE_E_CARD_RANGE for a card outside the deck. */
static inline int row_cards(const deck_rules *d, const uint8_t *hole, const uint8_t *board,
                            size_t nb, uint64_t *used)
{
    *used = 0;
    int st = he_add_mask(hole, 2, used);
    if (st == HE_OK) {
        st = he_add_mask(board, nb, used);
    }
    if (st == HE_OK && (*used & d->lowmask)) {
        st = HE_E_CARD_RANGE;
    }
    *used |= d->lowmask;
    return st;
}

/* One row: its cards and the opponent's weight summed by class and by card. S (1 or 3) is
 * the number of statuses kept: 3 when the potentials need the status now of each combo. */
typedef struct {
    size_t S;
    deck_rules deck;
    const double *weights;         /* NULL: every combo 1 */
    uint64_t used;                 /* hole + known board (+ the cards outside the deck) */
    unsigned free;                 /* cards left in the deck */
    uint64_t bkey, bbits;          /* known board: summed keys (no suit bias) and bits */
    uint64_t hkey, hbits;          /* hole + known board */
    unsigned avail[13];            /* cards of each rank not in used */
    double total;                  /* weight of every combo the row leaves */
    double base[NCLASS * NSTATUS]; /* weight by class and status now */
    double dcard[HE_NCARDS][13 * NSTATUS]; /* weight of combos holding a card, by partner rank */
    uint8_t cur[HE_STRENGTH_COMBOS];       /* status now of each combo (S == 3) */
    uint64_t pairkey[NCLASS];      /* rank keys of each class's two ranks */
    /* Non-flush ranks of every class on the boards whose new cards have the ranks of class
     * (or, one new card, rank) g: rkc[g], filled on first use (rkc_ok[g]). Boards with the
     * same ranks share them: 13 rank sets for the 46 rivers, 91 for the 1,081 turn-river
     * pairs. */
    uint16_t rkc[NCLASS][NCLASS];
    uint8_t rkc_ok[NCLASS];
    /* Against a random hand (score_random): the same, padded to NPAD lanes, with each
     * class's number of combos beside its rank. */
    uint16_t rrank[NCLASS][NPAD], rways[NCLASS][NPAD];
    uint8_t rr_ok[NCLASS];
} row_ctx;

static inline double weight_of(const row_ctx *c, unsigned id)
{
    return c->weights ? c->weights[id] : 1.0;
}

/* Status tallies of one completed board: A (ahead), T (tied) and N (all) weight by status
 * now. */
typedef struct {
    double A[NSTATUS], T[NSTATUS], N[NSTATUS];
} board_tally;

static inline size_t bin_of(double hs, size_t bins)
{
    double f = hs * (double)bins;
    if (!(f > 0.0)) {
        return 0;
    }
    size_t k = (size_t)f;
    return k < bins ? k : bins - 1;
}

struct strength_job;

/* A kernel's row: scores row i of job j with its pool part's row context c (NULL for a
 * kernel run with no context) and histogram scratch (out->bins doubles, or NULL); returns
 * the row's status. */
typedef int (*strength_row_fn)(const struct strength_job *j, row_ctx *c, size_t i, double *hist);

/* One kernel call: its rows and outputs, and each pool part's status and first bad row. */
typedef struct strength_job {
    const uint8_t *holes, *boards;
    size_t n, nb, parts;
    deck_rules deck;
    const he_strength_range *range;
    const he_strength_out *out, *err;
    size_t opponents;
    uint64_t trials, seed, first_row;
    strength_row_fn row;  /* set by he_strength_run */
    size_t statuses;      /* of each part's row context: 1 or NSTATUS, 0 for none */
    int status[HE_POOL_MAX_PARTS];
    size_t bad[HE_POOL_MAX_PARTS];
} strength_job;

/* Job j for a kernel call on these rows, outputs and deck (rules already checked); the
 * fields only Monte Carlo uses (err, opponents, trials, seed, first_row) and the parts' statuses
 * zero. */
void he_strength_job_init(strength_job *j, const uint8_t *holes, const uint8_t *boards, size_t n,
                          size_t nb, int rules, const he_strength_range *range,
                          const he_strength_out *out);

/* HE_E_ARGUMENT for arguments both kernels refuse (rules, pointers, nb, bins), else HE_OK. */
int he_strength_check(const uint8_t *holes, const uint8_t *boards, size_t n, size_t nb,
                      const he_strength_range *range, const he_strength_out *out, int rules);

/* A row context keeping S (1 or NSTATUS) statuses for job j's deck and range; NULL when out
 * of memory. The caller frees it. */
row_ctx *he_strength_new_ctx(const strength_job *j, size_t S);

/* Checks a row's cards (HE_E_CARD_RANGE, HE_E_DUPLICATE) and fills c; HE_E_NO_DEAL when the
 * row leaves the range no combo of positive weight. */
int he_strength_row_setup(row_ctx *c, const uint8_t *hole, const uint8_t *board, size_t nb);

/* The tallies of the board of the row's known cards and m new cards x[0 .. m) (c->S 1). */
void he_strength_score(row_ctx *c, const uint8_t *x, size_t m, board_tally *t);

/* Runs job j's rows through `row` in parts on `threads` threads of the pool, each part with
 * its own row context keeping `statuses` statuses (0: none) and histogram scratch, and
 * returns the status of the first bad row (*bad_row), or HE_OK. */
int he_strength_run(strength_job *j, strength_row_fn row, size_t statuses, size_t threads,
                    size_t *bad_row);

#endif
