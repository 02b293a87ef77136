/* omp_local_swap.c — a Jacobi sweep in one OpenMP parallel region: every
 * thread keeps the two grids' pointers as locals and swaps them after
 * each step's `omp for` (whose end is a team barrier).  In one round all
 * threads read through src the same grid and write through dst the other
 * (swapviews.cc, pointers each thread swaps itself); the accesses have
 * no alias set (any location), and each view touches its own copies of
 * every location (views.h).
 *   -DSAME  both pointers start on one grid: fenced
 * Usage: omp_local_swap
 */
#include <stdio.h>

#define N 4096
#define STEPS 100

static double a[N], b[N];

int main(void)
{
  a[0] = b[0] = 1.0;
#pragma omp parallel
  {
#ifdef SAME
    double *src = a, *dst = a;
#else
    double *src = a, *dst = b;
#endif
    for (int s = 0; s < STEPS; s++) {
#pragma omp for
      for (int i = 1; i < N - 1; i++)
        dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3;
      double *t = src;
      src = dst;
      dst = t;
    }
  }
  printf("%f\n", a[N / 2]);
  return 0;
}
