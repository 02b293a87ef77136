/* matmul_heap.c — a row-partitioned matrix product over three matrices
 * malloc'd into global pointers, the thread count read from the command
 * line, threads created by `for (long t = 0; t < nthreads; t++)` (the
 * number passed as the argument) and joined by `for (int t = 0; t <
 * nthreads; t++)`: main reads C only after every join (handles.cc: both
 * loops count to the value of one global that nothing changes once the
 * create loop runs, whatever their counters' types), and A, B and C are
 * three objects (three malloc calls), A and B only read while the
 * workers run.  x86: no fence (the inner loop had an mfence); Power and
 * ARM keep what orders two workers' rows of C (2+2W over the one object,
 * whose rows the analysis does not tell apart), main none.
 * Variants where main's reads race with the last worker (main's fences
 * come back on Power):
 *   -DSHORT   the join loop stops at nthreads - 1;
 *   -DCHANGE  main changes nthreads between the two loops.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c matmul_heap.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static double *A, *B, *C;
static int n, nthreads;

static void *
mul (void *arg)
{
  long id = (long) arg;
  for (int i = id * n / nthreads; i < (id + 1) * n / nthreads; i++)
    for (int j = 0; j < n; j++)
      {
        double s = 0;
        for (int k = 0; k < n; k++)
          s += A[i * n + k] * B[k * n + j];
        C[i * n + j] = s;
      }
  return NULL;
}

int
main (int argc, char **argv)
{
  n = argc > 1 ? atoi (argv[1]) : 200;
  nthreads = argc > 2 ? atoi (argv[2]) : 4;
  A = malloc (n * n * sizeof *A);
  B = malloc (n * n * sizeof *B);
  C = malloc (n * n * sizeof *C);
  pthread_t *th = malloc (nthreads * sizeof *th);
  if (!A || !B || !C || !th)
    return 1;
  for (int i = 0; i < n * n; i++)
    {
      A[i] = i % 7;
      B[i] = i % 5;
    }
  for (long t = 0; t < nthreads; t++)
    pthread_create (&th[t], NULL, mul, (void *) t);
#ifdef CHANGE
  nthreads = argc > 3 ? 1 : nthreads;
#endif
#ifdef SHORT
  for (int t = 0; t < nthreads - 1; t++)
#else
  for (int t = 0; t < nthreads; t++)
#endif
    pthread_join (th[t], NULL);
  double trace = 0;
  for (int i = 0; i < n; i++)
    trace += C[i * n + i];
  printf ("%f\n", trace);
  return 0;
}
