/* Short-deck (6+ Hold'em) evaluation kernels (csrc/api/eval_short.h) over the generated
 * tables (scripts/gen_short_tables.py).
 *
 * As in eval.c, a row is summed card by card from he_cards into one {key, bits} hand and
 * checked once, after summing: its bits hold exactly one set bit per card and none on a
 * deuce..five (HE_SHORT_LOW_BITS) iff every id is 16..51 and no card repeats (a repeat
 * makes a carry, which only moves a bit up its suit's lane). The batch kernels exist for
 * the portable popcount and for the x86 POPCNT instruction; one is picked per call. */
#include "eval_short_internal.h"

HE_ALWAYS_INLINE unsigned short_popcount(uint64_t x, int hw)
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

static const uint16_t *short_table(int rules)
{
    return he_short_rank_table + (rules ? HE_SHORT_SLOTS : 0);
}

int he_short_eval_hand(const uint8_t *cards, size_t k, int rules)
{
    if (cards == NULL || k < 5 || k > 7 || (rules != 0 && rules != 1)) {
        return HE_E_ARGUMENT;
    }
    he_acc h = he_acc_start();
    for (size_t i = 0; i < k; i++) {
        h = he_acc_add(h, cards[i]);
    }
    uint64_t bits = he_acc_bits(h);
    if (he_popcount_portable(bits) != k || (bits & HE_SHORT_LOW_BITS)) {
        return he_short_bad_status(cards, k);
    }
    return he_short_rank_of(he_acc_key(h), bits, short_table(rules));
}

/* n rows of k cards (each added to the pre-summed `board` of ncards - k valid short-deck
 * cards when `with_board`); inlined with constant k, with_board and hw; four rows per turn. */
HE_ALWAYS_INLINE int short_rows(const uint8_t *cards, size_t n, size_t k, int with_board,
                                he_acc board, unsigned ncards, int hw, const uint16_t *table,
                                uint16_t *out, size_t *bad_row)
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
        /* no row has more than ncards bits, so the sum is 4 * ncards iff each row has all */
        if (short_popcount(abits, hw) + short_popcount(bbits, hw) + short_popcount(cbits, hw)
                + short_popcount(dbits, hw) != 4 * ncards
            || ((abits | bbits | cbits | dbits) & HE_SHORT_LOW_BITS)) {
            break; /* the row-by-row loop below finds and reports it */
        }
        out[i] = he_short_rank_of(he_acc_key(a), abits, table);
        out[i + 1] = he_short_rank_of(he_acc_key(b), bbits, table);
        out[i + 2] = he_short_rank_of(he_acc_key(c), cbits, table);
        out[i + 3] = he_short_rank_of(he_acc_key(d), dbits, table);
    }
    for (; i < n; i++, row += k) {
        he_acc h = he_row_hand(row, k, with_board, board);
        uint64_t bits = he_acc_bits(h);
        if (short_popcount(bits, hw) != ncards || (bits & HE_SHORT_LOW_BITS)) {
            *bad_row = i;
            return he_short_bad_status(row, k);
        }
        out[i] = he_short_rank_of(he_acc_key(h), bits, table);
    }
    return HE_OK;
}

HE_ALWAYS_INLINE int short_batch_k(const uint8_t *cards, size_t n, size_t k, int hw,
                                   const uint16_t *table, uint16_t *out, size_t *bad_row)
{
    he_acc none = he_acc_start();
    switch (k) {
    case 5: return short_rows(cards, n, 5, 0, none, 5, hw, table, out, bad_row);
    case 6: return short_rows(cards, n, 6, 0, none, 6, hw, table, out, bad_row);
    default: return short_rows(cards, n, 7, 0, none, 7, hw, table, out, bad_row);
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
        || (rules != 0 && rules != 1)) {
        return HE_E_ARGUMENT;
    }
    const uint16_t *table = short_table(rules);
#if HE_POPCNT_DISPATCH
    if (he_cpu_has_popcnt()) {
        return short_batch_popcnt(cards, n, k, table, out, bad_row);
    }
#endif
    return short_batch_portable(cards, n, k, table, out, bad_row);
}

/* The summed board of nb cards, or a status for a bad one (HE_E_CARD_RANGE first). */
static int short_board(const uint8_t *board, size_t nb, he_acc *sum)
{
    he_acc h = he_acc_start();
    for (size_t j = 0; j < nb; j++) {
        h = he_acc_add(h, board[j]);
    }
    uint64_t bits = he_acc_bits(h);
    if (he_popcount_portable(bits) != nb || (bits & HE_SHORT_LOW_BITS)) {
        return he_short_bad_status(board, nb);
    }
    *sum = h;
    return HE_OK;
}

static int short_shared_portable(const uint8_t *holes, size_t n, he_acc board, unsigned nb,
                                 const uint16_t *table, uint16_t *out, size_t *bad_row)
{
    return short_rows(holes, n, 2, 1, board, nb + 2u, 0, table, out, bad_row);
}

#if HE_POPCNT_DISPATCH
HE_TARGET_POPCNT static int short_shared_popcnt(const uint8_t *holes, size_t n, he_acc board,
                                                unsigned nb, const uint16_t *table,
                                                uint16_t *out, size_t *bad_row)
{
    return short_rows(holes, n, 2, 1, board, nb + 2u, 1, table, out, bad_row);
}
#endif

int he_short_eval_hole_board(const uint8_t *holes, size_t n, const uint8_t *boards, size_t nb,
                             size_t board_stride, int rules, uint16_t *out, size_t *bad_row)
{
    if ((n && (holes == NULL || boards == NULL || out == NULL)) || bad_row == NULL
        || nb < 3 || nb > 5 || (board_stride != 0 && board_stride != nb)
        || (rules != 0 && rules != 1)) {
        return HE_E_ARGUMENT;
    }
    if (n == 0) {
        return HE_OK;
    }
    const uint16_t *table = short_table(rules);
    he_acc board;
    if (board_stride == 0) {
        int st = short_board(boards, nb, &board);
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
    for (size_t i = 0; i < n; i++) {
        const uint8_t *b = boards + i * nb, *hole = holes + 2 * i;
        he_acc h = he_acc_start();
        for (size_t j = 0; j < nb; j++) {
            h = he_acc_add(h, b[j]);
        }
        h = he_acc_add(he_acc_add(h, hole[0]), hole[1]);
        uint64_t bits = he_acc_bits(h);
        if (he_popcount_portable(bits) != nb + 2 || (bits & HE_SHORT_LOW_BITS)) {
            int st = short_board(b, nb, &board);
            *bad_row = i;
            return st != HE_OK ? st : he_short_bad_status(hole, 2);
        }
        out[i] = he_short_rank_of(he_acc_key(h), bits, table);
    }
    return HE_OK;
}
