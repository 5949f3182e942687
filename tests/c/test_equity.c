/* C-only tests of the equity kernels, built by tests/test_equity_c.py with
 * -fsanitize=address,undefined: published exact counts, weights, capacity and input errors,
 * 10 players split in parts, Omaha, Monte Carlo with alias tables and impossible deals
 * (listed and unlisted range players).
 * Exit 0 = pass. */
#include <stdio.h>
#include <string.h>

#include "holdem_eval.h"
#include "check.h"
#include "equity_calls.h"

/* The six combos of pair `rank` (0..12) written to out[12]. */
static void pair_combos(unsigned rank, uint8_t *out)
{
    size_t n = 0;
    for (unsigned i = 0; i < 4; i++) {
        for (unsigned j = i + 1; j < 4; j++) {
            out[n++] = (uint8_t)(4 * rank + i);
            out[n++] = (uint8_t)(4 * rank + j);
        }
    }
}

static void test_exact(void)
{
    uint8_t combos[24];
    uint32_t off[3] = {0, 6, 12};
    double wts[12];
    pair_combos(12, combos);
    pair_combos(11, combos + 12);
    for (size_t i = 0; i < 12; i++) {
        wts[i] = 0.5;
    }
    uint64_t wins[4] = {0}, hist[18] = {0}, deals = 0;
    double ww[4] = {0}, wh[18] = {0};
    CHECK(eq_exact(2, combos, off, wts, NULL, 0, NULL, 0, 64, wins, hist, ww, wh,
                          &deals) == HE_OK);
    CHECK(deals == 36);
    CHECK(wins[1] == 50371344u && wins[2] == 10986372u && wins[3] == 285228u);
    CHECK(ww[1] == 0.25 * 50371344.0);
    CHECK(eq_exact(2, combos, off, NULL, NULL, 0, NULL, 0, 2, wins, hist, NULL, NULL,
                          &deals) == HE_E_CAPACITY);
    uint8_t one[4] = {50, 48, 21, 25}; /* AsAc vs 7d8d */
    uint64_t m = 1, w1[4] = {0}, h1[18] = {0};
    CHECK(eq_enum(2, one, 1, &m, NULL, NULL, 0, NULL, 0, 0, 1, w1, h1, NULL, NULL)
          == HE_OK);
    CHECK(w1[1] == 1315602u && w1[2] == 391672u && w1[3] == 5030u);
}

/* Short deck: AsAc vs 7d8d preflop on both rule sets (201,376 boards; the counts agree with
 * brute force over the 36-card deck in tests/test_short_deck_equity.py and the fuzzer). */
static void test_short_deck(void)
{
    uint8_t one[4] = {50, 48, 21, 25};
    uint64_t m = 1;
    he_eq_known none = {NULL, 0, NULL, 0};
    static const uint64_t want[2][4] = {{0, 142802, 56652, 1922}, {0, 135225, 63528, 2623}};
    static const uint64_t straights[2][2] = {{9138, 26995}, {9927, 26206}}; /* AsAc's */
    for (int rules = 0; rules < 2; rules++) {
        uint64_t w[4] = {0}, h[18] = {0};
        he_eq_counts c = {w, h, NULL, NULL};
        CHECK(he_equity_short_enum(2, one, 1, &m, NULL, &none, rules, 0, 1, &c) == HE_OK);
        CHECK(memcmp(w, want[rules], sizeof w) == 0);
        CHECK(h[4] == straights[rules][0] && h[5] == straights[rules][1] && h[8] == 0);
        uint64_t state[4], mw[4] = {0}, mh[18] = {0};
        uint32_t off[3] = {0, 1, 2};
        he_eq_players players = {2, 2, one, off, NULL, NULL, NULL};
        he_eq_counts mc = {mw, mh, NULL, NULL};
        he_rng_seed(7, 0, state);
        CHECK(he_equity_short_mc(&players, &none, rules, 20000, state, &mc) == HE_OK);
        CHECK(mw[1] + mw[2] + mw[3] == 20000 && mw[1] > 13000 && mw[1] < 15400);
    }
    uint64_t w[4] = {0}, h[18] = {0};
    he_eq_counts c = {w, h, NULL, NULL};
    uint8_t deuce[4] = {50, 48, 0, 25};
    CHECK(he_equity_short_enum(2, deuce, 1, &m, NULL, &none, 0, 0, 1, &c) == HE_E_CARD_RANGE);
    CHECK(he_equity_short_enum(2, one, 1, &m, NULL, &none, 2, 0, 1, &c) == HE_E_ARGUMENT);
    uint32_t off[3] = {0, 1, 2};
    uint64_t state[4] = {1, 2, 3, 4};
    he_eq_players players = {2, 2, deuce, off, NULL, NULL, NULL};
    CHECK(he_equity_short_mc(&players, &none, 0, 10, state, &c) == HE_E_CARD_RANGE);
    CHECK(w[1] + w[2] + w[3] == 0);
}

static void test_errors(void)
{
    uint64_t m = 1, wins[4] = {0}, hist[18] = {0};
    uint8_t bad[4] = {60, 1, 2, 3}, dup[4] = {1, 2, 2, 3}, board[2] = {1, 9};
    CHECK(eq_enum(2, bad, 1, &m, NULL, NULL, 0, NULL, 0, 0, 1, wins, hist, NULL, NULL)
          == HE_E_CARD_RANGE);
    CHECK(eq_enum(2, dup, 1, &m, NULL, NULL, 0, NULL, 0, 0, 1, wins, hist, NULL, NULL)
          == HE_E_DUPLICATE);
    uint8_t ok[4] = {1, 2, 3, 4};
    CHECK(eq_enum(2, ok, 1, &m, NULL, board, 2, NULL, 0, 0, 1, wins, hist, NULL, NULL)
          == HE_E_DUPLICATE);
    CHECK(eq_enum(11, ok, 1, &m, NULL, NULL, 0, NULL, 0, 0, 1, wins, hist, NULL, NULL)
          == HE_E_ARGUMENT);
    CHECK(eq_enum(2, ok, 1, &m, NULL, NULL, 0, NULL, 0, 2, 2, wins, hist, NULL, NULL)
          == HE_E_ARGUMENT);
    /* Too many cards for the deck (10 random players of 6) is an argument error even
     * with a bad board card: arguments are checked before cards (found by the fuzzer). */
    uint32_t none[11] = {0};
    uint64_t state[4] = {1, 2, 3, 4}, w10[1 << 10] = {0}, h10[90] = {0};
    uint8_t bad_board[3] = {60, 1, 2};
    CHECK(eq_mc(10, 6, NULL, none, NULL, NULL, bad_board, 3, NULL, 0, 5, state, w10, h10)
          == HE_E_ARGUMENT);
    CHECK(eq_mc(10, 4, NULL, none, NULL, NULL, bad_board, 3, NULL, 0, 5, state, w10, h10)
          == HE_E_CARD_RANGE);
}

static void test_ten_players_in_parts(void)
{
    static uint64_t w[1024], h[90], wp[1024], hp[90];
    uint8_t ten[20], board[3] = {0, 5, 10};
    uint64_t m = 1, total = 0;
    for (size_t i = 0; i < 20; i++) {
        ten[i] = (uint8_t)(51 - i);
    }
    CHECK(eq_enum(10, ten, 1, &m, NULL, board, 3, NULL, 0, 0, 1, w, h, NULL, NULL)
          == HE_OK);
    for (size_t p = 0; p < 3; p++) {
        CHECK(eq_enum(10, ten, 1, &m, NULL, board, 3, NULL, 0, p, 3, wp, hp, NULL, NULL)
              == HE_OK);
    }
    CHECK(memcmp(w, wp, sizeof w) == 0 && memcmp(h, hp, sizeof h) == 0);
    for (size_t i = 0; i < 1024; i++) {
        total += w[i];
    }
    CHECK(total == 29u * 28u / 2u);
}

static void test_omaha(void)
{
    uint8_t holes[8] = {51, 50, 47, 46, 3, 2, 7, 6}, board[3] = {0, 5, 10};
    uint64_t w[4] = {0}, h[18] = {0};
    CHECK(eq_enum_omaha(2, 4, holes, board, 3, NULL, 0, 0, 1, w, h) == HE_OK);
    CHECK(w[1] + w[2] + w[3] == 41u * 40u / 2u);
}

static void test_monte_carlo(void)
{
    uint8_t combos[24];
    pair_combos(12, combos);
    pair_combos(11, combos + 12);
    uint32_t alias[12], off[4] = {0, 6, 12, 12};
    uint64_t thresh[12], state[4], w[8] = {0}, h[27] = {0}, total = 0;
    for (uint32_t i = 0; i < 12; i++) {
        alias[i] = i < 6 ? 0 : 6;
        thresh[i] = 1ULL << 31;
    }
    uint8_t board[3] = {0, 5, 10};
    he_rng_seed(42, 0, state);
    CHECK(eq_mc(3, 2, combos, off, alias, thresh, board, 3, NULL, 0, 10000, state, w, h)
          == HE_OK);
    for (size_t i = 0; i < 8; i++) {
        total += w[i];
    }
    CHECK(total == 10000);
    uint8_t omaha[4] = {51, 50, 47, 46};
    uint32_t offo[3] = {0, 1, 1};
    uint64_t wo[4] = {0}, ho[18] = {0};
    CHECK(eq_mc(2, 4, omaha, offo, NULL, NULL, NULL, 0, NULL, 0, 2000, state, wo, ho)
          == HE_OK);
    uint8_t clash[4] = {51, 50, 51, 50};
    uint32_t o2[3] = {0, 1, 2};
    CHECK(eq_mc(2, 2, clash, o2, NULL, NULL, NULL, 0, NULL, 0, 10, state, wo, ho)
          == HE_E_NO_DEAL);
    uint8_t same[8] = {51, 50, 49, 48, 51, 50, 49, 48}; /* both ranges {AsAh, AdAc} */
    uint32_t o3[3] = {0, 2, 4};
    CHECK(eq_mc(2, 2, same, o3, NULL, NULL, NULL, 0, NULL, 0, 100, state, wo, ho)
          == HE_OK);
    uint64_t s1[4], s2[4], a[4] = {0}, b[4] = {0}, ha[18] = {0}, hb[18] = {0};
    he_rng_seed(7, 3, s1);
    he_rng_seed(7, 3, s2);
    CHECK(eq_mc(2, 2, combos, off, NULL, NULL, NULL, 0, NULL, 0, 500, s1, a, ha) == HE_OK);
    CHECK(eq_mc(2, 2, combos, off, NULL, NULL, NULL, 0, NULL, 0, 500, s2, b, hb) == HE_OK);
    CHECK(memcmp(a, b, sizeof a) == 0);
}

/* The Hold'em Monte Carlo lists the tuples of range players whose combo counts multiply to
 * at most 1024 and draws the others ("unlisted") per trial: when no valid deal exists,
 * both ways end in HE_E_NO_DEAL (at once, or after the redraw limit), and with trials = 0
 * nothing is drawn. */
static void test_monte_carlo_no_deal(void)
{
    static uint8_t combos[2 * 1102];
    /* P0 {AsAh, AsAd}; P1 1100 copies of {AsKs}: every tuple shares As. */
    combos[0] = 51; combos[1] = 50; combos[2] = 51; combos[3] = 49;
    for (size_t i = 2; i < 1102; i++) {
        combos[2 * i] = 51;
        combos[2 * i + 1] = 47;
    }
    uint32_t listed[3] = {0, 2, 4}, unlisted[3] = {0, 2, 1102};
    uint32_t alias[1102];
    uint64_t thresh[1102], state[4], w[4] = {0}, h[18] = {0};
    for (uint32_t i = 0; i < 1102; i++) {
        alias[i] = i < 2 ? 0 : 2;
        thresh[i] = 1ULL << 31;
    }
    he_rng_seed(5, 0, state);
    CHECK(eq_mc(2, 2, combos, listed, NULL, NULL, NULL, 0, NULL, 0, 10, state, w, h)
          == HE_E_NO_DEAL);
    CHECK(eq_mc(2, 2, combos, listed, alias, thresh, NULL, 0, NULL, 0, 10, state, w, h)
          == HE_E_NO_DEAL);
    CHECK(eq_mc(2, 2, combos, listed, NULL, NULL, NULL, 0, NULL, 0, 0, state, w, h)
          == HE_OK);
    CHECK(eq_mc(2, 2, combos, unlisted, NULL, NULL, NULL, 0, NULL, 0, 10, state, w, h)
          == HE_E_NO_DEAL);
    CHECK(eq_mc(2, 2, combos, unlisted, alias, thresh, NULL, 0, NULL, 0, 10, state, w,
                       h) == HE_E_NO_DEAL);
    uint64_t total = w[0] + w[1] + w[2] + w[3];
    CHECK(total == 0);
    /* One P1 combo that fits (KdKc): every trial then deals it, listed or not. */
    combos[2 * 1101] = 45;
    combos[2 * 1101 + 1] = 44;
    uint32_t fits[3] = {0, 2, 1102};
    CHECK(eq_mc(2, 2, combos, fits, NULL, NULL, NULL, 0, NULL, 0, 200, state, w, h)
          == HE_OK);
    uint64_t p1 = 0;
    for (size_t c = 9; c < 18; c++) {
        p1 += h[c];
    }
    CHECK(w[1] + w[2] + w[3] == 200 && p1 == 200);
}

int main(void)
{
    test_exact();
    test_short_deck();
    test_errors();
    test_ten_players_in_parts();
    test_omaha();
    test_monte_carlo();
    test_monte_carlo_no_deal();
    return check_report("equity");
}
