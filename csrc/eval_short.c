/* Short-deck (6+ Hold'em) evaluation kernels (csrc/api/eval_short.h) over the generated
 * tables (scripts/gen_short_tables.py). The row loops are the Hold'em kernels' own
 * (csrc/eval_rows.h) with the short deck's check of a deuce..five and its rule set's table;
 * the batch kernels exist for the portable popcount and for the x86 POPCNT instruction,
 * one picked per call. */
#include "eval_rows.h"

int he_short_eval_hand(const uint8_t *cards, size_t k, int rules)
{
    if (cards == NULL || k < 5 || k > 7 || !he_short_rules_ok(rules)) {
        return HE_E_ARGUMENT;
    }
    he_acc h;
    int st = he_cards_sum(cards, k, 1, &h);
    if (st != HE_OK) {
        return st;
    }
    return he_short_rank_of(he_acc_key(h), he_acc_bits(h), he_short_table(rules));
}

HE_ALWAYS_INLINE int short_batch_k(const uint8_t *cards, size_t n, size_t k, int hw,
                                   const uint16_t *table, uint16_t *out, size_t *bad_row)
{
    he_acc none = he_acc_start();
    switch (k) {
    case 5: return he_rank_rows(cards, n, 5, 0, none, 5, hw, 1, table, out, bad_row);
    case 6: return he_rank_rows(cards, n, 6, 0, none, 6, hw, 1, table, out, bad_row);
    default: return he_rank_rows(cards, n, 7, 0, none, 7, hw, 1, table, out, bad_row);
    }
}

static int short_batch_portable(const uint8_t *cards, size_t n, size_t k, const uint16_t *table,
                                uint16_t *out, size_t *bad_row)
{
    return short_batch_k(cards, n, k, 0, table, out, bad_row);
}

#if HE_POPCNT_DISPATCH
HE_TARGET_POPCNT static int short_batch_popcnt(const uint8_t *cards, size_t n, size_t k,
                                               const uint16_t *table, uint16_t *out,
                                               size_t *bad_row)
{
    return short_batch_k(cards, n, k, 1, table, out, bad_row);
}
#endif

int he_short_eval_batch(const uint8_t *cards, size_t n, size_t k, int rules, uint16_t *out,
                        size_t *bad_row)
{
    if ((n && (cards == NULL || out == NULL)) || bad_row == NULL || k < 5 || k > 7
        || !he_short_rules_ok(rules)) {
        return HE_E_ARGUMENT;
    }
    const uint16_t *table = he_short_table(rules);
#if HE_POPCNT_DISPATCH
    if (he_cpu_has_popcnt()) {
        return short_batch_popcnt(cards, n, k, table, out, bad_row);
    }
#endif
    return short_batch_portable(cards, n, k, table, out, bad_row);
}

static int short_shared_portable(const uint8_t *holes, size_t n, he_acc board, unsigned nb,
                                 const uint16_t *table, uint16_t *out, size_t *bad_row)
{
    return he_rank_rows(holes, n, 2, 1, board, nb + 2u, 0, 1, table, out, bad_row);
}

#if HE_POPCNT_DISPATCH
HE_TARGET_POPCNT static int short_shared_popcnt(const uint8_t *holes, size_t n, he_acc board,
                                                unsigned nb, const uint16_t *table,
                                                uint16_t *out, size_t *bad_row)
{
    return he_rank_rows(holes, n, 2, 1, board, nb + 2u, 1, 1, table, out, bad_row);
}
#endif

int he_short_eval_hole_board(const uint8_t *holes, size_t n, const uint8_t *boards, size_t nb,
                             size_t board_stride, int rules, uint16_t *out, size_t *bad_row)
{
    if ((n && (holes == NULL || boards == NULL || out == NULL)) || bad_row == NULL
        || nb < 3 || nb > 5 || (board_stride != 0 && board_stride != nb)
        || !he_short_rules_ok(rules)) {
        return HE_E_ARGUMENT;
    }
    if (n == 0) {
        return HE_OK;
    }
    const uint16_t *table = he_short_table(rules);
    if (board_stride == 0) {
        he_acc board;
        int st = he_cards_sum(boards, nb, 1, &board);
        if (st != HE_OK) {
            *bad_row = 0;
            return st;
        }
#if HE_POPCNT_DISPATCH
        if (he_cpu_has_popcnt()) {
            return short_shared_popcnt(holes, n, board, (unsigned)nb, table, out, bad_row);
        }
#endif
        return short_shared_portable(holes, n, board, (unsigned)nb, table, out, bad_row);
    }
    return he_rank_own_boards(holes, n, boards, nb, 1, table, out, bad_row);
}
