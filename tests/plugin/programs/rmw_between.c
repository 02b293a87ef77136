/* rmw_between.c — store buffering whose store and load have an atomic
 * read-modify-write between them, as barrier and counter code has it
 * (`x = 1; atomic_fetch_add (&arrived, 1); while (!atomic_load (&go))
 * ;`): on x86 the addition is a locked instruction, a full fence of its
 * own, so the store and the load need no mfence (analysis/placement
 * pairs.c: a locked read-modify-write blocks the pair under tso); the
 * weak targets keep what their mapping of the addition does not order.
 * The starter reads the count while the waiter runs, so it is no blind
 * counter (counters.cc), whose additions would leave the analysis.
 * Variants:
 *   -DRELAXED  a relaxed addition (still `lock xadd` on x86: no fence
 *              there);
 *   -DMAYBE    the addition on one path only: x86 fences the other.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c rmw_between.c
 */
#include <pthread.h>
#ifdef RELAXED
# define ORDER __ATOMIC_RELAXED
#else
# define ORDER __ATOMIC_SEQ_CST
#endif
static int arrived, go, x, y, r1, r2, r3;
static int cond;

static void *
waiter (void *a)
{
  x = 1;
#ifdef MAYBE
  if (cond)
#endif
    __atomic_fetch_add (&arrived, 1, ORDER);
  while (!__atomic_load_n (&go, __ATOMIC_SEQ_CST))
    ;
  r1 = y;
  return a;
}

static void *
starter (void *a)
{
  y = 1;
  __atomic_fetch_add (&arrived, 1, ORDER);
  __atomic_store_n (&go, 1, __ATOMIC_SEQ_CST);
  r2 = x;
  /* (the count read while the waiter runs: no blind counter) */
  r3 = __atomic_load_n (&arrived, __ATOMIC_RELAXED);
  return a;
}

int
main (int argc, char **argv)
{
  pthread_t p, q;
  (void) argv;
  cond = argc > 1;
  pthread_create (&p, 0, waiter, 0);
  pthread_create (&q, 0, starter, 0);
  pthread_join (p, 0);
  pthread_join (q, 0);
  return r1 + r2 + r3;
}
