/* The Omaha batch kernel (he_eval_omaha_batch, api/eval.h) over the direct tables of
 * scripts/gen_omaha_tables.py (eval_omaha_internal.h): per row one board row found by
 * the board's rank key, one load per hole pair in that row, and a flush only where the
 * board holds three cards of a suit and the hole two.
 *
 * A row's board and hole cards are summed into {key, bits} (he_eval_internal.h) and
 * checked once, after summing: the bits of both hold one set bit per card iff every id is
 * < 52 and no card repeats, board and hole together. Each (hole size, board size) gets
 * its own loop with constant bounds, built twice: for the portable popcount and for the
 * x86 POPCNT instruction (picked per call, as eval.c does). */
#include "eval_omaha_internal.h"
#include "eval_rows.h"

/* Status of a bad row: an id of 52 or more in the hole first, else the board's status
 * (its range, else a repeat anywhere). */
static int bad_row_status(const uint8_t *hole, size_t nh, const uint8_t *board, size_t nb)
{
    int st = he_bad_status(hole, nh);
    return st == HE_E_CARD_RANGE ? st : he_bad_status(board, nb);
}

/* The summed board of nb cards (he_acc_first: with HE_SUIT_BIAS). */
HE_ALWAYS_INLINE he_acc board_sum(const uint8_t *board, size_t nb)
{
    he_acc h = he_acc_first(board[0]);
    for (size_t j = 1; j < nb; j++) {
        h = he_acc_add(h, board[j]);
    }
    return h;
}

/* The summed hole of nh cards (no bias): two chains of adds. */
HE_ALWAYS_INLINE he_acc hole_sum(const uint8_t *hole, size_t nh)
{
    he_acc h = he_acc_part(hole[0]), g = he_acc_part(hole[1]);
    for (size_t j = 2; j < nh; j += 2) {
        h = he_acc_add(h, hole[j]);
        if (j + 1 < nh) {
            g = he_acc_add(g, hole[j + 1]);
        }
    }
    return he_acc_sum(h, g);
}

/* Rows are ranked in blocks of HE_OMAHA_BLOCK, in three passes. The first sums and checks
 * every row of the block, finds its board's row of he_omaha_rows (and asks for it in
 * cache: a random row of the 1.5 MB table is rarely in L1), and lists the rows that may
 * hold a flush, without a branch; the second ranks every row's pairs; the third ranks
 * the listed rows' flushes (about one row in fourteen with four hole cards). Apart, each
 * pass is a short chain of loads whose rows overlap in the CPU, and no row waits on a
 * mispredicted flush test. */
#define HE_OMAHA_BLOCK 32

#if defined(__GNUC__) || defined(__clang__)
#define HE_PREFETCH(p) __builtin_prefetch(p)
#elif defined(HE_SSE2)
#define HE_PREFETCH(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#else
#define HE_PREFETCH(p) ((void)(p))
#endif

/* n rows of nh hole cards, each with its own board of nb cards (board_stride == nb). */
HE_ALWAYS_INLINE int own_boards(const uint8_t *holes, size_t n, size_t nh, const uint8_t *boards,
                                size_t nb, int hw, uint16_t *out, size_t *bad_row)
{
    const uint16_t *row[HE_OMAHA_BLOCK];
    struct {
        uint64_t board_bits, hole_bits;
        unsigned suit, at;
    } flush[HE_OMAHA_BLOCK];
    for (size_t lo = 0; lo < n; lo += HE_OMAHA_BLOCK) {
        size_t m = n - lo < HE_OMAHA_BLOCK ? n - lo : HE_OMAHA_BLOCK, good = m, nf = 0;
        const uint8_t *hole = holes + lo * nh, *board = boards + lo * nb;
        for (size_t j = 0; j < m; j++, hole += nh, board += nb) {
            he_acc b = board_sum(board, nb), h = hole_sum(hole, nh);
            uint64_t bbits = he_acc_bits(b), hbits = he_acc_bits(h);
            if (he_popcount_as(bbits + hbits, hw) != nh + nb) {
                good = j;
                break;
            }
            uint64_t bkey = he_acc_key(b);
            row[j] = he_omaha_row(bkey);
            HE_PREFETCH(row[j]);
            HE_PREFETCH(row[j] + HE_OMAHA_PAIRS - 1);
            /* always written, kept (nf moves on) only when the row may hold a flush */
            unsigned suit = he_omaha_flush_suit(bkey, he_acc_key(h));
            flush[nf].board_bits = bbits;
            flush[nf].hole_bits = hbits;
            flush[nf].suit = suit;
            flush[nf].at = (unsigned)j;
            nf += suit != 0;
        }
        hole = holes + lo * nh;
        for (size_t j = 0; j < good; j++, hole += nh) {
            out[lo + j] = (uint16_t)he_omaha_pairs_min(row[j], hole, nh);
        }
        for (size_t k = 0; k < nf; k++) {
            uint16_t *r = out + lo + flush[k].at;
            *r = (uint16_t)he_omaha_with_flush(*r, flush[k].suit, flush[k].board_bits,
                                               flush[k].hole_bits);
        }
        if (good < m) {
            *bad_row = lo + good;
            return bad_row_status(holes + (lo + good) * nh, nh, boards + (lo + good) * nb, nb);
        }
    }
    return HE_OK;
}

/* n rows of nh hole cards on one board of nb cards. */
HE_ALWAYS_INLINE int shared_board(const uint8_t *holes, size_t n, size_t nh, const uint8_t *board,
                                  size_t nb, int hw, uint16_t *out, size_t *bad_row)
{
    he_acc b = board_sum(board, nb);
    uint64_t bbits = he_acc_bits(b), bkey = he_acc_key(b);
    if (he_popcount_as(bbits, hw) != nb) {
        *bad_row = 0;
        return bad_row_status(holes, nh, board, nb);
    }
    const uint16_t *row = he_omaha_row(bkey);
    for (size_t i = 0; i < n; i++) {
        const uint8_t *hole = holes + i * nh;
        he_acc h = hole_sum(hole, nh);
        uint64_t hbits = he_acc_bits(h);
        if (he_popcount_as(bbits + hbits, hw) != nh + nb) {
            *bad_row = i;
            return bad_row_status(hole, nh, board, nb);
        }
        out[i] = (uint16_t)he_omaha_rank_in(row, hole, nh, bkey, bbits, he_acc_key(h), hbits);
    }
    return HE_OK;
}

/* Every (nh, nb) with constant bounds: nh 4..6, nb 3..5. */
HE_ALWAYS_INLINE int omaha_sizes(const uint8_t *holes, size_t n, size_t nh, const uint8_t *boards,
                                 size_t nb, size_t board_stride, int hw, uint16_t *out,
                                 size_t *bad_row)
{
#define HE_OMAHA_CASE(H, B)                                                                  \
    if (nh == (H) && nb == (B)) {                                                            \
        return board_stride ? own_boards(holes, n, H, boards, B, hw, out, bad_row)           \
                            : shared_board(holes, n, H, boards, B, hw, out, bad_row);        \
    }
    HE_OMAHA_CASE(4, 5) HE_OMAHA_CASE(5, 5) HE_OMAHA_CASE(6, 5)
    HE_OMAHA_CASE(4, 4) HE_OMAHA_CASE(5, 4) HE_OMAHA_CASE(6, 4)
    HE_OMAHA_CASE(4, 3) HE_OMAHA_CASE(5, 3) HE_OMAHA_CASE(6, 3)
#undef HE_OMAHA_CASE
    return HE_E_ARGUMENT; /* not reached: the caller checked the sizes */
}

static int omaha_portable(const uint8_t *holes, size_t n, size_t nh, const uint8_t *boards,
                          size_t nb, size_t board_stride, uint16_t *out, size_t *bad_row)
{
    return omaha_sizes(holes, n, nh, boards, nb, board_stride, 0, out, bad_row);
}

#if HE_POPCNT_DISPATCH
HE_TARGET_POPCNT static int omaha_popcnt(const uint8_t *holes, size_t n, size_t nh,
                                         const uint8_t *boards, size_t nb, size_t board_stride,
                                         uint16_t *out, size_t *bad_row)
{
    return omaha_sizes(holes, n, nh, boards, nb, board_stride, 1, out, bad_row);
}
#endif

int he_eval_omaha_batch(const uint8_t *holes, size_t n, size_t nh, const uint8_t *boards,
                        size_t nb, size_t board_stride, uint16_t *out, size_t *bad_row)
{
    if ((n && (holes == NULL || boards == NULL || out == NULL)) || bad_row == NULL
        || nh < 4 || nh > 6 || nb < 3 || nb > 5 || (board_stride != 0 && board_stride != nb)) {
        return HE_E_ARGUMENT;
    }
    if (n == 0) {
        return HE_OK;
    }
#if HE_POPCNT_DISPATCH
    if (he_cpu_has_popcnt()) {
        return omaha_popcnt(holes, n, nh, boards, nb, board_stride, out, bad_row);
    }
#endif
    return omaha_portable(holes, n, nh, boards, nb, board_stride, out, bad_row);
}
