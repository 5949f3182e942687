/* The eight-or-better A-5 low (api/variant.h HE_LOW_*): one hand by its variant's row. */
#include "eval_low.h"

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
