/* Bulk ranking of columnar hands (see api/bulk.h): one loop for Hold'em and short deck. */
#include "eval_rows.h"

/* n rows of k cards, card j of row i in cols[j][i]: ranks (and categories, when not NULL,
 * from cat_table) of every row, or the first bad row's status. `table` is a short-deck rule
 * set's he_short_rank_table, or NULL for Hold'em; inlined with constant k and a constant
 * choice of deck, so each deck gets its own loop with no test of the deck inside. */
HE_ALWAYS_INLINE int columns_rows(const uint8_t *const *cols, size_t k, size_t n, int short_deck,
                                  const uint16_t *table, const uint8_t *cat_table,
                                  uint16_t *ranks, uint8_t *categories, size_t *bad_row)
{
    const uint64_t outside = he_outside_bits(short_deck);
    for (size_t i = 0; i < n; i++) {
        he_acc h = he_acc_start();
        for (size_t j = 0; j < k; j++) {
            h = he_acc_add(h, cols[j][i]);
        }
        uint64_t bits = he_acc_bits(h);
        if (he_popcount_portable(bits) != k || (bits & outside)) {
            uint8_t row[7];
            for (size_t j = 0; j < k; j++) {
                row[j] = cols[j][i];
            }
            *bad_row = i;
            return he_bad_status_in(row, k, short_deck);
        }
        uint16_t r = he_rank_in(he_acc_key(h), bits, short_deck, table);
        ranks[i] = r;
        if (categories != NULL) {
            categories[i] = cat_table[r];
        }
    }
    return HE_OK;
}

/* HE_OK when the pointers a call of k columns and n rows reads and writes are there. */
static int columns_args(const uint8_t *const *cols, size_t k, size_t n, const uint16_t *ranks,
                        const size_t *bad_row)
{
    if (cols == NULL || bad_row == NULL || (n && ranks == NULL)) {
        return HE_E_ARGUMENT;
    }
    for (size_t j = 0; j < k && j < 7; j++) {
        if (n && cols[j] == NULL) {
            return HE_E_ARGUMENT;
        }
    }
    return HE_OK;
}

int he_eval_columns(const uint8_t *const *cols, size_t k, size_t n, uint16_t *ranks,
                    uint8_t *categories, size_t *bad_row)
{
    if (columns_args(cols, k, n, ranks, bad_row) != HE_OK) {
        return HE_E_ARGUMENT;
    }
    const uint8_t *cats = he_rank_category;
    switch (k) {
    case 5: return columns_rows(cols, 5, n, 0, NULL, cats, ranks, categories, bad_row);
    case 6: return columns_rows(cols, 6, n, 0, NULL, cats, ranks, categories, bad_row);
    case 7: return columns_rows(cols, 7, n, 0, NULL, cats, ranks, categories, bad_row);
    default: return HE_E_ARGUMENT;
    }
}

int he_short_eval_columns(const uint8_t *const *cols, size_t k, size_t n, int rules,
                          uint16_t *ranks, uint8_t *categories, size_t *bad_row)
{
    if (columns_args(cols, k, n, ranks, bad_row) != HE_OK || !he_short_rules_ok(rules)) {
        return HE_E_ARGUMENT;
    }
    const uint16_t *table = he_short_table(rules);
    const uint8_t *cats = he_short_categories(rules);
    switch (k) {
    case 5: return columns_rows(cols, 5, n, 1, table, cats, ranks, categories, bad_row);
    case 6: return columns_rows(cols, 6, n, 1, table, cats, ranks, categories, bad_row);
    case 7: return columns_rows(cols, 7, n, 1, table, cats, ranks, categories, bad_row);
    default: return HE_E_ARGUMENT;
    }
}
