/* omp_heap.c — OpenMP loops over heap arrays the way numeric code writes
 * them: main allocates the vectors, helpers take them as pointer
 * parameters and share out a parallel for (saxpy, then a dot product with
 * a reduction).  Each thread of a team runs its own block of i, and the
 * team reaches the vectors only through the data block GCC passes it, at
 * `x[i]`, `y[i]`, `t[i]`: no fence (minimum).  -DSAME (saxpy (y, y): one
 * object in two fields, still element i only): no fence either.
 * Variants that must keep fences (store buffering between two threads of
 * the team, on every target):
 *   -DNEIGHBOUR  the loop also reads y[n - 1 - i], the element of the
 *                iteration at the other end (another thread's);
 *   -DESCAPE     main keeps y in a global too, and the loop reads
 *                last[n - 1 - i] through it;
 *   -DPUBLIC -DFOREIGN  the helpers are exported and main calls another
 *                unit first, whose threads may run them on the same
 *                vectors beside main's team. */
#include <stdio.h>
#include <stdlib.h>

#ifdef PUBLIC
# define HELPER
#else
# define HELPER static
#endif
#ifdef ESCAPE
float *last;
#endif
#ifdef FOREIGN
extern void start_logging (void);
#endif

HELPER void
saxpy (int n, float a, const float *x, float *y, float *t)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    {
      y[i] = a * x[i] + y[i];
#if defined NEIGHBOUR
      t[i] = y[n - 1 - i];
#elif defined ESCAPE
      t[i] = last[n - 1 - i];
#else
      t[i] = y[i] * 0.5f;
#endif
    }
}

HELPER double
dot (int n, const float *x, const float *y)
{
  double s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

int
main (void)
{
  int n = 1 << 16;
  float *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  float *t = malloc (n * sizeof *t);
  if (!x || !y || !t)
    return 1;
#ifdef FOREIGN
  start_logging ();
#endif
  for (int i = 0; i < n; i++)
    {
      x[i] = i;
      y[i] = 1;
    }
#ifdef ESCAPE
  last = y;
#endif
#ifdef SAME
  saxpy (n, 2.0f, y, y, t);
#else
  saxpy (n, 2.0f, x, y, t);
#endif
  printf ("%f %f\n", dot (n, x, y), t[n / 2]);
  free (x);
  free (y);
  free (t);
  return 0;
}
