/* iriw_roles.h — IRIW's four threads as one routine picking its role by
 * the number it is started with (threads_bound.c, threads_jobs.c,
 * threads_helpers.c, threads_pool.c): 0 writes x, 2 writes y, 1 reads x
 * then y, 3 reads y then x.  Main writes x and y and prints every result
 * after the joins (iriw_report).  Example: pthread_create (&t[i], 0,
 * worker, (void *) (long) i) with worker calling iriw_role (a). */
#include <stdio.h>

int x, y, r0, r1, r2, r3;

static void
iriw_role (void *a)
{
  switch ((int) (long) a)
    {
    case 0: x = 1; break;
    case 1: r0 = x; r1 = y; break;
    case 2: y = 1; break;
    default: r2 = y; r3 = x; break;
    }
}

/* main's accesses after the joins: a race when a thread may still run
   (inlined, so that their fences are main's in the assembly) */
static inline __attribute__ ((always_inline)) void
iriw_report (void)
{
  x = 2;
  y = 2;
  printf ("%d %d %d %d %d %d\n", r0, r1, r2, r3, x, y);
}
