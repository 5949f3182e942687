/* Batches of independent hands for simulation and learning agents (csrc/hand_batch.c,
 * csrc/hand_batch_api.c): a loop over the hand state machine (he_hand_*, api/hand.h) that
 * applies one discrete action per hand, writes the legality mask and the observation of
 * the seat to act, and restarts finished hands. Guard-free: cffi's cdef reads this file.
 *
 * The hands live in one caller-owned buffer of count * he_batch_hand_size(compact) bytes
 * (int64_t aligned), in one of two layouts of the hand record (csrc/hand_state.h): the
 * full one, or with spec->compact the compact one (int32_t chips, at most
 * HE_HAND_COMPACT_SEATS seats; a hand whose amounts exceed HE_HAND_COMPACT_MAX_CHIPS is
 * refused by he_batch_start with HE_E_HAND_AMOUNT). Both give the same results. `history`
 * holds HE_BATCH_STREETS * seats bet/raise counts per hand (uint8_t, saturating at 255);
 * `seeds` the seed each hand was dealt from. Every function works on the hands [first,
 * end) only, touches no other row and keeps no state, so disjoint ranges may run on
 * different threads at once.
 *
 * The discrete actions are documented once, in engine/discrete.py (index 0 fold, 1
 * check/call, 2.. one bet/raise per pot fraction, the last all-in; HE_BATCH_RAISE_TO takes
 * an exact "to" amount); the observation layout is defined here (HE_OBS_*). */

#define HE_BATCH_MAX_FRACTIONS 16
#define HE_BATCH_STREETS 4
#define HE_BATCH_RAISE_TO -1 /* kinds[i]: bet or raise to amounts[i] */
#define HE_BATCH_SKIP -2     /* kinds[i]: leave the hand as it is this step */

/* Status code of the batch functions (unique in the library: -150 .. -159). */
#define HE_E_BATCH_ILLEGAL -150 /* an action that is not legal now (hand *bad) */
#define HE_E_BATCH_GAME -151    /* a hand of another game or seat count (hand *bad) */

/* The observation of one seat (float32, D = he_batch_observation_size(seats) values; the
 * table in engine/discrete.py says what each holds). Offsets of the fixed part: */
#define HE_OBS_HOLE 0        /* 52: own hole cards, multi-hot by card id */
#define HE_OBS_BOARD 52      /* 52: board cards, multi-hot by card id */
#define HE_OBS_STREET 104    /* 4: street one-hot (preflop .. river; none at a showdown) */
#define HE_OBS_POT 108       /* every chip in the middle */
#define HE_OBS_TO_CALL 109   /* what the observer must add to call (0 when not its turn) */
#define HE_OBS_MIN_RAISE 110 /* the "to" range of a bet or raise, 0 when the observer */
#define HE_OBS_MAX_RAISE 111 /* cannot bet or raise */
#define HE_OBS_SEATS 112     /* then blocks of `seats` values, by seat relative to the
                              * observer, at HE_OBS_SEATS + block * seats: */
#define HE_OBS_STACK 0       /* chips behind */
#define HE_OBS_BET 1         /* bet this round */
#define HE_OBS_PUT_IN 2      /* put in this hand, this round's bet included */
#define HE_OBS_FOLDED 3      /* 0/1 */
#define HE_OBS_ALL_IN 4      /* 0/1: not folded, no chips behind */
#define HE_OBS_BUTTON 5      /* one-hot */
#define HE_OBS_HISTORY 6     /* HE_BATCH_STREETS blocks: bets and raises per street */
#define HE_OBS_SEAT_BLOCKS 6 /* the blocks before the history */

typedef struct {
    const he_hand_config *config;
    size_t seats;                            /* 2..HE_HAND_MAX_SEATS (compact: ..6) */
    size_t n_fractions;                      /* 0..HE_BATCH_MAX_FRACTIONS */
    double fractions[HE_BATCH_MAX_FRACTIONS]; /* pot fractions, positive, increasing */
    double chip_unit;                        /* observation chips are divided by it (the big blind) */
    int auto_reset;                          /* restart a hand in the step that ends it */
    int compact;                             /* 1: the hands are in the compact layout */
    const void *fresh;                       /* NULL, or the hands of he_batch_fresh */
} he_batch_spec;

/* The state of the hands: records, bet histories, seeds (see above). */
typedef struct {
    void *hands;
    uint8_t *history;
    uint64_t *seeds;
} he_batch_hands;

/* The view of each hand for its seat to act: mask (count * K, K = n_fractions + 3, 0/1),
 * min_raise / max_raise ("to" range of a bet or raise, -1 when none), actor (-1 nobody),
 * obs (count * D floats, zeros where nobody is to act; NULL: not written). */
typedef struct {
    uint8_t *mask;
    int64_t *min_raise;
    int64_t *max_raise;
    int64_t *actor;
    float *obs;
} he_batch_views;

/* One action per hand: kinds[i] a discrete index, HE_BATCH_RAISE_TO (to amounts[i]) or
 * HE_BATCH_SKIP; amounts may be NULL when no kind is HE_BATCH_RAISE_TO. */
typedef struct {
    const int32_t *kinds;
    const int64_t *amounts;
} he_batch_actions;

/* What a step did, per hand: illegal, acted, done (0/1) and rewards (count * seats: each
 * seat's net chips in a hand that ended in the step, else 0). */
typedef struct {
    uint8_t *illegal;
    uint8_t *acted;
    uint8_t *done;
    int64_t *rewards;
} he_batch_results;

/* The hands [first, end) a call works on, split into `parts` (1..256) parts of (end -
 * first) / parts hands or one more, run on up to `threads` (1..256) threads of the
 * library's worker pool (csrc/pool.c, api/pool.h; the calling thread works too, each
 * thread on its own run of parts, stealing the others' when done), in one call that holds
 * no lock of the caller's. The results are those of one part over [first, end), whatever
 * `parts` and `threads` are: a status and *bad hand reported are those of the first
 * failing part, so *bad is the smallest bad hand (he_batch_start may have started hands
 * of later parts; it has failed). Parts or threads outside 1..256 give HE_E_ARGUMENT. Two
 * callers may run at once; while one holds the pool the other runs its parts on its own
 * thread, one by one. */
typedef struct {
    size_t first;
    size_t end;
    size_t parts;
    size_t threads;
} he_batch_range;

/* Bytes of a hand record in the layout (compact 0 or 1), and its field table as
 * he_hand_field_* gives it for the full layout: HE_OK with field `field` in *out, or
 * HE_E_ARGUMENT past the last field. */
typedef struct {
    const char *name;
    size_t offset; /* bytes from the start */
    size_t length; /* values */
    size_t width;  /* bytes per value: 1, 4 or 8 */
} he_batch_field;
size_t he_batch_hand_size(int compact);
int he_batch_hand_field(int compact, size_t field, he_batch_field *out);

/* D, the length of one observation at a table of `seats` seats. */
size_t he_batch_observation_size(size_t seats);

/* Writes the view of the hands (the observations too unless views->obs is NULL). */
int he_batch_view(const he_batch_spec *spec, const he_batch_hands *hands,
                  const he_batch_views *views, const he_batch_range *range);

/* Starts the hands: hand i from seeds[i], stacks[i * seats ..] and buttons[i]; its history
 * is cleared (then he_batch_view writes their view). HE_OK or the he_hand_start status of
 * hand *bad (HE_E_HAND_BUTTON for a button outside 0..seats-1). */
int he_batch_start(const he_batch_spec *spec, const he_batch_hands *hands,
                   const int64_t *stacks, const int64_t *buttons, const he_batch_range *range,
                   size_t *bad);

/* Starts spec->seats hands into `fresh` (seats * he_batch_hand_size(spec->compact) bytes,
 * int64_t aligned), each with `stacks` (seats entries) and dealt from seed 0, hand b with
 * the button at seat b; HE_OK or the he_hand_start status. With spec->fresh pointing at
 * them, a step restarts a hand whose game and starting stacks are theirs by copying the
 * one for its new button and dealing its cards from its seed: the state he_hand_start
 * would give, without redoing its checks and the forced bets (other hands take
 * he_hand_start). */
int he_batch_fresh(const he_batch_spec *spec, void *fresh, const int64_t *stacks);

/* HE_OK when hands [first, end), from outside (an unpickled batch), are states a batch
 * of the spec's game can play: each passes he_hand_check, has every hole card and every
 * board card to come (a batch deals itself), a seat to act unless it is over, spec->seats
 * seats and the game of spec->fresh's hands (the same he_hand_config); else, for the
 * first hand *bad that is not, HE_E_HAND_STATE with *fault its he_hand_fault (or
 * HE_HAND_FAULT_BATCH), or HE_E_BATCH_GAME (*fault 0). HE_E_ARGUMENT when spec->fresh is
 * NULL. */
int he_batch_check_hands(const he_batch_spec *spec, const void *hands, size_t first,
                         size_t end, size_t *bad, int *fault);

/* HE_OK when actions->kinds[i] is legal for every hand in [first, end) that has a seat to
 * act; else HE_E_BATCH_ILLEGAL for the first hand *bad that breaks it (HE_BATCH_SKIP is
 * always legal). Reads only the hands' current view (mask, min_raise, max_raise, actor, as
 * the last view or step wrote it). Changes nothing. */
int he_batch_check(const he_batch_spec *spec, const he_batch_views *views,
                   const he_batch_actions *actions, size_t first, size_t end, size_t *bad);

/* The observations (views->obs) from the hands' current min_raise / max_raise view,
 * without recomputing the legal actions. */
int he_batch_observe(const he_batch_spec *spec, const he_batch_hands *hands,
                     const he_batch_views *views, const he_batch_range *range);

/* One step of the hands; the views hold their current view on entry (legality is read
 * there) and the new view on return. For each hand with a seat to act: a legal kind is
 * applied (acted[i] = 1); an illegal one leaves the hand unchanged (illegal[i] = 1). A hand
 * that ends gets done[i] = 1 and its net result per seat in rewards (final stack -
 * starting stack); with auto_reset it restarts at once: seeds[i] =
 * he_batch_next_seed(seeds[i]), the button one seat clockwise, the same starting stacks.
 * Hands where nobody is to act, and hands whose kind is HE_BATCH_SKIP, are left as they
 * are (acted 0, illegal 0). Then the view of every hand is written as by he_batch_view.
 * With `strict` every kind is first checked as he_batch_check does, on the calling thread
 * (about a nanosecond a hand: less than handing it to the pool), and no hand steps when
 * one is illegal: HE_E_BATCH_ILLEGAL with that hand in *bad. Returns HE_OK, or the first
 * failing status of the hand machine (hand *bad; not expected for legal actions). */
int he_batch_step(const he_batch_spec *spec, const he_batch_hands *hands,
                  const he_batch_actions *actions, const he_batch_results *results,
                  const he_batch_views *views, int strict, const he_batch_range *range,
                  size_t *bad);

/* A uniformly random legal discrete action per hand from the mask (count * k), drawn from
 * splitmix64(key + i); -1 for a hand without legal actions. HE_E_ARGUMENT for a NULL mask
 * or out. */
int he_batch_sample(const uint8_t *mask, size_t k, uint64_t key, int32_t *out,
                    const he_batch_range *range);

/* The seed of the hand after one dealt from `seed`: splitmix64's output for it. */
uint64_t he_batch_next_seed(uint64_t seed);

/* The observation of `seat` in one hand of engine.Hand (a full-layout record and its
 * n_events events, the hand's log), as the batch observes its seat to act, into obs
 * (he_batch_observation_size(seats) floats): chips divided by chip_unit; to call and the
 * raise range only when `seat` is to act (else 0); the history counted from the log's
 * bets and raises (saturating at 255, as a batch's). HE_E_ARGUMENT for a seat outside
 * the table, a chip_unit <= 0 or a NULL pointer. Reads the record as given: the caller
 * passes a record he_hand_check accepts (engine.Hand's own). */
int he_batch_observe_hand(const he_hand *hand, const he_hand_event *events, size_t n_events,
                          size_t seat, double chip_unit, float *obs);
