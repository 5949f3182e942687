/* C-only checks of the batch kernels (csrc/hand_batch.c, csrc/hand_batch_api.c), run under
 * ASan and UBSan by tests/test_c_core.py in both hand layouts (-DHE_TEST_COMPACT: the
 * compact one, its record and machine as csrc/hand_compact.c builds them, spec.compact 1):
 * random play of batches in every configuration with legal,
 * exact-amount, skipped and illegal actions; after every step every hand passes
 * he_hand_check, conserves its chips, and shows a view consistent with its state; an
 * illegal action changes nothing; every NULL argument is refused; the observations are
 * the same with and without the SIMD seat blocks (the layout's observe kernel), which write
 * nothing past a hand's row; every hand that restarts equals he_hand_start's start, byte for
 * byte, whether it copied one of the fresh hands (he_batch_fresh) or not. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HE_TEST_COMPACT /* the test of the compact layout: its record and names */
#define HE_HAND_COMPACT 1
#endif
#include "hand_state.h"
#include "hand_batch_internal.h"
#include "hand_internal.h"
#include "check.h"
#include "hand_config.h"

#define COUNT 48
#define MAX_K (HE_BATCH_MAX_FRACTIONS + 3)
#define MAX_D (HE_OBS_SEATS + (HE_OBS_SEAT_BLOCKS + HE_BATCH_STREETS) * HE_HAND_MAX_SEATS)
#ifdef HE_HAND_COMPACT
#define COMPACT 1
#else
#define COMPACT 0
#endif

static uint64_t rng_state = 12345;

static uint64_t next_random(void)
{
    rng_state = he_batch_next_seed(rng_state);
    return rng_state;
}

static he_hand_config config(int64_t betting, int64_t hole_count, int64_t ante)
{
    return test_config(betting, hole_count, 2, ante);
}

static struct {
    he_hand hands[COUNT];
    uint8_t history[COUNT * HE_BATCH_STREETS * HE_HAND_MAX_SEATS];
    uint64_t seeds[COUNT];
    int64_t stacks[COUNT * HE_HAND_MAX_SEATS], buttons[COUNT];
    uint8_t mask[COUNT * MAX_K];
    int64_t lo[COUNT], hi[COUNT], actor[COUNT], amounts[COUNT], rewards[COUNT * HE_HAND_MAX_SEATS];
    int32_t kinds[COUNT];
    uint8_t illegal[COUNT], acted[COUNT], done[COUNT];
    float obs[COUNT * MAX_D];
} b;

/* A spec of `seats` seats over `cfg` in this test's layout: no fractions, chip unit 2. */
static he_batch_spec spec_of(const he_hand_config *cfg, size_t seats)
{
    he_batch_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.config = cfg;
    spec.seats = seats;
    spec.chip_unit = 2.0;
    spec.compact = COMPACT;
    return spec;
}

/* The batch's arrays as the structs of api/hand_batch.h; `obs` for the view's. */
static const he_batch_range all_hands = {0, COUNT, 1, 1};
static const he_batch_hands hands_of_b = {b.hands, b.history, b.seeds};
static he_batch_views views_of_b(float *obs)
{
    he_batch_views v = {b.mask, b.lo, b.hi, b.actor, obs};
    return v;
}

/* The observations of the view as written (b.obs) equal both variants' (SIMD seat blocks
 * or not), written into buffers of exactly COUNT rows (ASan: no write past the last). */
static void check_observe_variants(const he_batch_spec *spec, size_t d)
{
    size_t bytes = COUNT * d * sizeof(float);
    float *plain = malloc(bytes), *simd = malloc(bytes);
    CHECK(plain != NULL && simd != NULL);
    if (plain == NULL || simd == NULL) {
        exit(2);
    }
    const he_batch_layout *layout = he_batch_layout_of(spec->compact);
    he_batch_views to_plain = views_of_b(plain), to_simd = views_of_b(simd);
    CHECK(layout->observe(0, spec, &hands_of_b, &to_plain, 0, COUNT) == HE_OK);
    CHECK(layout->observe(1, spec, &hands_of_b, &to_simd, 0, COUNT) == HE_OK);
    CHECK(memcmp(plain, simd, bytes) == 0);
    CHECK(memcmp(plain, b.obs, bytes) == 0);
    free(plain);
    free(simd);
}

static void check_view(const he_batch_spec *spec, size_t k, size_t d)
{
    check_observe_variants(spec, d);
    for (size_t i = 0; i < COUNT; i++) {
        const he_hand *h = &b.hands[i];
        CHECK(he_hand_check(h) == HE_OK);
        CHECK(chips(h) == started(h));
        CHECK(b.actor[i] == h->actor);
        CHECK(b.actor[i] >= 0); /* auto reset: every hand always has a seat to act */
        CHECK(b.mask[i * k + 1] == 1);
        CHECK((b.lo[i] >= 0) == (b.mask[i * k + k - 1] == 1));
        CHECK(b.lo[i] <= b.hi[i]);
        const float *o = b.obs + i * d;
        float hole = 0;
        for (size_t c = 0; c < 52; c++) {
            hole += o[HE_OBS_HOLE + c];
        }
        CHECK(hole == (float)h->hole_count);
        for (size_t c = 0; c < d; c++) {
            CHECK(isfinite(o[c]) && o[c] >= 0);
        }
        CHECK(o[HE_OBS_SEATS + HE_OBS_BUTTON * spec->seats
                + (size_t)((h->button - h->actor + h->n) % h->n)] == 1.0f);
    }
}

/* The fresh hands a restart may copy (he_batch_fresh): none, ones for this game, or ones
 * for another game (a different ante), which a restart must not copy. */
enum { NO_FRESH, FRESH, FRESH_OTHER_GAME };

static he_hand fresh[HE_HAND_MAX_SEATS];

/* Hand i, which ended in the last step (it was `before`), restarted as he_hand_start
 * would restart it: byte for byte. Returns whether it has the fresh hands' stacks. */
static int check_restart(const he_batch_spec *spec, const he_hand *before, size_t i,
                         const int64_t *common)
{
    const he_hand *h = &b.hands[i];
    int64_t stacks[HE_HAND_MAX_SEATS];
    int shared = 1;
    for (int64_t s = 0; s < before->n; s++) {
        stacks[s] = before->starting_stacks[s];
        shared &= stacks[s] == common[s];
    }
    he_hand_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.seats = spec->seats;
    setup.button = (size_t)((before->button + 1) % before->n);
    setup.stacks = stacks;
    setup.has_seed = 1;
    setup.seed = b.seeds[i];
    he_hand expected;
    CHECK(he_hand_start(&expected, spec->config, &setup, NULL, NULL) == HE_OK);
    CHECK(memcmp(&expected, h, sizeof expected) == 0);
    return shared;
}

/* he_batch_check_hands on a batch that played: its hands pass against fresh hands of
 * their game, and not against another game, another seat count, or once broken. */
static void check_hands(he_batch_spec *spec, int fresh_mode)
{
    size_t bad = COUNT;
    int fault = -1;
    if (fresh_mode == NO_FRESH) {
        CHECK(he_batch_check_hands(spec, b.hands, 0, COUNT, &bad, &fault) == HE_E_ARGUMENT);
        return;
    }
    if (fresh_mode == FRESH_OTHER_GAME) {
        CHECK(he_batch_check_hands(spec, b.hands, 0, COUNT, &bad, &fault) == HE_E_BATCH_GAME
              && bad == 0 && fault == 0);
        return;
    }
    CHECK(he_batch_check_hands(spec, b.hands, 0, COUNT, &bad, &fault) == HE_OK && bad == COUNT);
    size_t seats = spec->seats;
    spec->seats = seats > 2 ? seats - 1 : seats + 1;
    CHECK(he_batch_check_hands(spec, b.hands, 1, COUNT, &bad, &fault) == HE_E_BATCH_GAME
          && bad == 1);
    spec->seats = seats;
    int8_t actor = b.hands[3].actor;
    b.hands[3].actor = (int8_t)spec->seats; /* a seat it does not have */
    CHECK(he_batch_check_hands(spec, b.hands, 0, COUNT, &bad, &fault) == HE_E_HAND_STATE
          && bad == 3 && fault == HE_HAND_FAULT_RANGE && he_hand_fault(&b.hands[3]) == fault);
    b.hands[3].actor = actor;
    int8_t hole = b.hands[4].holes[0];
    b.hands[4].holes[0] = -1; /* an unknown card: a Hand may hold one, a batch deals its own */
    CHECK(he_hand_check(&b.hands[4]) == HE_OK && he_hand_fault(&b.hands[4]) == 0);
    CHECK(he_batch_check_hands(spec, b.hands, 0, COUNT, &bad, &fault) == HE_E_HAND_STATE
          && bad == 4 && fault == HE_HAND_FAULT_BATCH);
    b.hands[4].holes[0] = hole;
    CHECK(he_batch_check_hands(spec, b.hands, 0, COUNT, &bad, &fault) == HE_OK);
    CHECK(he_batch_check_hands(spec, NULL, 0, COUNT, &bad, &fault) == HE_E_ARGUMENT);
    CHECK(he_batch_check_hands(spec, b.hands, 0, COUNT, &bad, NULL) == HE_E_ARGUMENT);
}

static void play(he_hand_config cfg, size_t seats, size_t n_fractions, size_t steps, int fresh_mode)
{
    he_batch_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.config = &cfg;
    spec.seats = seats;
    spec.n_fractions = n_fractions;
    for (size_t j = 0; j < n_fractions; j++) {
        spec.fractions[j] = 0.25 * (double)(j + 1) * (double)(j + 1);
    }
    spec.chip_unit = 2.0;
    spec.auto_reset = 1;
    spec.compact = COMPACT;
    size_t k = n_fractions + 3, d = he_batch_observation_size(seats), bad = 0;
    size_t restarts[2] = {0, 0};
    he_batch_views views = views_of_b(b.obs);
    he_batch_actions actions = {b.kinds, b.amounts};
    he_batch_results results = {b.illegal, b.acted, b.done, b.rewards};
    int64_t common[HE_HAND_MAX_SEATS]; /* the stacks of the even hands and the fresh ones */
    for (size_t s = 0; s < seats; s++) {
        common[s] = 3 + cfg.ante + (int64_t)(next_random() % 200);
    }
    for (size_t i = 0; i < COUNT; i++) {
        b.seeds[i] = next_random();
        b.buttons[i] = (int64_t)(i % seats);
        for (size_t s = 0; s < seats; s++) {
            int64_t own = 3 + cfg.ante + (int64_t)(next_random() % 200);
            b.stacks[i * seats + s] = i % 2 ? own : common[s];
        }
    }
    he_hand_config other = cfg;
    other.ante = cfg.ante + 1;
    if (fresh_mode != NO_FRESH) {
        spec.config = fresh_mode == FRESH ? &cfg : &other;
        CHECK(he_batch_fresh(&spec, fresh, common) == HE_OK);
        spec.config = &cfg;
        spec.fresh = fresh;
    }
    CHECK(he_batch_start(&spec, &hands_of_b, b.stacks, b.buttons, &all_hands, &bad) == HE_OK);
    CHECK(he_batch_view(&spec, &hands_of_b, &views, &all_hands) == HE_OK);
    check_view(&spec, k, d);
    for (size_t step = 0; step < steps; step++) {
        CHECK(he_batch_sample(b.mask, k, next_random(), b.kinds, &all_hands) == HE_OK);
        for (size_t i = 0; i < COUNT; i++) {
            uint64_t r = next_random() % 10;
            b.amounts[i] = 0;
            if (r == 0 && b.lo[i] >= 0) {
                b.kinds[i] = HE_BATCH_RAISE_TO;
                b.amounts[i] = b.lo[i] + (int64_t)(next_random() % (uint64_t)(b.hi[i] - b.lo[i] + 1));
            } else if (r == 1) {
                b.kinds[i] = HE_BATCH_SKIP;
            } else if (r == 2) {
                b.kinds[i] = (int32_t)(next_random() % (k + 2)) - 2; /* maybe illegal */
                if (b.kinds[i] == HE_BATCH_RAISE_TO) {
                    b.amounts[i] = (int64_t)(next_random() % 400) - 5;
                }
            }
        }
        size_t first_bad = 0;
        int check = he_batch_check(&spec, &views, &actions, 0, COUNT, &first_bad);
        he_hand before[COUNT];
        memcpy(before, b.hands, sizeof before);
        memset(b.rewards, 0x55, sizeof b.rewards); /* every row is written: zeros if not done */
        CHECK(he_batch_step(&spec, &hands_of_b, &actions, &results, &views, 0, &all_hands, &bad)
              == HE_OK);
        int any_illegal = 0;
        for (size_t i = 0; i < COUNT; i++) {
            if (b.illegal[i]) {
                CHECK(b.illegal[i] == 1 && !b.acted[i] && !b.done[i]);
                CHECK(memcmp(&before[i], &b.hands[i], sizeof before[i]) == 0);
                if (!any_illegal) {
                    CHECK(check == HE_E_BATCH_ILLEGAL && first_bad == i);
                }
                any_illegal = 1;
            } else if (b.kinds[i] == HE_BATCH_SKIP) {
                CHECK(!b.acted[i] && memcmp(&before[i], &b.hands[i], sizeof before[i]) == 0);
            } else {
                CHECK(b.acted[i]);
            }
            int64_t net = 0, moved = 0;
            for (size_t s = 0; s < seats; s++) {
                net += b.rewards[i * seats + s];
                moved |= b.rewards[i * seats + s];
            }
            CHECK(b.done[i] ? net <= 0 : moved == 0); /* net: minus the rake, if any */
            if (b.done[i]) {
                restarts[check_restart(&spec, &before[i], i, common)]++;
            }
        }
        CHECK(any_illegal || check == HE_OK);
        check_view(&spec, k, d);
    }
    CHECK(restarts[0] > 0 && restarts[1] > 0); /* both kinds of restart were checked */
    check_hands(&spec, fresh_mode);
}

static void null_arguments(void)
{
    he_hand_config cfg = config(HE_NO_LIMIT, 2, 0);
    he_batch_spec spec = spec_of(&cfg, 2);
    size_t bad = 0;
    const he_batch_range one = {0, 1, 1, 1};
    he_batch_hands no_seeds = {b.hands, b.history, NULL};
    he_batch_views views = views_of_b(NULL), no_mask = views_of_b(NULL);
    no_mask.mask = NULL;
    he_batch_actions no_kinds = {NULL, NULL}, kinds = {b.kinds, NULL};
    he_batch_results no_rewards = {b.illegal, b.acted, b.done, NULL};
    CHECK(he_batch_view(NULL, &hands_of_b, &views, &one) == HE_E_ARGUMENT);
    CHECK(he_batch_view(&spec, &hands_of_b, &no_mask, &one) == HE_E_ARGUMENT);
    CHECK(he_batch_view(&spec, NULL, &views, &one) == HE_E_ARGUMENT);
    CHECK(he_batch_view(&spec, &hands_of_b, &views, NULL) == HE_E_ARGUMENT);
    CHECK(he_batch_start(&spec, &no_seeds, b.stacks, b.buttons, &one, &bad) == HE_E_ARGUMENT);
    CHECK(he_batch_check(&spec, &views, &no_kinds, 0, 1, &bad) == HE_E_ARGUMENT);
    CHECK(he_batch_observe(&spec, &hands_of_b, &views, &one) == HE_E_ARGUMENT); /* obs NULL */
    CHECK(he_batch_step(&spec, &hands_of_b, &kinds, &no_rewards, &views, 0, &one, &bad)
          == HE_E_ARGUMENT);
    CHECK(he_batch_step(&spec, &hands_of_b, &kinds, NULL, &views, 0, &one, &bad)
          == HE_E_ARGUMENT);
    spec.seats = 11;
    CHECK(he_batch_view(&spec, &hands_of_b, &views, &one) == HE_E_ARGUMENT);
    spec.seats = 2;
    spec.n_fractions = HE_BATCH_MAX_FRACTIONS + 1;
    CHECK(he_batch_view(&spec, &hands_of_b, &views, &one) == HE_E_ARGUMENT);
    spec.n_fractions = 0;
    b.buttons[0] = 2;
    b.stacks[0] = b.stacks[1] = 100;
    b.seeds[0] = 1;
    CHECK(he_batch_start(&spec, &hands_of_b, b.stacks, b.buttons, &one, &bad)
          == HE_E_HAND_BUTTON);
    CHECK(he_batch_sample(NULL, 3, 1, b.kinds, &one) == HE_E_ARGUMENT);
    CHECK(he_batch_fresh(NULL, b.hands, b.stacks) == HE_E_ARGUMENT);
    CHECK(he_batch_fresh(&spec, NULL, b.stacks) == HE_E_ARGUMENT);
    CHECK(he_batch_fresh(&spec, b.hands, NULL) == HE_E_ARGUMENT);
    b.stacks[1] = 0;
    CHECK(he_batch_fresh(&spec, b.hands, b.stacks) == HE_E_HAND_STACK);
}

/* The record and field table the batch reports for its layout are this build's he_hand. */
static void layout_table(void)
{
    CHECK(he_batch_hand_size(COMPACT) == sizeof(he_hand) && he_hand_size() == sizeof(he_hand));
    he_batch_field f;
    size_t count = he_hand_field_count();
    for (size_t k = 0; k < count; k++) {
        CHECK(he_batch_hand_field(COMPACT, k, &f) == HE_OK);
        CHECK(strcmp(f.name, he_hand_field_name(k)) == 0 && f.offset == he_hand_field_offset(k)
              && f.length == he_hand_field_length(k) && f.width == he_hand_field_width(k));
    }
    CHECK(he_batch_hand_field(COMPACT, count, &f) == HE_E_ARGUMENT);
    CHECK(he_batch_hand_field(COMPACT, 0, NULL) == HE_E_ARGUMENT);
    CHECK(he_batch_observation_size(2) == HE_OBS_SEATS + 20);
}

#ifdef HE_HAND_COMPACT
/* The compact layout holds at most 6 seats and HE_HAND_COMPACT_MAX_CHIPS chips a hand, and
 * refuses what it cannot hold. */
static void compact_limits(void)
{
    he_hand_config cfg = config(HE_NO_LIMIT, 2, 0);
    he_batch_spec spec = spec_of(&cfg, HE_HAND_COMPACT_SEATS + 1);
    size_t bad = 0;
    const he_batch_range one = {0, 1, 1, 1};
    he_batch_views views = views_of_b(NULL);
    he_batch_actions actions = {b.kinds, b.amounts};
    he_batch_results results = {b.illegal, b.acted, b.done, b.rewards};
    CHECK(HE_HAND_MAX_SEATS == HE_HAND_COMPACT_SEATS);
    CHECK(he_batch_view(&spec, &hands_of_b, &views, &one) == HE_E_ARGUMENT);
    spec.seats = 2;
    b.buttons[0] = 0;
    b.seeds[0] = 1;
    b.stacks[0] = HE_HAND_COMPACT_MAX_CHIPS / 2;
    b.stacks[1] = HE_HAND_COMPACT_MAX_CHIPS - b.stacks[0] + 1;
    CHECK(he_batch_start(&spec, &hands_of_b, b.stacks, b.buttons, &one, &bad)
          == HE_E_HAND_AMOUNT);
    b.stacks[1]--; /* exactly the limit: all-in and called, the pot holds every chip */
    CHECK(he_batch_start(&spec, &hands_of_b, b.stacks, b.buttons, &one, &bad) == HE_OK);
    for (int step = 0; step < 2 && b.hands[0].actor >= 0; step++) {
        he_batch_view(&spec, &hands_of_b, &views, &one);
        b.kinds[0] = HE_BATCH_RAISE_TO;
        b.amounts[0] = b.hi[0] >= 0 ? b.hi[0] : 0;
        if (b.hi[0] < 0) {
            b.kinds[0] = 1;
        }
        CHECK(he_batch_step(&spec, &hands_of_b, &actions, &results, &views, 0, &one, &bad)
              == HE_OK);
    }
    CHECK(b.done[0] == 1 && b.rewards[0] + b.rewards[1] == 0);
    CHECK(he_hand_check(&b.hands[0]) == HE_OK);
    cfg.max_bets = HE_HAND_COMPACT_MAX_CHIPS + 1;
    CHECK(he_batch_start(&spec, &hands_of_b, b.stacks, b.buttons, &one, &bad)
          == HE_E_HAND_AMOUNT);
    cfg.max_bets = 4;
    cfg.rake_cap = HE_HAND_COMPACT_MAX_CHIPS + 1;
    CHECK(he_batch_start(&spec, &hands_of_b, b.stacks, b.buttons, &one, &bad)
          == HE_E_HAND_AMOUNT);
    cfg.rake_cap = -1;
    cfg.big_blind = HE_HAND_COMPACT_MAX_CHIPS + 1;
    CHECK(he_batch_start(&spec, &hands_of_b, b.stacks, b.buttons, &one, &bad)
          == HE_E_HAND_AMOUNT);
}
#else
/* engine.Hand's observation (he_batch_observe_hand) of a batch's hand equals the batch's
 * for its seat to act (the history of a fresh hand is all zeros, as its log has no bets),
 * and its refusals. */
static void observe_hand(void)
{
    he_hand_config cfg = config(HE_NO_LIMIT, 2, 0);
    he_batch_spec spec = spec_of(&cfg, 3);
    size_t bad = 0;
    const he_batch_range one = {0, 1, 1, 1};
    he_batch_views views = views_of_b(b.obs);
    for (size_t s = 0; s < 3; s++) {
        b.stacks[s] = 100 + (int64_t)s;
    }
    b.buttons[0] = 1;
    b.seeds[0] = 7;
    CHECK(he_batch_start(&spec, &hands_of_b, b.stacks, b.buttons, &one, &bad) == HE_OK);
    CHECK(he_batch_view(&spec, &hands_of_b, &views, &one) == HE_OK);
    size_t d = he_batch_observation_size(3);
    float seen[MAX_D];
    CHECK(he_batch_observe_hand(&b.hands[0], NULL, 0, (size_t)b.hands[0].actor, 2.0, seen)
          == HE_OK);
    CHECK(memcmp(seen, b.obs, d * sizeof *seen) == 0);
    CHECK(he_batch_observe_hand(&b.hands[0], NULL, 0, 3, 2.0, seen) == HE_E_ARGUMENT);
    CHECK(he_batch_observe_hand(&b.hands[0], NULL, 1, 0, 2.0, seen) == HE_E_ARGUMENT);
    CHECK(he_batch_observe_hand(&b.hands[0], NULL, 0, 0, 0.0, seen) == HE_E_ARGUMENT);
    CHECK(he_batch_observe_hand(NULL, NULL, 0, 0, 2.0, seen) == HE_E_ARGUMENT);
    CHECK(he_batch_observe_hand(&b.hands[0], NULL, 0, 0, 2.0, NULL) == HE_E_ARGUMENT);
    b.hands[0].actor = 9; /* a broken record is refused, not read */
    CHECK(he_batch_observe_hand(&b.hands[0], NULL, 0, 0, 2.0, seen) == HE_E_HAND_STATE);
}
#endif

int main(void)
{
    play(config(HE_NO_LIMIT, 2, 0), 2, 2, 300, FRESH);
    play(config(HE_NO_LIMIT, 2, 1), 6, 4, 300, FRESH);
    play(config(HE_NO_LIMIT, 2, 0), HE_HAND_MAX_SEATS, HE_BATCH_MAX_FRACTIONS, 200, FRESH);
    play(config(HE_POT_LIMIT, 4, 0), 6, 2, 300, FRESH);
    play(config(HE_FIXED_LIMIT, 2, 0), 3, 1, 300, FRESH_OTHER_GAME);
    play(config(HE_NO_LIMIT, 2, 0), 4, 0, 300, NO_FRESH);
    play(config(HE_NO_LIMIT, 2, 1), 5, 2, 300, FRESH_OTHER_GAME);
    null_arguments();
    layout_table();
#ifdef HE_HAND_COMPACT
    compact_limits();
#else
    observe_hand();
#endif
    return check_report("batch");
}
