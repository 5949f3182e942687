/* Hi-lo kernels (csrc/eval_low.c, csrc/eval_low_equity.c): both halves of many hands at
 * once, and hi-lo equity. Guard-free: cffi's cdef reads this file. The low scale HE_LOW_*
 * and he_variant_low_rank are in api/variant.h.
 */
/* High and low ranks of n hands of a hi-lo `variant` (row low = 8) in one pass: holes[n * nh]
 * (nh within the row's hole counts) and a board of nb cards (3..5 for two-and-three rows,
 * 5 for best-five rows) shared by every row (board_stride 0) or boards[n * nb]
 * (board_stride nb). Writes high[n] (the row's high scale) and low[n] (HE_LOW_*). Cards are
 * validated as he_eval_omaha_batch / he_eval_hole_board validate them; on a bad row returns
 * its status and stores its index in *bad_row (rows before it are written). */
int he_eval_hilo_batch(size_t variant, const uint8_t *holes, size_t n, size_t nh,
                       const uint8_t *boards, size_t nb, size_t board_stride, uint16_t *high,
                       uint16_t *low, size_t *bad_row);

/* Hi-lo equity counters; he_equity_hilo adds (+=) to them, so that chunks and threads sum.
 * Per player p (np entries each): share[p] its pot shares in units of 1 / HE_HILO_POT of a
 * pot (a half split k ways is HE_HILO_POT / 2 / k units, a whole number for k <= 10);
 * scoop[p] the deals it wins the whole pot alone (both halves, or the high with no low
 * qualifying); quarter[p] the deals it takes exactly a quarter of the pot (half of one
 * half: "quartered"); high[p] / low[p] the deals it wins or ties the high / the low half;
 * share_sq[p] the sum of its squared shares (for the standard error). winners[1 << np]
 * counts the deals per set of players taking part of the pot (bit p: player p), hist[np * 9]
 * each player's high category (hist[p * 9 + c - 1], c = 1 straight flush .. 9 high card).
 * no_low[0] counts the deals without a qualifying low, deals[0] every deal.
 * wshare .. wdeals: the same sums with each deal counted as the product of its combos'
 * weights (exact equity with weights only; may be NULL otherwise). */
#define HE_HILO_POT 5040      /* 2 * lcm(1..10) */
typedef struct {
    uint64_t *share;
    uint64_t *scoop;
    uint64_t *quarter;
    uint64_t *high;
    uint64_t *low;
    uint64_t *share_sq;
    uint64_t *winners;
    uint64_t *hist;
    uint64_t *no_low;
    uint64_t *deals;
    double *wshare;
    double *wscoop;
    double *wquarter;
    double *whigh;
    double *wlow;
    double *wwinners;
    double *whist;
    double *wno_low;
    double *wdeals;
} he_hilo_counts;

/* Equity of players->np (2..HE_EQ_MAX_PLAYERS) players in a hi-lo `variant`, given as
 * he_equity_mc takes them (api/equity.h): players->nh hole cards each (within the row's
 * hole counts), player p's combos rows offsets[p] .. offsets[p + 1] of combos[][nh]; one
 * row is a fixed hand, none a random player (Monte Carlo only). known: the board's 0..5
 * cards and the dead cards.
 * trials == 0 (exact): every tuple of combos, one per player, with no card twice and none
 * on the board or dead list, with every completion of the board, is one deal; with
 * players->weights (NULL: all 1) the w* counters count each deal as its tuple's product of
 * weights. part / nparts (0 <= part < nparts) take an interleaved share of the (tuple,
 * first added board card) pairs, or with a full board of the largest range's rows, so
 * nparts calls cover each deal once.
 * trials > 0 (Monte Carlo): that many deals drawn from state[4] (he_rng_seed), which is
 * advanced: the range players' combos together, by weight (alias / thresh, both NULL for
 * equal weights), the whole tuple redrawn on any conflict; then the random players' cards
 * and the board from the rest of the deck. part / nparts and weights unused.
 * Returns HE_OK; HE_E_ARGUMENT (bad counts or pointers, an alias outside its player's rows,
 * a random player in exact equity), HE_E_CARD_RANGE or HE_E_DUPLICATE (cards validated up
 * front); HE_E_NO_DEAL when a fixed hand meets the board, dead cards or another fixed
 * hand, or (Monte Carlo) after 1,000,000 redraws in a row without a valid tuple. Exact
 * equity with no valid tuple returns HE_OK and counts no deal. */
int he_equity_hilo(size_t variant, const he_eq_players *players, const he_eq_known *known,
                   uint64_t trials, uint64_t *state, size_t part, size_t nparts,
                   const he_hilo_counts *out);
