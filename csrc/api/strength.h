/* Hand strength of many (hole, board) rows against an opponent range (csrc/strength.c):
 * expected hand strength (EHS), its square over river boards (EHS2), Billings et al.'s hand
 * potentials (PPot, NPot) and histograms of river strength. Guard-free: cffi's cdef reads
 * this file.
 *
 * A row is two hole cards holes[2 * i ..] and nb known board cards boards[nb * i ..], nb in
 * {0, 3, 4, 5}. The opponent's hand is weighed by he_strength_range.weights (a random hand:
 * every combo weighs 1). For one opponent and a five-card board b (the known cards and a
 * completion), W(b) is the summed weight of the opponent combos that b and the row's cards
 * leave, and the river strength HS(b) = (ahead + tied / 2) / W(b), ahead and tied counting
 * those combos by weight. Boards count with weight W(b) (a board is as likely as the hands it
 * leaves the opponent; against a random hand every board counts the same), so:
 *   ehs  = sum_b W(b) HS(b) / sum_b W(b)    (win + half the ties over every board)
 *   ehs2 = sum_b W(b) HS(b)^2 / sum_b W(b)
 *   hist[k] = share of the weight of boards whose HS falls in bin k of `bins` equal bins of
 *             [0, 1] (HS = 1 in the last bin)
 *   ppot, npot (boards of 3 or 4 cards): with HP[now][river] the weight of (combo, board)
 *             pairs by status now (on the known board) and on the river (0 ahead, 1 tied,
 *             2 behind) and T[now] its row sums,
 *             ppot = (HP[2][0] + HP[2][1] / 2 + HP[1][0] / 2) / (T[2] + T[1] / 2)
 *             npot = (HP[0][2] + HP[1][2] / 2 + HP[0][1] / 2) / (T[0] + T[1] / 2)
 *             (0 when the denominator is 0): Billings, Papp, Schaeffer, Szafron, "Opponent
 *             Modeling in Poker" (AAAI 1998), their HandPotential with two cards of
 *             look-ahead on the flop and one on the turn.
 * With k >= 2 opponents (Monte Carlo, ehs only) every opponent holds a combo of the range,
 * no card twice, and ehs is the expected share of the pot (ties split).
 *
 * `rules` is HE_STRENGTH_HOLDEM (the 52-card deck, the Cactus Kev scale) or a short-deck rule
 * set of api/eval_short.h (the 36 cards 16..51 on that set's scale; the deck's cards only:
 * combos holding a card below 16 never count).
 *
 * Both kernels validate every row's cards in the pass that evaluates it (ids in the deck, no
 * card twice in a row) and return HE_OK, HE_E_CARD_RANGE or HE_E_DUPLICATE for the first bad
 * row (*bad_row), HE_E_NO_DEAL when a row leaves the range no combo (*bad_row), or
 * HE_E_ARGUMENT. On an error the outputs of any row may have been written: the caller
 * discards them. Rows run on the library's pool (api/pool.h) in `threads` parts; the results
 * do not depend on threads. No state is kept between calls. */

#define HE_STRENGTH_COMBOS 1326 /* two-card combos; combo a > b has id a * (a - 1) / 2 + b */
#define HE_STRENGTH_HOLDEM -1   /* `rules` of the 52-card deck; else a short-deck rule set */
#define HE_STRENGTH_MAX_OPPONENTS 9

/* The opponent's hand. weights[HE_STRENGTH_COMBOS] (>= 0, finite) by combo id, or NULL: a
 * random hand. Monte Carlo draws range combos from the ncombos rows of combos[][2] (the
 * combos of weight > 0) by Walker's alias method (alias/thresh as he_eq_players'; both NULL
 * for equal weights); a random hand is dealt from the deck (combos may then be NULL). */
typedef struct {
    const double *weights;
    const uint8_t *combos;
    size_t ncombos;
    const uint32_t *alias;
    const uint64_t *thresh;
} he_strength_range;

/* Per-row outputs; any may be NULL (not computed). hist has bins entries per row. */
typedef struct {
    double *ehs;
    double *ehs2;
    double *ppot;
    double *npot;
    double *hist;
    size_t bins;
} he_strength_out;

/* Exact: every completion of each row's board (46 rivers on the turn, 1,081 turn and river
 * pairs on the flop, 1 on the river; C(48, 5) preflop: about a second a row) against every
 * combo, one opponent. ppot/npot need nb 3 or 4 (HE_E_ARGUMENT otherwise). */
int he_strength_exact(const uint8_t *holes, const uint8_t *boards, size_t n, size_t nb,
                      int rules, const he_strength_range *range, const he_strength_out *out,
                      size_t threads, size_t *bad_row);

/* What Monte Carlo deals: `opponents` (1..HE_STRENGTH_MAX_OPPONENTS) opponents, `trials`
 * (>= 2) per row, row i drawing from he_rng_seed(seed, first_row + i). */
typedef struct {
    size_t opponents;
    uint64_t trials;
    uint64_t seed;
    uint64_t first_row;
} he_strength_draws;

/* Monte Carlo (draws: opponents, trials, seed, first_row as above; NULL: HE_E_ARGUMENT),
 * `trials` (>= 2) per row; row i draws from he_rng_seed(seed, first_row + i), so
 * a row's result depends on the seed and its global row number only (not on threads or on
 * how rows are split into calls). One opponent: each trial deals an opponent combo (by
 * weight) and the rest of the board from the cards left, then adds the exact HS of that board
 * against the whole range (so ehs, ehs2 and hist average exact river strengths; the combo
 * dealt only weighs the board). k = 2..HE_STRENGTH_MAX_OPPONENTS opponents: each trial deals
 * k range combos (the whole tuple redrawn on any conflict) and the board, and adds hero's
 * pot share; only ehs. err receives the standard errors of the same outputs (ppot and npot
 * are not estimated: NULL). HE_E_NO_DEAL also after 1,000,000 redraws in a row. */
int he_strength_mc(const uint8_t *holes, const uint8_t *boards, size_t n, size_t nb, int rules,
                   const he_strength_range *range, const he_strength_draws *draws,
                   const he_strength_out *out, const he_strength_out *err, size_t threads,
                   size_t *bad_row);
