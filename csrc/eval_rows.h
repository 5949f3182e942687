/* The batch kernels' row loops, one copy for both decks: Hold'em (csrc/eval.c) and short
 * deck (csrc/eval_short.c). A row is summed card by card into one {key, bits} hand and
 * checked once, after summing: its bits hold exactly one set bit per card (and, in the
 * short deck, none on a deuce..five) iff every id is in the deck and no card repeats (a
 * repeat makes a carry, which only moves a bit up its suit's lane).
 *
 * Every function takes `short_deck` (0 Hold'em, 1 short deck) and the short deck's rule
 * table (he_short_table; unused for Hold'em) and is inlined with short_deck constant, so
 * each deck gets its own loop with no test of the deck inside. (Unoptimised, -O0, the
 * untaken deck's branch can stay in the code: link eval_short_tables.c with eval.c then.)
 * Not part of the Python-visible API. */
#ifndef HE_EVAL_ROWS_H
#define HE_EVAL_ROWS_H

#include "eval_short_internal.h"

/* popcount(x) with the hardware instruction when `hw` (a constant in every caller, so only
 * one branch is compiled in; the hardware one only inside HE_TARGET_POPCNT functions). */
HE_ALWAYS_INLINE unsigned he_popcount_as(uint64_t x, int hw)
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

/* Card bits that no card of the deck sets: the deuces..fives in the short deck. */
HE_ALWAYS_INLINE uint64_t he_outside_bits(int short_deck)
{
    return short_deck ? HE_SHORT_LOW_BITS : 0;
}

/* Rank of a summed hand of 5..7 valid, distinct cards of the deck. */
HE_ALWAYS_INLINE uint16_t he_rank_in(uint64_t key, uint64_t bits, int short_deck,
                                     const uint16_t *table)
{
    return short_deck ? he_short_rank_of(key, bits, table) : he_rank_of(key, bits);
}

/* Status of k card ids already found bad (HE_E_CARD_RANGE first, then HE_E_DUPLICATE). */
HE_ALWAYS_INLINE int he_bad_status_in(const uint8_t *cards, size_t k, int short_deck)
{
    return short_deck ? he_short_bad_status(cards, k) : he_bad_status(cards, k);
}

/* The summed hand of k cards (a board, a row) into *sum, or the status of bad ones. */
HE_ALWAYS_INLINE int he_cards_sum(const uint8_t *cards, size_t k, int short_deck, he_acc *sum)
{
    he_acc h = he_acc_start();
    for (size_t j = 0; j < k; j++) {
        h = he_acc_add(h, cards[j]);
    }
    uint64_t bits = he_acc_bits(h);
    if (he_popcount_portable(bits) != k || (bits & he_outside_bits(short_deck))) {
        return he_bad_status_in(cards, k, short_deck);
    }
    *sum = h;
    return HE_OK;
}

/* Ranks n rows of k cards: row i reads cards[i * k .. i * k + k) and is added to `board`
 * (the pre-summed shared board of `ncards - k` valid cards) when `with_board`, else starts
 * from nothing. Inlined with constant k, with_board, hw and short_deck, so the card loop
 * unrolls and one popcount is built in; four rows per turn of the loop. On a bad row:
 * its index in *bad_row and its status (rows before it are written). */
HE_ALWAYS_INLINE int he_rank_rows(const uint8_t *cards, size_t n, size_t k, int with_board,
                                  he_acc board, unsigned ncards, int hw, int short_deck,
                                  const uint16_t *table, uint16_t *out, size_t *bad_row)
{
    const uint64_t outside = he_outside_bits(short_deck);
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
        if (he_popcount_as(abits, hw) + he_popcount_as(bbits, hw) + he_popcount_as(cbits, hw)
                + he_popcount_as(dbits, hw) != 4 * ncards
            || ((abits | bbits | cbits | dbits) & outside)) {
            break; /* the row-by-row loop below finds and reports it */
        }
        out[i] = he_rank_in(he_acc_key(a), abits, short_deck, table);
        out[i + 1] = he_rank_in(he_acc_key(b), bbits, short_deck, table);
        out[i + 2] = he_rank_in(he_acc_key(c), cbits, short_deck, table);
        out[i + 3] = he_rank_in(he_acc_key(d), dbits, short_deck, table);
    }
    for (; i < n; i++, row += k) {
        he_acc h = he_row_hand(row, k, with_board, board);
        uint64_t bits = he_acc_bits(h);
        if (he_popcount_as(bits, hw) != ncards || (bits & outside)) {
            *bad_row = i;
            return he_bad_status_in(row, k, short_deck);
        }
        out[i] = he_rank_in(he_acc_key(h), bits, short_deck, table);
    }
    return HE_OK;
}

/* n rows of two hole cards holes[n * 2], each with its own board boards[n * nb]: ranks,
 * or the first bad row's index and status (its board's first). */
HE_ALWAYS_INLINE int he_rank_own_boards(const uint8_t *holes, size_t n, const uint8_t *boards,
                                        size_t nb, int short_deck, const uint16_t *table,
                                        uint16_t *out, size_t *bad_row)
{
    for (size_t i = 0; i < n; i++) {
        const uint8_t *board = boards + i * nb, *hole = holes + 2 * i;
        he_acc h = he_acc_start();
        for (size_t j = 0; j < nb; j++) {
            h = he_acc_add(h, board[j]);
        }
        h = he_acc_add(he_acc_add(h, hole[0]), hole[1]);
        uint64_t bits = he_acc_bits(h);
        if (he_popcount_portable(bits) != nb + 2 || (bits & he_outside_bits(short_deck))) {
            he_acc unused;
            int st = he_cards_sum(board, nb, short_deck, &unused);
            *bad_row = i;
            return st != HE_OK ? st : he_bad_status_in(hole, 2, short_deck);
        }
        out[i] = he_rank_in(he_acc_key(h), bits, short_deck, table);
    }
    return HE_OK;
}

#endif
