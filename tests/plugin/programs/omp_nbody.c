/* omp_nbody.c — an n-body step the way OpenMP code writes it: an array of
 * body structs from calloc; one parallel loop computes each body's
 * acceleration from every body's position (reads b[j].x, b[j].y of all,
 * writes its own b[i].ax, b[i].ay), a second moves each body by its own
 * acceleration.  The positions nobody writes in the first loop, the
 * accelerations only their own thread writes: no fence (before: Power 2
 * syncs).
 * Variant that must keep fences (store buffering between two threads of
 * the team, on every target):
 *   -DWRITEX  the first loop also moves its own body (b[i].x) while the
 *             others still read every body's x. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct
{
  double x, y, vx, vy, ax, ay;
} body;

static void
forces (int n, body *b)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    {
      double ax = 0, ay = 0;
      for (int j = 0; j < n; j++)
        {
          if (j == i)
            continue;
          double dx = b[j].x - b[i].x, dy = b[j].y - b[i].y;
          double d = sqrt (dx * dx + dy * dy) + 1e-9;
          ax += dx / (d * d * d);
          ay += dy / (d * d * d);
        }
      b[i].ax = ax;
      b[i].ay = ay;
#ifdef WRITEX
      b[i].x += 1e-3 * ax;
#endif
    }
}

static void
move (int n, body *b, double dt)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    {
      b[i].vx += b[i].ax * dt;
      b[i].vy += b[i].ay * dt;
      b[i].x += b[i].vx * dt;
      b[i].y += b[i].vy * dt;
    }
}

int
main (void)
{
  int n = 1000;
  body *b = calloc (n, sizeof *b);
  if (!b)
    return 1;
  for (int i = 0; i < n; i++)
    {
      b[i].x = i;
      b[i].y = i * 0.5;
    }
  for (int s = 0; s < 10; s++)
    {
      forces (n, b);
      move (n, b, 0.01);
    }
  printf ("%f %f\n", b[0].x, b[n - 1].y);
  free (b);
  return 0;
}
