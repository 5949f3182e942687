/* The hand state machine: one hand of Hold'em or Omaha, no-limit, pot-limit or fixed-limit,
 * played by the rules (csrc/hand.c). Guard-free: cffi's cdef reads this file.
 *
 * The state (struct he_hand) is opaque here; it is a flat record of signed integer fields
 * (int64_t, int32_t, int8_t) listed once in csrc/hand_state.h, so a wrapper reads and
 * writes it as he_hand_field_count() arrays (name, byte offset, length, width) and copies
 * it with he_hand_clone. Allocate he_hand_size() bytes aligned for int64_t.
 *
 * Seats 0..n-1 clockwise, 2 <= n <= HE_HAND_MAX_SEATS. Cards are ids 0..51, -1 unknown; the
 * game's deck (its variant row, api/variant.h) is ids lowest_card..51, and a card below it
 * given by the caller is HE_E_HAND_DECK_CARD (error_card tells which).
 * Amounts are chips: every stack, blind, ante, straddle, post and bet size must be at most
 * HE_HAND_MAX_CHIPS, and so must the sum of the stacks (refused at the door with
 * HE_E_HAND_AMOUNT); then no sum the rules form (pot-limit maximum: 2 * bet + pot) can
 * overflow int64, and the "done" level HE_HAND_DONE is above every legal amount.
 *
 * Every function returns HE_OK or a negative HE_E_* status. A rejected action, deal, show
 * or muck changes nothing. Events the call produced (the hand's log, in order) are written
 * to `events` (room for HE_HAND_MAX_EVENTS; NULL: not recorded) and counted in *n_events
 * (may be NULL). */

#define HE_HAND_MAX_SEATS 10
#define HE_HAND_MAX_HOLE 6                      /* 6-card Omaha: 6 hole cards; Hold'em: 2 */
#define HE_HAND_EVENT_CARDS 6                   /* cards an event holds: a hand or a board street */
#define HE_HAND_MAX_RUNS 4                      /* run it N times: at most 4 runs */
#define HE_HAND_MAX_CHIPS 1152921504606846976   /* 2**60: the amount limit, see above */
#define HE_HAND_DONE 4611686018427387904        /* 2**62: acted level of a folded/all-in seat */
#define HE_HAND_MAX_EVENTS 96                   /* most events one call can log */
#define HE_HAND_ANY_SEAT -9223372036854775807   /* he_hand_act: whichever seat is to act */

/* The compact layout of the same machine (csrc/hand_state.h; HandBatch's spec->compact): at
 * most HE_HAND_COMPACT_SEATS seats of at most HE_HAND_COMPACT_HOLE hole cards (5- and 6-card
 * Omaha play in the full layout: the room for their cards would cost every Hold'em hand's
 * record 16 bytes), every amount and the stacks' sum at most
 * HE_HAND_COMPACT_MAX_CHIPS (2**29, so a sum of three stored amounts still fits an int32),
 * the acted level of a folded/all-in seat HE_HAND_COMPACT_DONE (2**30). */
#define HE_HAND_COMPACT_SEATS 6
#define HE_HAND_COMPACT_HOLE 4
#define HE_HAND_COMPACT_MAX_CHIPS 536870912
#define HE_HAND_COMPACT_DONE 1073741824

/* Betting structures and streets. */
#define HE_NO_LIMIT 0
#define HE_POT_LIMIT 1
#define HE_FIXED_LIMIT 2
/* Game modes (GameConfig.mode): in a cash game heads-up fixed-limit betting is uncapped,
 * in a tournament the cap holds. */
#define HE_MODE_CASH 0
#define HE_MODE_TOURNAMENT 1
#define HE_PREFLOP 0
#define HE_FLOP 1
#define HE_TURN 2
#define HE_RIVER 3
#define HE_SHOWDOWN 4

/* Action kinds (engine.ActionKind), and the two combined kinds of PHH files. */
#define HE_ACT_FOLD 0
#define HE_ACT_CHECK 1
#define HE_ACT_CALL 2
#define HE_ACT_BET 3
#define HE_ACT_RAISE 4
#define HE_ACT_ALL_IN 5
#define HE_ACT_CHECK_OR_CALL 6
#define HE_ACT_BET_OR_RAISE 7

/* Event kinds, in the order of engine.hand's log kind names. */
#define HE_EV_HOLE 0
#define HE_EV_ANTE 1
#define HE_EV_SMALL_BLIND 2
#define HE_EV_BIG_BLIND 3
#define HE_EV_STRADDLE 4
#define HE_EV_POST 5
#define HE_EV_DEAD 6
#define HE_EV_BOARD 7
#define HE_EV_FOLD 8
#define HE_EV_CHECK 9
#define HE_EV_CALL 10
#define HE_EV_BET 11
#define HE_EV_RAISE 12
#define HE_EV_UNCALLED 13
#define HE_EV_SHOW 14
#define HE_EV_MUCK 15
#define HE_EV_WIN 16
#define HE_EV_RAKE 17
#define HE_EV_WIN_LOW 18  /* hi-lo, after the wins and rake: of a seat's win, the low halves' */
/* run it twice / N times: a seat's choice (amount: the runs, 0 no preference); the runs
 * agreed (seat -1, amount); a later run's own board cards (seat -1, amount: the run 2..);
 * at the settlement, each run's board (seat -1, amount: the run 1.., cards: its 5 cards)
 * followed by its share per seat (run_win: seat, chips); then the totals as usual (win) */
#define HE_EV_RUN_CHOICE 19
#define HE_EV_RUNS 20
#define HE_EV_RUN_BOARD 21
#define HE_EV_RUN 22
#define HE_EV_RUN_WIN 23
#define HE_EV_COUNT 24    /* event kinds: 0 .. HE_EV_COUNT - 1 */

/* Status codes of the hand functions (unique in the library: -100 .. -149). */
#define HE_E_HAND_SEATS -100        /* seat count outside 2..HE_HAND_MAX_SEATS */
#define HE_E_HAND_STACK -101        /* a stack <= 0 */
#define HE_E_HAND_AMOUNT -102       /* an amount or the stacks' sum above HE_HAND_MAX_CHIPS
                                     * (compact: a chip amount, max_bets or rake_cap above
                                     * HE_HAND_COMPACT_MAX_CHIPS) */
#define HE_E_HAND_BUTTON -103       /* button outside 0..n-1 */
#define HE_E_HAND_CONFIG -104       /* a configuration value outside its range */
#define HE_E_HAND_STRADDLE -105     /* a straddle with 2 seats */
#define HE_E_HAND_DECK -106         /* more cards needed than the variant's deck has
                                     * (n * hole + 8) */
#define HE_E_HAND_CARD -107         /* a card id outside -1..51 (board: 0..51) */
#define HE_E_HAND_TWICE -108        /* a card given twice; error_card tells which */
#define HE_E_HAND_NO_CARDS -109     /* no seed and no hole cards */
#define HE_E_HAND_SEED_UNKNOWN -110 /* a seed with partly unknown hole cards */
#define HE_E_HAND_POST -111         /* a post for a seat outside 0..n-1, or negative */
#define HE_E_HAND_BOARD -112        /* more than 5 board cards, or an unknown one */
#define HE_E_HAND_KIND -113         /* unknown action kind */
#define HE_E_HAND_OVER -114         /* no actor: the hand is over */
#define HE_E_HAND_WAITING -115      /* no actor: board cards must be dealt first */
#define HE_E_HAND_SHOWDOWN -116     /* no actor: the betting is finished, showdown pending */
#define HE_E_HAND_TURN -117         /* out of turn: another seat is to act */
#define HE_E_HAND_FREE_FOLD -118    /* fold when checking is free (allow_free_fold off) */
#define HE_E_HAND_CHECK -119        /* check facing a bet */
#define HE_E_HAND_CALL -120         /* call with nothing to call */
#define HE_E_HAND_BET_FACING -121   /* bet when there is a bet (raise) */
#define HE_E_HAND_RAISE_NO_BET -122 /* raise when nobody has bet (bet) */
#define HE_E_HAND_COVERS_CALL -123  /* bet/raise: the stack only covers a call */
#define HE_E_HAND_NOT_REOPENED -124 /* bet/raise: a short all-in did not re-open the betting */
#define HE_E_HAND_CAPPED -125       /* bet/raise: fixed-limit cap reached */
#define HE_E_HAND_NO_OPPONENT -126  /* bet/raise: no opponent can put in more chips */
#define HE_E_HAND_OVER_STACK -127   /* bet/raise: more than the stack */
#define HE_E_HAND_UNDER_MIN -128    /* bet/raise: below the minimum */
#define HE_E_HAND_POT_LIMIT -129    /* bet/raise: above the pot-limit maximum */
#define HE_E_HAND_FIXED -130        /* bet/raise: not the fixed-limit amount */
#define HE_E_HAND_NO_DEAL -131      /* deal: no board cards are needed now */
#define HE_E_HAND_DEAL_COUNT -132   /* deal: not the street's count of known cards */
#define HE_E_HAND_NOT_FINISHED -133 /* show/muck: the betting is not finished */
#define HE_E_HAND_NOT_IN -134       /* show/muck: the seat is not in the hand */
#define HE_E_HAND_DECIDED -135      /* show/muck: the seat already showed or mucked */
#define HE_E_HAND_SHOW_COUNT -136   /* show: not the seat's count of hole cards */
#define HE_E_HAND_SHOW_OTHER -137   /* show: other cards than the seat holds */
#define HE_E_HAND_SHOW_DEALT -138   /* show: a card already dealt elsewhere (error_card) */
#define HE_E_HAND_LAST -139         /* muck: the last hand in the pot */
#define HE_E_HAND_UNKNOWN -140      /* show: the seat's hole cards are unknown and the call
                                     * does not give them all (a showdown waits for them) */
#define HE_E_HAND_STATE -141        /* he_hand_check: the state breaks an invariant */
#define HE_E_HAND_DEALT -142        /* deal: a card already dealt; error_card tells which */
#define HE_E_HAND_NO_RUNS -143      /* choose_runs: the runs are not being chosen now */
#define HE_E_HAND_RUNS -144         /* choose_runs: a count outside 0..the most the hand allows */
#define HE_E_HAND_DECK_CARD -145    /* a card given (hole, board, deal, show) that is not in the
                                     * variant's deck (below lowest_card); error_card */

typedef struct he_hand he_hand;

/* The game: GameConfig and Rules as numbers (validated by he_hand_start). Its settings are
 * listed once, in csrc/hand_state.h (HE_HAND_SETTINGS), which defines the struct: every
 * value an int64_t, in the order of the table below, without padding. Callers that do not
 * see that header (cffi) fill he_hand_config_words() int64_t values through the table. */
typedef struct he_hand_config he_hand_config;

/* The settings' table: how many, each one's name, its count of values (1, or 4 for the
 * street sizes) and where its first value is (in int64_t words from the start). */
size_t he_hand_config_words(void);
size_t he_hand_setting_count(void);
const char *he_hand_setting_name(size_t setting);   /* NULL past the end */
size_t he_hand_setting_length(size_t setting);
size_t he_hand_setting_offset(size_t setting);

/* How the hand starts. holes: n * hole_count ids (-1 unknown) or NULL to deal them from
 * the seed; board: the first board_len (0..5) cards, known in advance; with a seed the
 * cards not given are dealt from the seeded deck that excludes the given ones (engine/
 * dealing.py), else the hand waits for he_hand_deal. post_live / post_dead: per seat
 * extra forced chips (a returning player's blinds), or NULL. */
typedef struct {
    size_t seats;
    size_t button;
    const int64_t *stacks;
    const int64_t *holes;
    const int64_t *board;
    size_t board_len;
    int has_seed;
    uint64_t seed;
    const int64_t *post_live;
    const int64_t *post_dead;
} he_hand_setup;

typedef struct {
    int32_t kind;              /* HE_EV_* */
    int32_t seat;              /* -1 for table events (board, rake) */
    int64_t amount;            /* chips; the "to" amount for bet/raise */
    int32_t n_cards;
    int32_t cards[6];          /* HE_HAND_EVENT_CARDS: hole, board or shown cards, then -1 */
} he_hand_event;

/* The legal actions of the seat to act (count 0 when nobody is to act). kinds[i] with
 * min[i]..max[i] ("to" amounts for bet/raise; the chips put in for a call).
 * no_wager: 0 when a bet or raise is legal, else the HE_E_HAND_* status saying why not. */
typedef struct {
    int32_t count;
    int32_t kinds[3];
    int64_t min[3];
    int64_t max[3];
    int32_t no_wager;
} he_hand_legal_actions;

/* Bytes of a he_hand, and its field table (see csrc/hand_state.h): each field is
 * `length` signed integers of `width` bytes (1, 4 or 8: int8_t, int32_t, int64_t)
 * starting `offset` bytes into the struct. */
size_t he_hand_size(void);
size_t he_hand_field_count(void);
const char *he_hand_field_name(size_t field);
size_t he_hand_field_offset(size_t field);  /* bytes from the start */
size_t he_hand_field_length(size_t field);  /* values */
size_t he_hand_field_width(size_t field);   /* bytes per value: 1, 4 or 8 */

/* The small and big blind seats of a table of `seats` with `button`: the two seats left
 * of the button; heads-up the button posts the small blind (the other seat the big). */
int he_hand_blind_seats(size_t seats, size_t button, size_t *small_blind, size_t *big_blind);

/* Starts a hand: deals, logs the hole cards, posts antes, blinds, straddle and extra
 * posts, and gives the first seat the turn (or runs the hand on when nobody can act). */
int he_hand_start(he_hand *h, const he_hand_config *config, const he_hand_setup *setup,
                  he_hand_event *events, size_t *n_events);

/* The legal actions of the seat to act. */
int he_hand_legal(const he_hand *h, he_hand_legal_actions *out);

/* Applies `kind` (HE_ACT_*) with `amount` (the "to" amount of a bet or raise) for `seat`
 * (HE_HAND_ANY_SEAT: whichever seat is to act; any other value must be that seat). */
int he_hand_act(he_hand *h, int kind, int64_t amount, int64_t seat, he_hand_event *events,
                size_t *n_events);

/* Supplies the next street's board cards when the hand waits for them: the pending_board
 * cards that the known board plan does not give (the plan's come first). */
int he_hand_deal(he_hand *h, const int64_t *cards, size_t count, he_hand_event *events,
                 size_t *n_events);

/* Manual showdown: `seat` shows (cards: NULL, or its hole cards, revealing unknown ones)
 * or mucks. After the pot is awarded a live seat may still show or muck (no chips move). */
int he_hand_show(he_hand *h, int64_t seat, const int64_t *cards, size_t count,
                 he_hand_event *events, size_t *n_events);
int he_hand_muck(he_hand *h, int64_t seat, he_hand_event *events, size_t *n_events);

/* Run it twice / N times (max_runs > 1): once the betting is over with every live seat
 * all-in but at most one, and board cards are still to come, the live seats choose how
 * many times the rest of the board is dealt (PokerKit's runout-count selection): `seat`
 * chooses `count` runs, 1..max_runs (0: no preference). Once every live seat has chosen,
 * the board runs the count they all chose — 1 when two choices differ or nobody chose one
 * — from the same deck without reusing a card, and each run settles its share of every
 * pot. HE_E_HAND_NO_RUNS when no choice is open, HE_E_HAND_NOT_IN / HE_E_HAND_DECIDED for
 * a seat not in the hand or that chose already, HE_E_HAND_RUNS for a count outside
 * 0..max_runs or more runs than the deck has cards for. */
int he_hand_choose_runs(he_hand *h, int64_t seat, int64_t count, he_hand_event *events,
                        size_t *n_events);

/* The most runs a seat may choose now (min of max_runs and what the variant's deck has
 * cards for); 0 when no choice is open. */
int64_t he_hand_runs_most(const he_hand *h);

/* Copies a hand (dst may not overlap src). */
int he_hand_clone(he_hand *dst, const he_hand *src);

/* Checks every invariant of a state read from outside (a pickle, a caller's edit): seat
 * count, indices, cards (the board plan agreeing with the board), amounts within the
 * limit, chips conserved, the counts of seats in the hand and with chips, the bet to
 * call, who has acted, no result before the end, and a hand under way that has a seat to
 * act with a bet to answer or waits for a board or the showdown. HE_OK or
 * HE_E_HAND_STATE; the other functions assume a state that passes (and play it to its
 * end). */
int he_hand_check(const he_hand *h);

/* Why he_hand_check refuses a state: 0 when it passes, else the first group of invariants
 * it breaks (HE_E_ARGUMENT for NULL). Messages: engine/errors.py HAND_FAULTS. */
#define HE_HAND_FAULT_RANGE 1  /* a game setting, seat index, street or flag out of range */
#define HE_HAND_FAULT_BOARD 2  /* the board has not the street's cards, or the wait for it */
#define HE_HAND_FAULT_WAIT 3   /* waits for what it has, or for nothing with nobody to act
                                * (a showdown under way: for no seat to show or muck) */
#define HE_HAND_FAULT_ACTOR 4  /* the seat to act may not act now */
#define HE_HAND_FAULT_CARDS 5  /* a card out of range or in play twice; plan and board differ */
#define HE_HAND_FAULT_SEAT 6   /* a seat's amounts or flags; a folded or all-in seat not done;
                                * a shown hand with an unknown card */
#define HE_HAND_FAULT_COUNTS 7 /* the counts of seats in the hand or with chips; the bet to call */
#define HE_HAND_FAULT_CHIPS 8  /* the pot, a result before the end, or chips made or lost */
#define HE_HAND_FAULT_BATCH 9  /* (he_batch_check_hands) an unknown card, or a wait a batch
                                * cannot end: it deals every card itself */
int he_hand_fault(const he_hand *h);

/* One viewer's view of the hand (he_hand_write_view into a he_hand_view): what a seat, or
 * a spectator, may be shown now, written by the machine so that no other hidden card can
 * reach it. Every value is an
 * int64_t (a caller may read the struct as an array of them, legal aside). Seats are the
 * hand's positions 0..seats-1; entries past `seats` are 0 (cards -1).
 *   cards: per position hole_count cards, HE_HAND_MAX_HOLE apart; a seat's cards are there
 *   (`seen` 1) when it is the viewer's own or when it has shown them to everyone (the
 *   state's `shown` flag: a show, or the all-in hands tabled), and are -1 otherwise (an own
 *   card still unknown is -1 too). A shown seat's cards are seen by every viewer; a seat
 *   shown at the end of an automatic showdown is not flagged (the hand is over, a table
 *   then shows its result instead).
 *   legal: the viewer's legal actions (he_hand_legal) when it is to act, else count 0;
 *   to_call: what the viewer must add to call then, else 0. */
typedef struct {
    int64_t viewer;            /* the viewing position, -1 a spectator */
    int64_t seats;             /* n */
    int64_t hole_count;
    int64_t street;            /* HE_PREFLOP .. HE_SHOWDOWN */
    int64_t actor;             /* the position to act, -1 nobody */
    int64_t pot;
    int64_t to_call;
    int64_t board_len;
    int64_t board[5];
    int64_t stacks[10];        /* HE_HAND_MAX_SEATS */
    int64_t bets[10];
    int64_t folded[10];
    int64_t seen[10];
    int64_t cards[60];         /* HE_HAND_MAX_SEATS * HE_HAND_MAX_HOLE */
    he_hand_legal_actions legal;
} he_hand_view;

/* Writes `viewer`'s view (a position 0..n-1, or -1 for a spectator) into *out. HE_OK, or
 * HE_E_ARGUMENT for a NULL pointer or a viewer outside -1..n-1 (out is then all zero). */
int he_hand_write_view(const he_hand *h, int64_t viewer, he_hand_view *out);
