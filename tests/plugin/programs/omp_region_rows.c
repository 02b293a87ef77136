/* omp_region_rows.c — a Jacobi sweep in one OpenMP parallel region: every
 * thread runs the step loop, picks the grid it reads and the one it
 * writes by the step's parity (`int src = t % 2, dst = 1 - src`: t counts
 * from 0, so `t % 2` is 0 or 1) and shares the rows out by `omp for`,
 * whose end is a team barrier.  In one round all threads have the same t:
 * they read one grid and write the other (swapviews.cc, rows chosen by a
 * counter's parity).
 *   -DSAME  the grid written is `(t + 2) % 2`, the one read: fenced
 * Usage: omp_region_rows
 */
#include <stdio.h>

#define N 256
#define STEPS 100

static double g[2][N][N];

int main(void)
{
  for (int j = 0; j < N; j++)
    g[0][0][j] = g[1][0][j] = 1.0;
#pragma omp parallel
  for (int t = 0; t < STEPS; t++) {
#ifdef SAME
    int src = t % 2, dst = (t + 2) % 2;
#else
    int src = t % 2, dst = 1 - src;
#endif
#pragma omp for
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        g[dst][i][j] = 0.25 * (g[src][i - 1][j] + g[src][i + 1][j]
                               + g[src][i][j - 1] + g[src][i][j + 1]);
  }
  printf("%f\n", g[STEPS % 2][N / 2][N / 2]);
  return 0;
}
