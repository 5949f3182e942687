/* Hold'em evaluation kernels over the generated tables (scripts/gen_tables.py); Omaha's
 * are in csrc/eval_omaha.c.
 *
 * A row is summed card by card into one {key, bits} hand (he_eval_internal.h) and checked
 * once, after summing: its bits hold exactly one set bit per card iff every id is < 52
 * and no card repeats. The row loops are shared with the short deck (csrc/eval_rows.h).
 * The batch kernels exist twice, for the portable popcount and for the x86 POPCNT
 * instruction; he_eval_batch and he_eval_hole_board pick one per call. */
#include "eval_rows.h"

/* Rank of row `cards[0..k)` or a negative status (portable check: the scalar paths). */
static inline int eval_row(const uint8_t *cards, size_t k)
{
    he_acc h;
    int st = he_cards_sum(cards, k, 0, &h);
    return st != HE_OK ? st : he_acc_rank(h);
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

HE_ALWAYS_INLINE int batch_k(const uint8_t *cards, size_t n, size_t k, int hw, uint16_t *out,
                      size_t *bad_row)
{
    he_acc none = he_acc_start();
    switch (k) {
    case 5: return he_rank_rows(cards, n, 5, 0, none, 5, hw, 0, NULL, out, bad_row);
    case 6: return he_rank_rows(cards, n, 6, 0, none, 6, hw, 0, NULL, out, bad_row);
    default: return he_rank_rows(cards, n, 7, 0, none, 7, hw, 0, NULL, out, bad_row);
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

/* One board for every row: rows of two hole cards added to the summed board. */
static int shared_portable(const uint8_t *holes, size_t n, he_acc board, unsigned nb,
                           uint16_t *out, size_t *bad_row)
{
    return he_rank_rows(holes, n, 2, 1, board, nb + 2u, 0, 0, NULL, out, bad_row);
}

#if HE_POPCNT_DISPATCH
HE_TARGET_POPCNT static int shared_popcnt(const uint8_t *holes, size_t n, he_acc board,
                                          unsigned nb, uint16_t *out, size_t *bad_row)
{
    return he_rank_rows(holes, n, 2, 1, board, nb + 2u, 1, 0, NULL, out, bad_row);
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
        he_acc board;
        int st = he_cards_sum(boards, nb, 0, &board);
        if (st != HE_OK) {
            *bad_row = 0;
            return st;
        }
#if HE_POPCNT_DISPATCH
        if (he_cpu_has_popcnt()) {
            return shared_popcnt(holes, n, board, (unsigned)nb, out, bad_row);
        }
#endif
        return shared_portable(holes, n, board, (unsigned)nb, out, bad_row);
    }
    return he_rank_own_boards(holes, n, boards, nb, 0, NULL, out, bad_row);
}
