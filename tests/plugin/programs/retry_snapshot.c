/* retry_snapshot.c — two writers publish a status word each; two monitors
 * take a snapshot of both, reading again while the first still says BUSY
 * (a retry loop: nothing but loads in it, and no value of one iteration
 * reaches the next).  Only the last iteration's reads count, so each
 * monitor needs its two reads ordered within one iteration (IRIW: a sync
 * on Power, a dmb on Arm, nothing on x86), not an iteration's second read
 * before the next one's first (retry.cc).  -DCOUNT: the loop counts its
 * retries and reports them (a value carried to the next iteration);
 * -DLAST: it records each first read in a global (a store): both are
 * loops as any other, whose reads are ordered both ways (in both
 * monitors; IRIW needs them to read in opposite orders).  -DRELAX: each
 * retry first runs `cpu_relax ()` (a helper holding a pause / yield
 * hint) and tests a likely () condition, -DYIELD: sched_yield ()
 * first, or -DC11: relaxed C11 atomics (`atomic_load_explicit`): still
 * a retry loop.
 * Usage: retry_snapshot   (prints the two snapshots)
 */
#include <pthread.h>
#include <stdio.h>

enum { BUSY = 7 };
#ifdef C11
#include <stdatomic.h>
#define STATUS _Atomic int
#define READ(v) atomic_load_explicit(&v, memory_order_relaxed)
#define WRITE(v, x) atomic_store_explicit(&v, x, memory_order_relaxed)
#else
#define STATUS int
#define READ(v) (v)
#define WRITE(v, x) ((v) = (x))
#endif
#ifdef RELAX
static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
  __asm__ __volatile__("pause" ::: "memory");
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ __volatile__("yield" ::: "memory");
#else
  __asm__ __volatile__("" ::: "memory");
#endif
}
#define RETRY(c) (__builtin_expect(!!(c), 0) ? (cpu_relax(), 1) : 0)
#elif defined(YIELD)
#include <sched.h>
#define RETRY(c) ((c) ? (sched_yield(), 1) : 0)
#else
#define RETRY(c) (c)
#endif
STATUS status_a, status_b;
int snap[2][2], tries[2], last;

static void *writer_a(void *arg) { (void) arg; WRITE(status_a, 1); return 0; }
static void *writer_b(void *arg) { (void) arg; WRITE(status_b, 1); return 0; }

/* Per-variant parts of a monitor's loop: a count of its tries, a store
 * of its first read. */
#ifdef COUNT
#define TRIES_START int n = 0;
#define TRIES_STEP n++;
#define TRIES_END(k) tries[k] = n;
#else
#define TRIES_START
#define TRIES_STEP
#define TRIES_END(k)
#endif
#ifdef LAST
#define RECORD(v) last = v;
#else
#define RECORD(v)
#endif

/* Monitor k reads `first`, then `second`, again while `first` is BUSY;
 * snap[k] = { status_a, status_b }. */
#define MONITOR(name, k, first, second)                                   \
  static void *name(void *arg)                                            \
  {                                                                       \
    int first, second;                                                    \
    TRIES_START                                                           \
    (void) arg;                                                           \
    do {                                                                  \
      first = READ(status_##first);                                       \
      second = READ(status_##second);                                     \
      TRIES_STEP                                                          \
      RECORD(first)                                                       \
    } while (RETRY(first == BUSY));                                       \
    snap[k][0] = a, snap[k][1] = b;                                       \
    TRIES_END(k)                                                          \
    return 0;                                                             \
  }

MONITOR(monitor_ab, 0, a, b)
MONITOR(monitor_ba, 1, b, a)

int main(void)
{
  pthread_t t[4];
  pthread_create(&t[0], 0, writer_a, 0);
  pthread_create(&t[1], 0, writer_b, 0);
  pthread_create(&t[2], 0, monitor_ab, 0);
  pthread_create(&t[3], 0, monitor_ba, 0);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  printf("%d %d / %d %d (%d %d)\n", snap[0][0], snap[0][1], snap[1][0],
         snap[1][1], tries[0], tries[1]);
  return 0;
}
