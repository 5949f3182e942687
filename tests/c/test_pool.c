/* C-only checks of the worker pool (csrc/pool.c) and the batch calls split into parts over
 * it (api/hand_batch.h, he_batch_range), run by tests/test_c_core.py under ASan/UBSan and under TSan: every part
 * of every call runs exactly once, for 1..256 parts, back to back and after the workers
 * fell asleep; four threads calling at once; a call from inside a task; a forked child
 * (its own pool; a hang there is killed by alarm(); POSIX only, and not with
 * HE_TEST_NO_FORK: QEMU's user mode aborts in such a child); and batches started,
 * stepped, observed, sampled and checked in many parts equal the same in one part, with the
 * smallest bad hand reported. Builds on POSIX and on Windows (tests/test_c_core.py
 * cross-compiles it with MinGW and runs it under Wine where Wine is installed). */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#endif

#include "hand_state.h"
#include "check.h"
#include "hand_config.h"

/* ---- the test's own platform layer: an atomic add, a nap, caller threads -------------- */

static void add_relaxed(size_t *p, size_t n)
{
#if defined(__GNUC__) || defined(__clang__)
    __atomic_add_fetch(p, n, __ATOMIC_RELAXED);
#elif defined(_WIN64)
    InterlockedExchangeAdd64((volatile LONG64 *)p, (LONG64)n);
#elif defined(_WIN32)
    InterlockedExchangeAdd((volatile LONG *)p, (LONG)n);
#else
#error "tests/c/test_pool.c: no atomic add for this compiler"
#endif
}

static void nap_2ms(void)
{
#ifdef _WIN32
    Sleep(2);
#else
    struct timespec nap = {0, 2000000};
    nanosleep(&nap, NULL);
#endif
}

static int caller_calls(size_t step);

#ifdef _WIN32
typedef HANDLE test_thread;
static DWORD WINAPI caller_entry(LPVOID arg) { return (DWORD)caller_calls((size_t)(uintptr_t)arg); }
static int thread_run(test_thread *t, size_t arg)
{
    *t = CreateThread(NULL, 0, caller_entry, (LPVOID)(uintptr_t)arg, 0, NULL);
    return *t != NULL ? 0 : -1;
}
static int thread_join(test_thread t) /* the thread's result: 0 when its checks held */
{
    DWORD rc = 1;
    WaitForSingleObject(t, INFINITE);
    GetExitCodeThread(t, &rc);
    CloseHandle(t);
    return (int)rc;
}
#else
typedef pthread_t test_thread;
static void *caller_entry(void *arg) { return (void *)(uintptr_t)caller_calls((size_t)(uintptr_t)arg); }
static int thread_run(test_thread *t, size_t arg)
{
    return pthread_create(t, NULL, caller_entry, (void *)(uintptr_t)arg);
}
static int thread_join(test_thread t)
{
    void *result = (void *)1;
    pthread_join(t, &result);
    return result != NULL;
}
#endif

/* ---- the pool alone ------------------------------------------------------------------ */

typedef struct {
    size_t runs[HE_POOL_MAX_PARTS]; /* part p: how many times it ran */
    size_t total;                   /* parts run, all calls (atomic) */
} tally;

static void count_part(void *ctx, size_t part)
{
    tally *t = (tally *)ctx;
    t->runs[part]++;
    add_relaxed(&t->total, 1);
}

/* `calls` calls of 1 + (c * step) % max_parts parts each, on 1 + c % max_threads threads;
 * every part once per call. */
static int run_calls(size_t calls, size_t max_parts, size_t max_threads, size_t step,
                     int nap_every)
{
    int bad = 0;
    for (size_t c = 0; c < calls; c++) {
        tally t;
        memset(&t, 0, sizeof t);
        size_t parts = 1 + (c * step) % max_parts, threads = 1 + c % max_threads;
        he_pool_run(count_part, &t, parts, threads);
        for (size_t p = 0; p < HE_POOL_MAX_PARTS; p++) {
            bad |= t.runs[p] != (p < parts);
        }
        bad |= t.total != parts;
        if (nap_every > 0 && c % (size_t)nap_every == 0) {
            nap_2ms(); /* past the workers' spin: they sleep */
        }
    }
    return bad;
}

static int caller_calls(size_t step) { return run_calls(400, 8, 3, step, 97); }

static void nested_part(void *ctx, size_t part)
{
    (void)part;
    tally inner;
    memset(&inner, 0, sizeof inner);
    he_pool_run(count_part, &inner, 3, 3); /* the pool is busy: runs here, one by one */
    add_relaxed((size_t *)ctx, inner.total);
}

static void check_pool(void)
{
    tally t;
    memset(&t, 0, sizeof t);
    he_pool_run(count_part, &t, 0, 4);
    CHECK(t.total == 0);
    CHECK(run_calls(2000, 4, 4, 1, 0) == 0);  /* back to back, few parts */
    CHECK(run_calls(2000, 16, 2, 1, 0) == 0); /* more parts than threads */
    CHECK(run_calls(300, HE_POOL_MAX_PARTS, HE_POOL_MAX_PARTS, 37, 0) == 0); /* up to 256 */
    CHECK(run_calls(300, HE_POOL_MAX_PARTS, 3, 37, 0) == 0); /* most workers parked */
    CHECK(run_calls(60, 3, 3, 1, 1) == 0); /* each call wakes sleeping workers */
    CHECK(he_pool_threads() >= 1 && he_pool_threads() <= HE_POOL_MAX_PARTS - 1);

    test_thread callers[4];
    for (size_t i = 0; i < 4; i++) {
        CHECK(thread_run(&callers[i], i + 1) == 0);
    }
    for (size_t i = 0; i < 4; i++) {
        CHECK(thread_join(callers[i]) == 0);
    }

    size_t nested = 0;
    he_pool_run(nested_part, &nested, 5, 5);
    CHECK(nested == 15);
}

#if !defined(_WIN32) && !defined(HE_TEST_NO_FORK)
/* A child forked while the pool's threads run (spinning) has none of them: its calls
 * must start a pool of its own, not wait for the parent's. */
static void check_fork(void)
{
    CHECK(run_calls(50, 4, 4, 1, 0) == 0);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(60); /* a child that waits on threads it does not have dies of SIGALRM */
        int ok = he_pool_threads() == 0 && run_calls(500, 6, 3, 1, 101) == 0
                 && he_pool_threads() >= 1;
        _exit(ok ? 0 : 1);
    }
    CHECK(pid > 0);
    int status = 0;
    CHECK(waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    CHECK(run_calls(50, 4, 4, 1, 0) == 0); /* the parent's pool still works */
}
#endif

/* ---- batches stepped in parts ---------------------------------------------------------- */

#define COUNT 700
#define SEATS 6
#define K 5
#define D (HE_OBS_SEATS + (HE_OBS_SEAT_BLOCKS + HE_BATCH_STREETS) * SEATS)

typedef struct {
    he_hand hands[COUNT];
    uint8_t history[COUNT * HE_BATCH_STREETS * SEATS];
    uint64_t seeds[COUNT];
    uint8_t mask[COUNT * K], acted[COUNT], done[COUNT];
    int64_t lo[COUNT], hi[COUNT], actor[COUNT], rewards[COUNT * SEATS];
    uint8_t illegal[COUNT];
    float obs[COUNT * D], seen[COUNT * D];
} batch;

static batch one, many;
static int64_t stacks[COUNT * SEATS], buttons[COUNT];
static int32_t kinds[COUNT];

static he_hand_config game(void)
{
    return test_config(HE_NO_LIMIT, 2, 2, 0);
}

static size_t threads_for(size_t parts) { return parts < 3 ? parts : 3; }

/* All hands in `parts` parts (threads_for them), and b's arrays as the batch's structs. */
static he_batch_range in_parts(size_t parts)
{
    he_batch_range r = {0, COUNT, parts, threads_for(parts)};
    return r;
}
static he_batch_hands hands_of(batch *b)
{
    he_batch_hands h = {b->hands, b->history, b->seeds};
    return h;
}
static he_batch_views views_of(batch *b, float *obs)
{
    he_batch_views v = {b->mask, b->lo, b->hi, b->actor, obs};
    return v;
}

static int start(const he_batch_spec *spec, batch *b, size_t parts, size_t *bad)
{
    for (size_t i = 0; i < COUNT; i++) {
        b->seeds[i] = he_batch_next_seed(1000 + i);
    }
    he_batch_range r = in_parts(parts);
    he_batch_hands h = hands_of(b);
    he_batch_views v = views_of(b, b->obs);
    int st = he_batch_start(spec, &h, stacks, buttons, &r, bad);
    he_batch_view(spec, &h, &v, &r);
    return st;
}

/* One step (strict or not) of every hand of b in `parts` parts; *bad as the call left it. */
static int step_strict(const he_batch_spec *spec, batch *b, size_t parts, int strict,
                       size_t *bad)
{
    he_batch_range r = in_parts(parts);
    he_batch_hands h = hands_of(b);
    he_batch_views v = views_of(b, b->obs);
    he_batch_actions a = {kinds, NULL};
    he_batch_results res = {b->illegal, b->acted, b->done, b->rewards};
    return he_batch_step(spec, &h, &a, &res, &v, strict, &r, bad);
}

static int step(const he_batch_spec *spec, batch *b, size_t parts)
{
    size_t bad = 0;
    int st = step_strict(spec, b, parts, (int)(parts % 2), &bad); /* legal kinds: the same */
    he_batch_range r = in_parts(parts);
    he_batch_hands h = hands_of(b);
    he_batch_views v = views_of(b, b->seen);
    int seen = he_batch_observe(spec, &h, &v, &r);
    return st == HE_OK && seen == HE_OK ? HE_OK : HE_E_ARGUMENT;
}

static void check_batch(size_t parts)
{
    he_hand_config cfg = game();
    he_batch_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.config = &cfg;
    spec.seats = SEATS;
    spec.n_fractions = 2;
    spec.fractions[0] = 0.5;
    spec.fractions[1] = 1.0;
    spec.chip_unit = 2.0;
    spec.auto_reset = 1;
    for (size_t i = 0; i < COUNT; i++) {
        buttons[i] = (int64_t)(i % SEATS);
        for (size_t s = 0; s < SEATS; s++) {
            stacks[i * SEATS + s] = 50 + (int64_t)((i * 7 + s * 13) % 150);
        }
    }
    size_t bad = 0;
    const he_batch_range serial_range = {0, COUNT, 1, 1};
    memset(&one, 0, sizeof one);
    memset(&many, 0, sizeof many);
    CHECK(start(&spec, &one, 1, &bad) == HE_OK);
    CHECK(start(&spec, &many, parts, &bad) == HE_OK);
    for (size_t s = 0; s < 40; s++) {
        CHECK(he_batch_sample(one.mask, K, 77 + s, kinds, &serial_range) == HE_OK);
        CHECK(step(&spec, &one, 1) == HE_OK);
        CHECK(step(&spec, &many, parts) == HE_OK);
    }
    CHECK(memcmp(&one, &many, sizeof one) == 0);

    /* sampling in parts: as in one call */
    he_batch_range r = in_parts(parts);
    int32_t serial[COUNT];
    CHECK(he_batch_sample(many.mask, K, 5, serial, &serial_range) == HE_OK);
    CHECK(he_batch_sample(many.mask, K, 5, kinds, &r) == HE_OK);
    CHECK(memcmp(serial, kinds, sizeof serial) == 0);

    /* a strict step with illegal kinds: the smallest illegal hand, and no hand stepped;
     * without strict, those hands are marked illegal and the others step */
    kinds[COUNT / 2] = K; /* never legal */
    kinds[COUNT - 1] = K;
    memcpy(&one, &many, sizeof one);
    CHECK(step_strict(&spec, &many, parts, 1, &bad) == HE_E_BATCH_ILLEGAL && bad == COUNT / 2);
    CHECK(memcmp(&one, &many, sizeof one) == 0);
    CHECK(step_strict(&spec, &many, parts, 0, &bad) == HE_OK);
    for (size_t i = 0; i < COUNT; i++) {
        int refused = i == COUNT / 2 || i == COUNT - 1;
        CHECK(many.illegal[i] == (refused && one.actor[i] >= 0));
        CHECK(!refused || memcmp(&one.hands[i], &many.hands[i], sizeof one.hands[i]) == 0);
    }
    CHECK(he_batch_sample(NULL, K, 5, kinds, &r) == HE_E_ARGUMENT);
    CHECK(he_batch_sample(many.mask, K, 5, NULL, &r) == HE_E_ARGUMENT);
    he_batch_range no_threads = r;
    no_threads.threads = 0;
    CHECK(he_batch_sample(many.mask, K, 5, kinds, &no_threads) == HE_E_ARGUMENT);

    /* two bad buttons: the smallest is reported, whatever part it falls in */
    buttons[COUNT / 3] = SEATS;
    buttons[COUNT - 2] = -1;
    CHECK(start(&spec, &many, parts, &bad) == HE_E_HAND_BUTTON && bad == COUNT / 3);
    buttons[COUNT / 3] = 0;
    CHECK(start(&spec, &many, parts, &bad) == HE_E_HAND_BUTTON && bad == COUNT - 2);
    buttons[COUNT - 2] = 0;

    /* refusals */
    he_batch_hands h = hands_of(&many);
    he_batch_views v = views_of(&many, NULL), no_mask = v;
    no_mask.mask = NULL;
    he_batch_actions a = {kinds, NULL};
    he_batch_results res = {many.illegal, many.acted, many.done, many.rewards};
    size_t bad_parts[][2] = {{0, 1}, {HE_POOL_MAX_PARTS + 1, 1}, {parts, 0},
                             {parts, HE_POOL_MAX_PARTS + 1}};
    for (size_t k = 0; k < 4; k++) {
        he_batch_range wrong = {0, COUNT, bad_parts[k][0], bad_parts[k][1]};
        CHECK(he_batch_start(&spec, &h, stacks, buttons, &wrong, &bad) == HE_E_ARGUMENT);
    }
    r.threads = 2;
    CHECK(he_batch_start(&spec, &h, stacks, buttons, &r, NULL) == HE_E_ARGUMENT);
    CHECK(he_batch_start(&spec, &h, stacks, buttons, NULL, &bad) == HE_E_ARGUMENT);
    CHECK(he_batch_view(&spec, &h, &no_mask, &r) == HE_E_ARGUMENT);
    CHECK(he_batch_observe(NULL, &h, &v, &r) == HE_E_ARGUMENT);
    CHECK(he_batch_step(&spec, &h, &a, &res, &v, 1, &r, NULL) == HE_E_ARGUMENT);
}

int main(void)
{
    check_pool();
#if !defined(_WIN32) && !defined(HE_TEST_NO_FORK)
    check_fork();
#endif
    size_t parts[] = {2, 3, 7, 64, HE_POOL_MAX_PARTS};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        check_batch(parts[i]);
    }
    check_pool(); /* after the batches: the same pool, still sound */
    return check_report("pool");
}
