/* omp_tasks.c — OpenMP tasks: a recursive Fibonacci whose two tasks write
 * the parent's a and b, read after taskwait.  Creating a task and
 * taskwait are task scheduling points, which imply a flush (full fences);
 * GOMP_single_start touches only libgomp's state.  x86: no fence (before:
 * 4 mfences, every GOMP_* call an unknown read-modify-write).  Each
 * activation's a and b are written only by its own tasks and read after
 * its taskwait (plugin/omptaskwait.cc): no fence on any target (Power 2
 * syncs before).
 *   -DEARLY  fib also reads a and b before the taskwait, while its tasks
 *           may run: the weak targets keep their fences;
 *   -DHANDON the tasks hand &a and &b on to tasks of their own, which
 *           the taskwait does not wait for: the same.
 *   -DRACE  two tasks of one single region in store buffering, no
 *           taskwait between them: fenced on every target.
 * Example: gcc -O2 -fopenmp -fplugin=wmmfence.so -fwmm-arch=tso -c omp_tasks.c
 */
#include <stdio.h>

#ifdef RACE
int x, y, r0, r1;

int
main (void)
{
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
      x = 1;
      r0 = y;
    }
#pragma omp task
    {
      y = 1;
      r1 = x;
    }
#pragma omp taskwait
  }
  printf ("%d %d\n", r0, r1);
  return 0;
}
#else
static long
fib (int n)
{
  if (n < 2)
    return n;
  long a, b;
#ifdef HANDON
#pragma omp task shared(a)
  {
#pragma omp task shared(a)
    a = fib (n - 1);
  }
#pragma omp task shared(b)
  {
#pragma omp task shared(b)
    b = fib (n - 2);
  }
#else
#pragma omp task shared(a)
  a = fib (n - 1);
#pragma omp task shared(b)
  b = fib (n - 2);
#endif
#ifdef EARLY
  long early = b + a;
#endif
#pragma omp taskwait
#ifdef EARLY
  return a + b + early;
#else
  return a + b;
#endif
}

int
main (void)
{
  long r = 0;
#pragma omp parallel
#pragma omp single
  r = fib (20);
  printf ("%ld\n", r);
  return 0;
}
#endif
