/* barrier_serial.c — rounds of a pthread barrier with a step only the
 * serial thread runs: each of 4 threads adds up its slice into its own
 * slot of `partial`, waits, and the thread the wait returns
 * PTHREAD_BARRIER_SERIAL_THREAD to sums the slots into `total`, counts
 * the round and swaps the two grids' pointers, before a second wait.
 * One thread per round runs that step (POSIX), rounds never meet
 * (barriers.cc): the step's accesses need no order against another
 * thread's step (mark_serial).  Minimum: no fence.
 *   -DEVERY   every thread runs the step (no test of the result): the
 *             writes of total, rounds and the pointers race
 *   -DOTHERS  the threads the wait does not make the serial one run it
 *   -DTWICE   the serial thread also runs it after the second wait, where
 *             it is no longer the serial one
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c barrier_serial.c
 */
#include <pthread.h>

#define NT 4
#define N 64
#define ROUNDS 10

static int a[N], b[N];
static int *cur = a, *nxt = b;
static long partial[NT], total, rounds;
static pthread_barrier_t bar;

static void
step (void)
{
  for (int k = 0; k < NT; k++)
    total += partial[k];
  rounds++;
  int *t = cur;
  cur = nxt;
  nxt = t;
}

static void *
work (void *arg)
{
  int id = (int) (long) arg;
  for (int r = 0; r < ROUNDS; r++)
    {
      long s = 0;
      for (int i = id * (N / NT); i < (id + 1) * (N / NT); i++)
        s += i + r;
      partial[id] = s;
      int w = pthread_barrier_wait (&bar);
#if defined EVERY
      step ();
#elif defined OTHERS
      if (w != PTHREAD_BARRIER_SERIAL_THREAD)
        step ();
#else
      if (w == PTHREAD_BARRIER_SERIAL_THREAD)
        step ();
#endif
      pthread_barrier_wait (&bar);
#ifdef TWICE
      if (w == PTHREAD_BARRIER_SERIAL_THREAD)
        step ();
#endif
    }
  return 0;
}

int
main (void)
{
  pthread_t t[NT];
  pthread_barrier_init (&bar, 0, NT);
  for (long i = 0; i < NT; i++)
    pthread_create (&t[i], 0, work, (void *) i);
  for (int i = 0; i < NT; i++)
    pthread_join (t[i], 0);
  return total != 0 && rounds == ROUNDS && cur == a ? 0 : 1;
}
