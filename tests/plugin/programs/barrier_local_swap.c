/* barrier_local_swap.c — a Jacobi stencil as people write it with
 * pthreads: main fills each worker's range into its element of a local
 * array (`args[k].lo = ...`) in the create loop, and every worker keeps
 * its own pair of pointers to the two grids, swapped after each wait on
 * the barrier (`t = src; src = dst; dst = t;`).  Every thread swaps once
 * per round, so in one round all threads read one grid and write the
 * other: the reads never meet the writes (plugin/swapviews.cc,
 * wmm_swap_views_local).  Main's writes of the ranges while the first
 * workers run touch nothing the workers' code touches (they read their
 * range through their private argument): they keep the barrier's rounds.
 * x86 no fence (1 mfence before); Power, ARMv8, ARMv7 one lwsync / dmb
 * for two writes of the grid written in one round (each thread writes
 * its own range, which the analysis does not know through the pointer).
 *   -DPHASES  two grids by name, copied back in a second phase between
 *             two waits (no swap): no fence on any target (Power 4 syncs
 *             before: main's range writes kept the rounds off).
 * Variants that keep the fences:
 *   -DONESWAP only the first worker swaps: the others read what it
 *             writes;
 *   -DPEEK    main reads the grid while the workers run.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c barrier_local_swap.c
 */
#include <pthread.h>
#include <stdio.h>

#define N 1024
#define T 4
#define STEPS 100

static double a[N], b[N];
static pthread_barrier_t bar;
struct range { int lo, hi; };

static void *work (void *arg)
{
  struct range *r = arg;
#ifdef PHASES
  for (int s = 0; s < STEPS; s++)
    {
      for (int i = r->lo; i < r->hi; i++)
        {
          double l = i > 0 ? a[i - 1] : 0, h = i < N - 1 ? a[i + 1] : 0;
          b[i] = (l + a[i] + h) / 3;
        }
      pthread_barrier_wait (&bar);
      for (int i = r->lo; i < r->hi; i++)
        a[i] = b[i];
      pthread_barrier_wait (&bar);
    }
#else
  double *src = a, *dst = b;
  for (int s = 0; s < STEPS; s++)
    {
      for (int i = r->lo; i < r->hi; i++)
        {
          double l = i > 0 ? src[i - 1] : 0, h = i < N - 1 ? src[i + 1] : 0;
          dst[i] = (l + src[i] + h) / 3;
        }
      pthread_barrier_wait (&bar);
#ifdef ONESWAP
      if (r->lo == 0)
#endif
        {
          double *t = src;
          src = dst;
          dst = t;
        }
    }
#endif
  return 0;
}

int main (void)
{
  pthread_t t[T];
  struct range args[T];
  for (int i = 0; i < N; i++)
    a[i] = i;
  pthread_barrier_init (&bar, 0, T);
  for (int k = 0; k < T; k++)
    {
      args[k].lo = k * N / T;
      args[k].hi = (k + 1) * N / T;
      pthread_create (&t[k], 0, work, &args[k]);
    }
#ifdef PEEK
  printf ("%f\n", a[N / 2]);
#endif
  for (int k = 0; k < T; k++)
    pthread_join (t[k], 0);
  printf ("%f\n", (STEPS % 2 ? b : a)[N / 2]);
  return 0;
}
