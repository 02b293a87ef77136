/* keyed_callee.c — each worker bumps a counter through a helper with a
 * pointer parameter (tests/plugin/keyed_callee.sh): the helper's load and
 * store through the parameter touch one address in each call, and it
 * runs once in each thread, so two workers' bumps form no load-buffering
 * cycle: no fence.
 *   -DTWICE  each worker bumps its own counter, then the other's: the
 *            helper runs twice in a thread, on two addresses, and the
 *            load of one call and the store of the next are a real
 *            load-buffering pair (fenced on Power and Arm)
 */
#include <pthread.h>
#include <stdlib.h>

long *cells;

__attribute__ ((noinline)) static void
bump (long *p)
{
  long v = *p;
  *p = v + 1;
}

static void *
worker (void *arg)
{
  long *mine = arg;
  bump (mine);
#ifdef TWICE
  bump (mine == cells ? cells + 1 : cells);
#endif
  return 0;
}

int
main (void)
{
  pthread_t t[2];
  cells = calloc (2, sizeof *cells);
  if (!cells)
    return 1;
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], 0, worker, cells + i);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], 0);
  return cells[0] + cells[1] > 4;
}
