/* Fuzz driver for every public C entry point (the csrc/api headers, through csrc/holdem_eval.h),
 * run under ASan and UBSan by tests/test_c_fuzz.py. Each case is a random or boundary
 * input built from one seeded PRNG; the checks are the documented contracts (status codes,
 * output ranges, first bad row, inputs unchanged, nothing written on failure, chips
 * conserved) plus cheap differentials (batch == scalar, 6/7 cards == best 5-card subset,
 * exact equity == brute-force enumeration, an independent hand-category oracle).
 *
 * Usage: fuzz_core [SECONDS [SEED [CASE]]]
 *   SECONDS  time budget (default $HE_FUZZ_SECONDS, else 45); targets run round-robin
 *   SEED     base seed (default $HE_FUZZ_SEED, else 1); case i of a run uses seed (SEED, i)
 *   CASE     replay only case number CASE of every target (as printed by a failure)
 * Exit status 0 when every contract held. `fuzz_core --repro NAME` runs the minimal
 * reproduction of a bug the fuzzer once found (a regression test for its fix).
 *
 * This file has the driver and the reproductions; fuzz_common.h/.c the shared inputs,
 * checks and oracles; fuzz_eval.c, fuzz_settle.c and fuzz_equity.c the targets. */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fuzz_common.h"

/* ---------------------------------------------------------------- reproductions */

/* Minimal reproductions of reported bugs: each returns 0 when the contract holds. */
typedef struct {
    const char *name;
    int (*run)(void);
} repro;

/* Settles seat 0 (live) against seat 1 (folded) under PokerKit rules with a 100% rake
 * and checks the contract: payouts + rake == contributions, no payout below zero. */
static int pokerkit_full_rake(int64_t chips0, int64_t chips1)
{
    he_settle_rules rules = {HE_SETTLE_POKERKIT, HE_ODD_CLOCKWISE, 0, 0, 1, 1.0, -1};
    int64_t chips[2] = {chips0, chips1}, pay[2];
    uint8_t folded[2] = {0, 1}, holes[4] = {0, 1, 2, 3};
    int64_t detail[64];
    int st = he_settle_hand(chips, folded, holes, 2, NULL, 0, 2, 0, HE_VARIANT_HOLDEM, &rules,
                            pay, detail);
    if (st != HE_OK) {
        printf("status %d\n", st);
        return 0; /* a clear refusal honours the contract too */
    }
    int64_t rake = detail[2 * 2];
    printf("contributions %lld %lld: payouts %lld %lld, rake %lld\n", (long long)chips0,
           (long long)chips1, (long long)pay[0], (long long)pay[1], (long long)rake);
    return !(pay[0] >= 0 && pay[1] >= 0 && rake >= 0 && rake <= chips0 + chips1
             && pay[0] + pay[1] + rake == chips0 + chips1);
}

/* A pot of 2^60 - 2 chips converts to the double 2^60: the rake exceeds the pot and
 * seat 0 is paid -1. */
static int repro_pokerkit_rake(void)
{
    return pokerkit_full_rake((int64_t)1 << 59, ((int64_t)1 << 59) - 1);
}

/* A pot of 2^63 - 2 chips converts to the double 2^63, outside int64: the conversion back
 * is undefined behaviour (UBSan: float-cast-overflow), the rake comes out negative. */
static int repro_pokerkit_rake_overflow(void)
{
    return pokerkit_full_rake(((int64_t)1 << 62) - 1, ((int64_t)1 << 62) - 1);
}

static const repro repros[] = {
    {"pokerkit-rake", repro_pokerkit_rake},
    {"pokerkit-rake-overflow", repro_pokerkit_rake_overflow},
};

/* ---------------------------------------------------------------- driver */

typedef struct {
    const char *name;
    void (*run)(void);
    uint64_t cases;
} target;

static target targets[] = {
    {"eval_scalar", fuzz_eval_scalar, 0},       {"eval_hand", fuzz_eval_hand, 0},
    {"eval_batch", fuzz_eval_batch, 0},         {"eval_hole_board", fuzz_hole_board, 0},
    {"eval_omaha_batch", fuzz_omaha, 0},        {"eval_columns", fuzz_columns, 0},
    {"eval_short", fuzz_short, 0},
    {"deal_seeded", fuzz_deal, 0},              {"settle_hand", fuzz_settle_hand, 0},
    {"settle_batch", fuzz_settle_batch, 0},     {"equity_exact", fuzz_equity_exact, 0},
    {"equity_enum_omaha", fuzz_equity_omaha, 0}, {"equity_mc", fuzz_equity_mc, 0},
    {"rng_seed", fuzz_rng_seed, 0},             {"settle_split", fuzz_settle_split, 0},
    /* new targets go last: a target's place seeds its cases, so the others keep theirs */
    {"equity_short", fuzz_equity_short, 0},     {"eval_short_columns", fuzz_short_columns, 0},
};
#define NTARGETS (sizeof targets / sizeof targets[0])

/* Seconds on a monotonic clock: POSIX's where there is one, else the C library's
 * processor time (the driver is single-threaded and busy, so it tracks the wall clock). */
static double now_seconds(void)
{
#if defined(CLOCK_MONOTONIC)
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#else
    return (double)clock() / CLOCKS_PER_SEC;
#endif
}

static void run_case(target *t, uint64_t number)
{
    target_name = t->name;
    case_number = number;
    rng = mix64(base_seed ^ mix64(number + 0x1234567ULL * (uint64_t)(t - targets + 1)));
    t->run();
    t->cases++;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "--repro") == 0) {
        for (size_t i = 0; i < sizeof repros / sizeof repros[0]; i++) {
            if (argc >= 3 && strcmp(argv[2], repros[i].name) == 0) {
                int bad = repros[i].run();
                printf("repro %s: %s\n", repros[i].name, bad ? "BUG PRESENT" : "contract holds");
                return bad ? 1 : 0;
            }
        }
        fprintf(stderr, "unknown reproduction %s\n", argc >= 3 ? argv[2] : "(none)");
        return 2;
    }
    const char *env_seconds = getenv("HE_FUZZ_SECONDS"), *env_seed = getenv("HE_FUZZ_SEED");
    double seconds = argc >= 2 ? atof(argv[1]) : env_seconds ? atof(env_seconds) : 45.0;
    base_seed = argc >= 3 ? strtoull(argv[2], NULL, 0)
              : env_seed ? strtoull(env_seed, NULL, 0) : 1;
    if (argc >= 4) {
        uint64_t number = strtoull(argv[3], NULL, 0);
        for (size_t t = 0; t < NTARGETS; t++) {
            run_case(&targets[t], number);
        }
    } else {
        double start = now_seconds();
        uint64_t number = 0;
        do {
            for (size_t t = 0; t < NTARGETS; t++) {
                run_case(&targets[t], number);
            }
            number++;
        } while (now_seconds() - start < seconds);
    }
    uint64_t total = 0;
    for (size_t t = 0; t < NTARGETS; t++) {
        printf("%-18s %10llu cases\n", targets[t].name, (unsigned long long)targets[t].cases);
        total += targets[t].cases;
    }
    printf("seed %llu: %llu cases, %d failed checks\n", (unsigned long long)base_seed,
           (unsigned long long)total, fuzz_failures);
    if (fuzz_failures == 0) {
        printf("all C fuzz contracts held\n");
    }
    return fuzz_failures != 0;
}
