/* callback_sb.c — store buffering where one side runs inside qsort's
 * comparator: the comparator is code of the thread that calls qsort, run
 * any number of times before qsort returns.  Its store and load need a
 * full fence inside it (a fence around the qsort call cannot order one
 * comparator run before the next; SB's pair is within one run here, and
 * CROSS puts the load first, so that only a later run's load follows an
 * earlier run's store).  Minimum: one full fence in cmp, one in p1.
 * callbacks.sh */
#include <pthread.h>
#include <stdlib.h>

int x, y, r0, r1;

static int
cmp (const void *a, const void *b)
{
#ifdef CROSS
  r0 = y;
  x = 1;
#else
  x = 1;
  r0 = y;
#endif
  return *(const int *) a - *(const int *) b;
}

static void *
p0 (void *arg)
{
  int v[3] = { 3, 1, 2 };
  qsort (v, 3, sizeof v[0], cmp);
  return arg;
}

static void *
p1 (void *arg)
{
  y = 1;
  r1 = x;
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, p0, 0);
  pthread_create (&b, 0, p1, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return r0 + r1;
}
