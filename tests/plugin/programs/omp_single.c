/* omp_single.c — a team fills a table in a `single` region, then shares
 * out a loop that reads it.  libgomp runs the single body in one thread
 * of the team (ompsingle.cc): its writes in two instances of the team
 * function never race, no fence on any target (Power and ARM had an
 * lwsync / dmb for the 2+2W cycle among the body's writes).
 *   -DNOWAIT  `single nowait`, and every thread reads the table's flag and
 *             first entry right after it: message passing from the body
 *             to the other threads keeps its fences on the weak targets.
 * Example: gcc -O2 -fopenmp -fplugin=wmmfence.so -fwmm-arch=power -c omp_single.c
 */
#include <stdio.h>

#define N 1024
static double table[N], out[N];
static int ready, size;
static int seen[64];

int
main (void)
{
#pragma omp parallel num_threads (4)
  {
#ifdef NOWAIT
#pragma omp single nowait
#else
#pragma omp single
#endif
    {
      for (int i = 0; i < N; i++)
        table[i] = i * 0.5;
      size = N;
      ready = 1;
    }
#ifdef NOWAIT
    {
      int r = ready;
      double t0 = table[0];
      seen[0] = r + (int) t0;
    }
#endif
#pragma omp for
    for (int i = 0; i < N; i++)
      out[i] = 2 * table[i];
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    s += out[i];
  printf ("%f %d %d\n", s, size, seen[0]);
  return s > 0 ? 0 : 1;
}
