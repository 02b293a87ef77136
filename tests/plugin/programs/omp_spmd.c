/* omp_spmd.c — OpenMP written in the SPMD style of the usual tutorials:
 * the pi integral where each thread of `#pragma omp parallel` strides
 * over the steps from its own number (`i = id; i += nthrds`) and keeps
 * its partial sum in sum[id], an array of main's; loops with a chunked
 * static schedule (`schedule (static, 1)`, `schedule (static, 64)`) over
 * a static array; a cyclic loop over a malloc'd vector.  The thread's
 * number is one per thread of the team, the cyclic counter's values are
 * its residue, the chunks of a static schedule are dealt out by thread
 * number: no two threads meet in an element, no fence (minimum).
 * Variants that must keep fences:
 *   -DNEXT   each thread also reads its neighbour's sum[(id + 1) %
 *            nthrds] after writing its own: store buffering between
 *            two threads of the team, fenced on every target;
 *   -DSHIFT  the chunked loop also writes a[i + 1], the next chunk's
 *            first element (another thread's): the team's writes fenced
 *            on the weak targets. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define NUM_THREADS 4
#define N 100000
static double a[N];
static long num_steps = 1000000;

int
main (void)
{
  double pi, sum[NUM_THREADS], peek[NUM_THREADS];
  double step = 1.0 / (double) num_steps;
  int nthreads = 1;
  omp_set_num_threads (NUM_THREADS);
#pragma omp parallel
  {
    int i, id, nthrds;
    double x;
    id = omp_get_thread_num ();
    nthrds = omp_get_num_threads ();
    if (id == 0)
      nthreads = nthrds;
    for (i = id, sum[id] = 0.0; i < num_steps; i = i + nthrds)
      {
        x = (i + 0.5) * step;
        sum[id] += 4.0 / (1.0 + x * x);
      }
#ifdef NEXT
    peek[id] = sum[(id + 1) % nthrds];
#else
    peek[id] = sum[id];
#endif
  }
  pi = 0.0;
  for (int i = 0; i < nthreads; i++)
    pi += sum[i] * step + peek[i] * 0.0;

#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < N; i++)
    a[i] = i * 2.0;
#pragma omp parallel for schedule(static, 64)
  for (int i = 0; i < N - 1; i++)
    {
      a[i] += 1.0;
#ifdef SHIFT
      a[i + 1] = 0.0;
#endif
    }

  int n = N;
  double *b = malloc (n * sizeof *b);
  if (!b)
    return 1;
#pragma omp parallel
  {
    int tid = omp_get_thread_num (), nt = omp_get_num_threads ();
    for (int i = tid; i < n; i += nt)
      b[i] = a[i] * 0.5;
  }
  printf ("%f %f %f\n", pi, a[7], b[9]);
  free (b);
  return 0;
}
