/* slots.c — each thread adds into its own slot of a global array, the
 * slot named by the number it was created with, and main sums the slots
 * as it joins the threads (plugin/claims.cc): for (i ...) pthread_create
 * (&t[i], 0, worker, (void *) i), partial[(long) arg] in the worker.  The
 * create loop gives every thread another number, and main reads slot i
 * only after joining thread i: no fence (a row of a two-dimensional
 * array, rows[id][k], too).  -DAFTER: main sums after all
 * the joins: no fence either.  Variants that keep their fences (on the
 * weak targets):
 *   -DNEIGHBOUR  a worker also adds into the next thread's slot;
 *   -DSAME       every thread is created with number 0 (a WRC through
 *                rows: the weak targets only).
 * A run of a worker touches one slot however often its loop runs
 * (address keys): -DBEFORE (main reads slot i before joining thread i)
 * and -DOTHER (slot i + 1 after joining thread i) make no cycle.
 */
#include <pthread.h>
#define T 4
#define N 4000
static long partial[T + 1];
static int rows[T + 1][8];
static int data[N];

static void *worker (void *arg)
{
  long id = (long) arg;
  for (int i = id * (N / T); i < (id + 1) * (N / T); i++)
    {
      partial[id] += data[i];
#ifdef NEIGHBOUR
      partial[(id + 1) % T] += 1;
#endif
    }
  for (int k = 0; k < 8; k++)
    rows[id][k] = k;
  return 0;
}

int main (void)
{
  pthread_t t[T];
  long s = 0;
  for (int i = 0; i < N; i++)
    data[i] = i;
  for (long i = 0; i < T; i++)
#ifdef SAME
    pthread_create (&t[i], 0, worker, (void *) 0);
#else
    pthread_create (&t[i], 0, worker, (void *) i);
#endif
  for (int i = 0; i < T; i++)
    {
#if defined BEFORE
      s += partial[i];
      pthread_join (t[i], 0);
#elif defined OTHER
      pthread_join (t[i], 0);
      s += partial[i + 1];
#elif defined AFTER
      pthread_join (t[i], 0);
#else
      pthread_join (t[i], 0);
      s += partial[i] + rows[i][7];
#endif
    }
#ifdef AFTER
  for (int i = 0; i < T; i++)
    s += partial[i];
#endif
  return s > 0;
}
