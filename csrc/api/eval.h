/* Hand evaluation kernels. Guard-free: cffi's cdef reads this file.
 *
 * Cards are ids 0..51 (4 * rank + suit). Ranks returned are the Cactus Kev scale,
 * 1 (royal flush) .. 7462 (7-5-4-3-2), lower is stronger. Every kernel validates each
 * card (< 52, no repeat within its hand) in the same pass that evaluates; on a bad row it
 * stops, stores that row's index in *bad_row and returns HE_E_CARD_RANGE or
 * HE_E_DUPLICATE. Rows before bad_row are written; later ones are not. Arrays are
 * caller-owned, C-contiguous, and only read (inputs) or written (out). No kernel keeps
 * state: any thread may call any kernel at any time. */

/* One hand of 5, 6 or 7 cards. Returns the rank (1..7462), or HE_E_CARD_RANGE,
 * HE_E_DUPLICATE, HE_E_ARGUMENT (k outside 5..7). */
int he_eval_hand(const uint8_t *cards, size_t k);

/* Seven, six or five card ids as separate arguments (the fast scalar path): the rank,
 * or a negative HE_E_* status for an id outside 0..51 or a repeated card. */
int he_eval7(int c0, int c1, int c2, int c3, int c4, int c5, int c6);
int he_eval6(int c0, int c1, int c2, int c3, int c4, int c5);
int he_eval5(int c0, int c1, int c2, int c3, int c4);

/* n hands of k cards each (k in 5..7), row-major cards[n * k]; ranks to out[n]. */
int he_eval_batch(const uint8_t *cards, size_t n, size_t k, uint16_t *out, size_t *bad_row);

/* n rows of two hole cards holes[n * 2] with a board of nb cards (3..5): one board shared
 * by every row when board_stride == 0, else boards[n * board_stride] with
 * board_stride == nb. A duplicate between hole cards and board is a duplicate. */
int he_eval_hole_board(const uint8_t *holes, size_t n, const uint8_t *boards, size_t nb,
                       size_t board_stride, uint16_t *out, size_t *bad_row);

/* Omaha: best hand from exactly two of nh hole cards (4..6) and exactly three of nb board
 * cards (3..5). holes[n * nh]; boards as for he_eval_hole_board. */
int he_eval_omaha_batch(const uint8_t *holes, size_t n, size_t nh, const uint8_t *boards,
                        size_t nb, size_t board_stride, uint16_t *out, size_t *bad_row);
