/* omp_rows.c — a Jacobi sweep per time step over one static array of two
 * rows, the row written and the row read chosen by the step's parity:
 * `u[(t + 1) % 2][i] = (u[t % 2][i - 1] + u[t % 2][i + 1]) / 2` in a
 * `#pragma omp parallel for`.  In one start of the team t is one value
 * for every thread, so the written row is never the row read: the
 * neighbours' reads do not race with the writes (rowviews.cc).
 *   -DFIELDS  the rows as `src = t % 2; dst = 1 - src;` of the serial
 *             code, handed to the team: the same
 *   -DGRID    the same over a 3-D array, `g[dst][i][j]` from the four
 *             neighbours in `g[src]`: the same
 *   -DSAME    the row written is `(t + 2) % 2`, the row read: fenced
 *   -DITER    the rows chosen by the iteration's parity (`i % 2`), which
 *             threads do not share: fenced
 *   -DSOMETIMES  `dst = t == 50 ? src : 1 - src`: fenced
 * Usage: omp_rows
 */
#include <stdio.h>

#define N 1024
#define STEPS 100

static double u[2][N];
#ifdef GRID
# define M 64
static double g[2][M][M];
#endif

int main(void)
{
  u[0][0] = u[1][0] = 1.0;
  for (int t = 0; t < STEPS; t++) {
#if defined GRID
    int src = t % 2, dst = 1 - src;
#pragma omp parallel for
    for (int i = 1; i < M - 1; i++)
      for (int j = 1; j < M - 1; j++)
        g[dst][i][j] = 0.25 * (g[src][i - 1][j] + g[src][i + 1][j]
                               + g[src][i][j - 1] + g[src][i][j + 1]);
#elif defined FIELDS || defined SOMETIMES
    int src = t % 2;
# ifdef SOMETIMES
    int dst = t == 50 ? src : 1 - src;
# else
    int dst = 1 - src;
# endif
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
      u[dst][i] = 0.5 * (u[src][i - 1] + u[src][i + 1]);
#else
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++)
# if defined SAME
      u[(t + 2) % 2][i] = 0.5 * (u[t % 2][i - 1] + u[t % 2][i + 1]);
# elif defined ITER
      u[i % 2][i] = 0.5 * (u[(i + 1) % 2][i - 1] + u[(i + 1) % 2][i + 1]);
# else
      u[(t + 1) % 2][i] = 0.5 * (u[t % 2][i - 1] + u[t % 2][i + 1]);
# endif
#endif
  }
#ifdef GRID
  printf("%f\n", g[STEPS % 2][M / 2][M / 2]);
#endif
  printf("%f\n", u[STEPS % 2][N / 2]);
  return 0;
}
