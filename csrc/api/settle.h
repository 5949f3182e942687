/* Showdown settlement kernels. Guard-free: cffi's cdef reads this file.
 *
 * A hand is P seats (2..HE_SETTLE_MAX_SEATS), numbered 0..P-1 clockwise, with the chips
 * each put in (int64, >= 0, summing to at most INT64_MAX), a folded flag per seat, hole
 * cards per seat (hole_len ids each; ignored for folded seats and when one seat is
 * live), a board of board_cols ids where HE_NO_CARD marks cards not dealt (only as a
 * suffix; 0, 3, 4 or 5 dealt, exactly 5 at a showdown) and the button seat.
 *
 * The one implementation of the settlement rules (engine/showdown/pots.py documents them): the
 * unmatched part of the largest contribution goes back to its owner; pots are cut at the
 * live seats' contribution levels (folded chips stay in the pots they reached, dead
 * chips above every live level join the last pot); each pot goes to its best eligible
 * hands; an uneven split gives the odd chips clockwise from the seat left of the button;
 * rake per he_settle_rules. The last live seat takes everything without a showdown. */

#define HE_SETTLE_MAX_SEATS 32
#define HE_SETTLE_MAX_RUNS 8    /* most runs of the board one hand may be settled on */
#define HE_NO_CARD 255          /* a board card not dealt, or no hole card */

#define HE_E_CHIPS -20          /* a negative contribution, or contributions overflow int64 */
#define HE_E_NO_LIVE -21        /* every seat folded */
#define HE_E_BOARD -22          /* board not 0/3/4/5 cards, not 5 at a showdown, or a gap */
#define HE_E_BUTTON -23         /* button outside 0..P-1 */

#define HE_SETTLE_TDA 0         /* pots at live all-in levels; rake per hand, main pot first */
#define HE_SETTLE_POKERKIT 1    /* PokerKit 0.7: merge pots after killing losers, rake per pot */
#define HE_ODD_CLOCKWISE 0      /* one odd chip at a time, clockwise from left of the button */
#define HE_ODD_FIRST_WINNER 1   /* the whole remainder to the first winner clockwise */

typedef struct {
    int method;           /* HE_SETTLE_TDA or HE_SETTLE_POKERKIT */
    int odd_chips;        /* HE_ODD_CLOCKWISE or HE_ODD_FIRST_WINNER */
    int no_flop_no_drop;  /* nonzero: no rake when fewer than 3 board cards were dealt */
    int64_t rate_num;     /* TDA: rake = floor(total pot * rate_num / rate_den); */
    int64_t rate_den;     /*      0 <= rate_num <= rate_den < 2^63 */
    double rate;          /* POKERKIT: rake of a pot = min(round-half-even(amount * rate), amount), 0..1 */
    int64_t cap;          /* most chips raked per hand (TDA) or per pot (POKERKIT); -1: none */
} he_settle_rules;

/* Length of the `detail` output of he_settle_hand for P seats:
 * [0, P) returned chips, [P, 2P) ranks (0: not shown), [2P] rake, [2P+1] pot count K,
 * then K pots of (5 + P) values: amount, rake, eligible seat mask, winner seat mask,
 * winning rank (0 without a showdown), and each seat's share of the pot. */
size_t he_settle_detail_len(size_t seats);

/* Settles one hand. contributions[P], folded[P] (0/1), holes[P * hole_len],
 * board[board_cols] (board_cols <= 5). (Flat arguments rather than a he_settle_table: the
 * scalar settle() calls this once per hand, and a struct built per call costs it time.) Writes payouts[P] (chips each seat takes back,
 * returned chips included) and, when detail is not NULL, detail[he_settle_detail_len(P)].
 * Returns HE_OK or a negative HE_E_* status; on failure nothing is written. */
int he_settle_hand(const int64_t *contributions, const uint8_t *folded, const uint8_t *holes,
                   size_t hole_len, const uint8_t *board, size_t board_cols, size_t seats,
                   size_t button, int variant, const he_settle_rules *rules,
                   int64_t *payouts, int64_t *detail);

/* A table of hands to settle: for one hand (he_settle_known) contributions[P], dead[P] or
 * NULL, folded[P], holes[P * hole_len], board[board_cols] and the button; for n hands
 * (he_settle_batch) each array holds n such rows, one after another (dead must be NULL;
 * the buttons are given apart). he_settle_hand / he_settle_hand_dead settle one board of a
 * high-only variant with the record above; he_settle_split, he_settle_batch and
 * he_settle_known take any runs and any variant. */
typedef struct {
    const int64_t *contributions;
    const int64_t *dead;
    const uint8_t *folded;
    const uint8_t *holes;
    size_t hole_len;
    const uint8_t *board;
    size_t board_cols;
    size_t seats;
    size_t button;
    int variant;                /* HE_VARIANT_* (api/variant.h) */
    size_t runs;                /* runs of the board: 0 or 1, one board; R (2..HE_SETTLE_MAX_RUNS):
                                 * board holds R boards of board_cols cards one after another,
                                 * run r's at board + r * board_cols (in a batch, each row's
                                 * R boards, then the next row's) */
} he_settle_table;

/* Settles the n hands of `rows` (P = rows->seats seats each; rows->button unused):
 * buttons[n] (button_stride 1) or one button for every row (button_stride 0). Writes
 * payouts[n * P] and, when rakes is not NULL, rakes[n]. On a bad row returns its status
 * and stores its index in *bad_row; rows before it are written. */
int he_settle_batch(const he_settle_table *rows, const int64_t *buttons, size_t button_stride,
                    size_t n, const he_settle_rules *rules, int64_t *payouts, int64_t *rakes,
                    size_t *bad_row);

/* Several runs of the board ("run it twice"), and pots split high / low (a variant whose
 * row has low = 8: api/variant.h). A hand settled on R runs (he_settle_table.runs) is
 * settled as one hand whose every pot, after its rake, is cut into R run shares:
 * floor(net / R) each, and the net % R odd chips one each to the first runs (run 0 first:
 * the rule the odd chips of a split follow, the first places in order get one chip each).
 * Run r's share goes to the best hands on run r's board (its own split and odd chips as any
 * pot). The rake is taken once per hand, from the pots, exactly as with one board. All runs
 * must be 5 dealt cards at a showdown; each is checked against the hole cards (cards may
 * repeat between runs: the cards dealt before the runs are on every one of them). Without
 * a showdown (one live seat) every run but the first is ignored.
 *
 * In a hi-lo variant each run share (each pot's when R = 1) splits again: the high half
 * (ceil: the odd chip of the split goes high) to the best high hands, the low half to the
 * best qualifying lows (HE_LOW_*; ranked on the run's board) among the pot's eligible
 * seats; no qualifying low among them and the high hands take the whole share. A seat may
 * win both halves (a scoop) or share either (a quartered pot).
 *
 * he_settle_split settles like he_settle_hand_dead (the same checks and statuses; dead may
 * be NULL) from a he_settle_table (any variant, any runs) and writes payouts[P] and, when
 * detail is not NULL, the record detail[he_settle_split_detail_len(P, R)]:
 *   [0, P)            returned chips per seat
 *   [P]               rake, [P + 1] pot count K, [P + 2] award count A
 *   [P + 3, +R*P)     high ranks, run by run (run r's seat s at r * P + s; 0: not ranked)
 *   [.., +R*P)        low ranks (HE_LOW_*, 0: none, or not a hi-lo variant)
 *   then K pots of 3: amount, rake, eligible seat mask
 *   then A awards of (6 + P): pot index, run, half (0 high, 1 low), chips, winner mask,
 *   winning rank (0 without a showdown), then each seat's chips of the award.
 * Awards come pot by pot, run by run, high before low; a low award only where a low
 * qualifies. Without a showdown, one award per pot (run 0, high). */
size_t he_settle_split_detail_len(size_t seats, size_t runs);
int he_settle_split(const he_settle_table *hand, const he_settle_rules *rules,
                    int64_t *payouts, int64_t *detail);

/* he_settle_hand with dead money, the hand given as a he_settle_table (one board: runs 0
 * or 1, else HE_E_ARGUMENT): hand->dead[P] (or NULL) is the part of each contribution
 * posted as dead money (a missed small blind, a big-blind ante; 0 <= dead <= contribution).
 * It sets no all-in level, is never returned, and joins the main pot, open to every live
 * seat (engine/showdown/pots.py form_pots). Writes payouts[P] and, when detail is not
 * NULL, the record of he_settle_hand. */
int he_settle_hand_dead(const he_settle_table *hand, const he_settle_rules *rules,
                        int64_t *payouts, int64_t *detail);

/* The rake of `amount` chips (>= 0) under `rules`: of a whole hand's pot (HE_SETTLE_TDA) or
 * of one merged pot (HE_SETTLE_POKERKIT); 0 without a flop under no_flop_no_drop. The one
 * rake rule he_settle_hand applies. Returns the rake, or HE_E_ARGUMENT for bad rules or a
 * negative amount. */
int64_t he_settle_rake(const he_settle_rules *rules, int64_t amount, int flop_dealt);

/* The showdown order of seats 0..P-1 (1 <= P <= HE_SETTLE_MAX_SEATS): live[P] (0/1) marks
 * the seats still in the hand. The last aggressor (last_aggressor, or -1 for none) shows
 * first, else the first live seat left of `button`; then clockwise. Writes the live seats in
 * that order to order[*count] and, in muck[*count], 1 for a seat that may muck: when its turn
 * comes, a hand already shown beats it (ranks[P], lower is stronger) in every pot it is
 * eligible for, the pots formed from contributions[P] and dead[P] (or NULL) as
 * he_settle_hand_dead forms them. contributions NULL: no muck decisions (all 0; ranks may be
 * NULL). Returns HE_OK, HE_E_NO_LIVE, HE_E_CHIPS (as he_settle_hand) or HE_E_ARGUMENT (a
 * size, a button or last aggressor outside the table or not live, a NULL output). */
int he_showdown_order(const int64_t *contributions, const int64_t *dead, const uint8_t *live,
                      const uint16_t *ranks, size_t seats, size_t button, int64_t last_aggressor,
                      uint8_t *order, uint8_t *muck, size_t *count);

/* he_showdown_order for a hi-lo game: lows[P] (HE_LOW_*, 0: no qualifying low; NULL: a
 * high-only game) are the live seats' low ranks. A seat may muck when, at its turn, it can
 * win no part of any pot it is eligible for: a hand already shown beats its high, and its
 * low is none or a shown hand's low beats it (either hand eligible for each such pot). */
int he_showdown_order_lo(const int64_t *contributions, const int64_t *dead, const uint8_t *live,
                         const uint16_t *ranks, const uint16_t *lows, size_t seats,
                         size_t button, int64_t last_aggressor, uint8_t *order, uint8_t *muck,
                         size_t *count);
