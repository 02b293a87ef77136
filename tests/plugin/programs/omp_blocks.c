/* omp_blocks.c — an OpenMP team sharing out an array by hand, the way
 * SPMD tutorials write it: each thread of `#pragma omp parallel` takes
 * the block [id * (N / nt), id * (N / nt) + N / nt), the last thread the
 * rest (`hi = id == nt - 1 ? N : lo + N / nt`), and writes y[i] = 2 * x[i]
 * over it (omp.cc manual_block); main sums y after the team: no fence.
 *   -DEVEN     every thread stops at lo + N / nt: no fence either.
 * Variants that keep the team's fences on the weak targets (2+2W between
 * two threads' blocks):
 *   -DWIDE     hi = lo + 2 * (N / nt) (a block reaches into the next);
 *   -DFIRST    the first thread takes the rest (it runs into the others');
 *   -DSHRINK   q = N / nt - id, different per thread (blocks overlap);
 *   -DAFTER    y[i] written once more after the loop (i == hi: the next
 *              block's first element). */
#include <omp.h>
#include <stdio.h>

#define N 100000
static double x[N], y[N + 1];

int
main (void)
{
  for (int i = 0; i < N; i++)
    x[i] = i;
#pragma omp parallel
  {
    int id = omp_get_thread_num (), nt = omp_get_num_threads ();
#ifdef SHRINK
    int q = N / nt - id;
#else
    int q = N / nt;
#endif
    int lo = id * q;
#if defined EVEN
    int hi = lo + q;
#elif defined WIDE
    int hi = lo + 2 * q;
#elif defined FIRST
    int hi = id == 0 ? N : lo + q;
#else
    int hi = id == nt - 1 ? N : lo + q;
#endif
    int i;
    for (i = lo; i < hi; i++)
      y[i] = 2 * x[i];
#ifdef AFTER
    y[i] = 0;
#endif
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    s += y[i];
  printf ("%f\n", s);
  return 0;
}
