/* omp_critical.c — the maximum of an array and its index, updated by every
 * thread of an OpenMP team inside a critical section.  The section is a
 * lock (libgomp's GOMP_critical_start / _end): the two variables are only
 * touched under it, so no fence is needed.
 *   -DNAMED   a named section, critical (best): no fence either
 *   -DSPLIT   odd and even elements under two different named sections:
 *             no common lock, message passing and 2+2W on best / at
 *   -DOUTSIDE no section: the same races
 * Example: gcc -O2 -fopenmp -fplugin=wmmfence.so -fwmm-arch=power -c omp_critical.c
 */
#include <stdio.h>

#define N 4096
static double x[N];
static double best = -1;
static int at = -1;

static void
consider (int i)
{
  if (x[i] > best)
    {
      best = x[i];
      at = i;
    }
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    x[i] = (i * 7919) % N;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    {
#if defined NAMED
#pragma omp critical (best)
      consider (i);
#elif defined SPLIT
      if (i & 1)
        {
#pragma omp critical (odd)
          consider (i);
        }
      else
        {
#pragma omp critical (even)
          consider (i);
        }
#elif defined OUTSIDE
      consider (i);
#else
#pragma omp critical
      consider (i);
#endif
    }
  printf ("%f at %d\n", best, at);
  return 0;
}
