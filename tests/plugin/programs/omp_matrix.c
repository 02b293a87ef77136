/* omp_matrix.c — OpenMP matrix code the way it is usually written: a
 * product of square matrices stored row-major in malloc'd vectors
 * (`c[i * n + j]`, helper functions taking the pointers), the same over
 * static two-dimensional arrays (`C[i][j]`), and a Jacobi sweep (reads of
 * the neighbours' rows into a second grid, then a copy back in a second
 * parallel loop; and double buffered, the two grids swapped between
 * sweeps).  Each thread of a team writes only the rows of its own
 * block of i (j runs over [0, n) or [1, n - 1)) and the other matrices
 * are only read while the team runs: no fence (minimum).
 * Variants that must keep fences (store buffering between two threads of
 * a team, on every target):
 *   -DINPLACE   the sweep updates one heap grid in place (Gauss-Seidel
 *               order): a row's neighbours are other threads' rows;
 *   -DGINPLACE  the same over the static grid U[i][j];
 *   -DSAMEBUF   the double buffer's "next" grid is made the current one
 *               after the swap: both pointers name one grid, which the
 *               sweep then updates in place. */
#include <stdio.h>
#include <stdlib.h>

#define N 64
static double A[N][N], B[N][N], C[N][N], U[N][N], V[N][N];

static void
matmul (int n, const double *a, const double *b, double *c)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
        double s = 0;
        for (int k = 0; k < n; k++)
          s += a[i * n + k] * b[k * n + j];
        c[i * n + j] = s;
      }
}

static void
sweep (int n, const double *u, double *v)
{
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j]
                             + u[i * n + j - 1] + u[i * n + j + 1]);
}

static void
copy_back (int n, double *u, const double *v)
{
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      u[i * n + j] = v[i * n + j];
}

#ifdef INPLACE
static void
sweep_in_place (int n, double *u)
{
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      u[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j]
                             + u[i * n + j - 1] + u[i * n + j + 1]);
}
#endif

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 128;
  if (n < 3 || n > 4096)
    return 1;
  double *a = malloc (sizeof (double) * n * n);
  double *b = malloc (sizeof (double) * n * n);
  double *c = malloc (sizeof (double) * n * n);
  if (!a || !b || !c)
    return 1;
  for (int i = 0; i < n * n; i++)
    {
      a[i] = i % 7;
      b[i] = i % 5;
    }
  matmul (n, a, b, c);
  for (int it = 0; it < 10; it++)
    {
#ifdef INPLACE
      sweep_in_place (n, c);
#else
      sweep (n, c, a);
      copy_back (n, c, a);
#endif
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
        A[i][j] = i + j;
        B[i][j] = i - j;
        U[i][j] = i == 0;
      }
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
        double s = 0;
        for (int k = 0; k < N; k++)
          s += A[i][k] * B[k][j];
        C[i][j] = s;
      }
  for (int it = 0; it < 10; it++)
    {
#ifdef GINPLACE
#pragma omp parallel for
      for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
          U[i][j] = 0.25 * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1]
                            + U[i][j + 1]);
#else
#pragma omp parallel for
      for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
          V[i][j] = 0.25 * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1]
                            + U[i][j + 1]);
#pragma omp parallel for
      for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
          U[i][j] = V[i][j];
#endif
    }
  double *cur = malloc (sizeof (double) * n * n);
  double *nxt = malloc (sizeof (double) * n * n);
  if (!cur || !nxt)
    return 1;
  for (int i = 0; i < n * n; i++)
    cur[i] = nxt[i] = i < n;
  for (int it = 0; it < 10; it++)
    {
#pragma omp parallel for
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          nxt[i * n + j] = 0.25 * (cur[(i - 1) * n + j] + cur[(i + 1) * n + j]
                                   + cur[i * n + j - 1] + cur[i * n + j + 1]);
      double *t = cur;
      cur = nxt;
      nxt = t;
#ifdef SAMEBUF
      nxt = cur;
#endif
    }
  printf ("%f %f %f %f\n", c[n + 1], C[1][1], U[1][1], cur[n + 1]);
  free (cur);
  if (nxt != cur)
    free (nxt);
  free (a);
  free (b);
  free (c);
  return 0;
}
