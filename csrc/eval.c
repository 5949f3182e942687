/* Hold'em and Omaha evaluation kernels over the generated tables (scripts/gen_tables.py).
 *
 * A row is summed card by card into one {key, bits} hand (he_eval_internal.h) and checked
 * once, after summing: its bits hold exactly one set bit per card iff every id is < 52
 * and no card repeats. The batch kernels exist twice, for the portable popcount and for
 * the x86 POPCNT instruction; he_eval_batch and he_eval_hole_board pick one per call. */
#include "he_eval_internal.h"

/* popcount(x) with the hardware instruction when `hw` (a constant in every caller, so only
 * one branch is compiled in; the hardware one only inside HE_TARGET_POPCNT functions). */
HE_ALWAYS_INLINE unsigned popcount_as(uint64_t x, int hw)
{
#if HE_POPCNT_DISPATCH
    if (hw) {
        return (unsigned)__builtin_popcountll(x);
    }
#else
    (void)hw;
#endif
    return he_popcount_portable(x);
}

/* Rank of row `cards[0..k)` or a negative status (portable check: the scalar paths). */
static inline int eval_row(const uint8_t *cards, size_t k)
{
    he_acc h = he_acc_start();
    for (size_t i = 0; i < k; i++) {
        h = he_acc_add(h, cards[i]);
    }
    if (he_popcount_portable(he_acc_bits(h)) != k) {
        return he_bad_status(cards, k);
    }
    return he_acc_rank(h);
}

int he_eval_hand(const uint8_t *cards, size_t k)
{
    if (cards == NULL || k < 5 || k > 7) {
        return HE_E_ARGUMENT;
    }
    return eval_row(cards, k);
}

static inline int eval_ids(const int *ids, size_t k)
{
    uint8_t cards[7];
    for (size_t i = 0; i < k; i++) {
        /* Anything outside 0..51 (negative included) becomes 255, which eval_row rejects. */
        cards[i] = (unsigned)ids[i] < HE_NCARDS ? (uint8_t)ids[i] : (uint8_t)255;
    }
    return eval_row(cards, k);
}

int he_eval7(int c0, int c1, int c2, int c3, int c4, int c5, int c6)
{
    const int ids[7] = {c0, c1, c2, c3, c4, c5, c6};
    return eval_ids(ids, 7);
}

int he_eval6(int c0, int c1, int c2, int c3, int c4, int c5)
{
    const int ids[6] = {c0, c1, c2, c3, c4, c5};
    return eval_ids(ids, 6);
}

int he_eval5(int c0, int c1, int c2, int c3, int c4)
{
    const int ids[5] = {c0, c1, c2, c3, c4};
    return eval_ids(ids, 5);
}

/* Evaluates n rows of k cards: row i reads cards[i * k .. i * k + k) and is added to
 * `board` (the pre-summed shared board of `ncards - k` valid cards) when `with_board`,
 * else starts from nothing. Inlined with constant k, with_board and hw, so the card loop
 * unrolls and one popcount is built in; four rows per turn of the loop. */
HE_ALWAYS_INLINE int batch_rows(const uint8_t *cards, size_t n, size_t k, int with_board,
                         he_acc board, unsigned ncards, int hw, uint16_t *out,
                         size_t *bad_row)
{
    const uint8_t *row = cards;
    size_t i = 0;
    for (; i + 4 <= n; i += 4, row += 4 * k) {
        he_acc a = he_row_hand(row, k, with_board, board);
        he_acc b = he_row_hand(row + k, k, with_board, board);
        he_acc c = he_row_hand(row + 2 * k, k, with_board, board);
        he_acc d = he_row_hand(row + 3 * k, k, with_board, board);
        uint64_t abits = he_acc_bits(a), bbits = he_acc_bits(b);
        uint64_t cbits = he_acc_bits(c), dbits = he_acc_bits(d);
        /* No row has more than ncards bits (a carry only loses bits), so the four counts
         * add up to 4 * ncards exactly when every row is good. */
        if (popcount_as(abits, hw) + popcount_as(bbits, hw) + popcount_as(cbits, hw)
            + popcount_as(dbits, hw) != 4 * ncards) {
            break; /* the row-by-row loop below finds and reports it */
        }
        out[i] = he_rank_of(he_acc_key(a), abits);
        out[i + 1] = he_rank_of(he_acc_key(b), bbits);
        out[i + 2] = he_rank_of(he_acc_key(c), cbits);
        out[i + 3] = he_rank_of(he_acc_key(d), dbits);
    }
    for (; i < n; i++, row += k) {
        he_acc h = he_row_hand(row, k, with_board, board);
        uint64_t bits = he_acc_bits(h);
        if (popcount_as(bits, hw) != ncards) {
            *bad_row = i;
            return he_bad_status(row, k);
        }
        out[i] = he_rank_of(he_acc_key(h), bits);
    }
    return HE_OK;
}

HE_ALWAYS_INLINE int batch_k(const uint8_t *cards, size_t n, size_t k, int hw, uint16_t *out,
                      size_t *bad_row)
{
    he_acc none = he_acc_start();
    switch (k) {
    case 5: return batch_rows(cards, n, 5, 0, none, 5, hw, out, bad_row);
    case 6: return batch_rows(cards, n, 6, 0, none, 6, hw, out, bad_row);
    default: return batch_rows(cards, n, 7, 0, none, 7, hw, out, bad_row);
    }
}

static int batch_portable(const uint8_t *cards, size_t n, size_t k, uint16_t *out,
                          size_t *bad_row)
{
    return batch_k(cards, n, k, 0, out, bad_row);
}

#if HE_POPCNT_DISPATCH
HE_TARGET_POPCNT static int batch_popcnt(const uint8_t *cards, size_t n, size_t k,
                                         uint16_t *out, size_t *bad_row)
{
    return batch_k(cards, n, k, 1, out, bad_row);
}
#endif

int he_eval_batch_variant(int variant, const uint8_t *cards, size_t n, size_t k,
                          uint16_t *out, size_t *bad_row)
{
    if ((n && (cards == NULL || out == NULL)) || bad_row == NULL || k < 5 || k > 7) {
        return HE_E_ARGUMENT;
    }
#if HE_POPCNT_DISPATCH
    if (variant == HE_POPCNT_HW && he_cpu_has_popcnt()) {
        return batch_popcnt(cards, n, k, out, bad_row);
    }
#else
    (void)variant;
#endif
    return batch_portable(cards, n, k, out, bad_row);
}

int he_eval_batch(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row)
{
    return he_eval_batch_variant(HE_POPCNT_HW, cards, n, k, out, bad_row);
}

/* Status of a bad board: HE_E_CARD_RANGE before HE_E_DUPLICATE. */
static int board_status(const uint8_t *board, size_t nb)
{
    he_acc h = he_acc_start();
    for (size_t j = 0; j < nb; j++) {
        h = he_acc_add(h, board[j]);
    }
    return he_popcount_portable(he_acc_bits(h)) == nb ? HE_OK : he_bad_status(board, nb);
}

/* One board for every row: rows of two hole cards added to the summed board. */
HE_ALWAYS_INLINE int shared_board(const uint8_t *holes, size_t n, const uint8_t *board, size_t nb,
                           int hw, uint16_t *out, size_t *bad_row)
{
    he_acc start = he_acc_start();
    for (size_t j = 0; j < nb; j++) {
        start = he_acc_add(start, board[j]);
    }
    return batch_rows(holes, n, 2, 1, start, (unsigned)nb + 2u, hw, out, bad_row);
}

static int shared_portable(const uint8_t *holes, size_t n, const uint8_t *board, size_t nb,
                           uint16_t *out, size_t *bad_row)
{
    return shared_board(holes, n, board, nb, 0, out, bad_row);
}

#if HE_POPCNT_DISPATCH
HE_TARGET_POPCNT static int shared_popcnt(const uint8_t *holes, size_t n,
                                          const uint8_t *board, size_t nb, uint16_t *out,
                                          size_t *bad_row)
{
    return shared_board(holes, n, board, nb, 1, out, bad_row);
}
#endif

int he_eval_hole_board(const uint8_t *holes, size_t n, const uint8_t *boards, size_t nb,
                       size_t board_stride, uint16_t *out, size_t *bad_row)
{
    if ((n && (holes == NULL || boards == NULL || out == NULL)) || bad_row == NULL
        || nb < 3 || nb > 5 || (board_stride != 0 && board_stride != nb)) {
        return HE_E_ARGUMENT;
    }
    if (n == 0) {
        return HE_OK;
    }
    if (board_stride == 0) {
        int st = board_status(boards, nb);
        if (st != HE_OK) {
            *bad_row = 0;
            return st;
        }
#if HE_POPCNT_DISPATCH
        if (he_cpu_has_popcnt()) {
            return shared_popcnt(holes, n, boards, nb, out, bad_row);
        }
#endif
        return shared_portable(holes, n, boards, nb, out, bad_row);
    }
    for (size_t i = 0; i < n; i++) {
        const uint8_t *board = boards + i * nb, *hole = holes + 2 * i;
        he_acc h = he_acc_start();
        for (size_t j = 0; j < nb; j++) {
            h = he_acc_add(h, board[j]);
        }
        h = he_acc_add(he_acc_add(h, hole[0]), hole[1]);
        if (he_popcount_portable(he_acc_bits(h)) != nb + 2) {
            int st = board_status(board, nb);
            *bad_row = i;
            return st != HE_OK ? st : he_bad_status(hole, 2);
        }
        out[i] = he_acc_rank(h);
    }
    return HE_OK;
}

/* ------------------------------------------------------------------ Omaha */

/* Omaha for one row: validates hole + board together (one popcount), then the best of
 * every (two hole, three board) choice, as he_omaha_best. */
HE_ALWAYS_INLINE int omaha_row(const uint8_t *hole, size_t nh, const uint8_t *board, size_t nb)
{
    he_acc h = he_acc_start();
    for (size_t j = 0; j < nb; j++) {
        h = he_acc_add(h, board[j]);
    }
    for (size_t i = 0; i < nh; i++) {
        h = he_acc_add(h, hole[i]);
    }
    if (he_popcount_portable(he_acc_bits(h)) != nh + nb) {
        int st = he_bad_status(hole, nh);
        return st == HE_E_CARD_RANGE ? st : he_bad_status(board, nb);
    }
    he_omaha_hole oh;
    he_omaha_board ob;
    he_omaha_hole_init(&oh, hole, nh);
    he_omaha_board_init(&ob, board, nb);
    /* he_omaha_best, with the pair and triple counts spelled out as constants */
    unsigned best = he_omaha_noflush(oh.prow, nh * (nh - 1) / 2, ob.tid,
                                     nb * (nb - 1) * (nb - 2) / 6);
    for (unsigned s = 0; s < 4; s++) {
        if (ob.nsuit[s] >= 3 && oh.nsuit[s] >= 2) {
            unsigned f = he_omaha_flush(&oh, &ob, s);
            best = f < best ? f : best;
        }
    }
    return (int)best;
}

/* n Omaha rows, inlined for each (nh, nb) so that every loop has constant bounds. */
HE_ALWAYS_INLINE int omaha_rows(const uint8_t *holes, size_t n, size_t nh, const uint8_t *boards,
                         size_t nb, size_t board_stride, uint16_t *out, size_t *bad_row)
{
    for (size_t i = 0; i < n; i++) {
        int r = omaha_row(holes + i * nh, nh, boards + i * board_stride, nb);
        if (r < 0) {
            *bad_row = i;
            return r;
        }
        out[i] = (uint16_t)r;
    }
    return HE_OK;
}

int he_eval_omaha_batch(const uint8_t *holes, size_t n, size_t nh, const uint8_t *boards,
                        size_t nb, size_t board_stride, uint16_t *out, size_t *bad_row)
{
    if ((n && (holes == NULL || boards == NULL || out == NULL)) || bad_row == NULL
        || nh < 4 || nh > 6 || nb < 3 || nb > 5 || (board_stride != 0 && board_stride != nb)) {
        return HE_E_ARGUMENT;
    }
    if (nh == 4 && nb == 5) { /* the game as dealt at the river: its own constant loops */
        return omaha_rows(holes, n, 4, boards, 5, board_stride, out, bad_row);
    }
    return omaha_rows(holes, n, nh, boards, nb, board_stride, out, bad_row);
}
