/* publish_cas.c — lazy initialisation published with a compare-exchange,
 * as lock-free C11 code writes it: a thread that finds no cache builds
 * one on the heap and tries to install it with
 * atomic_compare_exchange_strong; the loser frees its copy and uses the
 * winner's, which the failed compare-exchange left in a local.  The
 * builder's writes come before the releasing compare-exchange, and every
 * pointer to the cache is obtained by an acquiring load (the fast path's
 * seq_cst load, the compare-exchange's failure value) and only read
 * through: the builder's writes are private (publish.cc), no fence on
 * any target.
 *   -DRELAXED_CAS   the compare-exchange does not release: message
 *                   passing's fences stay (the builder and the readers);
 *   -DRELAXED_FAIL  the failure value is loaded relaxed: the same;
 *   -DRELAXED_LOAD  the fast path loads relaxed: the same;
 *   -DLATE          the winner writes the cache after installing it: the
 *                   same.
 * Example: gcc -O2 -pthread -fplugin=wmmfence.so -fwmm-arch=power -c publish_cas.c
 */
#include <stdatomic.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>

#ifdef RELAXED_CAS
#define CAS_OK memory_order_relaxed
#else
#define CAS_OK memory_order_seq_cst
#endif
#ifdef RELAXED_FAIL
#define CAS_FAIL memory_order_relaxed
#else
#define CAS_FAIL memory_order_acquire
#endif
#ifdef RELAXED_LOAD
#define FAST memory_order_relaxed
#else
#define FAST memory_order_acquire
#endif

struct cache { int n; long vals[16]; };
static _Atomic(struct cache *) the_cache;

static struct cache *
cache_get (void)
{
  struct cache *c = atomic_load_explicit (&the_cache, FAST);
  if (c)
    return c;
  struct cache *fresh = calloc (1, sizeof *fresh);
  if (!fresh)
    abort ();
  fresh->n = 16;
  for (int i = 0; i < 16; i++)
    fresh->vals[i] = (long) i * i;
  struct cache *expected = NULL;
  if (!atomic_compare_exchange_strong_explicit (&the_cache, &expected, fresh,
                                                CAS_OK, CAS_FAIL))
    {
      free (fresh);
      return expected;
    }
#ifdef LATE
  fresh->vals[0] = 7;
#endif
  return fresh;
}

static void *
worker (void *arg)
{
  struct cache *c = cache_get ();
  long s = 0;
  for (int i = 0; i < c->n; i++)
    s += c->vals[i];
  *(long *) arg = s;
  return NULL;
}

int
main (void)
{
  pthread_t t[4];
  long sums[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, &sums[i]);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < 4; i++)
    if (sums[i] != 1240)
      {
        printf ("worker %d summed %ld\n", i, sums[i]);
        return 1;
      }
  puts ("ok");
  return 0;
}
