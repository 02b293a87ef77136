/* flag_array.c — a buffer published through a C11 release/acquire flag,
 * the way C code hands over a batch: the producer fills `payload[i]` in
 * a loop and sets `ready` with release; the consumer spins on an acquire
 * load and sums the buffer.  The buffer's computed-index accesses touch
 * only its words (flagpub.cc with each word: every write before the
 * release, in the one producer, every read after the acquire): no fence
 * beyond the flag's own orders (Power 2 lwsyncs in the loops before).
 * Racy variants, whose buffer accesses keep message passing's fences on
 * the weak targets:
 *   -DRELAXED  the consumer's load is relaxed;
 *   -DLATE     the producer writes the buffer again after the release;
 *   -DEARLY    the consumer reads the buffer before it waits;
 *   -DTWICE    two producers.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c flag_array.c
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define N 64
static int payload[N];
static atomic_int ready;
static long result, early;

#ifdef RELAXED
#define LOAD_ORDER memory_order_relaxed
#else
#define LOAD_ORDER memory_order_acquire
#endif

static void *
producer (void *arg)
{
  int k = (int) (long) arg;
  for (int i = 0; i < N; i++)
    payload[i] = i * k;
  atomic_store_explicit (&ready, 1, memory_order_release);
#ifdef LATE
  for (int i = 0; i < N; i++)
    payload[i] += 1;
#endif
  return NULL;
}

static void *
consumer (void *arg)
{
#ifdef EARLY
  for (int i = 0; i < N; i++)
    early += payload[i];
#endif
  while (!atomic_load_explicit (&ready, LOAD_ORDER))
    ;
  long s = 0;
  for (int i = 0; i < N; i++)
    s += payload[i];
  result = s;
  return arg;
}

int
main (void)
{
  pthread_t p, c;
  pthread_create (&c, NULL, consumer, NULL);
  pthread_create (&p, NULL, producer, (void *) 3L);
#ifdef TWICE
  pthread_t q;
  pthread_create (&q, NULL, producer, (void *) 5L);
  pthread_join (q, NULL);
#endif
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  printf ("%ld %ld\n", result, early);
  return 0;
}
