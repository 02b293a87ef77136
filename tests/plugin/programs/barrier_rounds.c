/* barrier_rounds.c — a Jacobi-style stencil: T threads, each its own
 * slice of a[] and b[], two phases per step apart by pthread_barrier_wait
 * on a barrier of count T.  A thread reads its neighbours' edge elements
 * of a in the first phase and writes its own slice of a in the second:
 * reads and writes of a are never in one round, so they make no cycle
 * (plugin/barriers.cc).  Each thread writes only its own slice of a
 * (a[i], i in [id * C, id * C + C)), so two threads' writes of a never
 * meet either (claims.cc, one-writer locations): no fence on any target.
 *   -DSMEAR   a thread also writes the first element of the next slice:
 *             two threads may write one element, and two writes of one
 *             phase keep their fence on Power and ARM.
 *   -DEXPORTED the arrays and the barrier are exported globals, as in
 *             most programs: other units' code runs only when this
 *             unit's calls it, and none is called here: the same.
 * Variants that keep every cycle (no rounds):
 *   -DPEEK    main reads a[] while the threads run;
 *   -DCOUNT   the barrier's count is one more than the threads and main
 *             waits too (waits outside the one routine: the rule does
 *             not apply);
 *   -DSAMEROUND  the threads also store buffer through x and y inside
 *             the first phase (a race within one round: fenced).
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c barrier_rounds.c
 */
#include <pthread.h>
#include <stdio.h>

#define N 1024
#define T 4
#define STEPS 10

#ifdef EXPORTED
double a[N], b[N];
pthread_barrier_t bar;
#else
static double a[N], b[N];
static pthread_barrier_t bar;
#endif
#ifdef SAMEROUND
static int x, y, r0, r1;
#endif

static void *
work (void *arg)
{
  long id = (long) arg;
  int lo = id * (N / T), hi = lo + N / T;
  for (int s = 0; s < STEPS; s++)
    {
      for (int i = lo; i < hi; i++)
        b[i] = (a[i > 0 ? i - 1 : i] + a[i] + a[i < N - 1 ? i + 1 : i]) / 3;
#ifdef SAMEROUND
      if (id == 0)
        {
          x = 1;
          r0 = y;
        }
      else
        {
          y = 1;
          r1 = x;
        }
#endif
      pthread_barrier_wait (&bar);
      for (int i = lo; i < hi; i++)
        a[i] = b[i];
#ifdef SMEAR
      a[hi < N ? hi : 0] = b[lo];
#endif
      pthread_barrier_wait (&bar);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[T];
  for (int i = 0; i < N; i++)
    a[i] = i;
#ifdef COUNT
  pthread_barrier_init (&bar, NULL, T + 1);
#else
  pthread_barrier_init (&bar, NULL, T);
#endif
  for (long i = 0; i < T; i++)
    pthread_create (&t[i], NULL, work, (void *) i);
#ifdef PEEK
  double peek = a[N / 2];
#endif
#ifdef COUNT
  for (int s = 0; s < 2 * STEPS; s++)
    pthread_barrier_wait (&bar);
#endif
  for (int i = 0; i < T; i++)
    pthread_join (t[i], NULL);
#ifdef PEEK
  printf ("%f\n", peek);
#endif
  printf ("%f\n", a[N / 2]);
  pthread_barrier_destroy (&bar);
  return 0;
}
