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
 * forgets the parent's threads and starts anew. */

#define _POSIX_C_SOURCE 200809L

#include "holdem_eval.h"

#if (defined(__unix__) || defined(__APPLE__)) && defined(__GNUC__) && !defined(HE_POOL_SERIAL)
#define HE_POOL_THREADS 1
#else
#define HE_POOL_THREADS 0
#endif

#if HE_POOL_THREADS

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#define CPU_RELAX() __builtin_ia32_pause()
#elif defined(__aarch64__) || defined(__arm__)
#define CPU_RELAX() __asm__ __volatile__("yield")
#else
#define CPU_RELAX() ((void)0)
#endif

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

static pthread_mutex_t run_lock = PTHREAD_MUTEX_INITIALIZER; /* held by the call in progress */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;       /* guards the two sleeps */
static pthread_cond_t done_cond = PTHREAD_COND_INITIALIZER;  /* remaining reached 0 */
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

/* atomics (__atomic builtins), written under run_lock by the caller except as noted */
static uint64_t state;
static struct {
    uint64_t word;
    char pad[CACHE_LINE - sizeof(uint64_t)];
} runs[HE_POOL_MAX_PARTS] __attribute__((aligned(CACHE_LINE)));
static job_t *current;            /* the job of the current generation */
static size_t remaining;          /* parts not finished (workers decrement it) */
static size_t threads;            /* workers started */
static uint64_t start_gen[HE_POOL_MAX_PARTS]; /* worker w: the generation current at its start */
static pthread_cond_t wake[HE_POOL_MAX_PARTS]; /* worker w sleeps on wake[w] */
static unsigned char asleep[HE_POOL_MAX_PARTS]; /* worker w is asleep (changed under mu) */
static unsigned caller_sleeping;  /* the caller is asleep on done_cond (under mu) */
static unsigned passive;          /* calls left in which nobody spins (CONTENDED_NS) */
static uint64_t calls, last_long; /* calls so far; the last that waited long (0: none) */

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static uint64_t load_state(void) { return __atomic_load_n(&state, __ATOMIC_ACQUIRE); }

/* Claims one part of run `t` in generation `gen`: its first unclaimed part (front) or
 * its last (a thief: !front); -1 when the run is empty or the generation has moved on. */
static long claim(size_t t, uint64_t gen, int front)
{
    uint64_t w = __atomic_load_n(&runs[t].word, __ATOMIC_ACQUIRE);
    for (;;) {
        uint64_t next = w & FIELD_MASK, end = (w >> END_SHIFT) & FIELD_MASK;
        if (w >> GEN_SHIFT != gen || next >= end) {
            return -1;
        }
        uint64_t taken = front ? w + 1 : w - (UINT64_C(1) << END_SHIFT);
        if (__atomic_compare_exchange_n(&runs[t].word, &w, taken, 1, __ATOMIC_ACQ_REL,
                                        __ATOMIC_ACQUIRE)) {
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
            job_t *job = __atomic_load_n(&current, __ATOMIC_ACQUIRE);
            job->task(job->ctx, (size_t)part);
            ran++;
        }
    }
    if (ran > 0 && __atomic_sub_fetch(&remaining, ran, __ATOMIC_SEQ_CST) == 0
        && __atomic_load_n(&caller_sleeping, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&mu);
        pthread_cond_signal(&done_cond);
        pthread_mutex_unlock(&mu);
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
    pthread_mutex_lock(&mu);
    __atomic_store_n(&asleep[index], 1, __ATOMIC_SEQ_CST);
    uint64_t s;
    while ((s = __atomic_load_n(&state, __ATOMIC_SEQ_CST)) >> GEN_SHIFT == seen) {
        pthread_cond_wait(&wake[index], &mu);
    }
    __atomic_store_n(&asleep[index], 0, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&mu);
    return s;
}

static void *worker_main(void *arg)
{
    size_t index = (size_t)(uintptr_t)arg; /* 1 .. HE_POOL_MAX_PARTS - 1 */
    uint64_t gen = start_gen[index];
    int spin = 1;
    for (;;) {
        spin = spin && !__atomic_load_n(&passive, __ATOMIC_RELAXED);
        uint64_t s = next_generation(index, gen, spin);
        gen = s >> GEN_SHIFT;
        size_t count = (size_t)((s >> THREADS_SHIFT) & FIELD_MASK);
        spin = index < count; /* needed: work, then spin */
        if (spin) {
            work(gen, index, count);
        }
    }
    return NULL;
}

/* In a forked child only the forking thread exists: forget the parent's workers, and
 * re-create the locks (a parent thread may have held one at the fork). */
static void after_fork_in_child(void)
{
    pthread_mutex_init(&run_lock, NULL);
    pthread_mutex_init(&mu, NULL);
    pthread_cond_init(&done_cond, NULL);
    __atomic_store_n(&state, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&current, NULL, __ATOMIC_SEQ_CST);
    for (size_t t = 0; t < HE_POOL_MAX_PARTS; t++) {
        __atomic_store_n(&runs[t].word, 0, __ATOMIC_SEQ_CST);
    }
    __atomic_store_n(&remaining, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&threads, 0, __ATOMIC_SEQ_CST);
    for (size_t w = 0; w < HE_POOL_MAX_PARTS; w++) {
        __atomic_store_n(&asleep[w], 0, __ATOMIC_SEQ_CST); /* wake[w]: made anew with w */
    }
    __atomic_store_n(&caller_sleeping, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&passive, 0, __ATOMIC_SEQ_CST);
    calls = last_long = 0;
}

static void register_fork_handler(void) { pthread_atfork(NULL, NULL, after_fork_in_child); }

/* Starts workers until there are `want` (fewer if the system refuses a thread). They
 * block every signal: signals go to the threads of the embedding program. */
static void start_workers(size_t want, uint64_t gen)
{
    size_t have = __atomic_load_n(&threads, __ATOMIC_RELAXED);
    if (have >= want) {
        return;
    }
    pthread_once(&fork_once, register_fork_handler);
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pthread_attr_t attr;
    int attr_ok = pthread_attr_init(&attr) == 0;
    if (attr_ok) {
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    }
    for (; have < want; have++) {
        pthread_t t;
        start_gen[have + 1] = gen;
        if (pthread_cond_init(&wake[have + 1], NULL) != 0) {
            break;
        }
        if (pthread_create(&t, attr_ok ? &attr : NULL, worker_main, (void *)(uintptr_t)(have + 1))
            != 0) {
            break;
        }
        if (!attr_ok) {
            pthread_detach(t);
        }
    }
    if (attr_ok) {
        pthread_attr_destroy(&attr);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    __atomic_store_n(&threads, have, __ATOMIC_RELAXED);
}

/* Waits (spinning, then asleep) until every part of the current job has finished. */
static void wait_done(void)
{
    uint64_t start = now_ns();
    for (unsigned i = 1; !__atomic_load_n(&passive, __ATOMIC_RELAXED); i++) {
        if (__atomic_load_n(&remaining, __ATOMIC_ACQUIRE) == 0) {
            return;
        }
        CPU_RELAX();
        if (i % SPIN_CHECK == 0 && now_ns() - start > SPIN_NS) {
            break;
        }
    }
    pthread_mutex_lock(&mu);
    __atomic_store_n(&caller_sleeping, 1, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(&remaining, __ATOMIC_SEQ_CST) != 0) {
        pthread_cond_wait(&done_cond, &mu);
    }
    __atomic_store_n(&caller_sleeping, 0, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&mu);
}

static size_t clamp(size_t n) { return n > HE_POOL_MAX_PARTS ? HE_POOL_MAX_PARTS : n; }

void he_pool_run(he_pool_task task, void *ctx, size_t parts, size_t threads_wanted)
{
    parts = clamp(parts);
    threads_wanted = clamp(threads_wanted < parts ? threads_wanted : parts);
    if (threads_wanted <= 1 || pthread_mutex_trylock(&run_lock) != 0) {
        for (size_t p = 0; p < parts; p++) {
            task(ctx, p);
        }
        return;
    }
    uint64_t gen = (load_state() >> GEN_SHIFT) + 1;
    start_workers(threads_wanted - 1, gen - 1);
    job_t job = {task, ctx};
    __atomic_store_n(&remaining, parts, __ATOMIC_RELAXED);
    __atomic_store_n(&current, &job, __ATOMIC_RELAXED);
    for (size_t t = 0; t < threads_wanted; t++) { /* thread t's run of parts */
        uint64_t lo = (uint64_t)(parts * t / threads_wanted);
        uint64_t hi = (uint64_t)(parts * (t + 1) / threads_wanted);
        __atomic_store_n(&runs[t].word, gen << GEN_SHIFT | hi << END_SHIFT | lo, __ATOMIC_RELAXED);
    }
    __atomic_store_n(&state,
                     gen << GEN_SHIFT | (uint64_t)threads_wanted << THREADS_SHIFT
                         | (uint64_t)parts << PARTS_SHIFT,
                     __ATOMIC_SEQ_CST);
    int locked = 0; /* wake the workers this call may use that sleep; parked ones rest */
    for (size_t w = 1; w < threads_wanted; w++) {
        if (__atomic_load_n(&asleep[w], __ATOMIC_SEQ_CST)) {
            if (!locked) {
                pthread_mutex_lock(&mu);
                locked = 1;
            }
            pthread_cond_signal(&wake[w]);
        }
    }
    if (locked) {
        pthread_mutex_unlock(&mu);
    }
    work(gen, 0, threads_wanted);
    uint64_t waited = now_ns();
    wait_done();
    unsigned left = __atomic_load_n(&passive, __ATOMIC_RELAXED);
    calls++;
    if (!locked && now_ns() - waited > CONTENDED_NS) { /* (a woken worker: its wake-up) */
        if (last_long != 0 && calls - last_long <= CONTENDED_WITHIN) {
            left = PASSIVE_CALLS;
        }
        last_long = calls;
    } else if (left > 0) {
        left--;
    }
    __atomic_store_n(&passive, left, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&run_lock);
}

size_t he_pool_threads(void) { return __atomic_load_n(&threads, __ATOMIC_RELAXED); }

#else /* no POSIX threads: every call runs on the calling thread */

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
