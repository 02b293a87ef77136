/* locks_pool_slots.c — buffer pools with a lock each, reached through a
 * pointer member (`possess (pool->have)`, as pigz's pools): take and give
 * update a pool's counters under its own lock, through a pointer to one
 * of two static pools; main sets the pools up before the worker starts.
 * Data-race free: no fence on any target.
 * Variants that keep store buffering's fences:
 *   -DOTHER   take replaces a pool's lock while threads run
 *   -DCROSS   give updates the other pool's counter under this pool's
 *             lock
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -S locks_pool_slots.c */
#include "lock_library.h"

struct pool {
  lock *have;
  int limit;
  int made;
};

static struct pool in_pool, out_pool;

static void
new_pool (struct pool *pool, int limit)
{
  pool->have = new_lock (0);
  pool->limit = limit;
  pool->made = 0;
}

static int
take (struct pool *pool)
{
  possess (pool->have);
#ifdef OTHER
  if (pool == &in_pool)
    pool->have = new_lock (1);
#endif
  pool->limit--;
  int m = pool->made;
  release (pool->have);
  return m;
}

static int
give (struct pool *pool)
{
  possess (pool->have);
#ifdef CROSS
  (pool == &in_pool ? &out_pool : &in_pool)->made++;
  int l = (pool == &in_pool ? &out_pool : &in_pool)->limit;
#else
  pool->made++;
  int l = pool->limit;
#endif
  release (pool->have);
  return l;
}

int r1, r2, r3;

static void *
worker (void *arg)
{
  (void) arg;
  r1 = take (&in_pool);
  r3 = give (&out_pool);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  new_pool (&in_pool, 4);
  new_pool (&out_pool, -1);
  if (pthread_create (&t, NULL, worker, NULL))
    return 1;
  r2 = give (&in_pool);
  r3 += take (&out_pool);
  pthread_join (t, NULL);
  return r1 + r2 + r3;
}
