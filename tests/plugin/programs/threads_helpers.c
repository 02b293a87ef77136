/* threads_helpers.c — IRIW whose workers a helper starts into the array
 * it is given, start_all (t, n), and another helper joins,
 * join_all (t, n), as programs split thread management into small
 * functions; main writes x and y after join_all.  The join helper joins
 * every element the start helper filled (the same array, the same count):
 * main is not concurrent after it.  Minimum: 0 fences on x86 (IRIW is
 * forbidden there), 2 syncs on Power.
 *   -DHEAP    the handles in a malloc'd array, the count from argc.
 * Variants where a thread may still run after join_all (x86 fences main's
 * writes):
 *   -DSHORT   join_all is given a count one lower;
 *   -DMAYBE   join_all runs on one path only;
 *   -DSWAP    main overwrites a handle between the helpers;
 *   -DEARLY   join_all may return before its loop ends. */
#include <pthread.h>
#include "iriw_roles.h"
#include <stdlib.h>


static void *worker (void *a)
{
  iriw_role (a);
  return 0;
}

static void start_all (pthread_t *t, int n)
{
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], 0, worker, (void *) (long) i);
}

static void join_all (pthread_t *t, int n)
{
  for (int i = 0; i < n; i++)
    {
#ifdef EARLY
      if (r0 == 7)
        return;
#endif
      pthread_join (t[i], 0);
    }
}

int main (int argc, char **argv)
{
  (void) argv;
#ifdef HEAP
  int n = argc > 4 ? 4 : argc + 3;
  pthread_t *t = malloc (n * sizeof *t);
  if (!t)
    return 1;
#else
  int n = 4;
  pthread_t t[4];
#endif
  start_all (t, n);
#ifdef SWAP
  t[1] = t[0];
#endif
#ifdef SHORT
  join_all (t, n - 1);
#elif defined MAYBE
  if (argc > 1)
    join_all (t, n);
#else
  join_all (t, n);
#endif
  iriw_report ();
  return 0;
}
