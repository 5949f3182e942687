/* C-only tests of the hand strength kernels (csrc/strength.c), built by
 * tests/test_strength_c.py with -fsanitize=address,undefined: the published hand-potential
 * example, a river showdown counted by hand, weights, every input error with its row,
 * threads, and Monte Carlo seeds. Exit 0 = pass. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "holdem_eval.h"
#include "check.h"

static const he_strength_range RANDOM = {NULL, NULL, 0, NULL, NULL};

/* Billings et al. 1998 / Papp 1998 section 5.3: AdQc on 3h4cJh, uniform opponent:
 * PPot2 = 92,499 / 444,015 = 0.2083, NPot2 = 171,379.5 / 626,175 = 0.2737. */
static void test_published_potentials(void)
{
    const uint8_t hole[2] = {49, 40}, board[3] = {6, 8, 38}; /* Ad Qc | 3h 4c Jh */
    double ppot = -1, npot = -1, ehs = -1;
    he_strength_out out = {&ehs, NULL, &ppot, &npot, NULL, 0};
    size_t bad = 99;
    CHECK(he_strength_exact(hole, board, 1, 3, HE_STRENGTH_HOLDEM, &RANDOM, &out, 1, &bad) == HE_OK);
    CHECK(fabs(ppot - 92499.0 / 444015.0) < 1e-12);
    CHECK(fabs(npot - 171379.5 / 626175.0) < 1e-12);
    CHECK(ehs > 0.5 && ehs < 0.52);
}

/* River: AsAc on KsKcKd2s3h, against each of the 990 combos ranked by the evaluator. */
static void test_river_matches_a_direct_count(void)
{
    const uint8_t hole[2] = {51, 48}, board[5] = {47, 44, 45, 3, 6};
    uint64_t used = 0;
    for (int i = 0; i < 2; i++) used |= 1ULL << hole[i];
    for (int i = 0; i < 5; i++) used |= 1ULL << board[i];
    uint8_t h7[7] = {hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]};
    int hero = he_eval_hand(h7, 7);
    double ahead = 0, tied = 0, n = 0;
    for (unsigned a = 0; a < 52; a++) {
        for (unsigned b = 0; b < a; b++) {
            if ((used >> a & 1u) || (used >> b & 1u)) continue;
            uint8_t o7[7] = {(uint8_t)a, (uint8_t)b, board[0], board[1], board[2], board[3], board[4]};
            int r = he_eval_hand(o7, 7);
            ahead += r > hero;
            tied += r == hero;
            n += 1;
        }
    }
    double ehs = -1, ehs2 = -1, hist[4] = {0};
    he_strength_out out = {&ehs, &ehs2, NULL, NULL, hist, 4};
    CHECK(he_strength_exact(hole, board, 1, 5, HE_STRENGTH_HOLDEM, &RANDOM, &out, 1, NULL) == HE_OK);
    CHECK(n == 990 && fabs(ehs - (ahead + tied / 2) / n) < 1e-15);
    CHECK(fabs(ehs2 - ehs * ehs) < 1e-15);
    CHECK(hist[3] == 1.0 && hist[0] == 0.0);
}

/* Weights: a range of one combo is a showdown against that hand. */
static void test_one_combo_range(void)
{
    double w[HE_STRENGTH_COMBOS];
    memset(w, 0, sizeof w);
    w[47 * 46 / 2 + 46] = 0.25; /* KsKh: id a * (a - 1) / 2 + b, a = 47, b = 46 */
    he_strength_range one = {w, NULL, 0, NULL, NULL};
    const uint8_t hole[2] = {51, 48}, board[4] = {3, 6, 21, 28}; /* AsAc | 2s3h7d9c */
    double ehs = -1;
    he_strength_out out = {&ehs, NULL, NULL, NULL, NULL, 0};
    CHECK(he_strength_exact(hole, board, 1, 4, HE_STRENGTH_HOLDEM, &one, &out, 1, NULL) == HE_OK);
    CHECK(fabs(ehs - 42.0 / 44.0) < 1e-15); /* KK wins only on the two kings left */
}

static void test_errors_name_the_first_bad_row(void)
{
    uint8_t holes[8] = {0, 1, 2, 3, 4, 5, 6, 7}, boards[12] = {8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
    double ehs[4];
    he_strength_out out = {ehs, NULL, NULL, NULL, NULL, 0};
    size_t bad = 99;
    boards[7] = 4; /* row 2's board repeats its hole card 4 */
    boards[10] = 60;
    CHECK(he_strength_exact(holes, boards, 4, 3, HE_STRENGTH_HOLDEM, &RANDOM, &out, 3, &bad) == HE_E_DUPLICATE && bad == 2);
    boards[7] = 15;
    CHECK(he_strength_exact(holes, boards, 4, 3, HE_STRENGTH_HOLDEM, &RANDOM, &out, 2, &bad) == HE_E_CARD_RANGE && bad == 3);
    boards[10] = 18;
    CHECK(he_strength_exact(holes, boards, 4, 2, HE_STRENGTH_HOLDEM, &RANDOM, &out, 1, &bad) == HE_E_ARGUMENT);
    double pp[4];
    he_strength_out pots = {NULL, NULL, pp, NULL, NULL, 0};
    CHECK(he_strength_exact(holes, boards, 4, 5, HE_STRENGTH_HOLDEM, &RANDOM, &pots, 1, &bad) == HE_E_ARGUMENT);
    double h[1];
    he_strength_out nobins = {NULL, NULL, NULL, NULL, h, 0};
    CHECK(he_strength_exact(holes, boards, 4, 3, HE_STRENGTH_HOLDEM, &RANDOM, &nobins, 1, &bad) == HE_E_ARGUMENT);
    double w[HE_STRENGTH_COMBOS];
    memset(w, 0, sizeof w);
    w[1] = 1.0; /* combo 2c2h (ids 1, 0) */
    uint8_t combo[2] = {1, 0};
    he_strength_range r = {w, combo, 1, NULL, NULL};
    CHECK(he_strength_exact(holes, boards, 4, 3, HE_STRENGTH_HOLDEM, &r, &out, 2, &bad) == HE_E_NO_DEAL && bad == 0);
    CHECK(he_strength_mc(holes, boards, 4, 3, HE_STRENGTH_HOLDEM, &r, &(he_strength_draws){1, 10, 1, 0}, &out, NULL, 1, &bad) == HE_E_NO_DEAL
          && bad == 0);
    CHECK(he_strength_mc(holes, boards, 4, 3, HE_STRENGTH_HOLDEM, &r, &(he_strength_draws){2, 10, 1, 0}, &out, NULL, 1, &bad) == HE_E_NO_DEAL);
    CHECK(he_strength_mc(holes, boards, 4, 3, HE_STRENGTH_HOLDEM, &RANDOM, &(he_strength_draws){10, 10, 1, 0}, &out, NULL, 1, &bad) == HE_E_ARGUMENT);
    CHECK(he_strength_mc(holes, boards, 4, 3, HE_STRENGTH_HOLDEM, &RANDOM, &(he_strength_draws){1, 1, 1, 0}, &out, NULL, 1, &bad) == HE_E_ARGUMENT);
    CHECK(he_strength_mc(holes, boards, 4, 3, HE_STRENGTH_HOLDEM, &RANDOM, NULL, &out, NULL, 1, &bad) == HE_E_ARGUMENT);
}

/* Threads and the global row number: the same rows give the same results however split. */
static void test_threads_and_seeds(void)
{
    enum { N = 12 };
    uint8_t holes[2 * N], boards[4 * N];
    for (unsigned i = 0; i < N; i++) {
        holes[2 * i] = (uint8_t)(51 - i);
        holes[2 * i + 1] = (uint8_t)(30 - i);
        for (unsigned j = 0; j < 4; j++) boards[4 * i + j] = (uint8_t)(j * 3 + (i % 3));
    }
    double a[N], b[N], ea[N], eb[N], c[N], ec[N];
    he_strength_out oa = {a, NULL, NULL, NULL, NULL, 0}, ob = {b, NULL, NULL, NULL, NULL, 0};
    he_strength_out sa = {ea, NULL, NULL, NULL, NULL, 0}, sb = {eb, NULL, NULL, NULL, NULL, 0};
    CHECK(he_strength_mc(holes, boards, N, 4, HE_STRENGTH_HOLDEM, &RANDOM, &(he_strength_draws){2, 300, 7, 0}, &oa, &sa, 1, NULL) == HE_OK);
    CHECK(he_strength_mc(holes, boards, N, 4, HE_STRENGTH_HOLDEM, &RANDOM, &(he_strength_draws){2, 300, 7, 0}, &ob, &sb, 4, NULL) == HE_OK);
    CHECK(memcmp(a, b, sizeof a) == 0 && memcmp(ea, eb, sizeof ea) == 0);
    /* rows 5.. alone, numbered from 5, repeat rows 5.. of the whole */
    he_strength_out oc = {c, NULL, NULL, NULL, NULL, 0}, sc = {ec, NULL, NULL, NULL, NULL, 0};
    CHECK(he_strength_mc(holes + 10, boards + 20, N - 5, 4, HE_STRENGTH_HOLDEM, &RANDOM, &(he_strength_draws){2, 300, 7, 5}, &oc, &sc, 2, NULL) == HE_OK);
    CHECK(memcmp(c, a + 5, (N - 5) * sizeof c[0]) == 0);
    he_strength_out ex = {c, NULL, NULL, NULL, NULL, 0};
    CHECK(he_strength_exact(holes, boards, N, 4, HE_STRENGTH_HOLDEM, &RANDOM, &ex, 1, NULL) == HE_OK);
    CHECK(he_strength_exact(holes, boards, N, 4, HE_STRENGTH_HOLDEM, &RANDOM, &ob, 5, NULL) == HE_OK);
    CHECK(memcmp(c, b, sizeof c) == 0);
}

/* Short deck: a turn row against every combo of the 36-card deck, counted river by river with
 * the short-deck evaluator; cards below the six are outside the deck. */
static void test_short_deck(void)
{
    const uint8_t hole[2] = {51, 48}, board[4] = {47, 44, 20, 26}; /* AsAc | KsKc7c8h */
    for (int rules = 0; rules < 2; rules++) {
        double ahead = 0, tied = 0, n = 0;
        uint64_t used = 0;
        for (int i = 0; i < 2; i++) used |= 1ULL << hole[i];
        for (int i = 0; i < 4; i++) used |= 1ULL << board[i];
        for (unsigned river = 16; river < 52; river++) {
            if (used >> river & 1u) continue;
            uint8_t h7[7] = {hole[0], hole[1], board[0], board[1], board[2], board[3], (uint8_t)river};
            int hero = he_short_eval_hand(h7, 7, rules);
            for (unsigned a = 16; a < 52; a++) {
                for (unsigned b = 16; b < a; b++) {
                    if ((used >> a & 1u) || (used >> b & 1u) || a == river || b == river) continue;
                    uint8_t o7[7] = {(uint8_t)a, (uint8_t)b, board[0], board[1], board[2], board[3], (uint8_t)river};
                    int r = he_short_eval_hand(o7, 7, rules);
                    ahead += r > hero;
                    tied += r == hero;
                    n += 1;
                }
            }
        }
        double ehs = -1;
        he_strength_out out = {&ehs, NULL, NULL, NULL, NULL, 0};
        CHECK(he_strength_exact(hole, board, 1, 4, rules, &RANDOM, &out, 1, NULL) == HE_OK);
        CHECK(n == 30.0 * 406.0 && fabs(ehs - (ahead + tied / 2) / n) < 1e-12);
    }
    const uint8_t low[4] = {47, 44, 20, 3}; /* 2s is not in the short deck */
    double ehs;
    he_strength_out out = {&ehs, NULL, NULL, NULL, NULL, 0};
    size_t bad = 9;
    CHECK(he_strength_exact(hole, low, 1, 4, HE_SHORT_TRIPS_BEAT_STRAIGHT, &RANDOM, &out, 1, &bad)
          == HE_E_CARD_RANGE && bad == 0);
    CHECK(he_strength_mc(hole, low, 1, 4, HE_SHORT_TRIPS_BEAT_STRAIGHT, &RANDOM, &(he_strength_draws){2, 10, 1, 0}, &out, NULL, 1,
                         &bad) == HE_E_CARD_RANGE);
    CHECK(he_strength_exact(hole, board, 1, 4, 7, &RANDOM, &out, 1, &bad) == HE_E_ARGUMENT);
}

int main(void)
{
    test_published_potentials();
    test_river_matches_a_direct_count();
    test_one_combo_range();
    test_errors_name_the_first_bad_row();
    test_threads_and_seeds();
    test_short_deck();
    return check_report("strength");
}
