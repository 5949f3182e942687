/* Batches of independent hands for simulation and learning agents (csrc/hand_batch.c): a
 * loop over the hand state machine (he_hand_*, api/hand.h) that applies one discrete
 * action per hand, writes the legality mask and the observation of the seat to act, and
 * restarts finished hands. Guard-free: cffi's cdef reads this file.
 *
 * The hands live in one caller-owned buffer of count * he_hand_size() bytes (int64_t
 * aligned); `history` holds HE_BATCH_STREETS * seats bet/raise counts per hand (uint8_t,
 * saturating at 255); `seeds` the seed each hand was dealt from. Every function works on
 * the hands [first, end) only, touches no other row and keeps no state, so disjoint ranges
 * may run on different threads at once.
 *
 * The discrete actions and the observation layout are documented once, in
 * engine/discrete.py (index 0 fold, 1 check/call, 2.. one bet/raise per pot fraction, the
 * last all-in; HE_BATCH_RAISE_TO takes an exact "to" amount). */

#define HE_BATCH_MAX_FRACTIONS 16
#define HE_BATCH_STREETS 4
#define HE_BATCH_RAISE_TO -1 /* kinds[i]: bet or raise to amounts[i] */
#define HE_BATCH_SKIP -2     /* kinds[i]: leave the hand as it is this step */

/* Status code of the batch functions (unique in the library: -150 .. -159). */
#define HE_E_BATCH_ILLEGAL -150 /* an action that is not legal now (hand *bad) */
#define HE_E_BATCH_GAME -151    /* a hand of another game or seat count (hand *bad) */

typedef struct {
    const he_hand_config *config;
    size_t seats;                            /* 2..HE_HAND_MAX_SEATS */
    size_t n_fractions;                      /* 0..HE_BATCH_MAX_FRACTIONS */
    double fractions[HE_BATCH_MAX_FRACTIONS]; /* pot fractions, positive, increasing */
    double chip_unit;                        /* observation chips are divided by it (the big blind) */
    int auto_reset;                          /* restart a hand in the step that ends it */
    const void *fresh;                       /* NULL, or the hands of he_batch_fresh */
} he_batch_spec;

/* The view of hands [first, end) for the seat to act: mask (count * K, K = n_fractions
 * + 3, 0/1), min_raise / max_raise ("to" range of a bet or raise, -1 when none), actor
 * (-1 nobody), and, when obs is not NULL, the observation (count * D floats,
 * D = 112 + 10 * seats; all zero where nobody is to act). */
int he_batch_view(const he_batch_spec *spec, const void *hands, const uint8_t *history,
                  uint8_t *mask, int64_t *min_raise, int64_t *max_raise, int64_t *actor,
                  float *obs, size_t first, size_t end);

/* Starts hands [first, end): hand i from seeds[i], stacks[i * seats ..] and buttons[i];
 * its history is cleared (then he_batch_view writes their view). HE_OK or the
 * he_hand_start status of hand *bad. */
int he_batch_start(const he_batch_spec *spec, void *hands, uint8_t *history,
                   const uint64_t *seeds, const int64_t *stacks, const int64_t *buttons,
                   size_t first, size_t end, size_t *bad);

/* Starts spec->seats hands into `fresh` (seats * he_hand_size() bytes, int64_t aligned),
 * each with `stacks` (seats entries) and dealt from seed 0, hand b with the button at
 * seat b; HE_OK or the he_hand_start status. With spec->fresh pointing at them, a step
 * restarts a hand whose game and starting stacks are theirs by copying the one for its
 * new button and dealing its cards from its seed: the state he_hand_start would give,
 * without redoing its checks and the forced bets (other hands take he_hand_start). */
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

/* HE_OK when kinds[i] (with amounts[i] for HE_BATCH_RAISE_TO; amounts may be NULL when
 * no kind is) is legal for every hand in [first, end) that has a seat to act; else
 * HE_E_BATCH_ILLEGAL for the first hand *bad that breaks it (HE_BATCH_SKIP is always
 * legal). Reads only the hands'
 * current view (mask, min_raise, max_raise, actor, as the last view or step wrote it).
 * Changes nothing. */
int he_batch_check(const he_batch_spec *spec, const uint8_t *mask, const int64_t *min_raise,
                   const int64_t *max_raise, const int64_t *actor, const int32_t *kinds,
                   const int64_t *amounts, size_t first, size_t end, size_t *bad);

/* The observations of hands [first, end) (as he_batch_view writes them) from their
 * current min_raise / max_raise view, without recomputing the legal actions. */
int he_batch_observe(const he_batch_spec *spec, const void *hands, const uint8_t *history,
                     const int64_t *min_raise, const int64_t *max_raise, float *obs,
                     size_t first, size_t end);

/* One step of hands [first, end); mask, min_raise and max_raise hold their current view
 * on entry (legality is read there) and the new view on return. For each hand with a
 * seat to act: a legal kinds[i] is applied (acted[i] = 1); an illegal one leaves the hand
 * unchanged (illegal[i] = 1). A hand that ends gets done[i] = 1 and its net result per
 * seat in rewards[i * seats ..] (final stack - starting stack; zeros for the other
 * hands); with auto_reset it restarts at once: seeds[i] = he_batch_next_seed(seeds[i]),
 * the button one seat clockwise, the same starting stacks. Hands where nobody is to act,
 * and hands whose kind is HE_BATCH_SKIP, are left as they are (acted 0, illegal 0). Then
 * the view of every hand is written as by he_batch_view (obs may be NULL). amounts may
 * be NULL when no kind is HE_BATCH_RAISE_TO. Returns HE_OK, or the first failing status
 * of the hand machine (hand *bad; not expected for legal actions). */
int he_batch_step(const he_batch_spec *spec, void *hands, uint8_t *history, uint64_t *seeds,
                  const int32_t *kinds, const int64_t *amounts, uint8_t *illegal,
                  uint8_t *acted, uint8_t *done, int64_t *rewards, uint8_t *mask,
                  int64_t *min_raise, int64_t *max_raise, int64_t *actor, float *obs,
                  size_t first, size_t end, size_t *bad);

/* A uniformly random legal discrete action per hand of [first, end) from the mask (count
 * * k), drawn from splitmix64(key + i); -1 for a hand without legal actions. */
void he_batch_sample(const uint8_t *mask, size_t k, uint64_t key, int32_t *out, size_t first,
                     size_t end);

/* The seed of the hand after one dealt from `seed`: splitmix64's output for it. */
uint64_t he_batch_next_seed(uint64_t seed);

/* The same four calls over [first, end) split into `parts` (1..256) parts of (end - first)
 * / parts hands or one more, run on up to `threads` (1..256) threads of the library's
 * worker pool (csrc/pool.c, api/pool.h; the calling thread works too, each thread on its
 * own run of parts, stealing the others' when done), in one call that
 * holds no lock of the caller's. The results are those of one call over [first, end),
 * whatever `parts` and `threads` are: the status and *bad hand reported are those of the
 * first failing part, so *bad is the smallest bad hand (he_batch_start_parts may have
 * started hands of later parts; it has failed). HE_E_ARGUMENT for parts or threads
 * outside 1..256 or a NULL bad. Two callers may run at once; while one holds the pool
 * the other runs its parts on its own thread, one by one. he_batch_step_parts with
 * `strict` first checks every kind as he_batch_check does, on the calling thread (about
 * a nanosecond a hand: less than handing it to the pool), and steps no hand when one is
 * illegal: it returns HE_E_BATCH_ILLEGAL with that hand in *bad. */
int he_batch_start_parts(const he_batch_spec *spec, void *hands, uint8_t *history,
                         const uint64_t *seeds, const int64_t *stacks, const int64_t *buttons,
                         size_t first, size_t end, size_t parts, size_t threads, size_t *bad);
int he_batch_view_parts(const he_batch_spec *spec, const void *hands, const uint8_t *history,
                        uint8_t *mask, int64_t *min_raise, int64_t *max_raise, int64_t *actor,
                        float *obs, size_t first, size_t end, size_t parts, size_t threads);
int he_batch_observe_parts(const he_batch_spec *spec, const void *hands,
                           const uint8_t *history, const int64_t *min_raise,
                           const int64_t *max_raise, float *obs, size_t first, size_t end,
                           size_t parts, size_t threads);
int he_batch_step_parts(const he_batch_spec *spec, void *hands, uint8_t *history,
                        uint64_t *seeds, const int32_t *kinds, const int64_t *amounts,
                        uint8_t *illegal, uint8_t *acted, uint8_t *done, int64_t *rewards,
                        uint8_t *mask, int64_t *min_raise, int64_t *max_raise, int64_t *actor,
                        float *obs, int strict, size_t first, size_t end, size_t parts,
                        size_t threads, size_t *bad);

/* he_batch_sample the same way (it serves both layouts): the same picks as one call over
 * [first, end); HE_E_ARGUMENT for parts or threads outside 1..256, or a NULL mask or out. */
int he_batch_sample_parts(const uint8_t *mask, size_t k, uint64_t key, int32_t *out,
                          size_t first, size_t end, size_t parts, size_t threads);

/* The same batch over the compact hand layout (api/hand.h, HE_HAND_COMPACT_*): hands hold
 * he_hand6_size() bytes each, spec->seats is at most HE_HAND_COMPACT_SEATS, and a hand
 * whose amounts exceed HE_HAND_COMPACT_MAX_CHIPS is refused by he_batch6_start
 * (HE_E_HAND_AMOUNT). he_batch_check and he_batch_sample serve both layouts. */
int he_batch6_view(const he_batch_spec *spec, const void *hands, const uint8_t *history,
                   uint8_t *mask, int64_t *min_raise, int64_t *max_raise, int64_t *actor,
                   float *obs, size_t first, size_t end);
int he_batch6_start(const he_batch_spec *spec, void *hands, uint8_t *history,
                    const uint64_t *seeds, const int64_t *stacks, const int64_t *buttons,
                    size_t first, size_t end, size_t *bad);
int he_batch6_fresh(const he_batch_spec *spec, void *fresh, const int64_t *stacks);
int he_batch6_check_hands(const he_batch_spec *spec, const void *hands, size_t first,
                          size_t end, size_t *bad, int *fault);
int he_batch6_observe(const he_batch_spec *spec, const void *hands, const uint8_t *history,
                      const int64_t *min_raise, const int64_t *max_raise, float *obs,
                      size_t first, size_t end);
int he_batch6_step(const he_batch_spec *spec, void *hands, uint8_t *history, uint64_t *seeds,
                   const int32_t *kinds, const int64_t *amounts, uint8_t *illegal,
                   uint8_t *acted, uint8_t *done, int64_t *rewards, uint8_t *mask,
                   int64_t *min_raise, int64_t *max_raise, int64_t *actor, float *obs,
                   size_t first, size_t end, size_t *bad);
int he_batch6_start_parts(const he_batch_spec *spec, void *hands, uint8_t *history,
                          const uint64_t *seeds, const int64_t *stacks, const int64_t *buttons,
                          size_t first, size_t end, size_t parts, size_t threads, size_t *bad);
int he_batch6_view_parts(const he_batch_spec *spec, const void *hands, const uint8_t *history,
                         uint8_t *mask, int64_t *min_raise, int64_t *max_raise, int64_t *actor,
                         float *obs, size_t first, size_t end, size_t parts, size_t threads);
int he_batch6_observe_parts(const he_batch_spec *spec, const void *hands,
                            const uint8_t *history, const int64_t *min_raise,
                            const int64_t *max_raise, float *obs, size_t first, size_t end,
                            size_t parts, size_t threads);
int he_batch6_step_parts(const he_batch_spec *spec, void *hands, uint8_t *history,
                         uint64_t *seeds, const int32_t *kinds, const int64_t *amounts,
                         uint8_t *illegal, uint8_t *acted, uint8_t *done, int64_t *rewards,
                         uint8_t *mask, int64_t *min_raise, int64_t *max_raise, int64_t *actor,
                         float *obs, int strict, size_t first, size_t end, size_t parts,
                         size_t threads, size_t *bad);
