/* threads_pool.c — IRIW whose workers a pool's helpers start and join:
 * pool_start (p, n) records the count in the pool (p->nthreads = n) and
 * creates into the pool's handle array p->threads[i] for i < n;
 * pool_wait (p) joins p->threads[i] for i < p->nthreads.  The count is
 * written once, before the creates, and nowhere else: the wait joins
 * every thread the start created, and main (writing x and y after it) is
 * not concurrent there.  Minimum: 0 fences on x86 (IRIW is forbidden
 * there), 2 syncs on Power.
 *   -DHEAP    the pool is calloc'd (else a static struct).
 * Variants where a thread may still run after pool_wait (x86 fences
 * main's writes):
 *   -DSHORT   pool_wait stops one thread short;
 *   -DRESIZE  main lowers the count between the helpers;
 *   -DLATE    pool_start records the count only after the creates, and a
 *             worker may change it. */
#include <pthread.h>
#include "iriw_roles.h"
#include <stdlib.h>

struct pool { int nthreads; pthread_t threads[4]; int flags; };
#ifdef LATE
struct pool *current;
#endif

static void *worker (void *a)
{
  iriw_role (a);
#ifdef LATE
  if (r0 == 7)
    current->nthreads = 1;
#endif
  return 0;
}

static void pool_start (struct pool *p, int n)
{
#ifndef LATE
  p->nthreads = n;
#endif
  for (int i = 0; i < n; i++)
    pthread_create (&p->threads[i], 0, worker, (void *) (long) i);
#ifdef LATE
  p->nthreads = n;
#endif
}

static void pool_wait (struct pool *p)
{
#ifdef SHORT
  for (int i = 0; i < p->nthreads - 1; i++)
#else
  for (int i = 0; i < p->nthreads; i++)
#endif
    pthread_join (p->threads[i], 0);
}

#ifndef HEAP
static struct pool pool;
#endif

int main (void)
{
#ifdef HEAP
  struct pool *p = calloc (1, sizeof *p);
  if (!p)
    return 1;
#else
  struct pool *p = &pool;
#endif
#ifdef LATE
  current = p;
#endif
  pool_start (p, 4);
#ifdef RESIZE
  p->nthreads = 3;
#endif
  pool_wait (p);
  iriw_report ();
  return 0;
}
