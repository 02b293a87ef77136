/* flag_fences.c — message passing with C11 fences and a relaxed flag, as
 * the standard's fence-fence synchronisation writes it: the producer
 * fills the payload, `atomic_thread_fence (memory_order_release)`, then
 * stores the flag relaxed; the consumer spins on a relaxed load, then
 * `atomic_thread_fence (memory_order_acquire)`, then reads the payload.
 * The fences make the flag a release / acquire flag (flagpub.cc): the
 * payload is written before the release fence and read after the acquire
 * fence that follows the load that saw the flag set, so it races with
 * nothing: no fence beyond the program's own on any target (Power had 2
 * lwsyncs, in the loops, before the fences counted).
 *   -DNO_RELEASE  no release fence: message passing's fences stay;
 *   -DNO_ACQUIRE  no acquire fence: the same;
 *   -DEARLY_READ  the consumer reads the payload before its acquire
 *                 fence: the same.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c flag_fences.c
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static int payload[4];
static atomic_int ready;
static int sum = -1;

static void *
producer (void *arg)
{
  (void) arg;
  for (int i = 0; i < 4; i++)
    payload[i] = i + 1;
#ifndef NO_RELEASE
  atomic_thread_fence (memory_order_release);
#endif
  atomic_store_explicit (&ready, 1, memory_order_relaxed);
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  while (!atomic_load_explicit (&ready, memory_order_relaxed))
    ;
  int s = 0;
#ifdef EARLY_READ
  s = payload[3];
#endif
#ifndef NO_ACQUIRE
  atomic_thread_fence (memory_order_acquire);
#endif
  for (int i = 0; i < 3; i++)
    s += payload[i];
  sum = s;
  return NULL;
}

int
main (void)
{
  pthread_t p, c;
  pthread_create (&c, NULL, consumer, NULL);
  pthread_create (&p, NULL, producer, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  printf ("%d\n", sum);
  return sum != 10;
}
