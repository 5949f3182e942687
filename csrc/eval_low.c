/* The eight-or-better A-5 low (api/variant.h HE_LOW_*): one hand by its variant's row. */
#include "eval_low_internal.h"

int he_variant_low_rank(size_t variant, const uint8_t *hole, size_t hole_len,
                        const uint8_t *board, size_t board_len, uint16_t *low)
{
    const he_variant *v = he_variant_info(variant);
    if (v == NULL || v->low == 0 || hole_len < (size_t)v->hole_min
        || hole_len > (size_t)v->hole_max || board_len != (size_t)v->board_size
        || low == NULL || (hole_len && hole == NULL) || board == NULL) {
        return HE_E_ARGUMENT;
    }
    uint64_t used = 0;
    unsigned hmask = 0, bmask = 0;
    for (size_t k = 0; k < hole_len + board_len; k++) {
        unsigned c = k < hole_len ? hole[k] : board[k - hole_len];
        if (c >= HE_NCARDS) {
            return HE_E_CARD_RANGE;
        }
        if (used >> c & 1u) {
            return HE_E_DUPLICATE;
        }
        used |= (uint64_t)1 << c;
        if (k < hole_len) {
            hmask |= he_low_bit(c);
        } else {
            bmask |= he_low_bit(c);
        }
    }
    *low = (uint16_t)(v->hole_used == 2 ? he_low_two_three(hmask, bmask)
                                        : he_low_any_five(hmask | bmask));
    return HE_OK;
}

/* Rows per chunk: the high kernel ranks a chunk, then the lows of the same rows are taken
 * while their cards are still in the cache. */
#define HILO_CHUNK 512

/* The low ranks of rows [0, n) whose cards the high kernel checked: two and three. */
HE_ALWAYS_INLINE void lows_two_three(const uint8_t *holes, size_t n, size_t nh,
                                     const uint8_t *boards, size_t nb, size_t board_stride,
                                     uint16_t *low)
{
    for (size_t i = 0; i < n; i++) {
        const uint8_t *hole = holes + i * nh, *board = boards + i * board_stride;
        unsigned hmask = 0, bmask = 0;
        for (size_t j = 0; j < nh; j++) {
            hmask |= he_low_bit(hole[j]);
        }
        for (size_t j = 0; j < nb; j++) {
            bmask |= he_low_bit(board[j]);
        }
        low[i] = (uint16_t)he_low_two_three(hmask, bmask);
    }
}

int he_eval_hilo_batch(size_t variant, const uint8_t *holes, size_t n, size_t nh,
                       const uint8_t *boards, size_t nb, size_t board_stride, uint16_t *high,
                       uint16_t *low, size_t *bad_row)
{
    const he_variant *v = he_variant_info(variant);
    if (v == NULL || v->low == 0 || bad_row == NULL || nh < (size_t)v->hole_min
        || nh > (size_t)v->hole_max || nb > 5 || (board_stride != 0 && board_stride != nb)
        || (v->hole_used == 0 && nb != 5) || (v->hole_used == 2 && nb < 3)
        || (n && (holes == NULL || boards == NULL || high == NULL || low == NULL))) {
        return HE_E_ARGUMENT;
    }
    for (size_t lo = 0; lo < n; lo += HILO_CHUNK) {
        size_t m = n - lo < HILO_CHUNK ? n - lo : HILO_CHUNK, bad = 0;
        const uint8_t *h = holes + lo * nh, *b = boards + lo * board_stride;
        int st = v->hole_used == 2
                     ? he_eval_omaha_batch(h, m, nh, b, nb, board_stride, high + lo, &bad)
                     : he_eval_hole_board(h, m, b, nb, board_stride, high + lo, &bad);
        if (st != HE_OK) {
            /* the rows before the bad one are ranked: give them their lows too */
            m = bad;
        }
        if (v->hole_used == 2 && nh == 4 && nb == 5) { /* the game as dealt: constant loops */
            lows_two_three(h, m, 4, b, 5, board_stride, low + lo);
        } else if (v->hole_used == 2) {
            lows_two_three(h, m, nh, b, nb, board_stride, low + lo);
        } else {
            for (size_t i = 0; i < m; i++) {
                const uint8_t *board = b + i * board_stride;
                unsigned mask = he_low_bit(h[2 * i]) | he_low_bit(h[2 * i + 1]);
                for (size_t j = 0; j < 5; j++) {
                    mask |= he_low_bit(board[j]);
                }
                low[lo + i] = (uint16_t)he_low_any_five(mask);
            }
        }
        if (st != HE_OK) {
            *bad_row = lo + bad;
            return st;
        }
    }
    return HE_OK;
}
