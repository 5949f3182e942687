/* The persistent worker pool of api/pool.h.
 *
 * One call at a time owns the pool (run_lock; a caller that finds it held runs serially).
 * The call publishes its job, then one 64-bit word, `state`, announces it: a generation
 * number, how many threads may work on it and the part count. The parts are dealt out in
 * contiguous runs, one run per thread (the caller is thread 0, workers 1 .. threads - 1):
 * thread t owns parts [t * parts / threads, (t + 1) * parts / threads), so from one call
 * to the next the same thread works on the same memory and finds it in its own cache.
 * Each run has its own word, `runs[t]` (generation, next unclaimed part, end of the run),
 * on its own cache line. A thread claims its run's parts from the front, by
 * compare-and-swap on that word; when its run is empty it steals the other runs' parts
 * from the back. So a part is claimed once, the load still balances when a thread was
 * slow to start or lost its core (the others take its parts), and a worker that woke late
 * for an older generation finds the generation changed and claims nothing of a newer job.
 * `remaining` counts the parts not yet finished (each thread subtracts the parts it ran
 * once it finds nothing left to claim); the caller returns when it reaches 0.
 *
 * Waiting: a worker spins (with the CPU's pause hint) up to SPIN_NS for the next
 * generation, then sleeps on its own condition variable (at once after a generation it
 * was not needed for: an idle worker stays parked, and a call wakes only the workers it
 * may use); the caller likewise spins, then sleeps on done_cond. After a long wait for a
 * worker nobody spins for a while (CONTENDED_NS). Each side's "I am
 * asleep" flag and the other side's announcement are sequentially consistent atomics (a
 * store then a load on each side), so no wake-up is lost. A forked child (pthread_atfork)
 * forgets the parent's threads and starts anew.
 *
 * Platforms: POSIX threads (Linux, macOS, the BSDs; glibc and musl) and Win32 threads
 * (Windows Vista and later: slim reader/writer locks, condition variables, CreateThread).
 * Both sit behind the small layer below (lock, condition variable, thread start, clock,
 * atomics); the pool above it is one code. Atomics are the __atomic builtins where the
 * compiler has them (GCC, Clang, MinGW) and the Interlocked functions with MSVC. Any other
 * platform, or a build with HE_POOL_SERIAL, runs every call serially on the calling
 * thread. */

#define _POSIX_C_SOURCE 200809L

#include "holdem_eval.h"

#if defined(_WIN32) && !defined(HE_POOL_SERIAL)
#define HE_POOL_THREADS 1
#define HE_POOL_WIN32 1
#elif (defined(__unix__) || defined(__APPLE__)) && defined(__GNUC__) && !defined(HE_POOL_SERIAL)
#define HE_POOL_THREADS 1
#define HE_POOL_WIN32 0
#else
#define HE_POOL_THREADS 0
#endif

#if HE_POOL_THREADS

#include <stdint.h>

/* ---- the platform layer -------------------------------------------------------------- */

#if HE_POOL_WIN32

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

typedef SRWLOCK lock_t;
typedef CONDITION_VARIABLE cond_t;
#define LOCK_INITIALIZER SRWLOCK_INIT
#define COND_INITIALIZER CONDITION_VARIABLE_INIT
#define CPU_RELAX() YieldProcessor()

static void lock_acquire(lock_t *m) { AcquireSRWLockExclusive(m); }
static int lock_try(lock_t *m) { return TryAcquireSRWLockExclusive(m) != 0; } /* not recursive */
static void lock_release(lock_t *m) { ReleaseSRWLockExclusive(m); }
static int cond_init(cond_t *c)
{
    InitializeConditionVariable(c);
    return 0;
}
static void cond_wait(cond_t *c, lock_t *m) { SleepConditionVariableSRW(c, m, INFINITE, 0); }
static void cond_signal(cond_t *c) { WakeConditionVariable(c); }

static uint64_t now_ns(void)
{
    LARGE_INTEGER t, f;
    QueryPerformanceCounter(&t);
    QueryPerformanceFrequency(&f); /* fixed at boot; reading it is cheap */
    uint64_t ticks = (uint64_t)t.QuadPart, hz = (uint64_t)f.QuadPart;
    return ticks / hz * 1000000000u + ticks % hz * 1000000000u / hz;
}

static void worker_main(size_t index);

static DWORD WINAPI worker_entry(LPVOID arg)
{
    worker_main((size_t)(uintptr_t)arg);
    return 0;
}

/* Starts worker `index` (detached: its handle is closed at once); 0 on success. */
static int thread_start(size_t index)
{
    HANDLE h = CreateThread(NULL, 0, worker_entry, (LPVOID)(uintptr_t)index, 0, NULL);
    if (h == NULL) {
        return -1;
    }
    CloseHandle(h);
    return 0;
}

/* Around starting workers: nothing on Windows (no fork, no POSIX signal masks). */
typedef int start_guard_t;
static void starting_begin(start_guard_t *g) { *g = 0; }
static void starting_end(const start_guard_t *g) { (void)g; }

#else /* POSIX threads */

#include <pthread.h>
#include <signal.h>
#include <time.h>

typedef pthread_mutex_t lock_t;
typedef pthread_cond_t cond_t;
#define LOCK_INITIALIZER PTHREAD_MUTEX_INITIALIZER
#define COND_INITIALIZER PTHREAD_COND_INITIALIZER
#if defined(__x86_64__) || defined(__i386__)
#define CPU_RELAX() __builtin_ia32_pause()
#elif defined(__aarch64__) || defined(__arm__)
#define CPU_RELAX() __asm__ __volatile__("yield")
#else
#define CPU_RELAX() ((void)0)
#endif

static void lock_acquire(lock_t *m) { pthread_mutex_lock(m); }
static int lock_try(lock_t *m) { return pthread_mutex_trylock(m) == 0; }
static void lock_release(lock_t *m) { pthread_mutex_unlock(m); }
static int cond_init(cond_t *c) { return pthread_cond_init(c, NULL); }
static void cond_wait(cond_t *c, lock_t *m) { pthread_cond_wait(c, m); }
static void cond_signal(cond_t *c) { pthread_cond_signal(c); }

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void worker_main(size_t index);

static void *worker_entry(void *arg)
{
    worker_main((size_t)(uintptr_t)arg);
    return NULL;
}

/* Starts worker `index` (detached); 0 on success. */
static int thread_start(size_t index)
{
    pthread_attr_t attr;
    int attr_ok = pthread_attr_init(&attr) == 0;
    if (attr_ok) {
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    }
    pthread_t t;
    int rc = pthread_create(&t, attr_ok ? &attr : NULL, worker_entry, (void *)(uintptr_t)index);
    if (rc == 0 && !attr_ok) {
        pthread_detach(t);
    }
    if (attr_ok) {
        pthread_attr_destroy(&attr);
    }
    return rc == 0 ? 0 : -1;
}

static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
static void register_fork_handler(void);

/* Around starting workers: the fork handler is registered, and the new threads block
 * every signal (signals go to the threads of the embedding program). */
typedef sigset_t start_guard_t;
static void starting_begin(start_guard_t *old)
{
    pthread_once(&fork_once, register_fork_handler);
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, old);
}
static void starting_end(const start_guard_t *old) { pthread_sigmask(SIG_SETMASK, old, NULL); }

#endif

/* Atomics on uint64_t words (every word the pool's threads share is one), in C11's
 * orders: AT_LOAD(p, ACQUIRE), AT_STORE(p, v, SEQ_CST), AT_CAS(p, &expected, desired)
 * (weak, acquire-release), AT_SUB(p, n) (sequentially consistent; returns the new value).
 * Without the builtins (MSVC): the Interlocked functions, full barriers, so at least as
 * strong as asked; a load on x64 is a volatile load (x64 loads are acquire loads, and
 * sequentially consistent next to the stores, which are locked exchanges). Defining
 * HE_POOL_INTERLOCKED selects that branch with MinGW too, to test it. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(HE_POOL_INTERLOCKED)
#define AT_LOAD(p, order) __atomic_load_n((p), __ATOMIC_##order)
#define AT_STORE(p, v, order) __atomic_store_n((p), (v), __ATOMIC_##order)
#define AT_CAS(p, expected, desired)                                                         \
    __atomic_compare_exchange_n((p), (expected), (desired), 1, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)
#define AT_SUB(p, n) __atomic_sub_fetch((p), (n), __ATOMIC_SEQ_CST)
#elif HE_POOL_WIN32
#if defined(_MSC_VER)
#include <intrin.h>
#endif
static uint64_t at_load(uint64_t *p)
{
#if defined(_M_X64) || defined(__x86_64__)
    uint64_t v = *(volatile uint64_t *)p;
    _ReadWriteBarrier(); /* the compiler moves no later access above the load */
    return v;
#else
    return (uint64_t)InterlockedCompareExchange64((volatile LONG64 *)p, 0, 0);
#endif
}
static void at_store(uint64_t *p, uint64_t v)
{
    InterlockedExchange64((volatile LONG64 *)p, (LONG64)v);
}
static int at_cas(uint64_t *p, uint64_t *expected, uint64_t desired)
{
    uint64_t seen = (uint64_t)InterlockedCompareExchange64((volatile LONG64 *)p, (LONG64)desired,
                                                           (LONG64)*expected);
    if (seen == *expected) {
        return 1;
    }
    *expected = seen;
    return 0;
}
static uint64_t at_sub(uint64_t *p, uint64_t n)
{
    return (uint64_t)InterlockedExchangeAdd64((volatile LONG64 *)p, -(LONG64)n) - n;
}
#define AT_LOAD(p, order) at_load(p)
#define AT_STORE(p, v, order) at_store((p), (v))
#define AT_CAS(p, expected, desired) at_cas((p), (expected), (desired))
#define AT_SUB(p, n) at_sub((p), (n))
#else
#error "csrc/pool.c: no atomics for this compiler; build with -DHE_POOL_SERIAL"
#endif

#if defined(_MSC_VER)
#define CACHE_ALIGNED __declspec(align(64))
#else
#define CACHE_ALIGNED __attribute__((aligned(64)))
#endif

/* ---- the pool ------------------------------------------------------------------------ */

/* How long a waiting thread spins before it sleeps: longer than the Python code between
 * two steps of a batch (tens of microseconds), so back-to-back calls hand over without a
 * wake-up, short enough that an idle pool soon burns no CPU. */
#define SPIN_NS 100000
#define SPIN_CHECK 32 /* pause hints between two looks at the clock */

/* A caller that waited longer than CONTENDED_NS for pool threads that were all awake
 * saw one lose its core (a scheduler time slice is milliseconds; a part is not). Once
 * is a hiccup (on a virtual machine a core is taken away now and then for a millisecond,
 * every few hundred milliseconds); a second time within CONTENDED_WITHIN calls means
 * another process wants that core. A call that had to wake a worker does not count:
 * waking a thread from its sleep can take that long on a virtual machine's idle core,
 * and counting it would keep the pool passive (asleep, so woken again) for good. After
 * a contended call, for the next PASSIVE_CALLS calls nobody spins, so the pool's threads
 * leave the shared core to its owner and, having slept, are run at once when woken
 * (measured on a busy 2-core machine: 10-20% less time lost than spinning). Passive
 * calls cost two wake-ups each, tens of microseconds on a virtual machine, which is why
 * one hiccup does not make the pool passive. */
#define CONTENDED_NS 500000
#define CONTENDED_WITHIN 1024
#define PASSIVE_CALLS 256

/* state: generation << GEN_SHIFT | threads << THREADS_SHIFT | parts << PARTS_SHIFT
 * (threads and parts are at most HE_POOL_MAX_PARTS = 256: 9 bits each; 37 bits of
 * generation: a wrap would need 2**37 calls while one worker stalls).
 * runs[t]: generation << GEN_SHIFT | end << END_SHIFT | next: thread t's unclaimed parts
 * are [next, end) while the generation is the current one. */
#define PARTS_SHIFT 9
#define THREADS_SHIFT 18
#define GEN_SHIFT 27
#define END_SHIFT 9
#define FIELD_MASK ((UINT64_C(1) << PARTS_SHIFT) - 1)
#define CACHE_LINE 64

typedef struct {
    he_pool_task task;
    void *ctx;
} job_t;

static lock_t run_lock = LOCK_INITIALIZER; /* held by the call in progress */
static lock_t mu = LOCK_INITIALIZER;       /* guards the two sleeps */
static cond_t done_cond = COND_INITIALIZER; /* remaining reached 0 */

/* atomics (AT_*), written under run_lock by the caller except as noted */
static uint64_t state;
static CACHE_ALIGNED struct {
    uint64_t word;
    char pad[CACHE_LINE - sizeof(uint64_t)];
} runs[HE_POOL_MAX_PARTS];
static uint64_t current;          /* the job of the current generation (a job_t *) */
static uint64_t remaining;        /* parts not finished (workers decrement it) */
static uint64_t threads;          /* workers started */
static uint64_t start_gen[HE_POOL_MAX_PARTS]; /* worker w: the generation current at its start */
static cond_t wake[HE_POOL_MAX_PARTS];        /* worker w sleeps on wake[w] */
static uint64_t asleep[HE_POOL_MAX_PARTS];    /* worker w is asleep (changed under mu) */
static uint64_t caller_sleeping;  /* the caller is asleep on done_cond (under mu) */
static uint64_t passive;          /* calls left in which nobody spins (CONTENDED_NS) */
static uint64_t calls, last_long; /* calls so far; the last that waited long (0: none) */

static uint64_t load_state(void) { return AT_LOAD(&state, ACQUIRE); }

/* Claims one part of run `t` in generation `gen`: its first unclaimed part (front) or
 * its last (a thief: !front); -1 when the run is empty or the generation has moved on. */
static long claim(size_t t, uint64_t gen, int front)
{
    uint64_t w = AT_LOAD(&runs[t].word, ACQUIRE);
    for (;;) {
        uint64_t next = w & FIELD_MASK, end = (w >> END_SHIFT) & FIELD_MASK;
        if (w >> GEN_SHIFT != gen || next >= end) {
            return -1;
        }
        uint64_t taken = front ? w + 1 : w - (UINT64_C(1) << END_SHIFT);
        if (AT_CAS(&runs[t].word, &w, taken)) {
            return (long)(front ? next : end - 1);
        }
    }
}

/* Thread `self` of generation `gen` (on `count` threads) runs the parts of its own run,
 * then steals the others' until no part is left unclaimed, then counts them finished. */
static void work(uint64_t gen, size_t self, size_t count)
{
    size_t ran = 0;
    for (size_t k = 0; k < count; k++) {
        size_t t = (self + k) % count;
        long part;
        while ((part = claim(t, gen, k == 0)) >= 0) {
            /* the part is ours and unfinished, so the job of `gen` is still the current one */
            job_t *job = (job_t *)(uintptr_t)AT_LOAD(&current, ACQUIRE);
            job->task(job->ctx, (size_t)part);
            ran++;
        }
    }
    if (ran > 0 && AT_SUB(&remaining, (uint64_t)ran) == 0 && AT_LOAD(&caller_sleeping, SEQ_CST)) {
        lock_acquire(&mu);
        cond_signal(&done_cond);
        lock_release(&mu);
    }
}

/* Worker `index` waits until the generation differs from `seen` (spinning first when
 * `spin`, then asleep); the state word of the new one. */
static uint64_t next_generation(size_t index, uint64_t seen, int spin)
{
    uint64_t start = now_ns();
    for (unsigned i = 1; spin; i++) {
        uint64_t s = load_state();
        if (s >> GEN_SHIFT != seen) {
            return s;
        }
        CPU_RELAX();
        if (i % SPIN_CHECK == 0 && now_ns() - start > SPIN_NS) {
            break;
        }
    }
    lock_acquire(&mu);
    AT_STORE(&asleep[index], 1, SEQ_CST);
    uint64_t s;
    while ((s = AT_LOAD(&state, SEQ_CST)) >> GEN_SHIFT == seen) {
        cond_wait(&wake[index], &mu);
    }
    AT_STORE(&asleep[index], 0, SEQ_CST);
    lock_release(&mu);
    return s;
}

static void worker_main(size_t index) /* 1 .. HE_POOL_MAX_PARTS - 1 */
{
    uint64_t gen = start_gen[index];
    int spin = 1;
    for (;;) {
        spin = spin && !AT_LOAD(&passive, RELAXED);
        uint64_t s = next_generation(index, gen, spin);
        gen = s >> GEN_SHIFT;
        size_t count = (size_t)((s >> THREADS_SHIFT) & FIELD_MASK);
        spin = index < count; /* needed: work, then spin */
        if (spin) {
            work(gen, index, count);
        }
    }
}

#if !HE_POOL_WIN32
/* In a forked child only the forking thread exists: forget the parent's workers, and
 * re-create the locks (a parent thread may have held one at the fork). */
static void after_fork_in_child(void)
{
    pthread_mutex_init(&run_lock, NULL);
    pthread_mutex_init(&mu, NULL);
    pthread_cond_init(&done_cond, NULL);
    AT_STORE(&state, 0, SEQ_CST);
    AT_STORE(&current, 0, SEQ_CST);
    for (size_t t = 0; t < HE_POOL_MAX_PARTS; t++) {
        AT_STORE(&runs[t].word, 0, SEQ_CST);
    }
    AT_STORE(&remaining, 0, SEQ_CST);
    AT_STORE(&threads, 0, SEQ_CST);
    for (size_t w = 0; w < HE_POOL_MAX_PARTS; w++) {
        AT_STORE(&asleep[w], 0, SEQ_CST); /* wake[w]: made anew with w */
    }
    AT_STORE(&caller_sleeping, 0, SEQ_CST);
    AT_STORE(&passive, 0, SEQ_CST);
    calls = last_long = 0;
}

static void register_fork_handler(void) { pthread_atfork(NULL, NULL, after_fork_in_child); }
#endif

/* Starts workers until there are `want` (fewer if the system refuses a thread). */
static void start_workers(size_t want, uint64_t gen)
{
    size_t have = (size_t)AT_LOAD(&threads, RELAXED);
    if (have >= want) {
        return;
    }
    start_guard_t guard;
    starting_begin(&guard);
    for (; have < want; have++) {
        start_gen[have + 1] = gen;
        if (cond_init(&wake[have + 1]) != 0 || thread_start(have + 1) != 0) {
            break;
        }
    }
    starting_end(&guard);
    AT_STORE(&threads, (uint64_t)have, RELAXED);
}

/* Waits (spinning, then asleep) until every part of the current job has finished. */
static void wait_done(void)
{
    uint64_t start = now_ns();
    for (unsigned i = 1; !AT_LOAD(&passive, RELAXED); i++) {
        if (AT_LOAD(&remaining, ACQUIRE) == 0) {
            return;
        }
        CPU_RELAX();
        if (i % SPIN_CHECK == 0 && now_ns() - start > SPIN_NS) {
            break;
        }
    }
    lock_acquire(&mu);
    AT_STORE(&caller_sleeping, 1, SEQ_CST);
    while (AT_LOAD(&remaining, SEQ_CST) != 0) {
        cond_wait(&done_cond, &mu);
    }
    AT_STORE(&caller_sleeping, 0, SEQ_CST);
    lock_release(&mu);
}

static size_t clamp(size_t n) { return n > HE_POOL_MAX_PARTS ? HE_POOL_MAX_PARTS : n; }

void he_pool_run(he_pool_task task, void *ctx, size_t parts, size_t threads_wanted)
{
    parts = clamp(parts);
    threads_wanted = clamp(threads_wanted < parts ? threads_wanted : parts);
    if (threads_wanted <= 1 || !lock_try(&run_lock)) {
        for (size_t p = 0; p < parts; p++) {
            task(ctx, p);
        }
        return;
    }
    uint64_t gen = (load_state() >> GEN_SHIFT) + 1;
    start_workers(threads_wanted - 1, gen - 1);
    job_t job = {task, ctx};
    AT_STORE(&remaining, (uint64_t)parts, RELAXED);
    AT_STORE(&current, (uint64_t)(uintptr_t)&job, RELAXED);
    for (size_t t = 0; t < threads_wanted; t++) { /* thread t's run of parts */
        uint64_t lo = (uint64_t)(parts * t / threads_wanted);
        uint64_t hi = (uint64_t)(parts * (t + 1) / threads_wanted);
        AT_STORE(&runs[t].word, gen << GEN_SHIFT | hi << END_SHIFT | lo, RELAXED);
    }
    AT_STORE(&state,
             gen << GEN_SHIFT | (uint64_t)threads_wanted << THREADS_SHIFT | (uint64_t)parts << PARTS_SHIFT,
             SEQ_CST);
    int locked = 0; /* wake the workers this call may use that sleep; parked ones rest */
    for (size_t w = 1; w < threads_wanted; w++) {
        if (AT_LOAD(&asleep[w], SEQ_CST)) {
            if (!locked) {
                lock_acquire(&mu);
                locked = 1;
            }
            cond_signal(&wake[w]);
        }
    }
    if (locked) {
        lock_release(&mu);
    }
    work(gen, 0, threads_wanted);
    uint64_t waited = now_ns();
    wait_done();
    uint64_t left = AT_LOAD(&passive, RELAXED);
    calls++;
    if (!locked && now_ns() - waited > CONTENDED_NS) { /* (a woken worker: its wake-up) */
        if (last_long != 0 && calls - last_long <= CONTENDED_WITHIN) {
            left = PASSIVE_CALLS;
        }
        last_long = calls;
    } else if (left > 0) {
        left--;
    }
    AT_STORE(&passive, left, RELAXED);
    lock_release(&run_lock);
}

size_t he_pool_threads(void) { return (size_t)AT_LOAD(&threads, RELAXED); }

#else /* no threads (HE_POOL_SERIAL, or an unknown platform): every call runs here */

void he_pool_run(he_pool_task task, void *ctx, size_t parts, size_t threads_wanted)
{
    (void)threads_wanted;
    if (parts > HE_POOL_MAX_PARTS) {
        parts = HE_POOL_MAX_PARTS;
    }
    for (size_t p = 0; p < parts; p++) {
        task(ctx, p);
    }
}

size_t he_pool_threads(void) { return 0; }

#endif
