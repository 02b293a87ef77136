/* min_spin_data.c — message passing into a loop: the producer fills an
 * array and sets `ready`; the consumer spins until it sees `ready`, then
 * sums the array in a loop.  Power and ARM need a fence in each thread;
 * the consumer's belongs on the way into its data loop (collect.cc
 * loop_entry: the edge from the spin into the loop's head is a place of
 * its own), where it runs once, not in the loop's head, where it runs
 * once per element: weighted cost 2 on Power (minimal.sh). */
#include <pthread.h>
#define N 16
static int data[N], ready;
static long total;
static void *
producer (void *arg)
{
  (void) arg;
  for (int i = 0; i < N; i++)
    data[i] = i + 1;
  ready = 1;
  return 0;
}
static void *
consumer (void *arg)
{
  (void) arg;
  while (!__atomic_load_n (&ready, __ATOMIC_RELAXED))
    ;
  long s = 0;
  for (int i = 0; i < N; i++)
    s += data[i];
  total = s;
  return 0;
}
int
main (void)
{
  pthread_t p, c;
  pthread_create (&c, 0, consumer, 0);
  pthread_create (&p, 0, producer, 0);
  pthread_join (p, 0);
  pthread_join (c, 0);
  return (int) total;
}
