/* counters_blind.c — statistics counters the way threaded C code keeps
 * them: relaxed atomic additions in the workers, read after the joins.
 * The two counters' additions make a 2+2W cycle between two workers, but
 * nothing reads them while the threads run and the additions commute:
 * no execution shows their order, no fence (plugin/counters.cc).
 * Variants that keep the fence on the weak targets (each done to both
 * counters):
 *   -DPEEK    a worker reads the counters while the threads run;
 *   -DUSED    a worker uses what the additions return;
 *   -DRESET   main stores 0 into the counters while the threads run;
 *   -DPOINTER -DFOREIGN  the counters' addresses are kept in global
 *             pointers, given to a function of another unit too (which
 *             may start threads that read them).
 * -DPOINTER alone: no fence (no other unit's code runs; the analysis's
 * blind updates, docs/placement.md).
 * -DSTRUCT: the counters are the members of a static struct, -DARRAY the
 * elements of a static array (alone: no fence; with each variant above:
 * fenced).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c counters_blind.c
 */
#include <pthread.h>
#include <stdatomic.h>
#define N 1000
#if defined STRUCT
static struct { atomic_long hits, misses; } stats;
# define hits stats.hits
# define misses stats.misses
#elif defined ARRAY
static atomic_long kinds[2];
# define hits kinds[0]
# define misses kinds[1]
#else
static atomic_long hits, misses;
#endif
static int data[N];
static long seen[2];
atomic_long *kept[2];
#ifdef FOREIGN
void report_counters (atomic_long **);
#endif

#ifdef USED
# define ADD(c) (seen[id] += atomic_fetch_add_explicit (&c, 1, memory_order_relaxed))
#else
# define ADD(c) atomic_fetch_add_explicit (&c, 1, memory_order_relaxed)
#endif

static void *
worker (void *a)
{
  long id = (long) a;
  for (int i = id; i < N; i += 2)
    {
      if (data[i] & 1)
        ADD (hits);
      else
        ADD (misses);
#ifdef PEEK
      seen[id] += atomic_load_explicit (&hits, memory_order_relaxed)
                  + atomic_load_explicit (&misses, memory_order_relaxed);
#endif
    }
  return 0;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < N; i++)
    data[i] = i;
#ifdef POINTER
  kept[0] = &hits;
  kept[1] = &misses;
#endif
#ifdef FOREIGN
  report_counters (kept);
#endif
  for (long k = 0; k < 2; k++)
    pthread_create (&t[k], 0, worker, (void *) k);
#ifdef RESET
  atomic_store (&hits, 0);
  atomic_store (&misses, 0);
#endif
  for (int k = 0; k < 2; k++)
    pthread_join (t[k], 0);
  return atomic_load (&hits) + atomic_load (&misses) + seen[0] != N;
}
