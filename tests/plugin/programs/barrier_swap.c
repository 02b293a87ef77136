/* barrier_swap.c — a Jacobi sweep as pthread tutorials write it: T
 * threads read the current grid through `cur` and write their cells of
 * the next through `nxt`; after a barrier the serial thread swaps the two
 * static pointers, and a second barrier starts the next sweep
 * (plugin/swapviews.cc, wmm_swap_views_rounds): the reads through cur and
 * the writes through nxt never meet in one round: x86 1 mfence cost 100
 * -> none; Power 3 fences cost 600 -> 1 lwsync (two threads' cells
 * written through nxt, 2+2W, stay).
 *   -DPEEK       the other threads read a cell through cur in the swap's
 *                round: fenced on x86-64 again
 *   -DHOLD       each thread loads cur and nxt once, before its loop, and
 *                keeps the pointers across the waits: fenced (the rule
 *                wants each pointer loaded in the round it is used in)
 *   -DONE_WAIT   no second barrier: the swap runs beside the next sweep:
 *                fenced
 *   -DEVERY      every thread swaps (no serial step): fenced
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -c barrier_swap.c
 */
#include <pthread.h>
#include <stdio.h>

#define N 256
#define T 4
#define ITERS 50
static double grid_a[N], grid_b[N];
static double *cur = grid_a, *nxt = grid_b;
static pthread_barrier_t barrier;
static double seen[T];

static void *
relax (void *arg)
{
  int id = (int) (long) arg;
  int lo = id * (N / T), hi = lo + N / T;
  if (lo == 0)
    lo = 1;
  if (hi == N)
    hi = N - 1;
#ifdef HOLD
  double *c = cur, *n = nxt;
#endif
  for (int it = 0; it < ITERS; it++)
    {
      for (int i = lo; i < hi; i++)
#ifdef HOLD
        n[i] = (c[i - 1] + c[i + 1]) / 2.0;
#else
        nxt[i] = (cur[i - 1] + cur[i + 1]) / 2.0;
#endif
#ifdef EVERY
      pthread_barrier_wait (&barrier);
      {
#else
      if (pthread_barrier_wait (&barrier) == PTHREAD_BARRIER_SERIAL_THREAD)
        {
#endif
          double *t = cur;
          cur = nxt;
          nxt = t;
        }
#ifdef PEEK
      else
        seen[id] = cur[lo];
#endif
#ifndef ONE_WAIT
      pthread_barrier_wait (&barrier);
#endif
    }
  return NULL;
}

int
main (void)
{
  pthread_t th[T];
  grid_a[0] = grid_b[0] = 1.0;
  pthread_barrier_init (&barrier, NULL, T);
  for (long i = 0; i < T; i++)
    pthread_create (&th[i], NULL, relax, (void *) i);
  for (int i = 0; i < T; i++)
    pthread_join (th[i], NULL);
  printf ("%f %f\n", cur[N / 2], seen[0]);
  return 0;
}
