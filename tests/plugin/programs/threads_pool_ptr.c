/* threads_pool_ptr.c — IRIW whose workers a heap pool runs, the way C
 * pools are written: pool_create (n) callocs the pool and its handle
 * array (p->threads = calloc (n, ...), the member's one store), records
 * the count (p->nthreads = n) and creates into p->threads[i];
 * pool_destroy (p) joins p->threads[i] for i < p->nthreads and frees the
 * array and the pool; main writes x and y after it (iriw_report).  The
 * array is the one the member points to wherever it is loaded
 * (handles.cc, `via`), so the destroy joins every thread the create
 * started.  Minimum: 0 fences on x86, 2 syncs on Power.
 *   -DINIT    pool_init (&pool, n) fills a static pool instead, which
 *             pool_destroy (&pool) ends.
 * Variants where a thread may still run after pool_destroy (main keeps
 * fences on every target):
 *   -DSHORT   pool_destroy stops one thread short;
 *   -DGROW    a helper main calls in between replaces the array
 *             (p->threads = realloc (...): the member is written twice);
 *   -DTWICE   main creates two pools and destroys only the first. */
#include <pthread.h>
#include <stdlib.h>
#include "iriw_roles.h"

struct pool { pthread_t *threads; int nthreads; };

static void *worker (void *a)
{
  iriw_role (a);
  return 0;
}

#ifdef INIT
static struct pool pool;
static void pool_init (struct pool *p, int n)
{
  p->threads = calloc (n, sizeof (pthread_t));
  p->nthreads = n;
  for (int i = 0; i < n; i++)
    pthread_create (&p->threads[i], 0, worker, (void *) (long) i);
}
#else
static struct pool *pool_create (int n)
{
  struct pool *p = calloc (1, sizeof *p);
  if (!p)
    return NULL;
  p->threads = calloc (n, sizeof (pthread_t));
  p->nthreads = n;
  for (int i = 0; i < n; i++)
    pthread_create (&p->threads[i], 0, worker, (void *) (long) i);
  return p;
}
#endif

#ifdef GROW
static void pool_grow (struct pool *p)
{
  p->threads = realloc (p->threads, 2 * p->nthreads * sizeof (pthread_t));
}
#endif

static void pool_destroy (struct pool *p)
{
#ifdef SHORT
  for (int i = 0; i < p->nthreads - 1; i++)
#else
  for (int i = 0; i < p->nthreads; i++)
#endif
    pthread_join (p->threads[i], 0);
  free (p->threads);
#ifndef INIT
  free (p);
#endif
}

int main (void)
{
#ifdef INIT
  struct pool *p = &pool;
  pool_init (p, 4);
#else
  struct pool *p = pool_create (4);
  if (!p)
    return 1;
#endif
#ifdef TWICE
  struct pool *q = pool_create (4);
  (void) q;
#endif
#ifdef GROW
  pool_grow (p);
#endif
  pool_destroy (p);
  iriw_report ();
  return 0;
}
