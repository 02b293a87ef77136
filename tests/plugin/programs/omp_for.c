/* omp_for.c — OpenMP loops the way numeric code writes them: a parallel
 * for that fills an array, another that reads it and fills a second one,
 * then main sums the result.  With GCC's static schedule each thread of a
 * team runs its own block of indices, so the team's `a[i]` never meet in
 * one element: no fence (minimum).
 * Variants that must keep the fences of the team's writes (2+2W between
 * two threads of the team, on the weak targets):
 *   -DHAND    the first loop's blocks are written by hand and overlap
 *             (`for (i = t; i < t + 8; i++)` with t the thread number);
 *   -DNOWAIT  one region shares out two loops of other bounds over a
 *             without a barrier between them (nowait);
 *   -DSHIFT   the first loop also writes a[i + 1], another thread's. */
#include <omp.h>
#include <stdio.h>

#define N 1000
static double a[N + 8], b[N];

int main (void)
{
#if defined HAND
  #pragma omp parallel
  {
    int t = omp_get_thread_num ();
    for (int i = t; i < t + 8; i++)
      a[i] = i * 0.5;
  }
#elif defined NOWAIT
  #pragma omp parallel
  {
    #pragma omp for nowait
    for (int i = 0; i < N; i++)
      a[i] = i * 0.5;
    #pragma omp for nowait
    for (int i = 0; i < N / 2; i++)
      a[i] = 1.0;
  }
#else
  #pragma omp parallel for
  for (int i = 0; i < N; i++)
    {
      a[i] = i * 0.5;
# ifdef SHIFT
      a[i + 1] = 0;
# endif
    }
#endif
  #pragma omp parallel for
  for (int i = 0; i < N; i++)
    b[i] = a[i] * 2;
  double s = 0;
  for (int i = 0; i < N; i++)
    s += b[i];
  printf ("%f\n", s);
  return 0;
}
