/* Bulk ranking kernels for columnar hand files. Guard-free: cffi's cdef reads this file.
 *
 * he_eval_columns: n hands whose k cards (k = 5..7) sit in k separate columns, as a
 * Parquet or Arrow file stores them: card j of hand i is cols[j][i]. Writes the rank
 * (1..7462) of hand i to ranks[i] and, when categories is not NULL, its category
 * (1 = straight flush .. 9 = high card, as holdem_eval.HandCategory) to categories[i].
 * Each card is validated (< 52, no repeat within its hand) in the same pass; on a bad
 * hand it stops, stores its index in *bad_row and returns HE_E_CARD_RANGE or
 * HE_E_DUPLICATE (hands before it are written). HE_E_ARGUMENT for k outside 5..7 or a
 * NULL pointer. Columns and outputs are caller-owned; the kernel keeps no state. */
int he_eval_columns(const uint8_t *const *cols, size_t k, size_t n, uint16_t *ranks,
                    uint8_t *categories, size_t *bad_row);

/* he_short_eval_columns: he_eval_columns for short deck (api/eval_short.h) under the rule
 * set `rules` (HE_SHORT_TRIPS_BEAT_STRAIGHT or HE_SHORT_STRAIGHTS_BEAT_TRIPS): ranks
 * 1..HE_SHORT_RANK_WORST and that rule set's categories, as he_short_eval_batch ranks the
 * same hands as rows. A card below 16 (a deuce..five) or above 51 is HE_E_CARD_RANGE, a
 * repeat HE_E_DUPLICATE, reported for the first bad hand as he_eval_columns does;
 * HE_E_ARGUMENT also for unknown rules. */
int he_short_eval_columns(const uint8_t *const *cols, size_t k, size_t n, int rules,
                          uint16_t *ranks, uint8_t *categories, size_t *bad_row);
