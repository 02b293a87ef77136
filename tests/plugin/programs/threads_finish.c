/* threads_finish.c — IRIW whose workers pool_start (p, n) creates into
 * p->threads[i] and pool_finish (p) joins; pool_finish then writes x and
 * y and prints the results itself.  Only main calls pool_finish, and the
 * call ends every thread main started: what pool_finish does after its
 * join loop runs alone (region.cc, join tails).  Minimum: 0 fences on
 * x86, 2 syncs on Power, none of them in pool_finish.
 * Variants where a thread may still run during pool_finish's writes (it
 * keeps fences on every target):
 *   -DSHORT   the join loop stops one thread short;
 *   -DWATCH   a worker may call pool_finish too (not only main's call);
 *   -DSTART   pool_finish starts a thread after its joins;
 *   -DEXPORTED pool_finish is exported: another unit may call it while
 *             threads run. */
#include <pthread.h>
#include "iriw_roles.h"

struct pool { int nthreads; pthread_t threads[4]; };
static struct pool pool;

#ifdef EXPORTED
#define FINISH_LINKAGE
#else
#define FINISH_LINKAGE static
#endif
FINISH_LINKAGE void pool_finish (struct pool *p);

static void *worker (void *a)
{
  iriw_role (a);
#ifdef WATCH
  if (r0 == 7)
    pool_finish (&pool);
#endif
  return 0;
}

static void pool_start (struct pool *p, int n)
{
  p->nthreads = n;
  for (int i = 0; i < n; i++)
    pthread_create (&p->threads[i], 0, worker, (void *) (long) i);
}

FINISH_LINKAGE void __attribute__ ((noinline)) pool_finish (struct pool *p)
{
#ifdef SHORT
  for (int i = 0; i < p->nthreads - 1; i++)
#else
  for (int i = 0; i < p->nthreads; i++)
#endif
    pthread_join (p->threads[i], 0);
#ifdef START
  pthread_t late;
  pthread_create (&late, 0, worker, (void *) 1L);
  pthread_detach (late);
#endif
  x = 2;
  y = 2;
  printf ("%d %d %d %d\n", r0, r1, r2, r3);
}

int main (void)
{
  pool_start (&pool, 4);
  pool_finish (&pool);
  return 0;
}
