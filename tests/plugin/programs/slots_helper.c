/* slots_helper.c — per-thread counters bumped through a small helper
 * that takes the thread's number as a parameter, as code that factors
 * out `counts[id]++` writes it: each thread is created with its own
 * number, calls `bump (id)`, and main sums the counters after the joins.
 * The helper's parameter stands for what its calls pass (claims.cc,
 * param_claim): every thread touches only its own element, no fence.
 * Variants that race, and keep their fences:
 *   -DNEIGHBOUR  a thread also bumps the next thread's counter;
 *   -DMAIN       main bumps counter 0 while the threads run;
 *   -DTWO        a second kind of thread bumps counter 0 through it.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -S slots_helper.c
 */
#include <pthread.h>
#include <stdio.h>

#define N 4
static long counts[N], seen[N];

static void bump (int id)
{
  counts[id]++;
  seen[id] = counts[id] > 100;
}

static void *worker (void *arg)
{
  int id = (int) (long) arg;
  for (int i = 0; i < 1000; i++)
    {
      bump (id);
#ifdef NEIGHBOUR
      bump ((id + 1) % N);
#endif
    }
  return NULL;
}

#ifdef TWO
static void *other (void *arg)
{
  (void) arg;
  bump (0);
  return NULL;
}
#endif

int main (void)
{
  pthread_t t[N];
  for (long i = 0; i < N; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
#ifdef TWO
  pthread_t o;
  pthread_create (&o, NULL, other, NULL);
  pthread_join (o, NULL);
#endif
#ifdef MAIN
  bump (0);
#endif
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
  long s = 0;
  for (int i = 0; i < N; i++)
    s += counts[i] + seen[i];
  printf ("%ld\n", s);
  return 0;
}
