/* Status codes shared by every kernel. Guard-free: cffi's cdef reads this file.
 * HE_OK is success; every failure is negative. Kernels that take a batch also
 * report the index of the first offending row through a `size_t *bad_row`. */
#define HE_OK 0
#define HE_E_CARD_RANGE -1   /* a card id outside 0..51 */
#define HE_E_DUPLICATE -2    /* the same card twice within one hand (hole + board) */
#define HE_E_ARGUMENT -3     /* a count, size or pointer outside what the kernel accepts */
