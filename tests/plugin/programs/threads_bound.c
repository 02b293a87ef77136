/* threads_bound.c — IRIW whose workers are created and joined by loops
 * bounded by a count kept in memory beside the handles (`i < cfg.n`, as
 * a program that reads its thread count from the command line writes
 * it); main sets the count once before the creates, and writes x and y
 * after the joins.  Both loops read the same count, which nothing can
 * change in between: main is not concurrent after the join loop.
 * Minimum: 0 fences on x86 (IRIW is forbidden there), 2 syncs on Power.
 * -DLONG: the loops' counters are long (each test widens the count):
 * the same.
 * Variants where the count may change between the loops (main stays
 * concurrent; x86 fences main's writes):
 *   -DWRITER  a worker writes the count;
 *   -DBETWEEN main lowers the count between the loops;
 *   -DHOOK    a worker calls a function of another unit, which may write
 *             the (exported) count;
 *   -DALIAS   the count's address is kept in a pointer a worker writes
 *             through. */
#include <pthread.h>
#include "iriw_roles.h"
#include <stdlib.h>

struct cfg { int n; pthread_t t[4]; } cfg;
#ifdef LONG
typedef long counter;   /* the test widens the count: `i < (long) cfg.n` */
#else
typedef int counter;
#endif
#ifdef HOOK
extern void hook (void);
#endif
#ifdef ALIAS
int *count = &cfg.n;
#endif

static void *worker (void *a)
{
  iriw_role (a);
#ifdef WRITER
  if (r0 == 5)
    cfg.n = 1;
#endif
#ifdef HOOK
  hook ();
#endif
#ifdef ALIAS
  if (r1 == 5)
    *count = 1;
#endif
  return 0;
}

int main (int argc, char **argv)
{
  cfg.n = argc > 1 ? atoi (argv[1]) : 4;
  if (cfg.n > 4)
    cfg.n = 4;
  for (counter i = 0; i < cfg.n; i++)
    pthread_create (&cfg.t[i], 0, worker, (void *) (long) i);
#ifdef BETWEEN
  cfg.n--;
#endif
  for (counter i = 0; i < cfg.n; i++)
    pthread_join (cfg.t[i], 0);
  iriw_report ();
  return 0;
}
