/* Hold'em and Omaha evaluation kernels over the generated perfect-hash tables. */
#include "he_eval_internal.h"

/* Rank of row `cards[0..k)` or a negative status. Inlined with a constant k by the
 * batch loops so the card loop unrolls. */
static inline int eval_row(const uint8_t *cards, size_t k, uint64_t key, uint64_t bits)
{
    uint64_t sum = bits;
    for (size_t i = 0; i < k; i++) {
        HE_ADD_CARD(cards[i], key, bits, sum);
    }
    if ((bits & HE_BAD_CARD_BIT) | (bits ^ sum)) {
        return he_check(bits, sum);
    }
    return he_rank_of(key, bits);
}

int he_eval_hand(const uint8_t *cards, size_t k)
{
    if (cards == NULL || k < 5 || k > 7) {
        return HE_E_ARGUMENT;
    }
    return eval_row(cards, k, HE_SUIT_BIAS, 0);
}

static inline int eval_ids(const int *ids, size_t k)
{
    uint8_t cards[7];
    for (size_t i = 0; i < k; i++) {
        /* Anything outside 0..51 (negative included) becomes 255, which eval_row rejects. */
        cards[i] = (unsigned)ids[i] < HE_NCARDS ? (uint8_t)ids[i] : (uint8_t)255;
    }
    return eval_row(cards, k, HE_SUIT_BIAS, 0);
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

/* Rows per block in batch_rows. */
#define HE_BLOCK 16

/* Evaluates n rows of k cards, each starting from (key0, bits0): the pre-summed shared
 * board, or nothing. Row i reads cards[i * k .. i * k + k). Rows go in blocks: first
 * every row of the block is summed and checked, then the block's table lookups are
 * issued together, so the core overlaps their cache misses. A block holding a bad row
 * is redone row by row, which finds and reports the first bad row. */
static inline int batch_rows(const uint8_t *cards, size_t n, size_t k, uint64_t key0,
                             uint64_t bits0, uint16_t *out, size_t *bad_row)
{
    size_t i = 0;
    for (; i + HE_BLOCK <= n; i += HE_BLOCK) {
        uint64_t keys[HE_BLOCK], bitv[HE_BLOCK], err = 0;
        for (size_t j = 0; j < HE_BLOCK; j++) {
            const uint8_t *row = cards + (i + j) * k;
            uint64_t key = key0, bits = bits0, sum = bits0;
            for (size_t t = 0; t < k; t++) {
                HE_ADD_CARD(row[t], key, bits, sum);
            }
            err |= (bits & HE_BAD_CARD_BIT) | (bits ^ sum);
            keys[j] = key;
            bitv[j] = bits;
        }
        if (err) {
            break;
        }
        for (size_t j = 0; j < HE_BLOCK; j++) {
            out[i + j] = he_rank_of(keys[j], bitv[j]);
        }
    }
    for (; i < n; i++) {
        int r = eval_row(cards + i * k, k, key0, bits0);
        if (r < 0) {
            *bad_row = i;
            return r;
        }
        out[i] = (uint16_t)r;
    }
    return HE_OK;
}

int he_eval_batch(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row)
{
    if ((n && (cards == NULL || out == NULL)) || bad_row == NULL) {
        return HE_E_ARGUMENT;
    }
    switch (k) {
    case 5: return batch_rows(cards, n, 5, HE_SUIT_BIAS, 0, out, bad_row);
    case 6: return batch_rows(cards, n, 6, HE_SUIT_BIAS, 0, out, bad_row);
    case 7: return batch_rows(cards, n, 7, HE_SUIT_BIAS, 0, out, bad_row);
    default: return HE_E_ARGUMENT;
    }
}

/* Sums nb board cards; returns 0, HE_E_CARD_RANGE or HE_E_DUPLICATE. */
static inline int sum_board(const uint8_t *board, size_t nb, uint64_t *key, uint64_t *bits)
{
    uint64_t k = HE_SUIT_BIAS, b = 0, sum = 0;
    for (size_t j = 0; j < nb; j++) {
        HE_ADD_CARD(board[j], k, b, sum);
    }
    *key = k;
    *bits = b;
    return he_check(b, sum);
}

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
        uint64_t key, bits;
        int st = sum_board(boards, nb, &key, &bits);
        if (st != HE_OK) {
            *bad_row = 0;
            return st;
        }
        return batch_rows(holes, n, 2, key, bits, out, bad_row);
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t key, bits;
        int st = sum_board(boards + i * nb, nb, &key, &bits);
        int r = st != HE_OK ? st : eval_row(holes + 2 * i, 2, key, bits);
        if (r < 0) {
            *bad_row = i;
            return r;
        }
        out[i] = (uint16_t)r;
    }
    return HE_OK;
}

/* Omaha for one row: validates hole + board together, then takes the best of every
 * (two hole cards, three board cards) choice from pre-summed pair and triple keys. */
static int omaha_row(const uint8_t *hole, size_t nh, const uint8_t *board, size_t nb)
{
    uint64_t key = 0, bits = 0, sum = 0;
    for (size_t i = 0; i < nh; i++) {
        HE_ADD_CARD(hole[i], key, bits, sum);
    }
    for (size_t j = 0; j < nb; j++) {
        HE_ADD_CARD(board[j], key, bits, sum);
    }
    int st = he_check(bits, sum);
    if (st != HE_OK) {
        return st;
    }
    uint64_t pkey[15], pbits[15], tkey[10], tbits[10];
    size_t np = 0, nt = 0;
    for (size_t a = 0; a < nh; a++) {
        for (size_t b = a + 1; b < nh; b++) {
            pkey[np] = HE_SUIT_BIAS + he_card_key[hole[a]] + he_card_key[hole[b]];
            pbits[np++] = he_card_bit[hole[a]] | he_card_bit[hole[b]];
        }
    }
    for (size_t a = 0; a < nb; a++) {
        for (size_t b = a + 1; b < nb; b++) {
            for (size_t c = b + 1; c < nb; c++) {
                tkey[nt] = he_card_key[board[a]] + he_card_key[board[b]] + he_card_key[board[c]];
                tbits[nt++] = he_card_bit[board[a]] | he_card_bit[board[b]] | he_card_bit[board[c]];
            }
        }
    }
    uint16_t best = UINT16_MAX;
    for (size_t p = 0; p < np; p++) {
        for (size_t t = 0; t < nt; t++) {
            uint16_t r = he_rank_of(pkey[p] + tkey[t], pbits[p] | tbits[t]);
            best = r < best ? r : best;
        }
    }
    return best;
}

int he_eval_omaha_batch(const uint8_t *holes, size_t n, size_t nh, const uint8_t *boards,
                        size_t nb, size_t board_stride, uint16_t *out, size_t *bad_row)
{
    if ((n && (holes == NULL || boards == NULL || out == NULL)) || bad_row == NULL
        || nh < 4 || nh > 6 || nb < 3 || nb > 5 || (board_stride != 0 && board_stride != nb)) {
        return HE_E_ARGUMENT;
    }
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
