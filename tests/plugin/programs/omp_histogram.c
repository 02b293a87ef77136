/* omp_histogram.c — the usual OpenMP statistics: a dot product by a
 * `reduction (+:sum)` of doubles (GCC combines the threads' sums with an
 * atomic compare-and-swap on sum's 8 bytes seen as an integer), then a
 * histogram every thread counts into a local array and merges into main's
 * under `#pragma omp critical`.  No fence on any target: the reduction's
 * atomic touches sum, a double, not the histogram's ints (tbaa.cc: the
 * address the atomic's pointer holds through copies and conversions).
 *   -DOUTSIDE  the merge without the critical section (a race): fenced
 * Example: gcc -O2 -fopenmp -fplugin=wmmfence.so -fwmm-arch=power -S omp_histogram.c
 */
#include <stdio.h>
#include <stdlib.h>

#define N 100000

int
main (void)
{
  double *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  if (!a || !b)
    return 1;
  for (int i = 0; i < N; i++)
    {
      a[i] = i;
      b[i] = 2 * i;
    }
  double sum = 0;
#pragma omp parallel for reduction(+:sum)
  for (int i = 0; i < N; i++)
    sum += a[i] * b[i];
  int hist[10] = { 0 };
#pragma omp parallel
  {
    int local[10] = { 0 };
#pragma omp for
    for (int i = 0; i < N; i++)
      local[(int) a[i] % 10]++;
#ifndef OUTSIDE
#pragma omp critical
#endif
    for (int k = 0; k < 10; k++)
      hist[k] += local[k];
  }
  printf ("%f %d\n", sum, hist[3]);
  free (a);
  free (b);
  return 0;
}
