/* The library's persistent worker pool (csrc/pool.c): runs the parts of one GIL-free call
 * on several threads with a handoff of about a microsecond; the batch kernels' *_parts
 * entry points (api/hand_batch.h) use it. Guard-free: cffi's cdef reads this file. */

/* The most parts one he_pool_run call may have (the most threads a caller may ask for,
 * holdem_eval/_limits.py's MAX_THREADS). */
#define HE_POOL_MAX_PARTS 256

/* One part of a call: run part `part` (0 .. parts - 1) of the work `ctx` describes. */
typedef void (*he_pool_task)(void *ctx, size_t part);

/* Runs task(ctx, p) once for every p in [0, parts) and returns when all have returned,
 * on at most `threads` threads (the calling thread included; both are clamped to
 * 1..HE_POOL_MAX_PARTS; parts 0 runs nothing). The calling thread and up to
 * min(threads, parts) - 1 pool threads (started on first need, then kept: they spin
 * ~100 us for the next call, then sleep) each own a contiguous run of the parts (thread
 * t: [t * parts / threads, (t + 1) * parts / threads)), so calls cut alike give each
 * thread the same memory every time; a thread whose run is done steals the others'
 * unclaimed parts, so more parts than threads balance the load when a thread starts late
 * or loses its core. Which thread runs a part is not fixed, so parts must write disjoint
 * memory.
 *
 * Any thread may call it at any time: while another call holds the pool (or from inside
 * a task) the parts run one after another on the calling thread. A forked child starts
 * a fresh pool on its first call. Threads are POSIX threads, or Win32 threads on Windows;
 * on any other platform (or built with HE_POOL_SERIAL) every call runs serially. */
void he_pool_run(he_pool_task task, void *ctx, size_t parts, size_t threads);

/* The pool threads started so far (0 before the first call with parts > 1, 0 in a
 * forked child until its first such call, always 0 in a serial build). */
size_t he_pool_threads(void);
