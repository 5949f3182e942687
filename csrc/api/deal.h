/* Seeded dealing (engine/dealing.py's algorithm, in C). Guard-free: cffi's cdef reads it.
 *
 * he_deal_seeded writes the first `count` cards of the deal order for `seed` into out[0..count):
 * the deck is the card ids 0..51 not set in `exclude_mask` (bit c = card c), in ascending
 * order, shuffled by splitmix64-driven forward Fisher-Yates with one 64-bit output
 * serving four cards (see engine/dealing.py for the documented algorithm). The result is
 * exactly SeededDeck(seed, exclude).draw(count). Returns HE_OK, or HE_E_ARGUMENT when
 * `count` exceeds the cards left after the exclusion or `out` is NULL with count > 0. */
int he_deal_seeded(uint64_t seed, uint64_t exclude_mask, size_t count, uint8_t *out);
