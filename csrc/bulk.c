/* Bulk ranking of columnar hands (see api/bulk.h). */
#include "he_eval_internal.h"


/* One column layout per k so the card loop unrolls. */
static inline int columns_k(const uint8_t *const *cols, size_t k, size_t n, uint16_t *ranks,
                            uint8_t *categories, size_t *bad_row)
{
    for (size_t i = 0; i < n; i++) {
        he_acc h = he_acc_start();
        for (size_t j = 0; j < k; j++) {
            h = he_acc_add(h, cols[j][i]);
        }
        if (he_popcount_portable(he_acc_bits(h)) != k) {
            uint8_t row[7];
            for (size_t j = 0; j < k; j++) {
                row[j] = cols[j][i];
            }
            *bad_row = i;
            return he_bad_status(row, k);
        }
        uint16_t r = he_acc_rank(h);
        ranks[i] = r;
        if (categories != NULL) {
            categories[i] = he_rank_category[r];
        }
    }
    return HE_OK;
}

int he_eval_columns(const uint8_t *const *cols, size_t k, size_t n, uint16_t *ranks,
                    uint8_t *categories, size_t *bad_row)
{
    if (cols == NULL || bad_row == NULL || (n && ranks == NULL)) {
        return HE_E_ARGUMENT;
    }
    for (size_t j = 0; j < k && j < 7; j++) {
        if (n && cols[j] == NULL) {
            return HE_E_ARGUMENT;
        }
    }
    switch (k) {
    case 5: return columns_k(cols, 5, n, ranks, categories, bad_row);
    case 6: return columns_k(cols, 6, n, ranks, categories, bad_row);
    case 7: return columns_k(cols, 7, n, ranks, categories, bad_row);
    default: return HE_E_ARGUMENT;
    }
}
