/* Equity kernels: exact enumeration and Monte Carlo. Guard-free: cffi's cdef reads this file.
 *
 * Players 2..HE_EQ_MAX_PLAYERS. A "combo" is one player's hole cards: 2 ids (Hold'em) or 4
 * (Omaha), stored row-major. Board: nb = 0..5 fixed cards; dead: nd cards removed from the
 * deck. Every kernel validates all of its cards up front (ids < 52, no card twice among
 * board, dead and the hole cards dealt together) and returns HE_E_CARD_RANGE,
 * HE_E_DUPLICATE or HE_E_ARGUMENT; it never indexes a table with an unchecked card.
 *
 * Outcome counters, accumulated (+=) so that the caller can sum chunks and threads:
 *   wins[1 << np]  games per set of winners: bit p of the index is set when player p has
 *                  the best hand (a tie sets several bits). Index 0 is never used.
 *   hist[np * 9]   per player, river made-hand categories: hist[p * 9 + c - 1] for category
 *                  c = 1 (straight flush) .. 9 (high card).
 * No kernel keeps state between calls; any thread may call any kernel at any time.
 *
 * Exact heads-up equity of hand class vs hand class (e.g. AKs vs QQ, the building block of
 * a 169 x 169 preflop matrix): put the combos of each class in `combos` and call
 * he_equity_exact once. It folds suit-isomorphic matchups together (AsKs-QhQd counts the
 * same as AhKh-QsQd) and enumerates each distinct one with the board enumerator below;
 * AKs vs QQ (24 combo pairs, 1,712,304 boards each) runs in a few milliseconds. */

#define HE_EQ_MAX_PLAYERS 10
#define HE_E_NO_DEAL -20     /* no tuple of combos fits together (every one conflicts) */
#define HE_E_CAPACITY -21    /* more distinct matchups than the caller's buffers hold */

/* The cards every kernel is given: nb = 0..5 fixed board cards and nd dead cards (removed
 * from the deck). */
typedef struct {
    const uint8_t *board;
    size_t nb;
    const uint8_t *dead;
    size_t nd;
} he_eq_known;

/* The players as ranges: np players, combos of nh cards each (2 Hold'em; 4..6 Omaha, Monte
 * Carlo only), player p's combos being rows offsets[p] .. offsets[p + 1] of combos[][nh].
 * weights[row] (exact kernels; NULL for all 1) or Walker's alias table alias/thresh
 * (Monte Carlo; both NULL for equal weights) weigh the rows. */
typedef struct {
    size_t np;
    size_t nh;
    const uint8_t *combos;
    const uint32_t *offsets;
    const double *weights;
    const uint32_t *alias;
    const uint64_t *thresh;
} he_eq_players;

/* The outcome counters a kernel adds to (see above): wins and hist count deals; wwins and
 * whist the same weighted (only with weights; may be NULL otherwise). */
typedef struct {
    uint64_t *wins;
    uint64_t *hist;
    double *wwins;
    double *whist;
} he_eq_counts;

/* Seeds one xoshiro256** stream: state[4] from splitmix64 over (seed, stream). Streams with
 * different numbers are independent for every practical purpose. */
void he_rng_seed(uint64_t seed, uint64_t stream, uint64_t *state);

/* Phase 1 of exact Hold'em equity: the distinct matchups among all tuples of combos.
 * Player p's combos are rows offsets[p] .. offsets[p + 1] of combos[][2] (weights alike).
 * Every tuple of combos, one per player, with no card twice and none on the board or dead
 * list, is one deal. Deals that a permutation of suits maps onto each other (a permutation
 * that leaves the board and the dead cards in place) have the same outcome counts; each
 * class is written once to reps[k * np * 2 ..] with the number of deals it stands for in
 * mult[k] and their summed weight products in weight[k]. Returns the number of classes
 * (>= 0), or HE_E_NO_DEAL when no tuple fits, HE_E_CAPACITY when more than cap classes,
 * or an input error. *deals receives the number of tuples. */
int he_equity_classes(const he_eq_players *players, const he_eq_known *known, size_t cap,
                      uint8_t *reps, uint64_t *mult, double *weight, uint64_t *deals);

/* Phase 2 of exact Hold'em equity: enumerates every completion of the board for each of
 * nreps deals reps[k * np * 2 ..] and adds its outcome counts times mult[k] to wins/hist
 * and times weight[k] to wwins/whist (weight may be NULL: then wwins/whist are untouched
 * and may be NULL). Boards are counted exactly, each of C(deck, 5 - nb) once; suits that
 * can no longer make a flush for anyone are enumerated as one. part/nparts (0 <= part <
 * nparts) selects an interleaved share of the first board card choices, so that nparts
 * calls with part = 0 .. nparts - 1 together cover each deal once (threads). */
int he_equity_enum(size_t np, const uint8_t *reps, size_t nreps, const uint64_t *mult,
                   const double *weight, const he_eq_known *known, size_t part, size_t nparts,
                   const he_eq_counts *out);

/* Both phases in one call, single-threaded: exact Hold'em equity of ranges given as combo
 * lists (see he_equity_classes; weights may be NULL for all 1). cap bounds the distinct
 * matchups (1 << 16 is plenty for class vs class). Adds to wins/hist (deal counts) and,
 * when weights is not NULL, to wwins/whist. *deals receives the number of combo tuples. */
int he_equity_exact(const he_eq_players *players, const he_eq_known *known, size_t cap,
                    const he_eq_counts *out, uint64_t *deals);

/* Exact Omaha equity for np fixed hands of nh cards (4..6) each, holes[np * nh]: every
 * board completion is enumerated (no isomorphism tricks). Adds to wins/hist. */
int he_equity_enum_omaha(size_t np, size_t nh, const uint8_t *holes, const he_eq_known *known,
                         size_t part, size_t nparts, const he_eq_counts *out);

/* Monte Carlo: `trials` deals, each drawn uniformly (by weight) from all valid deals.
 * Player p is "random" when offsets[p] == offsets[p + 1]: any nh cards left in the deck.
 * Otherwise p draws a combo from rows offsets[p] .. offsets[p + 1] of combos[][nh] by
 * Walker's alias method: a uniform row i, kept when a uniform 32-bit draw is below
 * thresh[i] (2**32 keeps it always), else row alias[i]; alias/thresh may be NULL for equal
 * weights. The range players' combos are drawn together and the whole tuple is redrawn on
 * any conflict (so no combo is favoured for conflicting less); random players and the
 * board are then dealt from the remaining deck. (Hold'em with equal weights lists the
 * valid tuples once per call when there are at most 1,024 combinations, and draws one
 * uniformly: the same distribution.) state[4] is a he_rng_seed stream and is advanced, so
 * consecutive calls continue one reproducible sequence (a call's result may depend on how
 * the trials are split into calls). Returns HE_OK, or HE_E_NO_DEAL when no tuple is valid
 * (listed tuples) or after 1,000,000 redraws in a row without a valid tuple. nh is 2
 * (Hold'em) or 4..6 (Omaha: exactly two hole and three board cards). */
int he_equity_mc(const he_eq_players *players, const he_eq_known *known, uint64_t trials,
                 uint64_t *state, const he_eq_counts *out);

/* Short deck (6+ Hold'em, csrc/equity_short.c): the 36-card deck 6..A (ids 16..51) ranked on
 * the short-deck scale of `rules` (HE_SHORT_TRIPS_BEAT_STRAIGHT or
 * HE_SHORT_STRAIGHTS_BEAT_TRIPS, api/eval_short.h); hist counts that scale's categories.
 * A card below 16 anywhere is HE_E_CARD_RANGE. The players hold two cards (nh == 2).
 *
 * he_equity_short_enum: phase 2 of exact equity, as he_equity_enum: every board completion
 * from the short deck for each of the nreps deals reps[k * np * 2 ..] (phase 1 is
 * he_equity_classes, which knows no deck), counts times mult[k] and times weight[k].
 * he_equity_short_mc: Monte Carlo, as he_equity_mc with nh == 2 (range players by alias
 * draws with the whole tuple redrawn on a conflict; random players and the board dealt
 * from the rest of the short deck). */
int he_equity_short_enum(size_t np, const uint8_t *reps, size_t nreps, const uint64_t *mult,
                         const double *weight, const he_eq_known *known, int rules,
                         size_t part, size_t nparts, const he_eq_counts *out);
int he_equity_short_mc(const he_eq_players *players, const he_eq_known *known, int rules,
                       uint64_t trials, uint64_t *state, const he_eq_counts *out);
